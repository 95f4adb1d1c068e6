"""A Pilot test of a hook in ``textual_internals``: what Textual kept after a record table was
removed (``forget_cell_styles``). Its target in Textual is checked with the others in
``test_hooks_checked.py``."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import DataTable, Input


class TableApp(App[None]):
    """A field (focused, so removing the table restyles nothing) and a record table."""

    AUTO_FOCUS = "#field"

    def compose(self) -> ComposeResult:
        from worksheet.ui.widgets.records import RecordTable

        yield Input(id="field")
        table = RecordTable(id="records")
        table.add_columns("name", "value")
        table.add_rows([("Ward", "2"), ("Cover", "1")])
        yield table


async def test_a_removed_record_table_is_not_kept_by_the_cell_styles_cache():
    """Textual's ``lru_cache`` of cell styles keys on the table: once a record table is
    removed, that cache no longer holds it (it kept a hidden tab's two tables alive after
    every tab was visited)."""
    app = TableApp()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        table = app.query_one("#records")
        assert "Ward" in "".join(line.text for line in table.render_lines(table.size.region))
        cached = DataTable._get_styles_to_render_cell
        assert cached.cache_info().currsize > 0
        await table.remove()
        await pilot.pause()
        assert cached.cache_info().currsize == 0
