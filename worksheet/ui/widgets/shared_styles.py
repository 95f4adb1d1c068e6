"""Component styles shared by every row of the sheet instead of copied into each.

Textual styles a widget's component classes (``value-row--result``, ``input--cursor`` …) by
creating a hidden DOM node per class *per widget* and running the stylesheet on each. A sheet
has dozens of rows with two to four parts each: those hidden nodes were a third of the
start-up's styling work and about 70 KiB of memory per row, in every SSH session.

Rows do not need their own copies: their parts look the same in every row, and the states that
change a part's colour (a blocked or invalid row) are separate component classes
(``value-row--result-blocked``). So the sheet's screen declares them once (see
``SheetScreen.COMPONENT_CLASSES`` and the ``SheetScreen > .…`` rules in app.tcss) and the rows
read them from there.
"""

from __future__ import annotations

from rich.style import Style as RichStyle
from textual.css.styles import RenderStyles
from textual.dom import DOMNode

from worksheet.ui.textual_internals import SharedComponentClasses, blend_over, component_classes


class SharedComponentStyles(SharedComponentClasses):
    """Mixin for a widget whose component classes are styled once, on its screen.

    The class lists its parts in ``SHARED_COMPONENTS`` (and in ``COMPONENT_CLASSES``). On a
    screen that declares them all in its ``COMPONENT_CLASSES`` the widget reads them from the
    screen; on any other screen (a test's bare app) it has its own, as Textual does.
    """

    SHARED_COMPONENTS: frozenset[str] = frozenset()
    """The component classes this widget reads from its screen."""

    def _screen(self) -> DOMNode | None:
        try:
            return self.screen  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 — not on a screen (yet)
            return None

    def _styles_owner(self) -> DOMNode | None:
        """The screen holding this widget's component styles, or None to hold its own."""
        screen = self._screen()
        if screen is not None and self.SHARED_COMPONENTS <= component_classes(screen):
            return screen
        return None

    def makes_own_components(self) -> bool:
        # The stylesheet asks every node for its component classes to make hidden nodes for
        # them; the shared ones are made once, on the screen. A widget styled before it is on
        # a screen (a class set in its constructor) makes none yet: it is styled again when
        # it is mounted, and makes its own then if its screen does not share them.
        return not (self._screen() is None or self._styles_owner() is not None)

    def get_component_styles(self, *names: str) -> RenderStyles:
        """The screen's styles for these component classes (or the widget's own)."""
        owner = self._styles_owner()
        if owner is None:
            return super().get_component_styles(*names)  # type: ignore[misc]
        return owner.get_component_styles(*names)

    def get_component_rich_style(self, *names: str, partial: bool = False,
                                 default: RichStyle | None = None) -> RichStyle:
        """The component's style: its own declarations if ``partial``, else laid over this
        widget's colours exactly as Textual lays a component over its owner's."""
        owner = self._styles_owner()
        if owner is None:
            return super().get_component_rich_style(  # type: ignore[misc]
                *names, partial=partial, default=default)
        try:
            component = owner.get_component_styles(*names)
        except KeyError:
            if default is None:
                raise
            return default
        if partial:
            return component.partial_rich_style
        return blend_over(self, component)  # type: ignore[arg-type]
