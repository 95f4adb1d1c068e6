"""The keys are declared once, with their bindings (``worksheet.ui.keys.Key``): the help
screen, the command palette and the key table of docs/keys.md are read from the declarations,
so the three cannot drift from what the keys do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.binding import Binding

from worksheet.ui import WorksheetApp
from worksheet.ui.controllers.fight_keys import BINDINGS as FIGHT_BINDINGS
from worksheet.ui.commands import key_commands
from worksheet.ui.keys import Key, help_rows, key_name, key_names
from worksheet.ui.screens.help import TEXTUAL_KEYS, HelpScreen
from worksheet.ui.screens.tab_help import tab_rows
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.widgets.records import RecordTable
from worksheet.ui.widgets.round_group import KEYS

KEYS_DOC = Path(__file__).resolve().parents[2] / "docs" / "keys.md"
"""The full key table (the README links it and names only the keys used most)."""
SIZE = (80, 24)


def key_table() -> list[tuple[str, str]]:
    """The ``| Keys | Action |`` table of docs/keys.md, row by row."""
    lines = KEYS_DOC.read_text().splitlines()
    start = lines.index("| Keys | Action |")
    assert lines[start + 1] == "|---|---|"
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        match = re.fullmatch(r"\| (.+) \| (.+) \|", line)
        assert match, f"docs/keys.md key table: a row is not '| keys | action |': {line!r}"
        rows.append((match.group(1), match.group(2)))
    return rows


def test_the_key_table_is_the_help_screens():
    """Every key bound has its row in docs/keys.md, with the same words as the help (F1)."""
    expected = [*help_rows(WorksheetApp.key_bindings()), *TEXTUAL_KEYS]
    assert key_table() == expected, (
        "docs/keys.md's key table differs from the bindings' help: rewrite it from "
        "worksheet.ui.keys.help_rows(WorksheetApp.key_bindings()) + help.TEXTUAL_KEYS")


def test_every_binding_the_help_reads_says_what_it_does():
    for binding in WorksheetApp.key_bindings():
        assert isinstance(binding, Key) and binding.help, (
            f"{binding.key} → {binding.action} is bound without help (declare it as keys.Key)")


@pytest.mark.parametrize("key, name", [
    ("ctrl+s", "Ctrl+S"), ("ctrl+shift+z", "Ctrl+Shift+Z"), ("ctrl+pagedown", "Ctrl+PgDn"),
    ("f5", "F5"), ("shift+up", "Shift+↑"), ("question_mark", "?"), ("a", "a"),
    ("left_square_bracket", "["), ("f", "f"), ("escape", "Esc"),
])
def test_a_key_is_named_as_the_player_reads_it(key, name):
    assert key_name(key) == name


def test_rows_of_one_help_are_one_row_and_a_binding_may_name_its_keys():
    bindings = [Key(f"alt+{n},x{n}", f"show_tab({n})", help="go", keys=f"Alt+{n}")
                for n in (1, 2, 3)]
    bindings.append(Binding("ctrl+x", "nothing", "No help"))  # plain bindings are not listed
    bindings.append(Key("ctrl+y,ctrl+shift+z", "redo", help="redo", command="Redo"))
    assert help_rows(bindings) == [("Alt+1 … Alt+3", "go"), ("Ctrl+Y, Ctrl+Shift+Z", "redo")]
    assert [(c.title, c.description, c.action) for c in key_commands(bindings)] == [
        ("Redo", "Redo (Ctrl+Y, Ctrl+Shift+Z)", "redo")]


def test_the_fight_keys_the_form_names_are_the_keys_bound():
    bound = {binding.action.split("(")[0]: key_names(binding) for binding in FIGHT_BINDINGS}
    assert bound["fight"] in (KEYS["attacked_again"], KEYS["my_action"])
    for name in ("round", "cycle", "copy_line", "copy_block"):
        action = {"round": "round_inputs", "cycle": "cycle_input"}.get(name, name)
        assert bound[action] == KEYS[name], name


async def test_the_help_screen_lists_every_binding_and_the_palette_every_command():
    app = WorksheetApp(ruleset="rise")  # a tab with a record list and a fight loop
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = [(str(keys.render()), str(text.render())) for keys, text in zip(
            app.screen.query(".help-key"), app.screen.query(".help-action"))]
        own = len(tab_rows(app.form().ruleset))  # the tab's own keys come first
        assert shown[own:] == key_table()
        await pilot.press("escape")
        await pilot.pause()
        commands = {c.title: c.help for c in app.get_system_commands(app.screen)}
    for binding in [*WorksheetApp.BINDINGS, *SheetForm.BINDINGS, *RecordTable.BINDINGS]:
        if isinstance(binding, Key) and binding.command:
            assert binding.command in commands, binding.command
            assert commands[binding.command].endswith(f"({key_names(binding)})")
