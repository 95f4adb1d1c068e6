"""How many lines a form's rows take, before they are built: what the first view builds.

A row tells the lines it will take at a width (``lines_at``) before it is mounted, so the
first paint builds just the rows its view shows (``form.body``).
"""

from __future__ import annotations

from typing import Iterator

from textual.widget import Widget

ROW_LINES = {"step-heading": 2, "value-row": 2}
"""Lines a row takes at least, by class (a heading has a blank line above it); others 1."""

PANEL_WIDTH, PANEL_LINES = 36, 6
"""The rule panel: 36 columns right of the form on a wide screen, 6 lines (5 and its border)
under it on a narrow one (app.tcss)."""


def first_view(screen: Widget) -> tuple[int, int, bool]:
    """The lines of rows to build for the first paint on ``screen``, the width the rows get
    there and whether the screen is narrow: the form's view as app.tcss lays it out, and two lines
    to spare. What the estimate misses is built right after the first paint
    (``build_if_near_the_end``)."""
    width, height = screen.app.size
    narrow = screen.has_class("-narrow")
    chrome = 6 + (PANEL_LINES if narrow else 1)  # tabs (2), results (1; +1 border when wide),
    # the message line, status and keys, and the panel under a narrow form
    row_width = width - 2 - (0 if narrow else PANEL_WIDTH)  # the form's padding and scroll bar
    # Two lines to spare: the first field just below the view is built with it, which keys
    # typed in the burst of a tab switch need (test_hidden_tab_pty: without it, at 80×24
    # Shadowrun's Tab Tab 3 went into the round group).
    return max(8, height - chrome) + 2, max(20, row_width), narrow


def row_lines(row: Widget, width: int | None = None, narrow: bool = False) -> int:
    """Lines a row takes: at ``width`` if the row can tell (``lines_at``), else at least
    (``ROW_LINES``)."""
    lines_at = getattr(row, "lines_at", None)
    if width is not None and lines_at is not None:
        return lines_at(width, narrow)
    return next((n for cls, n in ROW_LINES.items() if row.has_class(cls)), 1)


def take_lines(rows: Iterator[Widget], lines: int | None, width: int | None = None,
               narrow: bool = False) -> list[Widget]:
    """The next rows of ``rows`` that fill ``lines`` (at least one; all when ``None``), each
    measured at ``width`` when given (see :func:`row_lines`)."""
    taken: list[Widget] = []
    used = 0
    while lines is None or used < lines:
        row = next(rows, None)
        if row is None:
            break
        taken.append(row)
        used += row_lines(row, width, narrow)
    return taken
