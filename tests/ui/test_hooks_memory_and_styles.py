"""Pilot tests of two hooks in ``textual_internals``: what Textual kept after a record table was
removed (``forget_cell_styles``), and a widget styled once as it mounts (``StyleOnceInTheDom``).
Their targets in Textual are checked with the others in ``test_textual_internals.py``."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import DataTable, Input

from worksheet.ui import textual_internals as hooks


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


class StyledOnce(hooks.StyleOnceInTheDom, Input):
    """A compact input: Textual sets its class in the constructor."""


class InputsApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Input(compact=True, id="textuals")
        yield StyledOnce(compact=True, id="ours")


async def test_a_widget_is_styled_once_as_it_mounts_and_again_on_later_changes():
    """Textual's input applies the stylesheet as its constructor sets ``compact``; with the
    mixin it is applied once, as it mounts, with the same result; a class added later still
    restyles it."""
    app = InputsApp()
    applied: dict[str, int] = {}

    def count(node) -> None:
        if isinstance(node, Input):
            applied[type(node).__name__] = applied.get(type(node).__name__, 0) + 1

    async with app.run_test(size=(40, 6)) as pilot:
        original = app.stylesheet.apply

        def counting_apply(node, *args, **kwargs):
            count(node)
            return original(node, *args, **kwargs)

        app.stylesheet.apply = counting_apply
        await app.mount(Input(compact=True), StyledOnce(compact=True))
        await pilot.pause()
        assert applied == {"Input": 2, "StyledOnce": 1}
        ours, textuals = app.query_one("#ours", Input), app.query_one("#textuals", Input)
        assert ours.styles.height == textuals.styles.height and ours.styles.height.value == 1
        assert ours.styles.border == textuals.styles.border
        ours.add_class("-invalid")
        assert applied["StyledOnce"] == 2
