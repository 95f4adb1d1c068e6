"""Pilot tests of the fight loop: a round played through the keyboard alone on every ruleset
with a loop — defend, "attacked again", defend, "my action" — each step one undo step; refusals
named; steppers; what changed; the round group; copying the result."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from worksheet.formats.derivation_block import derivation_block
from worksheet.engine import Sheet
from worksheet.formats.oneline import one_line
from worksheet.presets import Preset
from worksheet.ui import WorksheetApp
from hooks_probe import notifications
from worksheet.ui.widgets import ValueRow

SIZE = (80, 24)  # the size players use


def app_with(rid: str, **inputs) -> WorksheetApp:
    return WorksheetApp(preset=Preset(rid, "test", "", inputs))


def shown(form, node: str) -> str:
    """The result column of a node's row as drawn (``3 (was 2)`` when marked)."""
    row = form.query_one(f"#value-{node.replace('_', '-')}", ValueRow)
    text = str(row.render())
    column = row.render().parts[2].plain
    assert column in text
    return column


def notes(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in notifications(app)]


@pytest.mark.every_row
async def test_exalted_round_through_the_keyboard_with_undo():
    app = app_with("exalted2e", dexterity=3, dodge=2, combat_ability=3, action_penalty=1)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        value = form.value
        await jump_to(pilot, app, "stunt-faces")  # keyboard only
        await pilot.press("8")  # defend with a stunt die of 8: +1
        await pilot.pause()
        assert (value("dodge_dv"), value("parry_dv")) == (3, 3)
        await pilot.press("f5")  # attacked again
        await pilot.pause()
        assert (value("onslaught"), value("stunt_faces")) == (1, ())
        assert (value("dodge_dv"), value("parry_dv")) == (1, 1)
        assert shown(form, "dodge_dv") == "1 (was 3)"
        assert app.query_one("#stunt-faces").value == ""
        assert any("Onslaught 0 → 1" in n for n in notes(app))
        await jump_to(pilot, app, "willpower")
        await pilot.press("space")  # defend again, spending Willpower: +1
        await pilot.pause()
        assert value("willpower") is True and value("dodge_dv") == 2
        await pilot.press("f6")  # my action
        await pilot.pause()
        assert (value("onslaught"), value("action_penalty"), value("willpower")) == (0, 0, False)
        assert (value("dodge_dv"), value("parry_dv")) == (3, 3)
        assert app.focused.id == "action-penalty"  # ready for the new action's penalty
        await pilot.press("up", "up")  # a Dash: −2
        await pilot.pause()
        assert (value("action_penalty"), value("dodge_dv")) == (2, 1)
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        assert value("action_penalty") == 0
        await pilot.press("ctrl+z")  # one undo step takes back the whole action
        await pilot.pause()
        assert (value("onslaught"), value("action_penalty"), value("willpower")) == (1, 1, True)
        await pilot.press("ctrl+z", "ctrl+z")  # the Willpower, then "attacked again"
        await pilot.pause()
        assert (value("onslaught"), value("stunt_faces"), value("dodge_dv")) == (0, (8,), 3)


async def test_shadowrun_round_reaches_s1_and_my_action_ends_full_defense():
    app = app_with("shadowrun4", reaction=5, dodge=4, physical_damage=4, running=True,
                   burst="long-wide", full_defense="full-dodge", attacker_hits=2)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        value = form.value
        assert value("defense_pool") == 5
        await pilot.press("f5", "f5")
        await pilot.pause()
        assert (value("previous_defenses"), value("defense_pool")) == (2, 3)  # S1: 3 dice
        assert value("attacker_hits") is None
        await pilot.press("f6")
        await pilot.pause()
        assert (value("previous_defenses"), value("full_defense")) == (0, "none")
        assert value("defense_pool") == 1
        assert app.query_one("#full-defense").value == "none"
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        assert (value("previous_defenses"), value("attacker_hits")) == (0, 2)
        assert value("full_defense") == "full-dodge"


async def test_vampire_refuses_a_defense_past_the_actions_and_names_the_input():
    app = app_with("vtm-revised", dexterity=3, dodge=3, mode="multiple-action", actions=2,
                   opponents=2)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        value = form.value
        await pilot.press("f5")
        await pilot.pause()
        assert (value("position"), value("defense_pool"), value("difficulty")) == (2, 3, 7)
        entries = dict(form.entries)
        await pilot.press("f5")
        await pilot.pause()
        assert form.entries == entries and value("position") == 2  # nothing changed
        refusal = [n for n in notifications(app) if "not done" in n.title]
        assert refusal and refusal[-1].severity == "warning"
        assert refusal[-1].title == "Attacked again: not done"  # the input is named once
        assert refusal[-1].message.startswith("Position would be 3, past Actions = 2")
        await pilot.press("f6")
        await pilot.pause()
        assert (value("position"), value("defense_pool")) == (1, 4)


@pytest.mark.every_row
async def test_gemstone_stance_cycles_from_anywhere_on_its_tab():
    app = app_with("gemstone4", dodge_ranks=60, agility_bonus=20, intuition_bonus=18,
                   armor_asg=12, shield="medium", stance="offensive")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        app.query_one("#dodge-ranks").focus()
        keys = [k.description for k in app.query_one("#keys").shown_keys(app.screen)[0]]
        assert "Stance" in keys and "Attacked" not in keys and "My action" not in keys
        await pilot.press("f9")
        await pilot.pause()
        assert form.value("stance") == "advanced" and form.value("melee_ds") == 43
        assert app.focused.id == "dodge-ranks"  # focus stays where it was
        for _ in range(5):
            await pilot.press("f9")
        await pilot.pause()
        assert form.value("stance") == "offensive"
        await pilot.press("ctrl+z")  # each press is one undo step
        await pilot.pause()
        assert form.value("stance") == "defensive"
        await pilot.press("f9")
        await pilot.pause()
        await pilot.press("f5")  # no such action here: nothing happens
        await pilot.pause()
        assert form.value("stance") == "offensive"


@pytest.mark.every_row
async def test_round_group_is_first_with_its_reset_rules_and_f4_goes_there():
    app = app_with("exalted2e")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        body = form.query_one("FormBody")
        first = body.children[0]
        assert first.id == "round-inputs" and "F5 attacked again" in str(first.render())
        names = [getattr(row, "spec", None) and row.spec.name for row in body.children[:12]]
        assert names.index("action_penalty") < names.index("onslaught")
        rules = [str(w.render()) for w in form.query(".round-rule").results(Static)]
        assert any(r.startswith("↺ +1 per attack defended against") and "Onslaught" in r for r in rules)
        app.query_one("#rounding").focus()
        await pilot.press("f4")
        await pilot.pause()
        assert app.focused.id == "action-penalty"


@pytest.mark.every_row
async def test_steppers_add_within_bounds_and_typing_still_works():
    app = app_with("gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        value = form.value
        app.query_one("#agility-bonus").focus()
        await pilot.press("up", "up", "shift+up")
        await pilot.pause()
        assert value("agility_bonus") == 7 and app.query_one("#agility-bonus").value == "7"
        await pilot.press("shift+down", "shift+down", "down")
        await pilot.pause()
        assert value("agility_bonus") == -4
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert value("agility_bonus") == -3  # each step is one undo step
        editor = app.query_one("#agility-bonus")
        editor.value = ""
        await pilot.press("minus", "9", "9")  # typing a negative number as before
        await pilot.pause()
        assert value("agility_bonus") == -99
        await pilot.press("shift+down", "down")
        await pilot.pause()
        assert value("agility_bonus") == -100  # the minimum
        app.query_one("#armored-evasion").focus()
        await pilot.press("shift+up", "shift+up")
        await pilot.pause()
        assert value("armored_evasion") == 5  # the maximum
        app.query_one("#shield").focus()  # a select keeps ↓ to open its list
        await pilot.press("down")
        await pilot.pause()
        assert app.query_one("#shield").expanded


@pytest.mark.every_row
async def test_what_changed_shows_the_value_before_until_the_next_edit():
    app = app_with("gemstone4", dodge_ranks=60, agility_bonus=20, intuition_bonus=18,
                   armor_asg=12, shield="medium", stance="advanced")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        app.query_one("#shield").focus()
        form.query_one("#shield").value = "tower"  # as the select sets it
        await pilot.pause()
        assert shown(form, "melee_ds") == "25 (was 43)"  # Example 2 after Example 1
        assert shown(form, "ranged_ds") == "50 (was 65)"
        assert shown(form, "base_value") == "84"  # unchanged: quiet
        assert form.query_one("#value-melee-ds").has_class("-changed")
        assert not form.query_one("#value-base-value").has_class("-changed")
        editor = app.query_one("#dodge-ranks")
        editor.focus()
        editor.value = ""
        await pilot.pause()
        await pilot.press("6", "1")  # one edit of two keys: compared with before the first
        await pilot.pause()
        assert shown(form, "base_value").startswith("85 (was ")
        assert shown(form, "melee_ds") != "25 (was 43)"  # the shield's marks are gone
        assert not form.query_one("#value-shield-factor").has_class("-changed")


@pytest.mark.every_row
async def test_copy_keys_put_the_line_and_the_derivation_on_the_clipboard():
    app = app_with("gemstone4", dodge_ranks=60, agility_bonus=20, intuition_bonus=18,
                   armor_asg=12, shield="medium", stance="advanced")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        await pilot.press("ctrl+l")
        await pilot.pause()
        graph = Sheet(form.ruleset, form.inputs)  # a graph of its own from the form's inputs
        assert app.clipboard == "Evade DS melee 43 · ranged 65" == one_line(graph)
        assert any("Evade DS melee 43" in n for n in notes(app))
        form.query_one("#value-melee-ds").focus()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.clipboard == derivation_block(graph, "melee_ds")
        assert app.clipboard.splitlines()[0] == "GemStone IV — Evade DS: Evade DS vs melee = 43"


async def test_help_and_palette_list_the_fight_loop():
    app = app_with("shadowrun4")
    async with app.run_test(size=SIZE) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"Attacked again", "My action", "Round inputs", "Copy result line",
                "Copy derivation"} <= set(titles)
        assert "Next stance" not in titles
        await pilot.press("f1")
        await pilot.pause()
        rows = [keys for keys, _ in app.screen.rows()]
        assert {"F5", "F6", "F4", "Ctrl+L", "Ctrl+T"} <= set(rows)


@pytest.mark.every_row
async def test_rise_shows_its_conditions_in_the_round_group_and_f4_goes_to_the_list():
    from worksheet.engine import Record

    app = app_with("rise", modifiers=[
        {"name": "Prone", "defenses": ["armor", "reflex"], "value": -2, "type": "condition"},
        {"name": "Protect", "value": 1}])
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        line = form.query_one(".round-records", Static)
        assert str(line.render()) == "Conditions: Prone -2 (armor, reflex)"  # not Protect
        assert app.focused.id == "level"  # the sheet starts on the character
        await pilot.press("f4")
        await pilot.pause()
        assert app.focused.id == "modifiers"
        records = form.value("modifiers")[:1]
        form.load_values({"modifiers": [dict(r) for r in records]
                          + [{"name": "Dazed", "value": -1, "type": "condition"}]},
                         saved=False)
        await pilot.pause()
        assert str(line.render()) == "Conditions: Prone -2 (armor, reflex); Dazed -1 (all)"
        assert isinstance(records[0], Record)


@pytest.mark.every_row
async def test_an_action_marks_the_inputs_it_changed_until_the_next_edit():
    app = app_with("shadowrun4", attacker_hits=3)
    async with app.run_test(size=SIZE) as pilot:
        counter = app.query_one("#previous-defenses").parent
        assert not counter.has_class("-changed")
        await pilot.press("f5")
        await pilot.pause()
        assert counter.has_class("-changed")
        assert app.query_one("#attacker-hits").parent.has_class("-changed")
        assert not app.query_one("#reaction").parent.has_class("-changed")
        app.query_one("#reaction").focus()
        await pilot.press("up")  # the next edit: the action's marks go
        await pilot.pause()
        assert not counter.has_class("-changed")


async def jump_to(pilot, app, widget_id: str) -> None:
    """Keyboard only: F4 to the top, then Ctrl+↓ from input to input until ``widget_id``."""
    await pilot.press("f4")
    for _ in range(60):
        await pilot.pause()
        if app.focused is not None and app.focused.id == widget_id:
            return
        await pilot.press("ctrl+down")
    raise AssertionError(f"Ctrl+↓ never reached {widget_id}")


async def test_vampire_round_v1_through_the_keyboard_alone():
    app = app_with("vtm-revised", dexterity=3, dodge=3, mode="multiple-action", actions=2,
                   opponents=2)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        value = form.value
        await jump_to(pilot, app, "attacker-successes")  # defend: the first roll
        await pilot.press("1")
        await jump_to(pilot, app, "defender-faces")
        await pilot.press(*"8,9,2,3")
        await pilot.pause()
        assert (value("defense_pool"), value("hit")) == (4, False)
        await pilot.press("f5")  # attacked again
        await pilot.pause()
        assert (value("position"), value("defense_pool"), value("defender_faces")) == (2, 3, ())
        await jump_to(pilot, app, "attacker-successes")  # defend: V1's roll
        await pilot.press("3")
        await jump_to(pilot, app, "defender-faces")
        await pilot.press(*"8,1,7")
        await pilot.pause()
        assert (value("defender_net_successes"), value("hit"),
                value("remaining_successes")) == (1, True, 2)  # V1: hit, 2 remain
        await pilot.press("f6")  # my action: a new turn
        await pilot.pause()
        assert (value("position"), value("defense_pool"), value("attacker_successes"),
                value("hit")) == (1, 4, None, None)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (value("position"), value("remaining_successes")) == (2, 2)


async def test_my_action_over_a_refused_counter_says_what_was_typed():
    """F6 over an Onslaught typed wrong resets it, and its message quotes what the player had
    typed (the engine saw no value there: it used to say 'Onslaught empty → 0')."""
    app = app_with("exalted2e", onslaught=2)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        await jump_to(pilot, app, "onslaught")
        await pilot.press("ctrl+a", "ctrl+k", "minus", "3")
        await pilot.pause()
        assert form.value("onslaught") is None
        await pilot.press("f6")  # my action
        await pilot.pause()
        assert form.value("onslaught") == 0
        said = "\n".join(notes(app))
        assert "Onslaught '-3' → 0" in said and "empty" not in said, said
