"""Pilot tests: typing re-derives exactly the rows that changed; bad text blocks dependents."""

from __future__ import annotations

import pytest
from worksheet import rulesets
from worksheet.engine import Sheet
from worksheet.ui import WorksheetApp
from worksheet.ui.speaker import Speaker
from hooks_probe import notifications
from worksheet.ui.widgets import ValueRow

SIZE = (120, 40)


def text(widget) -> str:
    """What a widget shows; for a value row, its result column (which its text contains)."""
    if isinstance(widget, ValueRow):
        assert widget.result in str(widget.render())
        return widget.result
    return str(widget.render())


def spy_on_rows(monkeypatch) -> list[str]:
    shown: list[str] = []
    original = ValueRow.show

    def show(self, status, **options):
        shown.append(self.rule.name)
        original(self, status, **options)

    monkeypatch.setattr(ValueRow, "show", show)
    return shown


@pytest.mark.every_row
async def test_typing_a_valid_value_updates_the_dependent_values_and_nothing_else(monkeypatch):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one("#gemstone4")
        pane.query_one("#dodge-ranks").focus()
        shown = spy_on_rows(monkeypatch)
        await pilot.press("6", "0")
        await pilot.pause()
        expected = Sheet(rulesets.get("gemstone4"))
        changed = expected.set_text("dodge_ranks", "60")
        nodes = {name for name in changed if name in expected.ruleset.rules}
        assert set(shown) == nodes
        assert "shield_factor" not in shown
        assert text(pane.query_one("#value-base-value")) == "60"
        assert text(pane.query_one("#value-melee-ds")) == str(expected.value("melee_ds"))


@pytest.mark.every_row
async def test_invalid_text_shows_the_message_and_blocks_dependents_until_fixed():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one("#gemstone4")
        editor = pane.query_one("#dodge-ranks")
        editor.focus()
        await pilot.press("6", "0", "0")
        await pilot.pause()
        row = editor.parent
        assert row.has_class("-error")
        message = row.render().message.plain
        assert "Dodge ranks" in message and "600" in message and "0 to 500" in message
        for node in ("base_value", "melee_ds", "ranged_ds"):
            shown = text(pane.query_one(f"#value-{node.replace('_', '-')}"))
            assert "waiting for Dodge ranks" in shown
        assert text(pane.query_one("#value-shield-factor")) == "1"
        await pilot.press("backspace")
        await pilot.pause()
        assert not row.has_class("-error")
        assert text(pane.query_one("#value-base-value")) == "60"


@pytest.mark.every_row
async def test_editors_keep_every_character_typed_and_refuse_it_with_the_parsers_message():
    """No character filter: ``1x2`` stays ``1x2`` (a filter made it ``12``, a different number
    nobody typed), and the row's message is the declaration's own refusal."""
    from worksheet.engine import InputError

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        editor = app.query_one("#gemstone4 #dodge-ranks")
        row = editor.parent
        editor.focus()
        await pilot.press("1", "x", "2")
        await pilot.pause()
        assert editor.value == "1x2"
        assert app.form().entries["dodge_ranks"] == "1x2"
        try:
            row.spec.parse_text("1x2")
        except InputError as error:
            expected = error.fault
        # the parser's own refusal, worded from its fields with labels (the app's words)
        assert row.render().message.plain == \
            f"✗ {Speaker(rulesets.get('gemstone4')).problem(expected)}"


async def test_choices_re_derive_through_the_select():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one("#gemstone4")
        pane.query_one("#shield").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.form().value("shield") == "medium"
        assert text(pane.query_one("#value-shield-factor")) == "0.7"


@pytest.mark.every_row
async def test_undo_and_redo_per_tab():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one("#gemstone4")
        pane.query_one("#dodge-ranks").focus()
        await pilot.press("6", "0")
        pane.query_one("#agility-bonus").focus()
        await pilot.press("2", "0")
        await pilot.pause()
        assert text(pane.query_one("#value-base-value")) == "80"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert pane.query_one("#agility-bonus").value == "0"
        assert text(pane.query_one("#value-base-value")) == "60"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert pane.query_one("#dodge-ranks").value == "0"
        assert text(pane.query_one("#value-base-value")) == "0"
        assert not app.form().dirty
        await pilot.press("ctrl+y", "ctrl+y")
        await pilot.pause()
        assert text(pane.query_one("#value-base-value")) == "80"
        await pilot.press("ctrl+y")  # both redone: nothing is left to redo
        await pilot.pause()
        assert any(n.message == "Nothing to redo in this tab." for n in notifications(app))
        assert text(pane.query_one("#value-base-value")) == "80"


@pytest.mark.every_row
async def test_undo_restores_invalid_text_and_never_echoes_as_an_edit():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one("#gemstone4")
        editor = pane.query_one("#dodge-ranks")
        editor.focus()
        await pilot.press("9", "9", "9")
        pane.query_one("#agility-bonus").focus()
        await pilot.press("5")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert editor.value == "999"
        assert "waiting for Dodge ranks" in text(pane.query_one("#value-melee-ds"))
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert pane.query_one("#agility-bonus").value == "5", (
            "the undo echoed back as a new edit, which cleared the redo")


async def test_reset_tab_is_one_undoable_step():
    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        loaded = dict(form.entries)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert form.inputs == form.ruleset.defaults()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert form.entries == loaded


@pytest.mark.every_row
async def test_end_after_tabbing_in_appends_instead_of_replacing():
    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    async with app.run_test(size=SIZE) as pilot:
        editor = app.query_one("#gemstone4 #dodge-ranks")
        # from Stance (issue 42) to Encumbrance, then focus arrives by Tab: the text is
        # selected
        await pilot.press("ctrl+down", "tab")
        assert editor.selected_text == "60"
        await pilot.press("ctrl+e", "backspace")
        await pilot.pause()
        assert editor.value == "6"
        assert "15" in text(app.query_one("#gemstone4 #value-melee-ds"))
        await pilot.press("0")
        await pilot.pause()
        assert text(app.query_one("#gemstone4 #value-melee-ds")) == "43"


async def test_keys_typed_in_a_burst_follow_tab():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        # Tab Tab: from Stance (issue 42) past Encumbrance to Dodge ranks
        await pilot.press("tab", "tab", "6", "0", "tab", "2", "0", "tab", "1", "8")
        await pilot.pause()
        form = app.form()
        assert (form.value("dodge_ranks"), form.value("agility_bonus"),
                form.value("intuition_bonus")) == (60, 20, 18)


async def test_editing_keys_in_one_read_keep_their_order():
    """Over SSH a Backspace and the next character often arrive in one read; the driver posts
    them to the app back to back. Both must apply, in order (Textual's binding path used to run
    the Backspace after the character, deleting it)."""
    from textual import events

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+down", "ctrl+down", "6", "0")  # Dodge ranks, past the round
        await pilot.pause()
        for key, character in (("backspace", None), ("5", "5"), ("left", None), ("7", "7"),
                               ("end", None), ("backspace", None), ("backspace", None),
                               ("4", "4")):
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await pilot.pause()
        editor = app.query_one("#gemstone4 #dodge-ranks")
        assert editor.value == "64"  # 60 → 6 → 65 → 675 → 6 → 64
        assert app.form().value("dodge_ranks") == 64


async def test_an_edit_queued_before_a_load_does_not_undo_the_load():
    """An editor's echo as it mounts (or keys typed just before Ctrl+Z) can still be queued
    when a load runs; the form reads the editor's text now, so the load stands."""
    from worksheet.ui.widgets import InputRow

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=(120, 40)) as pilot:
        form = app.form()
        row = form.row("dodge_ranks")
        form.post_message(InputRow.Edited(row, "dodge_ranks"))  # stale: queued first
        form.load_entries({"dodge_ranks": "600"})
        await pilot.pause()
        assert form.entries["dodge_ranks"] == "600"
        assert form.inputs["dodge_ranks"] != 7
        assert app.query_one("#dodge-ranks").value == "600"
