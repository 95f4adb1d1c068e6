"""Frames sent as the cells that changed, and F12 to draw the whole screen again.

The screen diff (``screen_diff``) sends each frame as the cells that differ from what it
believes the terminal shows. On a shared server something else may write over the app: an
administrator's ``wall``, another user's ``write``, line noise on a dropped link. The cells it
garbles did not change in the app, so no frame sent them again: a number a player relies on
stayed hidden until the app happened to draw something else there. F12 (or "Redraw screen" in
the palette) forgets what the terminal shows, so the next frame is sent whole, as ``curses``
programs do on Ctrl+L (which copies the result line here).

The same happens by itself after a suspend (SIGTSTP, then the shell's ``fg``): Textual leaves
the alternate screen and enters it again, which the terminal clears, and then sent only what
changed; the player came back to a blank screen. So the screen is drawn whole on resuming.

Each line is drawn as Textual renders it, without its conversion of ANSI colours to the
theme's: see :meth:`RedrawScreen.draw_colours_as_styled`.
"""

from __future__ import annotations

from textual.filter import ANSIToTruecolor

from worksheet.ui.keys import Key
from worksheet.ui.terminal.screen_diff import ScreenDiff
from worksheet.ui.textual_internals import compact_output

REDRAW = Key("f12", "redraw", "Redraw", show=False,
             help="draw the whole screen again (after something else wrote over it)",
             command="Redraw screen")
"""The key, listed in the app's ``BINDINGS``."""


class RedrawScreen:
    """App mixin: installs the screen diff and answers F12 (see the module docstring)."""

    _screen_diff: ScreenDiff | None = None

    def send_changed_cells_only(self) -> None:
        """Pass every write through a screen diff (once the driver exists: in ``compose``)."""
        self._screen_diff = ScreenDiff(lambda: (self.size.width, self.size.height))  # type: ignore
        compact_output(self, self._screen_diff)
        self.app_resume_signal.subscribe(self, self._redraw_on_resume)  # type: ignore

    def draw_colours_as_styled(self) -> None:
        """Turn off Textual's conversion of ANSI colours to the theme's truecolour.

        The app's styles have no ANSI colour (app.tcss and Textual's widgets use them only
        under ``:ansi``, where Textual turns the conversion off itself), yet the conversion
        copied every line drawn, segment by segment, and kept the copy beside the line: about
        0.3 MiB of a long session, and a pass over every line repainted. On the tabs it had
        nothing to change (``test_lean_widgets``; the snapshot tests show the same screens);
        the palette's dimmed help line is now sent as dim text, which the terminal dims,
        instead of a colour blended to look dim.
        """
        for line_filter in self.get_line_filters():  # type: ignore[attr-defined]
            if isinstance(line_filter, ANSIToTruecolor):
                line_filter.enabled = False

    def _redraw_on_resume(self, _app: object) -> None:
        self.action_redraw()

    def action_redraw(self) -> None:
        """Forget what the terminal shows and paint the whole screen: sent whole."""
        if self._screen_diff is not None:
            self._screen_diff.forget()
        self.screen.refresh()  # type: ignore[attr-defined]
