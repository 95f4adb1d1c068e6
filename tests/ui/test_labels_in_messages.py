"""The five messages of issue 42 that named program identifiers, at 80×24 through the keyboard:
each now says the labels the form shows (``tests/ui/test_no_identifiers.py`` goes through every
message; these check the five as the player meets them)."""

from __future__ import annotations

import pytest
from hooks_probe import notifications
from test_no_identifiers import identifiers_in
from worksheet import rulesets
from worksheet.engine import Sheet
from worksheet.presets import Preset
from worksheet.ui import WorksheetApp
from worksheet.ui.speaker import Speaker
from worksheet.ui.widgets.odds import OddsPanel

SIZE = (80, 24)


def app_with(rid: str, **inputs) -> WorksheetApp:
    return WorksheetApp(preset=Preset(rid, "test", "", inputs))


def last(app) -> tuple[str, str]:
    note = notifications(app)[-1]
    return note.title, note.message


async def test_attacked_again_says_the_labels_it_changed():
    app = app_with("exalted2e", dexterity=3, dodge=2, onslaught=1, stunt_faces=(8,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert app.form().value("onslaught") == 2
        title, message = last(app)
        assert message.startswith("Onslaught 1 → 2; Stunt faces cleared"), message
        assert not identifiers_in(title + message)


async def test_a_stepper_at_its_bound_says_the_label():
    app = app_with("exalted2e", action_penalty=10)
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#action-penalty").focus()
        await pilot.press("up")
        await pilot.pause()
        assert last(app)[1] == "Action penalty is at its maximum, 10."


@pytest.mark.every_row
async def test_the_odds_wait_for_the_label():
    app = app_with("exalted2e", dexterity=3, dodge=2)
    async with app.run_test(size=SIZE) as pilot:
        editor = app.query_one("#attack-pool")
        editor.focus()
        await pilot.press("x")
        await pilot.pause()
        assert app.query_one(OddsPanel).lines(app.form().sheet) == \
            ["Odds: waiting for Attack dice"]


async def test_the_copied_line_says_what_to_fix_by_its_label():
    app = app_with("exalted2e", dodge=2)
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#dexterity").focus()
        await pilot.press("ctrl+a", "ctrl+k", "x")
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert app.clipboard == "Dodge DV ? (fix Dexterity) · Parry DV ? (fix Dexterity)"
        assert last(app)[1].splitlines()[-1] == app.clipboard  # after the note


async def test_a_refused_defense_names_the_input_once_by_its_label():
    app = app_with("vtm-revised", dexterity=3, dodge=3, mode="multiple-action", actions=2,
                   position=2, opponents=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        title, message = last(app)
        assert title == "Attacked again: not done"
        assert message.startswith("Position would be 3, past Actions = 2"), message
        assert "position position" not in f"{title} {message}".lower()


def test_a_rules_problem_says_the_one_word_inputs_it_names_by_their_labels():
    ruleset = rulesets.get("vtm-revised")
    sheet = Sheet(ruleset, {"mode": "multiple-action", "actions": 2, "position": 3})
    assert [Speaker(ruleset).error(p) for p in sheet.problems] == [
        "Position 3 is past Actions = 2: in multiple-action mode, Position may be at most Actions"]
