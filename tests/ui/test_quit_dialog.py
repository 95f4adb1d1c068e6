"""Pilot tests: the quit question offers to save (issue 42).

Ctrl+Q with unsaved edits asks: Save and quit (focused: an Enter typed by habit loses nothing),
Quit without saving, Cancel (Esc). Save and quit runs the app's own save (the save dialog);
once the preset is written the app quits, or asks again while another tab is unsaved; a save
cancelled calls the quit off and says so.
"""

from __future__ import annotations

import pytest
from textual.widgets import Button

from worksheet.presets import read_preset, user_dir
from worksheet.ui import WorksheetApp
from worksheet.ui.screens.confirm import Choose
from worksheet.ui.screens.presets import SavePreset
from hooks_probe import notifications
from waits import until

SMALL = (80, 24)


async def edit_and_quit(app, pilot) -> Choose:
    """An edit on the tab shown (Dodge ranks 5), then Ctrl+Q: the question."""
    app.query_one("#gemstone4 #dodge-ranks").focus()
    await pilot.press("5")
    await pilot.press("ctrl+q")
    return await until(pilot, lambda: isinstance(app.screen, Choose) and app.screen,
                       "the quit question")


async def name_and_save(app, pilot, name: str) -> None:
    await until(pilot, lambda: isinstance(app.screen, SavePreset), "the save dialog")
    await pilot.press("ctrl+a", "ctrl+k", *name)
    await pilot.press("enter")


@pytest.mark.every_row
async def test_the_question_offers_save_and_quit_focused_quit_without_saving_and_cancel():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SMALL) as pilot:
        question = await edit_and_quit(app, pilot)
        buttons = [str(button.label) for button in question.query(Button)]
        assert buttons == ["Save and quit", "Quit without saving", "Cancel"]
        assert app.focused is question.query_one("#answer-save")
        for button in question.query(Button):  # all on screen at 80×24
            assert question.region.contains_region(button.region), button
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Choose), "the question gone")
        assert app.is_running and app.form().dirty


@pytest.mark.every_row
async def test_save_and_quit_saves_with_the_save_dialog_then_quits():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SMALL) as pilot:
        await edit_and_quit(app, pilot)
        await pilot.press("enter")  # the focused answer: Save and quit
        await name_and_save(app, pilot, "hero")
        await until(pilot, lambda: not app.is_running, "the app to quit")
    assert app.return_code == 0
    [path] = user_dir().glob("*.toml")
    assert read_preset(path).inputs["dodge_ranks"] == 5


@pytest.mark.every_row
async def test_a_cancelled_save_calls_the_quit_off_and_says_so():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SMALL) as pilot:
        await edit_and_quit(app, pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SavePreset), "the save dialog")
        await pilot.press("escape")
        await until(pilot, lambda: notifications(app), "a message")
        assert notifications(app)[0].message == "Not quit: GemStone IV — Evade DS was not saved."
        assert app.is_running and len(app.screen_stack) == 1 and app.form().dirty
        await pilot.press("ctrl+s")  # a later save does not quit
        await name_and_save(app, pilot, "later")
        await until(pilot, lambda: not app.form().dirty, "the save")
        await pilot.pause()
        assert app.is_running
    assert not user_dir().exists() or [p.stem for p in user_dir().glob("*.toml")] == ["later"]


@pytest.mark.every_row
async def test_with_two_unsaved_tabs_it_asks_again_after_the_first_is_saved():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SMALL) as pilot:
        app.query_one("#gemstone4 #dodge-ranks").focus()
        await pilot.press("5")
        await pilot.press("f8")  # the next tab: Rise
        await until(pilot, lambda: app.active == "rise" and app.form() is not None, "Rise")
        app.query_one("#rise #level").focus()
        await pilot.press("7")
        await until(pilot, lambda: app.form().dirty, "Rise edited")
        await pilot.press("ctrl+q")
        question = await until(pilot, lambda: isinstance(app.screen, Choose) and app.screen,
                               "the quit question")
        assert "GemStone IV — Evade DS, Rise — Defenses" in question.body
        await pilot.press("enter")
        await name_and_save(app, pilot, "rise one")  # the tab shown first: Rise
        again = await until(pilot, lambda: isinstance(app.screen, Choose) and app.screen,
                            "asked again")
        assert "Not saved: GemStone IV — Evade DS." in again.body
        assert app.is_running
        await pilot.press("right", "enter")  # Quit without saving
        await until(pilot, lambda: not app.is_running, "the app to quit")
    assert [p.stem for p in user_dir().glob("*.toml")] == ["rise-one"]
