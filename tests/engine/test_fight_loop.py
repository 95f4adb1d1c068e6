"""The fight loop, headless: each ruleset's declaration matches the spec's table, and a round
played through — defend, "attacked again", defend, "my action" — gives the spec's numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from worksheet import rulesets
from worksheet.engine import IntInput, NumberInput, Ruleset, RulesetError, Sheet
from worksheet.engine.fight_loop import (ATTACKED_AGAIN, MY_ACTION, SPENT, Action, Change,
                                         FightLoop, Refused, cycle, plan, stepped)

ROUND_INPUTS = {  # the spec's table, column "round inputs"
    "exalted2e": ("action_penalty", "onslaught", "wound_penalty", "willpower", "ground"),
    "gemstone4": ("stance", "encumbrance"),
    "rise": ("modifiers",),
    "shadowrun4": ("previous_defenses", "full_defense", "prone", "running", "in_melee",
                   "physical_damage", "stun_damage"),
    "vtm-revised": ("mode", "position", "actions", "opponents", "wound_penalty"),
}


def play(sheet: Sheet, action: str) -> tuple[str, ...]:
    """Apply one action to the sheet as one batch; returns its words."""
    batch = plan(sheet.ruleset, action, sheet.inputs)
    sheet.set_many(batch.values)
    return batch.words


@pytest.mark.parametrize("rid", list(ROUND_INPUTS))
def test_round_inputs_are_the_spec_table(rid):
    assert rulesets.get(rid).fight_loop.round_inputs == ROUND_INPUTS[rid]


@pytest.mark.parametrize("rid", ["gemstone4", "rise"])
def test_gemstone_and_rise_have_no_actions(rid):
    loop = rulesets.get(rid).fight_loop
    assert loop.action(ATTACKED_AGAIN) is None and loop.action(MY_ACTION) is None
    with pytest.raises(KeyError):
        plan(rulesets.get(rid), MY_ACTION, Sheet(rulesets.get(rid)).inputs)


@pytest.mark.parametrize("rid", ["exalted2e", "shadowrun4", "vtm-revised"])
def test_every_counter_states_its_reset_rule_with_a_citation(rid):
    loop = rulesets.get(rid).fight_loop
    counted = {c.input for a in loop.actions for c in a.changes}
    assert counted == {c.input for c in loop.counters}
    for counter in loop.counters:
        assert counter.rule and counter.cite
        assert counter.input in loop.round_inputs
    for action in loop.actions:
        assert action.rule and action.cite and action.title


def test_what_both_actions_clear_is_only_what_was_rolled_or_spent():
    ex, sr, vtm = (rulesets.get(r) for r in ("exalted2e", "shadowrun4", "vtm-revised"))
    assert ex.fight_loop.cleared(ex)[:3] == ("stunt_faces", "virtue_faces", "willpower")
    assert {"attacker_hits", "defender_hits", "defender_faces"} <= set(sr.fight_loop.cleared(sr))
    assert "attacker_distance" not in sr.fight_loop.cleared(sr)  # a fact, not a roll
    assert {"attacker_successes", "defender_successes", "defender_faces"} <= set(
        vtm.fight_loop.cleared(vtm))
    # The odds' new inputs are cleared as soon as a ruleset has them, skipped until then.
    for ruleset, name in ((sr, "edge_dice"), (vtm, "willpower_success")):
        assert (name in ruleset.fight_loop.cleared(ruleset)) == (name in ruleset.inputs)


# -- a round played through ------------------------------------------------------------------

def test_exalted_round():
    sheet = Sheet(rulesets.get("exalted2e"), {"dexterity": 3, "dodge": 2, "combat_ability": 3,
                                              "action_penalty": 1})
    dvs = lambda: (sheet.value("dodge_dv"), sheet.value("parry_dv"))  # noqa: E731
    sheet.set("stunt_faces", [8])  # defend: bases 5/2 and 3, −1 action, +1 stunt
    assert dvs() == (3, 3)
    assert play(sheet, ATTACKED_AGAIN) == ("onslaught 0 → 1", "stunt_faces cleared")
    assert sheet.value("stunt_faces") == () and sheet.value("onslaught") == 1
    assert dvs() == (1, 1)  # 5/2 − 2 = 1/2 rounds up to 1; 3 − 2 = 1
    sheet.set("willpower", True)  # defend again, spending Willpower
    assert dvs() == (2, 2)
    words = play(sheet, MY_ACTION)
    assert words == ("onslaught 1 → 0", "action_penalty 1 → 0", "willpower cleared")
    assert (sheet.value("onslaught"), sheet.value("action_penalty"),
            sheet.value("willpower")) == (0, 0, False)
    assert dvs() == (3, 3)
    assert sheet.problems == []


def test_shadowrun_round_reaches_the_spec_example_s1():
    sheet = Sheet(rulesets.get("shadowrun4"), {
        "reaction": 5, "dodge": 4, "physical_damage": 4, "running": True,
        "burst": "long-wide", "full_defense": "full-dodge"})
    assert sheet.value("defense_pool") == 5  # 9 − 1 + 2 − 5, no previous defense yet
    sheet.set_many({"attacker_hits": 2, "defender_faces": [5, 6, 2, 3, 1]})
    assert sheet.value("hit") is False
    play(sheet, ATTACKED_AGAIN)
    assert sheet.value("previous_defenses") == 1 and sheet.value("defense_pool") == 4
    assert (sheet.value("attacker_hits"), sheet.value("defender_faces")) == (None, ())
    assert sheet.value("hit") is None
    play(sheet, ATTACKED_AGAIN)
    assert sheet.value("defense_pool") == 3  # S1: with full dodge and Dodge 4, 9 − 6 = 3
    words = play(sheet, MY_ACTION)
    assert words == ("previous_defenses 2 → 0", "full_defense full-dodge → none")
    assert sheet.value("defense_pool") == 1  # 5 − 1 + 2 − 5
    sheet.set("previous_defenses", 2)
    assert sheet.value("defense_pool") == 0  # S1 without full defense: −1 → 0


def test_vampire_round_is_bounded_by_the_actions_declared():
    sheet = Sheet(rulesets.get("vtm-revised"), {
        "dexterity": 3, "dodge": 3, "mode": "multiple-action", "actions": 2, "opponents": 2})
    assert (sheet.value("defense_pool"), sheet.value("difficulty")) == (4, 7)
    sheet.set_many({"attacker_successes": 1, "defender_faces": [8, 9, 2, 3]})
    assert sheet.value("hit") is False
    play(sheet, ATTACKED_AGAIN)
    assert sheet.value("position") == 2 and sheet.value("defense_pool") == 3  # V1: 3 dice
    assert sheet.value("defender_faces") == () and sheet.value("attacker_successes") is None
    sheet.set_many({"attacker_successes": 3, "defender_faces": [8, 1, 7]})
    assert (sheet.value("hit"), sheet.value("remaining_successes")) == (True, 2)  # V1
    before = dict(sheet.inputs)
    with pytest.raises(Refused) as refused:
        plan(sheet.ruleset, ATTACKED_AGAIN, sheet.inputs)
    assert refused.value.input == "position"
    assert "position would be 3, past actions = 2" in refused.value.message
    assert sheet.inputs == before  # a refusal changes nothing
    play(sheet, MY_ACTION)
    assert sheet.value("position") == 1 and sheet.value("defense_pool") == 4
    assert sheet.value("defender_faces") == ()


def test_vampire_full_defense_has_no_actions_bound():
    sheet = Sheet(rulesets.get("vtm-revised"), {"dexterity": 3, "dodge": 3,
                                                "mode": "full-defense"})
    for expected_pool in (5, 4, 3):  # the full pool, then one die less per further defense
        play(sheet, ATTACKED_AGAIN)
        assert sheet.value("defense_pool") == expected_pool
    assert sheet.value("position") == 4


# -- refusals and bounds ---------------------------------------------------------------------

def test_a_counter_at_its_maximum_is_refused():
    ruleset = rulesets.get("exalted2e")
    sheet = Sheet(ruleset, {"onslaught": 20})
    with pytest.raises(Refused) as refused:
        plan(ruleset, ATTACKED_AGAIN, sheet.inputs)
    assert refused.value.input == "onslaught"
    assert refused.value.message == "onslaught is already 20, its maximum is 20"


def test_a_counter_holding_bad_text_is_refused_and_my_action_fixes_it():
    ruleset = rulesets.get("shadowrun4")
    sheet = Sheet(ruleset)
    sheet.set_text("previous_defenses", "two")
    with pytest.raises(Refused) as refused:
        plan(ruleset, ATTACKED_AGAIN, sheet.inputs)
    assert refused.value.input == "previous_defenses"
    assert "no valid number" in refused.value.message
    play(sheet, MY_ACTION)  # setting it to 0 needs no number to start from
    assert sheet.value("previous_defenses") == 0 and sheet.problems == []


def test_a_bound_in_error_is_refused_naming_the_bound():
    ruleset = rulesets.get("vtm-revised")
    sheet = Sheet(ruleset, {"mode": "multiple-action"})
    sheet.set_text("actions", "")
    with pytest.raises(Refused) as refused:
        plan(ruleset, ATTACKED_AGAIN, sheet.inputs)
    assert refused.value.input == "actions"


def test_an_action_with_nothing_to_change_is_an_empty_batch():
    ruleset = rulesets.get("shadowrun4")
    batch = plan(ruleset, MY_ACTION, Sheet(ruleset).inputs)
    assert batch.values == {} and batch.words == ()


# -- GemStone's stance -----------------------------------------------------------------------

def test_stance_cycles_offensive_to_defensive_and_round():
    ruleset = rulesets.get("gemstone4")
    sheet = Sheet(ruleset, {"dodge_ranks": 60, "agility_bonus": 20, "intuition_bonus": 18,
                            "armor_asg": 12, "shield": "medium"})
    seen = [sheet.value("stance")]
    melee = [sheet.value("melee_ds")]
    for _ in range(6):
        sheet.set_many(cycle(ruleset, sheet.inputs).values)
        seen.append(sheet.value("stance"))
        melee.append(sheet.value("melee_ds"))
    assert seen == ["offensive", "advanced", "forward", "neutral", "guarded", "defensive",
                    "offensive"]
    assert melee[1] == 43  # Example 1: advanced stance, melee 43
    assert melee[5] == 54  # defensive: 54 × 1.00


# -- steppers ------------------------------------------------------------------------------

STEPS = [  # spec, value, delta, expected
    (IntInput("n", 0, minimum=0, maximum=20), 3, 1, 4),
    (IntInput("n", 0, minimum=0, maximum=20), 3, -5, 0),
    (IntInput("n", 0, minimum=0, maximum=20), 18, 5, 20),
    (IntInput("n", 0, minimum=-20, maximum=20), -3, -1, -4),
    (IntInput("n", None, minimum=0, maximum=60, optional=True), None, 1, 0),
    (IntInput("n", None, minimum=2, maximum=10, optional=True), None, -1, 2),
    (NumberInput("x", 0, minimum=0), Fraction(3, 2), 1, Fraction(5, 2)),
    (NumberInput("x", 1, minimum=0, above=True), 1, -1, 1),
]


@pytest.mark.parametrize("spec, value, delta, expected", STEPS)
def test_stepped_stays_within_bounds(spec, value, delta, expected):
    assert stepped(spec, value, delta) == expected


def test_stepped_refuses_text_that_is_not_a_number():
    with pytest.raises(Refused):
        stepped(IntInput("n", 0, minimum=0, maximum=5), None, 1)


# -- declarations are checked when the ruleset is built ------------------------------------

def test_a_loop_naming_an_unknown_input_fails_the_build():
    ruleset = Ruleset("t", "T", "test", [IntInput("a", 0, minimum=0, maximum=3)])
    ruleset.rule("1", "A", "a")(lambda a: a)
    ruleset.fight_loop = FightLoop(("a",), (Action(MY_ACTION, "My action",
                                                   (Change("b", to=0),), "r", "c"),))
    with pytest.raises(RulesetError, match="unknown input 'b'"):
        ruleset.compile()


def test_spent_names_missing_from_a_ruleset_are_skipped():
    ruleset = Ruleset("t", "T", "test", [IntInput("a", 0, minimum=0, maximum=3),
                                         IntInput("attacker_hits", None, minimum=0, maximum=9,
                                                  optional=True)])
    ruleset.rule("1", "A", "a")(lambda a, attacker_hits: a)
    ruleset.fight_loop = FightLoop(("a",), (Action(ATTACKED_AGAIN, "Again",
                                                   (Change("a", add=1),), "r", "c"),))
    ruleset.compile()
    assert ruleset.fight_loop.cleared(ruleset) == ("attacker_hits",)
    assert set(SPENT) - {"attacker_hits"}  # the rest are not there, and not asked for
    sheet = Sheet(ruleset, {"attacker_hits": 4})
    assert plan(ruleset, ATTACKED_AGAIN, sheet.inputs).values == {"a": 1, "attacker_hits": None}


def test_a_change_that_sets_a_value_the_input_refuses_fails_the_build():
    ruleset = Ruleset("t", "T", "test", [IntInput("a", 0, minimum=0, maximum=3)])
    ruleset.rule("1", "A", "a")(lambda a: a)
    ruleset.fight_loop = FightLoop(("a",), (Action(MY_ACTION, "My action",
                                                   (Change("a", to=9),), "r", "c"),))
    with pytest.raises(RulesetError, match="above the maximum 3"):
        ruleset.compile()
