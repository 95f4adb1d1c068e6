"""The app's first paint: breakpoint classes before the form is composed, no restyle on the first
resume, no styling of a widget before it is in the DOM.

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


class StyleOnceInTheDom:
    """Widget mixin: a class change before the widget is mounted does not restyle it.

    Buys: Textual's inputs, selects and checkboxes set a class in their constructor (the
    ``compact`` reactive's ``-textual-compact``, an input's validity classes as its first
    value is checked), and each class change applies the whole stylesheet to the widget at
    once; then registering it in the DOM applies it again, the only time that counts (a
    widget with no parent has no place for the selectors to match). Before a first paint at
    80×24, five editors were styled 15 times and three checkboxes 8 times: about 10 ms.
    Relies on: ``DOMNode.update_node_styles`` being how a class or pseudo-class change
    restyles a node, and ``App._register`` applying the stylesheet to every widget it
    mounts (with the classes it has by then).
    """

    def update_node_styles(self, animate: bool = True) -> None:
        if self.parent is None:  # type: ignore[attr-defined]  # styled as it is mounted
            return
        super().update_node_styles(animate=animate)  # type: ignore[misc]
