"""Text a player typed, or that another player's preset holds, is shown as written.

Textual reads a ``str`` cell of a ``DataTable`` and a notification's text as markup. A record
named ``[/]`` in a preset dropped in the shared folder crashed the app as soon as the record
list was drawn (``MarkupError``), for every player who loaded it; ``[b]Sword`` showed as a
bold ``Sword``. Record lists, the preset list and every toast now show the text itself.
"""

from __future__ import annotations

from pathlib import Path

import tomli_w
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from worksheet.ui import WorksheetApp
from worksheet.ui.screens.presets import OpenPreset
from hooks_probe import notifications
from waits import until
from worksheet.ui.widgets.record_list import RecordList

NAMES = ["[/]", "[b]Sword[/b]", ":smile: ward", "[link=file:///etc/passwd]x[/link]",
         "[@click=app.quit]quit[/]", "a [[b]] b"]
"""Names markup would change or refuse."""


def rise_preset(folder: Path, names: list[str], preset_name: str = "R1 markup") -> Path:
    """A Rise preset whose modifiers are called ``names`` (each +1 to Armor, untyped)."""
    path = folder / "rise-markup.toml"
    path.write_text(tomli_w.dumps({
        "worksheet": 1, "ruleset": "rise", "name": preset_name,
        "description": ":warning: [red]planted[/red]",
        "inputs": {"level": 7, "modifiers": [
            {"name": name, "defenses": ["armor"], "value": 1, "type": "untyped"}
            for name in names]},
    }), encoding="utf-8")
    return path


def table_text(widget) -> str:
    """What a widget's lines show now, as plain text."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


async def test_record_names_are_shown_as_typed(tmp_path):
    app = WorksheetApp(ruleset="rise", preset=str(rise_preset(tmp_path, NAMES)))
    async with app.run_test(size=(120, 60)) as pilot:
        records = app.query_one("#rise").query_one(RecordList)
        records.table.scroll_visible(animate=False)
        records.table.focus()
        await pilot.pause()
        shown = table_text(records.table)
        for name in NAMES:
            assert name in shown, (name, shown)
        assert app.is_running


async def test_a_deleted_record_is_named_as_typed_in_the_toast(tmp_path):
    app = WorksheetApp(ruleset="rise", preset=str(rise_preset(tmp_path, ["[/]"])))
    async with app.run_test(size=(120, 60)) as pilot:
        records = app.query_one("#rise").query_one(RecordList)
        records.table.focus()
        await pilot.press("d")
        await pilot.pause()
        assert [note.message for note in notifications(app)] == ["Deleted [/] (Ctrl+Z undoes)"]
        assert not any(note.markup for note in notifications(app))
        # the message is drawn (drawing a toast raised MarkupError before), the name as typed
        line = app.query_one("#message")
        drawn = await until(pilot, lambda: line.region.area
                            and "Deleted" in (text := table_text(line)) and text,
                            "the message drawn")
        assert "Deleted [/] (Ctrl+Z undoes)" in drawn
        assert app.is_running and app.return_code is None


async def test_the_open_dialog_lists_a_planted_preset_as_written(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(shared))
    rise_preset(shared, ["x"], preset_name="[/] planted [b]x")
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OpenPreset)
        await pilot.pause()
        shown = table_text(dialog.query_one("DataTable"))
        assert "[/] planted [b]x" in shown
        # the highlighted preset's description, whole, on the lines under the list
        assert ":warning: [red]planted[/red]" in table_text(dialog.query_one("#preset-where"))
        assert app.is_running


NAME_LISTS = st.lists(st.text(alphabet="[]/:@=#ab ", min_size=1, max_size=12)
                      .filter(lambda name: name.strip()), min_size=1, max_size=3, unique=True)
"""Record names from the characters markup reads."""


def drawn_names(count: int = 25) -> list[list[str]]:
    """``count`` lists of names drawn by hypothesis (generation only: they are checked in one
    app below, which costs one launch instead of one per example)."""
    drawn: list[list[str]] = []

    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow])
    @given(NAME_LISTS)
    def draw(names):
        drawn.append(names)

    draw()
    return drawn


async def test_any_bracketed_name_is_shown_as_typed():
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=(120, 60)) as pilot:
        records = app.query_one("#rise").query_one(RecordList)
        examples = drawn_names()
        assert len(examples) >= 20, "hypothesis drew too few examples"
        for names in examples:
            records.set_records(tuple({"name": name, "defenses": ("armor",), "value": 1,
                                       "type": "untyped", "maximum": None, "minimum": None}
                                      for name in names))
            records.table.focus()
            await pilot.pause()
            rendered = [records.table.render_line(y).text.rstrip()
                        for y in range(records.table.size.height)]
            for name in names:
                assert any(" ".join(name.split()) in " ".join(line.split())
                           for line in rendered), (name, rendered)
            assert app.is_running
