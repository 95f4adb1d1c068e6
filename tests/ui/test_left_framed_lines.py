"""A value row's and an input row's lines are put together from a frame worked out once
(``textual_internals.LeftFramedLines``); they must be the very segments Textual's own frame
work gives, on every tab, at both sizes, with and without colour, for a row focused, marked
by an edit, waiting or refused, and after the theme changes."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from worksheet.ui import WorksheetApp
from worksheet.ui.textual_internals import LeftFramedLines
from worksheet.ui.widgets.input_row import InputRow
from worksheet.ui.widgets.value_row import ValueRow


def textuals_own(row: ValueRow | InputRow) -> list[list]:
    row._styles_cache.clear()
    return [list(line) for line in Widget.render_lines(row, row.outer_size.region)]


def framed(row: ValueRow | InputRow) -> list[list]:
    return [list(line) for line in LeftFramedLines.render_lines(row, row.outer_size.region)]


def shown_rows(app: WorksheetApp) -> list[ValueRow | InputRow]:
    """The rows on screen, value rows and input rows, and the status line (padded on both
    sides; a hidden tab's rows are not drawn)."""
    return [row for row in app.screen.query("ValueRow, InputRow, StatusLine")
            if row.region.area]


def differing_rows(app: WorksheetApp) -> list[str]:
    rows = shown_rows(app)
    assert rows, "no row laid out"
    return [str(row.id) for row in rows if framed(row) != textuals_own(row)]


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
async def test_a_rows_lines_are_textuals_own(size, no_color, monkeypatch):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=size) as pilot:
        for rid in app.ruleset_ids:
            app.show_tab(rid)
            for _ in range(3):
                await pilot.pause()
            assert differing_rows(app) == [], rid
        app.show_tab("rise")
        for _ in range(3):
            await pilot.pause()
        await pilot.press("end", "1", "4")  # Level 714: rows marked, some refused or waiting
        await pilot.pause()
        assert differing_rows(app) == [], "the focused input row"
        await pilot.press("x")  # refused: the message under the row, and in the status line
        await pilot.pause()
        row = app.screen.query(ValueRow).first()
        row.focus()  # the focus border and background
        await pilot.pause()
        assert row.has_focus
        assert differing_rows(app) == []
        assert any(row.was is not None for row in app.screen.query(ValueRow))


async def test_a_new_theme_is_drawn_as_textual_draws_it():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = {str(row.id): framed(row) for row in shown_rows(app)}
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        for _ in range(3):
            await pilot.pause()
        assert differing_rows(app) == []
        after = {str(row.id): framed(row) for row in shown_rows(app)}
        assert after != before, "the theme changed no row's colours"
