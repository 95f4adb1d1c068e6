"""The app's first paint: breakpoint classes before the form is composed, no restyle on the first
resume, no styling of a widget before it is in the DOM, the dialogs' CSS read when first needed.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from textual import events
from textual._context import active_app
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


def add_css_file(path: Path) -> None:
    """Add a CSS file to the running app's stylesheet the first time it is asked for, parsing
    only it (outside a running app: nothing).

    Buys: the dialogs' rules (``screens/dialogs.tcss``, a sixth of the app's own CSS) are
    parsed when the first dialog opens, not before the first paint. Textual's own way, a
    screen's ``CSS_PATH``, parses every source again and restyles every widget of every
    screen on the first push of the screen.
    Relies on: ``textual._context.active_app``; ``Stylesheet.has_source``, ``read`` and
    ``parse``, and ``parse`` reusing the
    rules it parsed before (``Stylesheet._parse_cache``) so only the new file is parsed. The
    file's rules must match only widgets made after it is added: no widget is restyled.
    """
    try:
        app = active_app.get()
    except LookupError:
        return
    stylesheet = app.stylesheet
    if not stylesheet.has_source(str(path.resolve()), ""):
        stylesheet.read(path.resolve())
        stylesheet.parse()  # now: a style applied before the next parse would miss the rules
