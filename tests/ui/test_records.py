"""Pilot tests: a record list is added to, edited, reordered and deleted from the keyboard.

The form is generated from declarations, so a small ruleset declared here exercises the same
widgets as the Exalted effects and the Rise modifiers.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from worksheet import rulesets
from worksheet.engine import (REQUIRED, ChoiceInput, NumberInput, RecordsInput, Ruleset,
                              TextInput, total)
from worksheet.ui.screens.record_editor import RecordEditor
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.widgets.ids import kebab
from worksheet.ui.widgets.record_list import RecordList


def _ruleset() -> Ruleset:
    def check(record):
        if record["op"] == "divide" and record["value"] <= 0:
            return "value", "a divide needs a value greater than 0"
        return None

    effects = RecordsInput("effects", (), "effects on the defense", fields=(
        TextInput("name", REQUIRED, "what it is"),
        ChoiceInput("op", "add", "what it does", choices=("add", "divide")),
        NumberInput("value", REQUIRED, "the amount"),
    ), check=check)
    ruleset = Ruleset("records-test", "Records test", "tests", [effects], results=("bonus",))

    @ruleset.rule("1", "Bonus", "The sum of the added values.")
    def bonus(effects):
        return total(e["value"] for e in effects if e["op"] == "add")

    return ruleset.compile()


class FormApp(App):
    def __init__(self, ruleset: Ruleset):
        super().__init__()
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        yield SheetForm(self.ruleset, id="sheet")


def value_text(app) -> str:
    """The bonus row's result column (its text contains it)."""
    row = app.query_one("#value-bonus")
    assert row.result in str(row.render())
    return row.result


async def type_text(pilot, text: str) -> None:
    await pilot.press(*[{" ": "space", "/": "slash", "-": "minus"}.get(c, c) for c in text])


async def add(pilot, name: str, value: str, op_downs: int = 0) -> None:
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RecordEditor)
    await type_text(pilot, name)
    await pilot.press("tab")
    if op_downs:
        await pilot.press("enter", *["down"] * op_downs, "enter")
    await pilot.press("tab")
    await type_text(pilot, value)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_add_edit_move_delete_records_from_the_keyboard():
    app = FormApp(_ruleset())
    async with app.run_test(size=(120, 40)) as pilot:
        form = app.query_one(SheetForm)
        app.query_one("#effects").focus()
        await add(pilot, "Shield", "2")
        await add(pilot, "Ward", "3/2")
        assert [r["name"] for r in form.value("effects")] == ["Shield", "Ward"]
        assert value_text(app) == "3.5"

        # edit the second record: its value becomes 5
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("tab", "tab", "5", "enter")
        await pilot.pause()
        assert value_text(app) == "7"

        # move it up, then delete the first record
        await pilot.press("shift+up")
        await pilot.pause()
        assert [r["name"] for r in form.value("effects")] == ["Ward", "Shield"]
        await pilot.press("d")
        await pilot.pause()
        assert [r["name"] for r in form.value("effects")] == ["Shield"]
        assert value_text(app) == "2"

        # each change is one undo step
        form.undo()
        await pilot.pause()
        assert [r["name"] for r in form.value("effects")] == ["Ward", "Shield"]
        assert [r["name"] for r in app.query_one(RecordList).records] == ["Ward", "Shield"]


async def test_a_record_field_is_validated_like_any_input():
    app = FormApp(_ruleset())
    async with app.run_test(size=(120, 40)) as pilot:
        form = app.query_one(SheetForm)
        app.query_one("#effects").focus()
        await pilot.press("a")
        await pilot.pause()
        await type_text(pilot, "Bad")
        await pilot.press("tab", "tab")
        await type_text(pilot, "1/0")
        await pilot.pause()
        editor = app.screen
        row = editor.query_one("#value").parent
        assert row.has_class("-error") and "Value = " in row.render().message.plain
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RecordEditor), "an invalid record is not saved"

        # a valid field but an invalid record: divide by 0 is refused by the list's check
        await pilot.press("end", "backspace", "backspace", "backspace", "0")
        await pilot.press("shift+tab")
        await pilot.press("enter", "down", "enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RecordEditor)
        assert "greater than 0" in str(app.screen.query_one(".dialog-message").render())
        await pilot.press("escape")
        await pilot.pause()
        assert form.value("effects") == ()


@pytest.mark.every_row
async def test_registered_rulesets_with_record_lists_get_the_editor():
    """Every registered ruleset with a record list (Exalted effects, Rise modifiers)."""
    from worksheet.ui import WorksheetApp

    for rid in rulesets.ids():
        ruleset = rulesets.get(rid)
        lists = [spec for spec in ruleset.inputs.values() if spec.kind == "records"]
        if not lists:
            continue
        app = WorksheetApp(ruleset=rid)
        async with app.run_test(size=(120, 40)) as pilot:
            pane = app.query_one(f"#{rid}")
            for spec in lists:
                pane.query_one(f"#{kebab(spec.name)}").focus()
                await pilot.press("a")
                await pilot.pause()
                assert isinstance(app.screen, RecordEditor)
                await pilot.press("escape")
                await pilot.pause()


async def test_keys_typed_while_the_record_editor_opens_reach_its_first_field():
    app = FormApp(_ruleset())
    async with app.run_test(size=(120, 40)) as pilot:
        app.query_one("#effects").focus()
        await pilot.pause()
        await pilot.press("a", "W", "a", "r", "d")  # no pause: the dialog is still opening
        await pilot.pause()
        assert isinstance(app.screen, RecordEditor)
        assert app.screen.query_one("#name").value == "Ward"


async def test_escape_on_a_typed_record_asks_and_only_discard_throws_it_away():
    """Nothing typed is lost to a stray Escape: with a field typed, Escape asks; Escape on the
    question (or Keep editing) goes back with the text; Discard closes without the record. An
    untouched editor closes on Escape at once."""
    from worksheet.ui.screens.confirm import Choose

    app = FormApp(_ruleset())
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.query_one(SheetForm)
        app.query_one("#effects").focus()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("escape")  # nothing typed: closes at once
        await pilot.pause()
        assert not isinstance(app.screen, (RecordEditor, Choose))

        await pilot.press("a")
        await pilot.pause()
        await type_text(pilot, "Ward")
        await pilot.press("escape", "escape")  # a burst: the question, then keep editing
        await pilot.pause()
        assert isinstance(app.screen, RecordEditor), type(app.screen)
        assert app.screen.query_one("#name").value == "Ward"

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        assert "Discard this new record?" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("right", "enter")  # Discard
        await pilot.pause()
        assert not isinstance(app.screen, (RecordEditor, Choose))
        assert form.value("effects") == ()
