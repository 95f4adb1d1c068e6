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
"""

from __future__ import annotations

from .keys import Key
from .screen_diff import ScreenDiff
from .textual_internals import compact_output

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

    def _redraw_on_resume(self, _app: object) -> None:
        self.action_redraw()

    def action_redraw(self) -> None:
        """Forget what the terminal shows and paint the whole screen: sent whole."""
        if self._screen_diff is not None:
            self._screen_diff.forget()
        self.screen.refresh()  # type: ignore[attr-defined]
