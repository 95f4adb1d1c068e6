"""The first paint builds the rows the view shows, and hardly more.

In a terminal a form builds only the rows of its first view (``form.body.first_view``): each
row says how many lines it will take before it is built (``lines_at``), so a tab whose help
texts wrap to two or three lines no longer builds twice the rows it can show (time to the
first paint; memory in every session). The estimate is checked against the real layout:
headless, every row is built, so the test lays the whole form out and compares.
"""

from __future__ import annotations

import pytest

from worksheet import rulesets
from worksheet.ui import WorksheetApp
from worksheet.ui.form.body import FormBody, first_view, row_lines, take_lines


def lines_taken(row) -> int:
    """The lines a laid-out row takes in the form, its margins included."""
    margin = row.styles.margin
    return row.outer_size.height + margin.top + margin.bottom


@pytest.mark.parametrize("size", [(80, 24), (200, 50), (120, 40)])
@pytest.mark.parametrize("rid", rulesets.ids())
async def test_the_first_view_is_built_and_no_more_than_a_row_beyond(rid, size):
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        body = app.form().query_one(FormBody)
        rows = list(body.children)
        lines, width, narrow = first_view(app.screen)
        for row in rows:  # each row that can tell its height tells it right
            if hasattr(row, "lines_at"):
                assert row.lines_at(width, narrow) == row.outer_size.height, (
                    f"{rid} {size}: {row!r} said {row.lines_at(width, narrow)} lines, took "
                    f"{row.outer_size.height}")
        first = take_lines(iter(rows), lines, width, narrow)
        shown = sum(lines_taken(row) for row in first)
        assert shown >= body.size.height or len(first) == len(rows), (
            f"{rid} {size}: the first paint builds {shown} lines of a {body.size.height}-line "
            "view")
        beyond = shown - lines_taken(first[-1])
        assert beyond < body.size.height + 2, (
            f"{rid} {size}: the first paint builds {shown} lines for a {body.size.height}-line "
            "view")
        assert all(row_lines(row, width, narrow) >= 1 for row in rows)
