"""The party screen through Pilot: the sheet's attack fills the fields, each row's best chance
is ``worksheet calc``'s for that preset and attack, Enter opens the preset on its tab, a folder
of 10,000 files shows its first rows and says how many it skipped while the attack still edits,
and hostile file names reach the screen escaped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from waits import until
from worksheet import cli
from worksheet.engine.percent import percent
from worksheet.presets import bundled_dir, read_preset
from worksheet.presets.party import MAX_FILES
from worksheet.ui import WorksheetApp
from worksheet.ui.screens.party import PartyScreen

SIZE = (80, 24)


@pytest.fixture
def group(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "group"
    folder.mkdir()
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(folder))
    return folder


def _screen_text(app) -> str:
    rows = app.screen.query_one("#party-rows", OptionList)
    return "\n".join(str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count))


def _status(app) -> str:
    return str(app.screen.query_one("#party-status", Static).render())


def _expected_best(capsys, path: Path, sets: list[str]) -> str:
    from tests.cli.test_party import best_option

    argv = ["calc", "gemstone4", "--preset", str(path), "--format", "json"]
    for argument in sets:
        argv += ["--set", argument]
    cli.main(argv)
    label, p = best_option("gemstone4", json.loads(capsys.readouterr().out)["values"])
    return f"best: {label} {percent(p)}"


async def test_the_sheets_attack_fills_the_fields_and_rows_agree_with_calc(group, capsys):
    for path in bundled_dir().glob("gemstone4-example-*.toml"):
        shutil.copy(path, group / path.name)
    files = sorted(group.glob("*.toml"))
    first = [_expected_best(capsys, path, ["attacker_as=150"]) for path in files]
    then = [_expected_best(capsys, path, ["attacker_as=150", "avd=30"]) for path in files]
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        app.form().sheet.set_many_text({"attacker_as": "150"})
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen), "the party screen")
        assert app.screen.query_one("#party-attacker-as", Input).value == "150"
        await until(pilot, lambda: all(best in _screen_text(app) for best in first),
                    f"rows with {first}")
        field = app.screen.query_one("#party-avd", Input)
        field.focus()
        await pilot.press("3", "0")
        await until(pilot, lambda: all(best in _screen_text(app) for best in then),
                    f"rows with {then} after AvD 30")
        assert first != then
        assert "2 characters" in _status(app)


async def test_enter_on_a_row_opens_that_preset_on_its_tab(group):
    shutil.copy(bundled_dir() / "rise-wizard-no-armor.toml", group / "wizard.toml")
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen)
                    and "1 character" in _status(app), "the party of one")
        await pilot.press("ctrl+n", "enter")
        await until(pilot, lambda: not isinstance(app.screen, PartyScreen), "back on the sheet")
        await until(pilot, lambda: app.presets["rise"] is not None, "the preset loaded")
        wizard = read_preset(group / "wizard.toml")
        assert app.presets["rise"].name == wizard.name
        sheet = app.form("rise").sheet
        assert all(sheet.value(name) == value for name, value in wizard.inputs.items())


async def test_ten_thousand_files_show_the_first_rows_and_the_attack_still_edits(group):
    text = (bundled_dir() / "gemstone4-example-1.toml").read_text()
    for number in range(10_000):
        (group / f"p{number:05}.toml").write_text(text)
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen)
                    and f"{10_000 - MAX_FILES} more files skipped" in _status(app),
                    "the skipped files counted", deadline=120)
        await until(pilot, lambda: _status(app).startswith(f"{MAX_FILES} characters ·"),
                    "the first files all read, a share per look", deadline=120)
        assert "still to read" not in _status(app)
        await pilot.press("1", "5", "0")
        await until(pilot, lambda: "best: ranged 85.0 %" in _screen_text(app),
                    "every row re-derived with AS 150", deadline=120)


async def test_hostile_file_names_reach_the_screen_escaped(group):
    (group / "\x1b[2J\x07evil.toml").write_text("worksheet = [")
    (group / "[b]markup[i].toml").write_text("not toml at all = = =")
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen)
                    and "2 refused" in _status(app), "the refusals")
        shown = _screen_text(app)
        assert "\x1b" not in shown and "\x07" not in shown
        assert "\\x1b[2J\\x07evil.toml" in shown
        assert "[b]markup[i].toml" in shown  # drawn as text, not as markup


@pytest.mark.parametrize("rid", ["exalted2e", "gemstone4", "rise", "shadowrun4", "vtm-revised"])
async def test_the_party_key_is_on_the_key_bar(rid):
    """At 120 columns every app key fits (``KeyBar.fitted``); at 80 the bar leaves out the
    app's keys from the right, Party among them where the fight keys take the room."""
    from worksheet.ui.widgets.key_bar import KeyBar

    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=(120, 30)) as pilot:
        await until(pilot, lambda: "f1 Help" in str(app.query_one(KeyBar).render()), "the bar")
        assert "^n Party" in str(app.query_one(KeyBar).render())


async def test_the_sheets_undo_redo_and_reset_wait_until_the_party_screen_is_closed(group):
    """Found by hand: on the party screen Ctrl+Z undid, and Ctrl+R reset, the tab behind it,
    out of sight. There they do nothing; back on the sheet Ctrl+Z undoes the same edit."""
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SIZE) as pilot:
        form = await until(pilot, app.form, "the form")
        await until(pilot, lambda: app.focused is not None and app.focused.id == "action-penalty",
                    "focus on Action penalty")
        await pilot.press("backspace", "2")
        await until(pilot, lambda: form.entries["action_penalty"] == "2", "the edit")
        edited = dict(form.entries)
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen), "the party screen")
        for key in ("ctrl+z", "ctrl+r", "ctrl+z", "ctrl+y"):
            await pilot.press(key)
            await pilot.pause()
            assert dict(form.entries) == edited, key
            assert isinstance(app.screen, PartyScreen)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, PartyScreen), "the sheet again")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: form.entries["action_penalty"] != "2", "the undo")
        assert dict(form.entries) != edited
