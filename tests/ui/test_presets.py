"""Pilot tests: saving and opening presets, asking before overwriting, quitting or loading over
unsaved edits, and keeping unsaved edits for recovery."""

from __future__ import annotations

import json

import pytest

from worksheet import rulesets
from worksheet.presets import list_presets, read_preset, user_dir
from worksheet.ui import WorksheetApp
from worksheet.ui.screens.confirm import Choose
from worksheet.ui.screens.presets import OpenPreset, SavePreset
from hooks_probe import notifications
from waits import until

SIZE = (120, 40)


def said(app) -> list[str]:
    """The messages of the notifications the app shows now."""
    return [note.message for note in notifications(app)]


async def type_text(pilot, text: str) -> None:
    await pilot.press(*[{" ": "space", "-": "minus"}.get(c, c) for c in text])


KEEP = {"character": 0, "fight": 1, "attacker": 2}
"""The Keep choices of the Save dialog, in the order it lists them."""


async def save_as(pilot, name: str, keep: str | None = None) -> None:
    """Ctrl+S, the name, and (``keep``) what to keep chosen with the keys, then Enter."""
    await pilot.press("ctrl+s")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, SavePreset)
    if keep is not None:
        await pilot.press("tab", "tab")  # name → description → Keep
        assert pilot.app.focused is dialog.query_one("#save-kind")
        await pilot.press("enter", "home", *["down"] * KEEP[keep], "enter")
        await pilot.pause()
        assert dialog.query_one("#save-kind").value == keep
        dialog.query_one("#save-name").focus()
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, name)
    await pilot.press("enter")
    await pilot.pause()


async def open_named(pilot, name: str) -> None:
    await pilot.press("ctrl+o")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, OpenPreset)
    index = [item.preset.name for item in dialog.listed].index(name)
    await pilot.press(*["down"] * index, "enter")
    await pilot.pause()


@pytest.mark.every_row
async def test_save_then_open_restores_every_input():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one("#gemstone4")
        for widget_id, text in (("dodge-ranks", "60"), ("agility-bonus", "20"),
                                ("intuition-bonus", "18"), ("encumbrance", "15")):
            pane.query_one(f"#{widget_id}").focus()
            await type_text(pilot, text)
        pane.query_one("#armor-penalty-may-be-positive").focus()
        await pilot.press("space")
        pane.query_one("#stance").focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        form = app.form()
        edited = dict(form.inputs)
        assert form.dirty

        await save_as(pilot, "Test rogue")
        saved = user_dir() / "test-rogue.toml"
        # A character, by default: the round inputs (stance, encumbrance) and the attacker's
        # side stay out of the file; an empty optional input is left out too (its default).
        character = {name: value for name, value in edited.items() if value is not None
                     and name not in ("stance", "encumbrance", "attacker_as", "avd")}
        assert saved.is_file() and read_preset(saved).inputs == character
        assert read_preset(saved).kind == "character"
        assert not form.dirty

        await pilot.press("ctrl+r")
        await pilot.pause()
        assert form.inputs == form.ruleset.defaults()
        await open_named(pilot, "Test rogue")
        assert isinstance(app.screen, Choose), "loading over unsaved edits asks first"
        await pilot.press("tab", "enter")  # "Load preset"
        await pilot.pause()
        # the character comes back; the round inputs stay as the sheet had them (reset)
        assert form.inputs == {**edited, "stance": "offensive", "encumbrance": 0}
        assert pane.query_one("#dodge-ranks").value == "60"
        assert not form.dirty


@pytest.mark.parametrize("rid", rulesets.ids())
async def test_every_ruleset_round_trips_through_the_dialogs(rid):
    bundled = [item.preset for item in list_presets(rid)[0]]
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        if bundled:
            form.load_values(bundled[-1].inputs, saved=False)
        values = dict(form.inputs)
        await save_as(pilot, f"Round trip {rid}", keep="fight")
        await pilot.press("ctrl+r")
        await pilot.pause()
        await open_named(pilot, f"Round trip {rid}")
        assert isinstance(app.screen, Choose)
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert form.inputs == values


async def save_over_a_taken_name(app, pilot):
    """Save "Twice", edit, and save under "Twice" again as another session would: the app
    asks. Returns the file and its first text."""
    await save_as(pilot, "Twice")
    path = user_dir() / "twice.toml"
    first = path.read_text()
    app.presets["gemstone4"] = None  # as if another session had made "Twice"
    app.query_one("#gemstone4 #dodge-ranks").focus()
    await type_text(pilot, "7")
    await save_as(pilot, "Twice")
    assert isinstance(app.screen, Choose)
    return path, first


async def test_saving_over_an_existing_name_asks_first():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        path, first = await save_over_a_taken_name(app, pilot)
        await pilot.press("enter")  # "Cancel" is first
        await pilot.pause()
        assert path.read_text() == first
        await save_as(pilot, "Twice")
        answers = [button.id for button in app.screen.query("Button")]
        assert answers == ["answer-cancel", "answer-rename", "answer-overwrite"]
        await pilot.press("tab", "tab", "enter")  # "Overwrite"
        await pilot.pause()
        assert read_preset(path).inputs["dodge_ranks"] == 7


async def test_saving_over_an_existing_name_can_save_under_a_new_name():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        path, first = await save_over_a_taken_name(app, pilot)
        await pilot.press("tab", "enter")  # "Save under a new name"
        await pilot.pause()
        assert isinstance(app.screen, SavePreset)
        assert app.screen.query_one("#save-name").value == "Twice (2)"
        await pilot.press("enter")
        await pilot.pause()
        assert path.read_text() == first, "the old preset is untouched"
        saved = {item.preset.name: item.preset for item in list_presets()[0]}
        assert saved["Twice (2)"].inputs["dodge_ranks"] == 7
        assert app.presets["gemstone4"].name == "Twice (2)"


@pytest.mark.every_row
async def test_save_refuses_a_sheet_with_bad_input():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#gemstone4 #dodge-ranks").focus()
        await type_text(pilot, "999")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SavePreset)
        assert not list(user_dir().glob("*.toml")) if user_dir().exists() else True


@pytest.mark.every_row
async def test_quitting_with_unsaved_edits_asks():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#gemstone4 #dodge-ranks").focus()
        await type_text(pilot, "5")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, Choose)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("tab", "enter")  # "Quit without saving"
        await pilot.pause()
    assert app.return_code == 0


async def test_quitting_without_edits_does_not_ask():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.every_row
async def test_unsaved_edits_are_kept_and_offered_on_the_next_start():
    from worksheet.ui import store

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#gemstone4 #dodge-ranks").focus()
        await type_text(pilot, "600")  # invalid text is kept too
        # the save is debounced (~0.5 s); a loaded machine may take longer
        state = await until(pilot, lambda: (kept := store.recovery().load()) and kept["tabs"][
            "gemstone4"]["entries"].get("dodge_ranks") == "600" and kept, "the edit kept")
        assert state is not None
        assert state["tabs"]["gemstone4"]["entries"]["dodge_ranks"] == "600"
        json.dumps(state)

    again = WorksheetApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, Choose)
        await pilot.press("enter")  # "Restore"
        await pilot.pause()
        await pilot.pause()
        assert again.active == "gemstone4"
        form = again.form()
        assert form.entries["dodge_ranks"] == "600"
        assert "waiting for Dodge ranks" in str(again.query_one("#gemstone4 #value-melee-ds")
                                                .render())
        assert form.dirty
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("tab", "enter")
        await pilot.pause()
    assert store.recovery().load() is None, "a clean quit removes the recovery file"


@pytest.mark.every_row
async def test_each_edit_is_kept_at_once_and_made_durable_after_the_pause(monkeypatch):
    """Each edit is in the recovery file as soon as it is applied: with only the write at
    the pause, a ``kill -9`` within half a second of a key lost an edit the player had seen.
    The write that is fsync'd still waits: it comes RECOVERY_DELAY after the last edit, not
    after the first (one timer waits on; none is stopped and made again per key). The
    fsyncs are counted by wrapping ``os.fsync``, which still runs."""
    import os
    import time

    from worksheet.ui import store
    from worksheet.ui.controllers.recovery import RECOVERY_DELAY

    synced: list[float] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(time.monotonic())
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)

    def kept() -> str:
        state = store.recovery().load()
        return state["tabs"]["gemstone4"]["entries"]["dodge_ranks"] if state else ""

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#gemstone4 #dodge-ranks").focus()
        first_edit = time.monotonic()  # the first edit comes after this: due no sooner
        await pilot.press("end", "1")
        assert app.form().entries["dodge_ranks"].endswith("1")
        assert kept().endswith("1"), "the edit is in the file as soon as it is applied"
        await pilot.pause(RECOVERY_DELAY * 0.6)
        before_last_edit = time.monotonic()
        if before_last_edit - first_edit < RECOVERY_DELAY:  # a starved worker may pause longer
            assert not synced, "made durable before its pause was over"
        await pilot.press("2")
        assert app.form().entries["dodge_ranks"].endswith("12")
        assert kept().endswith("12"), "the next edit too"
        await until(pilot, lambda: synced, "the durable write")
        seen = time.monotonic()
        assert kept().endswith("12")
        # Seen no sooner than written, written no sooner than due: due from the first edit,
        # it came some 0.2 s after the last.
        assert seen - before_last_edit >= RECOVERY_DELAY


async def test_a_preset_changed_on_disk_since_it_was_loaded_is_a_conflict():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await save_as(pilot, "Shared rogue")
        path = user_dir() / "shared-rogue.toml"
        path.write_text(path.read_text().replace("dodge_ranks = 0", "dodge_ranks = 5"))
        app.query_one("#gemstone4 #agility-bonus").focus()
        await type_text(pilot, "9")
        await save_as(pilot, "Shared rogue")
        assert isinstance(app.screen, Choose) and "changed" in app.screen.body
        await pilot.press("enter")  # "Cancel"
        await pilot.pause()
        assert read_preset(path).inputs["dodge_ranks"] == 5
        await save_as(pilot, "Shared rogue")
        await pilot.press("tab", "enter")  # "Save under a new name"
        await pilot.pause()
        assert isinstance(app.screen, SavePreset)
        await pilot.press("enter")  # the suggested "Shared rogue (2)"
        await pilot.pause()
        assert read_preset(user_dir() / "shared-rogue-2.toml").inputs["agility_bonus"] == 9
        assert read_preset(path).inputs["dodge_ranks"] == 5


async def test_loading_a_preset_is_one_undoable_step_that_does_not_echo():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await open_named(pilot, "Example 1 — brigandine, medium shield")
        form = app.form()
        assert form.value("dodge_ranks") == 60 and not form.dirty
        await pilot.press("ctrl+y")  # nothing to redo: the load is the last step
        await pilot.pause()
        assert "Nothing to redo in this tab." in said(app)
        assert form.value("dodge_ranks") == 60
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert form.inputs == form.ruleset.defaults()
        await pilot.press("ctrl+z")  # the load was one step: nothing before it
        await pilot.pause()
        assert "Nothing to undo in this tab." in said(app)
        assert form.inputs == form.ruleset.defaults()


async def test_the_save_dialog_offers_the_shared_folder_when_the_server_names_one(
        tmp_path, monkeypatch):
    shared = tmp_path / "group"
    shared.mkdir()
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(shared))
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        await type_text(pilot, "Group rogue")
        app.screen.query_one("#save-where").value = "shared"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert (shared / "group-rogue.toml").is_file()


@pytest.mark.every_row
async def test_a_restored_tab_keeps_what_kind_of_preset_it_came_from(tmp_path):
    """A character's tab restored after a hang-up is still a character's: the recovery file
    keeps the preset's kind with its name (it was rebuilt as an old preset, a whole fight)."""
    from worksheet.presets import Preset
    from worksheet.ui import store

    store.save(Preset("gemstone4", "Kindred", "", {"dodge_ranks": 40}, kind="character"))
    app = WorksheetApp(preset="Kindred")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        assert app.presets["gemstone4"].kind == "character"
        app.query_one("#gemstone4 #dodge-ranks").focus()
        await pilot.press("up")
        state = await until(pilot, lambda: (kept := store.recovery().load()) and kept, "kept")
        assert state["tabs"]["gemstone4"]["preset"]["kind"] == "character"

    again = WorksheetApp()
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(again.screen, Choose), "the restore question")
        await pilot.press("enter")  # "Restore"
        await until(pilot, lambda: again.form() is not None
                    and again.form().entries.get("dodge_ranks") == "41", "restored")
        restored = again.presets["gemstone4"]
        assert (restored.name, restored.kind) == ("Kindred", "character")


@pytest.mark.every_row
async def test_a_round_input_typed_wrong_does_not_stop_saving_the_character():
    """A character leaves the round out, so Onslaught typed wrong mid-fight does not refuse
    it; keeping the fight does refuse, saying what to fix, and opens the dialog again with
    the name typed in it."""
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        form = app.form()
        app.query_one("#exalted2e #onslaught").focus()
        await pilot.press("ctrl+a", "ctrl+k", "x")
        await until(pilot, lambda: form.problems, "Onslaught refused")
        await save_as(pilot, "Hero")
        await until(pilot, lambda: list(user_dir().glob("*.toml")), "the character saved")
        [path] = user_dir().glob("*.toml")
        saved = read_preset(path)
        assert saved.kind == "character" and "onslaught" not in saved.inputs

        await save_as(pilot, "Hero fight", keep="fight")
        await until(pilot, lambda: isinstance(app.screen, SavePreset), "the dialog again")
        assert app.screen.query_one("#save-name").value == "Hero fight"
        assert any("Onslaught" in text for text in said(app)), said(app)
        assert [p.name for p in user_dir().glob("*.toml")] == [path.name]
