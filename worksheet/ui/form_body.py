"""The scrolling body of a form, which in a terminal builds its rows as they come within reach.

A sheet has dozens of rows and a terminal shows a dozen. In a terminal the body starts with the
rows of the first screen and builds the next ones when the view scrolls near its end, when focus
moves near its last rows, or when it grows: a player who glances at the defense never pays for
the rows below (time to the first paint, and memory in every SSH session on a shared server).
Headless (tests, screenshots) every row is built at once.
"""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll
from textual.widget import Widget

ROW_LINES = {"step-heading": 2, "value-row": 2}
"""Lines a row takes at least, by class (a heading has a blank line above it); others 1."""

AHEAD_LINES = 6
"""When fewer lines than this are left below the view (or below the focused row), the next
view's worth of rows is built, so focus and scrolling never reach a row that is not there."""


CHROME_LINES = 7
"""Lines of the screen that are not the form, at least: tabs (2), results (2), status and keys."""


def first_view_lines(screen_height: int) -> int:
    """How many lines of rows to build for the first paint on a screen this high. What the
    estimate misses is built right after the first paint (``build_if_near_the_end``)."""
    return max(8, screen_height - CHROME_LINES)


def first_screenful(rows: list[Widget], height: int) -> int:
    """How many of ``rows`` fill ``height`` lines (at least one row)."""
    lines = 0
    for index, row in enumerate(rows):
        if lines >= height:
            return index
        lines += next((n for cls, n in ROW_LINES.items() if row.has_class(cls)), 1)
    return len(rows)


class FormBody(VerticalScroll, can_focus=False):
    """The scrolling form; not a Tab stop itself (its rows are).

    Args:
        rows: the rows to build now.
        later: the rows to build when they come within reach, in order.
        classes: CSS classes.
    """

    def __init__(self, *rows: Widget, later: list[Widget] | None = None,
                 classes: str | None = None):
        super().__init__(*rows, classes=classes)
        self._later = list(later or [])

    @property
    def complete(self) -> bool:
        """True when every row is built."""
        return not self._later

    def build_more(self, lines: int | None = None) -> None:
        """Build the next rows that fill ``lines`` (every row left when ``None``)."""
        if not self._later:
            return
        count = len(self._later) if lines is None else first_screenful(self._later, lines)
        chunk, self._later = self._later[:count], self._later[count:]
        self.mount_all(chunk)
        self.call_after_refresh(self.build_if_near_the_end)  # the view may still not be full

    def build_if_near_the_end(self) -> None:
        """Build the next rows if the view is within reach of the last built one."""
        if self._later and self.is_mounted and self.max_scroll_y - self.scroll_y < AHEAD_LINES:
            self.build_more(self.size.height + AHEAD_LINES)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.build_if_near_the_end()

    def on_resize(self) -> None:
        self.build_if_near_the_end()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Tabbing down the form: the next rows are built well before focus gets there.
        if not self._later:
            return
        row = next((node for node in event.widget.ancestors_with_self
                    if node.parent is self), None)
        if row is None:
            return
        rows = list(self.children)
        below = sum(next((n for cls, n in ROW_LINES.items() if r.has_class(cls)), 1)
                    for r in rows[rows.index(row) + 1:])
        if below < AHEAD_LINES:
            self.build_more(self.size.height + AHEAD_LINES)
