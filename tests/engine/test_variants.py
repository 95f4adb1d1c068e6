"""Variants agree with ``worksheet calc`` run with the same ``--set`` values.

The expectation of every check is what ``calc --format json`` prints for that sheet, never a
stored number; one hand-worked case per ruleset (the spec's worked examples) checks that the
two are not wrong together.
"""

import json
from fractions import Fraction

import pytest

from worksheet import presets, rulesets
from worksheet.cli import main
from worksheet.engine.variants import Variants, evaluate, json_value, what_if_steps

SHEETS = {
    "exalted2e": "exalted2e-e1-solar-cap-binds",
    "gemstone4": "gemstone4-odds-example-1-against-as-150",
    "rise": "rise-odds-r1-fighter-against-accuracy-5",
    "shadowrun4": "shadowrun4-odds-twelve-dice-against-nine",
    "vtm-revised": "vtm-revised-odds-six-dice-against-a-dodge",
}


def calc_json(capsys, ruleset_id, preset, *sets):
    """``calc RULESET --preset PRESET --set …`` (``preset`` None: none): status, document."""
    argv = ["calc", ruleset_id, "--format", "json"] + (["--preset", preset] if preset else [])
    for name, text in sets:
        argv += ["--set", f"{name}={text}"]
    status = main(argv)
    out, _ = capsys.readouterr()
    return status, json.loads(out)


def variants_of(ruleset_id):
    ruleset = rulesets.get(ruleset_id)
    preset = presets.find_preset(SHEETS[ruleset_id], ruleset_id)
    return Variants(ruleset, preset.inputs)


@pytest.mark.parametrize("ruleset_id", sorted(SHEETS))
def test_every_what_if_variant_agrees_with_calc(capsys, ruleset_id):
    variants = variants_of(ruleset_id)
    ruleset = variants.ruleset
    outcomes = variants.what_if()
    assert len(outcomes) >= 4
    for outcome in outcomes:
        ((name, value),) = outcome.changes.items()
        status, document = calc_json(capsys, ruleset_id, SHEETS[ruleset_id],
                                     (name, ruleset.inputs[name].to_text(value)))
        assert outcome.json_values() == document["values"], (name, value)
        assert outcome.json_inputs() == document["inputs"]
        assert outcome.json_problems() == document["problems"]
        assert (status == 0) == outcome.valid
    # the start is untouched by all of them
    status, document = calc_json(capsys, ruleset_id, SHEETS[ruleset_id])
    assert variants.outcome({}).json_values() == document["values"]
    assert variants.base.json_values() == document["values"]


def test_a_refused_variant_carries_its_problem_and_nulls(capsys):
    ruleset = rulesets.get("vtm-revised")
    variants = Variants(ruleset, {}, {"mode": "multiple-action", "actions": "2",
                                      "position": "2", "attack_pool": "6"})
    assert variants.base.valid
    refused = variants.outcome({"position": 3})
    assert not refused.valid
    assert refused.problems[0].input in ("position", "actions")
    status, document = calc_json(capsys, "vtm-revised", None, ("mode", "multiple-action"),
                                 ("actions", "2"), ("position", "3"), ("attack_pool", "6"))
    assert status == 2
    assert refused.json_values() == document["values"]
    assert refused.json_problems() == document["problems"]
    assert None in refused.values.values()
    assert variants.outcome({}).valid  # put back


def test_texts_that_do_not_parse_are_problems_and_are_put_back(capsys):
    ruleset = rulesets.get("gemstone4")
    variants = Variants(ruleset, {}, {"dodge_ranks": "lots"})
    assert not variants.base.valid
    changed = variants.outcome({"dodge_ranks": 61})
    assert changed.valid and changed.values["base_value"] is not None
    again = variants.outcome({"agility_bonus": 21})
    assert again.json_problems() == variants.base.json_problems()
    status, document = calc_json(capsys, "gemstone4", None, ("dodge_ranks", "lots"),
                                 ("agility_bonus", "21"))
    assert status == 2 and again.json_values() == document["values"]


def test_evaluate_is_calc_with_preset_values_then_texts(capsys):
    ruleset = rulesets.get("gemstone4")
    preset = presets.find_preset("gemstone4-example-1", "gemstone4")
    outcome = evaluate(ruleset, preset.inputs, {"shield": "tower"})
    status, document = calc_json(capsys, "gemstone4", "gemstone4-example-1", ("shield", "tower"))
    assert status == 0 and outcome.json_values() == document["values"]
    # hand-worked (gemstone4.md, Example 2): the tower shield gives melee 25, ranged 50
    assert (outcome.values["melee_ds"], outcome.values["ranged_ds"]) == (25, 50)


def test_hand_worked_gemstone_odds_example():
    """odds.md: Example 1's melee DS 43, other DS 50, AS 150, AvD 30 → m = 87 → 87/100; the
    variant AS 150 of a sheet at AS 149 is that sheet."""
    texts = {"dodge_ranks": "60", "agility_bonus": "20", "intuition_bonus": "18",
             "armor_asg": "12", "shield": "medium", "stance": "advanced", "other_ds": "50",
             "avd": "30", "attacker_as": "149"}
    outcome = Variants(rulesets.get("gemstone4"), {}, texts).outcome({"attacker_as": 150})
    assert outcome.values["melee_ds"] == 43
    assert outcome.values["p_hit_melee"] == Fraction(87, 100)


def test_steps_follow_the_rules_of_a_step():
    ruleset = rulesets.get("gemstone4")
    inputs = dict(ruleset.defaults(), dodge_ranks=500, agility_bonus=0, stance="advanced")
    steps = what_if_steps(ruleset, inputs)
    names = [name for name, _ in steps]
    assert ("dodge_ranks", 501) not in steps and ("dodge_ranks", 499) in steps  # bound 500
    assert ("agility_bonus", 1) in steps and ("agility_bonus", -1) in steps
    assert "attacker_as" not in names  # optional, left empty
    stance = [value for name, value in steps if name == "stance"]
    assert stance == [c for c in ruleset.inputs["stance"].choices if c != "advanced"]
    assert ("exact_hindrance", not inputs["exact_hindrance"]) in steps
    exalted = rulesets.get("exalted2e")
    names = {name for name, _ in what_if_steps(exalted, exalted.defaults())}
    assert not names & {"stunt_faces", "ignored_penalties", "effects", "charm_limit"}


def test_json_value_is_calcs_form():
    assert json_value(Fraction(15, 2)) == "15/2"
    assert json_value(Fraction(4, 2)) == 2
    assert json_value((8, 3)) == [8, 3]
    assert json_value(None) is None and json_value(True) is True
