"""The app's own screen, the sheet's: below every dialog, holding the tab bar, the forms, the
status line and the key bar."""

from __future__ import annotations

from typing import Iterable

from textual.screen import Screen

from worksheet.ui.textual_internals import (KeepStylesOnFirstResume, RenderSentLinesOnly,
                                 breakpoint_classes)
from worksheet.ui.widgets.editors import Editor
from worksheet.ui.widgets.input_row import InputRow
from worksheet.ui.widgets.value_row import ValueRow


class SheetScreen(RenderSentLinesOnly, KeepStylesOnFirstResume, Screen):
    """The app's screen. Its first resume skips Textual's restyle of every widget: each was
    styled as it mounted, with the breakpoint class already set (see :meth:`set_breakpoint`
    and ``textual_internals.KeepStylesOnFirstResume``).

    It holds the component styles of the sheet's rows once for all of them
    (``widgets.shared_styles``).
    """

    COMPONENT_CLASSES = set(Editor.SHARED_COMPONENTS | InputRow.SHARED_COMPONENTS
                            | ValueRow.SHARED_COMPONENTS)

    def set_breakpoint(self, width: int, breakpoints: Iterable[tuple[int, str]]) -> None:
        """Give the screen its breakpoint class (``-narrow``, ``-wide``) for ``width`` now.

        The app calls it before the form exists: set by the first Resize instead, it restyled
        every widget of the form before the first paint.
        """
        breakpoints = list(breakpoints)
        classes = {name: False for _, name in breakpoints}
        classes.update({name: True for name in breakpoint_classes(self, width, breakpoints)})
        self.update_classes(classes, update=False)
