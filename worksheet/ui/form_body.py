"""The scrolling body of a form, which in a terminal builds its rows as they come within reach.

A sheet has dozens of rows and a terminal shows a dozen. In a terminal the body starts with the
rows of the first screen and builds the next ones when the view scrolls near its end, when focus
moves near its last rows, or when it grows: a player who glances at the defense never pays for
the rows below (time to the first paint, and memory in every SSH session on a shared server).
Headless (tests, screenshots) every row is built at once.
"""

from __future__ import annotations

from typing import Iterator

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


def row_lines(row: Widget) -> int:
    """Lines a row takes at least (see ``ROW_LINES``)."""
    return next((n for cls, n in ROW_LINES.items() if row.has_class(cls)), 1)


def take_lines(rows: Iterator[Widget], lines: int | None) -> list[Widget]:
    """The next rows of ``rows`` that fill ``lines`` (at least one; all when ``None``)."""
    taken: list[Widget] = []
    used = 0
    while lines is None or used < lines:
        row = next(rows, None)
        if row is None:
            break
        taken.append(row)
        used += row_lines(row)
    return taken


class FormBody(VerticalScroll, can_focus=False):
    """The scrolling form; not a Tab stop itself (its rows are).

    Args:
        rows: the rows to build now.
        later: the rows to build when they come within reach, in order; made as they are
            taken, so a row not built yet costs nothing.
        classes: CSS classes.
    """

    def __init__(self, *rows: Widget, later: Iterator[Widget] = iter(()),
                 classes: str | None = None):
        super().__init__(*rows, classes=classes)
        self._later = later
        self._next: Widget | None = next(later, None)

    @property
    def complete(self) -> bool:
        """True when every row is built."""
        return self._next is None

    def _take(self) -> Widget | None:
        row = self._next
        if row is not None:
            self._next = next(self._later, None)
        return row

    def build_more(self, lines: int | None = None) -> None:
        """Build the next rows that fill ``lines`` (every row left when ``None``)."""
        chunk = take_lines(iter(self._take, None), lines)
        if chunk:
            self.mount_all(chunk)
            self.call_after_refresh(self.build_if_near_the_end)  # the view may not be full

    def build_if_near_the_end(self) -> None:
        """Build the next rows if the view is within reach of the last built one."""
        if not self.complete and self.is_mounted and (
                self.max_scroll_y - self.scroll_y < AHEAD_LINES):
            self.build_more(self.size.height + AHEAD_LINES)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.build_if_near_the_end()

    def on_resize(self) -> None:
        self.build_if_near_the_end()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Tabbing down the form: the next rows are built well before focus gets there.
        if self.complete:
            return
        row = next((node for node in event.widget.ancestors_with_self
                    if node.parent is self), None)
        if row is None:
            return
        rows = list(self.children)
        below = sum(row_lines(r) for r in rows[rows.index(row) + 1:])
        if below < AHEAD_LINES:
            self.build_more(self.size.height + AHEAD_LINES)
