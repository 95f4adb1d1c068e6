"""The app's first paint: breakpoint classes before the form is composed, no restyle on the first resume.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Iterable
from textual import events
from textual.screen import Screen


def breakpoint_classes(screen: Screen, width: int,
                       breakpoints: Iterable[tuple[int, str]]) -> list[str]:
    """The breakpoint classes (``-narrow``, ``-wide``) a screen gets at this width.

    Buys: the app sets them before the form is composed, instead of on the first Resize,
    which restyled every widget of the form before the first paint.
    Relies on: ``Screen._get_breakpoint_classes(width, breakpoints)`` returning the names.
    """
    return list(screen._get_breakpoint_classes(width, breakpoints))


class KeepStylesOnFirstResume:
    """Screen mixin: its first resume skips Textual's restyle of every widget.

    Buys: each widget was styled as it mounted, with the breakpoint class already set, so the
    restyle of the whole sheet on the first ``ScreenResume`` was pure cost before the first
    paint.
    Relies on: Textual dispatching ``_on_screen_resume`` to each class down the MRO, this one
    before ``Screen``'s, and ``Screen`` reading ``event.refresh_styles``.
    """

    _resumed = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Screen's own handler (Textual calls each class's handler down the MRO).
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
