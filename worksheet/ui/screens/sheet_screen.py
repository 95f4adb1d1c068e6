"""The app's own screen, the sheet's: below every dialog, holding the tab bar, the forms, the
status line and the key bar."""

from __future__ import annotations

from typing import Iterable

from textual import events
from textual.screen import Screen

from worksheet.ui.textual_internals import RenderSentLinesOnly
from worksheet.ui.widgets.editors import Editor
from worksheet.ui.widgets.input_row import InputRow
from worksheet.ui.widgets.value_row import ValueRow


class KeepStylesOnFirstResume:
    """Screen mixin: its first resume skips Textual's restyle of every widget.

    Each widget was styled as it mounted, with the breakpoint class already set, so the
    restyle of the whole sheet on the first ``ScreenResume`` was pure cost before the first
    paint. Textual calls the resume handler of every class of the MRO in turn, this mixin's
    (listed before ``Screen``) before ``Screen``'s, which restyles only if the event's
    ``refresh_styles`` says so.
    """

    _resumed = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False


def breakpoint_class(width: int, breakpoints: Iterable[tuple[int, str]]) -> str | None:
    """The breakpoint class a screen of ``width`` cells gets, as Textual picks it from its
    ``HORIZONTAL_BREAKPOINTS``: the class of the widest breakpoint ``width`` reaches."""
    for breakpoint, name in sorted(breakpoints, reverse=True):
        if width >= breakpoint:
            return name
    return None


class SheetScreen(RenderSentLinesOnly, KeepStylesOnFirstResume, Screen):
    """The app's screen. Its first resume skips Textual's restyle of every widget: each was
    styled as it mounted, with the breakpoint class already set (see :meth:`set_breakpoint`
    and :class:`KeepStylesOnFirstResume`).

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
        chosen = breakpoint_class(width, breakpoints)
        if chosen is not None:
            classes[chosen] = True
        self.update_classes(classes, update=False)
