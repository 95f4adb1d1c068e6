"""The Open dialog (issue 42): type to filter, Home/End, own presets first then the group's
then the bundled, the most recent first, and what the highlighted preset is before Enter."""

from __future__ import annotations

import os

import pytest

from worksheet.presets import Preset, save_preset
from worksheet.ui import WorksheetApp
from worksheet.ui.screens.presets import OpenPreset, SavePreset
from waits import until

SIZE = (80, 24)


@pytest.fixture
def shared_folder(tmp_path, monkeypatch):
    """A group folder named by WORKSHEET_SHARED_PRESETS."""
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o2775)
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(folder))
    return folder


def make(name: str, where: str, mtime: int, kind: str | None = "character",
         description: str = "") -> None:
    inputs = {"attacker_as": 150} if kind == "attacker" else {"dodge_ranks": 5}
    path = save_preset(Preset("gemstone4", name, description, inputs, kind=kind), where)
    os.utime(path, (mtime, mtime))


def where_text(dialog) -> str:
    return str(dialog.query_one("#preset-where").render())


async def opened(pilot) -> OpenPreset:
    await pilot.press("ctrl+o")
    await pilot.pause()
    assert isinstance(pilot.app.screen, OpenPreset)
    return pilot.app.screen


async def test_own_then_shared_then_bundled_most_recent_first(shared_folder):
    make("Old mine", "user", 1_000_000)
    make("New mine", "user", 2_000_000, kind="attacker", description="orc archer, 8 dice")
    make("Group old", "shared", 1_500_000)
    make("Group new", "shared", 3_000_000, kind=None)
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened(pilot)
        names = [item.preset.name for item in dialog.listed]
        assert names[:4] == ["New mine", "Old mine", "Group new", "Group old"]
        bundled = [item.preset.ruleset for item in dialog.listed[4:]]
        assert {item.location.kind for item in dialog.listed[4:]} == {"bundled"}
        first_other = next(i for i, rid in enumerate(bundled) if rid != "rise")
        assert set(bundled[:first_other]) == {"rise"}  # this tab's examples first
        assert "rise" not in bundled[first_other:]
        # the highlighted one is said before Enter: file, ruleset, kind, description
        said = where_text(dialog)
        assert "user: new-mine.toml" in said
        assert "gemstone4 · attacker: changes only the attacker's side" in said
        assert "orc archer, 8 dice" in said
        table = dialog.query_one("#preset-table")
        assert [str(cell) for cell in table.get_row_at(0)][:4] == [
            "New mine", "gemstone4", "attacker", "user"]
        assert [str(cell) for cell in table.get_row_at(2)][2] == "all"  # no kind: all


async def test_typing_filters_by_name_and_description_and_keys_move(shared_folder):
    make("Rogue", "user", 2_000_000, description="brigandine, medium shield")
    make("Orc archer", "user", 1_000_000, kind="attacker", description="8 dice")
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened(pilot)
        everything = len(dialog.listed)
        await pilot.press(*"dice")
        await pilot.pause()
        assert [item.preset.name for item in dialog.listed][0] == "Orc archer"
        assert all("dice" in f"{i.preset.name} {i.preset.description}".casefold()
                   for i in dialog.listed)
        await pilot.press(*"  ORC")  # every word must match; case and spaces do not matter
        await pilot.pause()
        assert [item.preset.name for item in dialog.listed] == ["Orc archer"]
        for _ in range(len("dice  ORC")):
            await pilot.press("backspace")
        await pilot.pause()
        assert len(dialog.listed) == everything
        await pilot.press(*"BRIGANDINE")
        await pilot.pause()
        names = [item.preset.name for item in dialog.listed]
        assert names[0] == "Rogue" and "Orc archer" not in names and len(names) > 1
        table = dialog.query_one("#preset-table")
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == len(names) - 1
        assert dialog.listed[-1].preset.path.name in where_text(dialog)
        await pilot.press("home")
        await pilot.pause()
        assert table.cursor_row == 0 and "user: rogue.toml" in where_text(dialog)
        await pilot.press("down", "enter")
        # loaded after the refresh that follows the dialog's close (controllers.presets)
        await until(pilot, lambda: app.presets["gemstone4"] is not None, "the preset loaded")
        assert not isinstance(app.screen, OpenPreset)
        assert app.presets["gemstone4"].name == names[1]


async def test_nothing_matches_then_enter_opens_nothing(shared_folder):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened(pilot)
        await pilot.press(*"zzqx", "enter")
        await pilot.pause()
        assert dialog.listed == [] and isinstance(app.screen, OpenPreset)
        assert "No preset matches 'zzqx'" in where_text(dialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, OpenPreset)


async def test_a_refused_group_file_is_named_and_the_rest_still_filter(shared_folder):
    (shared_folder / "evil\x1b[2J.toml").write_text('worksheet = 1\nruleset = "x"\n')
    make("Group hero", "shared", 2_000_000)
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened(pilot)
        message = str(dialog.query_one(".dialog-message").render())
        assert message.startswith("✗ not listed: evil\\x1b[2J.toml (shared)")
        await pilot.press(*"group")
        await pilot.pause()
        assert [item.preset.name for item in dialog.listed] == ["Group hero"]


async def test_save_as_attacker_offers_its_own_name_and_back(shared_folder):
    make("Hero", "user", 1_000_000)
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened(pilot)
        await pilot.press(*"hero", "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        save = app.screen
        assert isinstance(save, SavePreset)
        assert save.query_one("#save-name").value == "Hero"
        assert save.query_one("#save-kind").value == "character"
        save.query_one("#save-kind").value = "attacker"
        await pilot.pause()
        assert save.query_one("#save-name").value == ""  # never the character's file
        save.query_one("#save-kind").value = "fight"
        await pilot.pause()
        assert save.query_one("#save-name").value == "Hero"


async def test_a_character_load_asks_only_over_edits_it_would_replace(shared_folder):
    from worksheet.ui.screens.confirm import Choose

    save_preset(Preset("exalted2e", "Hero", "", {"dexterity": 4, "dodge": 3},
                       kind="character"))
    app = WorksheetApp(ruleset="exalted2e", preset="hero")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.form()
        await pilot.press("f5", "f5")  # the fight goes on: onslaught 2, unsaved
        await pilot.pause()
        assert form.dirty and form.inputs["onslaught"] == 2
        dialog = await opened(pilot)
        await pilot.press(*"hero", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, (Choose, OpenPreset)), "no edit of it is replaced"
        assert form.inputs["onslaught"] == 2 and form.inputs["dexterity"] == 4
        form.load_values({**form.inputs, "dexterity": 1}, saved=False)  # the character edited
        dialog = await opened(pilot)
        await pilot.press(*"hero", "enter")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        await pilot.press("tab", "enter")  # "Load preset"
        await pilot.pause()
        assert form.inputs["dexterity"] == 4 and form.inputs["onslaught"] == 2
