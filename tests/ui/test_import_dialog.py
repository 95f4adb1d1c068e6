"""The import dialog (issue 46), with Pilot at 80×24 on the three tabs that import: a paste or
a file's path previews old → new for every filled input and what was left; Enter applies as one
undo step; Esc changes nothing; a refused source says why and applies nothing; the key is
offered only on those tabs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from textual import events

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ui.waits import until  # noqa: E402
from worksheet.ui import WorksheetApp  # noqa: E402
from worksheet.ui.app.palette import PALETTE  # noqa: E402
from worksheet.ui.screens.import_character import ImportCharacter  # noqa: E402

SIZE = (80, 24)
FIXTURES = Path(__file__).resolve().parents[1] / "importers" / "fixtures"


async def open_dialog(pilot) -> ImportCharacter:
    await pilot.press("ctrl+j")
    await until(pilot, lambda: isinstance(pilot.app.screen, ImportCharacter), "the dialog")
    return pilot.app.screen


def shown(dialog, which: str) -> str:
    return str(dialog.query_one(f"#import-{which}").render())


async def test_a_paste_previews_then_enter_applies_as_one_undo_step():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        dialog = await open_dialog(pilot)
        text = (FIXTURES / "gs_info_skills_armor.txt").read_text().replace("\n", "\r")
        dialog.focused.post_message(events.Paste(text))  # tmux sends a paste's lines with CR
        await until(pilot, lambda: "→" in shown(dialog, "preview"), "the preview")
        preview = shown(dialog, "preview").splitlines()
        assert preview[0].split() == ["Dodge", "ranks", "0", "→", "96", "line", "29",
                                      "(Dodging", "ranks)"]
        assert preview[2].split()[:5] == ["Intuition", "bonus", "0", "→", "-8"]
        assert preview[4].startswith("Left for you: Armor (ASG), ")
        assert form.sheet.inputs["dodge_ranks"] == 0  # nothing applied yet
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ImportCharacter), "closed")
        values = {name: form.sheet.inputs[name] for name in
                  ("dodge_ranks", "agility_bonus", "intuition_bonus", "armored_evasion")}
        assert values == {"dodge_ranks": 96, "agility_bonus": 30, "intuition_bonus": -8,
                          "armored_evasion": 3}
        assert form.sheet.value("base_value") == 96 + 30 - 2
        assert form.dirty
        await pilot.press("ctrl+z")  # one step back: every imported input at once
        await until(pilot, lambda: form.sheet.inputs["dodge_ranks"] == 0, "undone")
        assert form.sheet.inputs["agility_bonus"] == 0
        assert form.sheet.inputs["armored_evasion"] == 0
        await pilot.press("ctrl+y")
        await until(pilot, lambda: form.sheet.inputs["dodge_ranks"] == 96, "redone")


@pytest.mark.parametrize("ruleset, fixture, name, old, new", [
    ("shadowrun4", "sr_augmented_utf16.chum", "reaction", 3, 6),
    ("exalted2e", "ex_solar_experienced.ecg", "dexterity", 3, 5),
])
async def test_a_file_path_previews_and_applies(ruleset, fixture, name, old, new):
    app = WorksheetApp(ruleset=ruleset)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        dialog = await open_dialog(pilot)
        label = form.ruleset.inputs[name].title
        await pilot.press(*str(FIXTURES / fixture), "enter")
        await until(pilot, lambda: "→" in shown(dialog, "preview"), "the preview")
        line = next(line for line in shown(dialog, "preview").splitlines()
                    if line.startswith(label))
        assert line.split()[len(label.split()):len(label.split()) + 3] == [str(old), "→", str(new)]
        await pilot.press("enter")
        await until(pilot, lambda: form.sheet.inputs[name] == new, "applied")


async def test_escape_changes_nothing():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        dialog = await open_dialog(pilot)
        await pilot.press(*str(FIXTURES / "gs_info_skills_armor.txt"), "enter")
        await until(pilot, lambda: "→" in shown(dialog, "preview"), "the preview")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ImportCharacter), "closed")
        assert form.sheet.inputs["dodge_ranks"] == 0 and not form.dirty
        assert not form.history.undo(form.entries)  # no undo step was recorded


async def test_a_refused_source_says_why_and_applies_nothing(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("     Agility (AGI):   95 (27)  ...  190 (150)\n")
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        dialog = await open_dialog(pilot)
        await pilot.press(*str(bad), "enter")
        await until(pilot, lambda: "✗" in shown(dialog, "message"), "the refusal")
        assert "Agility bonus '150' at line 1" in shown(dialog, "message")
        assert "-100 to 100" in shown(dialog, "message")
        assert shown(dialog, "preview") == ""
        await pilot.press("enter")  # nothing to apply: read again, refused again
        await pilot.pause()
        assert isinstance(app.screen, ImportCharacter)
        assert "Agility bonus '150'" in shown(dialog, "message")
        dialog.focused.post_message(events.Paste("no game output\nhere\n"))
        await until(pilot, lambda: "no INFO" in shown(dialog, "message"), "the paste refused")
        await pilot.press("enter")  # the refused paste keeps its message
        await pilot.pause()
        assert "no INFO" in shown(dialog, "message")
        assert form.sheet.inputs["agility_bonus"] == 0


@pytest.mark.parametrize("ruleset, offered", [("gemstone4", True), ("rise", False),
                                               ("vtm-revised", False)])
async def test_the_key_and_command_only_where_there_is_a_source(ruleset, offered):
    app = WorksheetApp(ruleset=ruleset)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [command.title for command in PALETTE.commands(app)]
        assert ("Import character" in titles) is offered
        assert bool(app.check_action("import_character", ())) is offered
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert isinstance(app.screen, ImportCharacter) is offered


async def test_a_pasted_chummer_save_and_a_quoted_dropped_path():
    """A save's text pasted (its declaration says UTF-16: the paste is text already), and a
    path as a file manager drops it on a terminal (quoted, or a file:// address)."""
    app = WorksheetApp(ruleset="shadowrun4")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        text = (FIXTURES / "sr_street_utf8.chum").read_text().replace(
            'encoding="utf-8"', 'encoding="utf-16"')
        dialog.focused.post_message(events.Paste(text))
        await until(pilot, lambda: "→" in shown(dialog, "preview"), "the preview")
        assert shown(dialog, "preview").splitlines()[0].split()[:4] == ["Reaction", "3", "→",
                                                                         "3"]
        assert dialog.imported.inputs["stun_damage"] == 7
        await pilot.press(*f"'{FIXTURES / 'sr_augmented_utf16.chum'}'", "enter")
        await until(pilot, lambda: "3 → 6" in shown(dialog, "preview"), "the file's preview")
        await pilot.press("ctrl+a", "ctrl+k",
                          *f"file://{FIXTURES / 'sr_street_utf8.chum'}".replace(" ", "%20"),
                          "enter")
        await until(pilot, lambda: "0 → 7" in shown(dialog, "preview"), "the address's preview")


@pytest.mark.parametrize("ruleset, shown", [("gemstone4", True), ("rise", False)])
async def test_the_key_bar_shows_import_where_it_has_room(ruleset, shown):
    """At 80 columns the bar keeps Undo and Redo (Ctrl+J stays in the help and the palette);
    a wider terminal shows Import too, on a tab that imports (at 150: with every other key of
    GemStone's bar, F10 included, it needs 140 columns)."""
    from worksheet.ui.widgets.key_bar import KeyBar

    app = WorksheetApp(ruleset=ruleset)
    async with app.run_test(size=(150, 30)) as pilot:
        await pilot.pause()
        text = str(app.query_one(KeyBar).render())
        assert ("^j Import" in text) is shown
        assert "^z Undo" in text
