"""vtm-revised: properties over every valid input (strategies from the input declarations)."""

from __future__ import annotations

from hypothesis import given, settings

from tests.strategies import valid_values
from worksheet.engine import Sheet
from worksheet.rulesets import get

RULESET = get("vtm-revised")


INPUTS = valid_values(RULESET)


def _expected_problems(inputs, pool=None) -> list[str]:
    """The problems the inputs must raise; ``pool`` is the sheet's defense pool (checked on its
    own below) for the faces-versus-pool problem."""
    found = []
    if inputs["mode"] == "multiple-action" and inputs["position"] > inputs["actions"]:
        found.append("position")
    if inputs["defender_successes"] is not None and inputs["defender_faces"]:
        found.append("defender_faces")
    elif pool is not None and len(inputs["defender_faces"]) > pool:
        found.append("defender_faces")
    rank = list(RULESET.inputs)
    return sorted(found, key=rank.index)


@settings(max_examples=300, deadline=None)
@given(INPUTS)
def test_any_valid_input_evaluates(inputs):
    sheet = Sheet(RULESET, inputs)
    assert sheet.internal_errors == []
    assert [p.input for p in sheet.problems] == _expected_problems(
        inputs, sheet.value("defense_pool"))
    got = sheet.values
    assert isinstance(got["allowed"], bool)
    assert isinstance(got["raw_pool"], int) and isinstance(got["difficulty"], int)
    assert (got["reason"] is None) == got["allowed"]
    if not sheet.problems:
        for name in ("dice_penalty", "defense_pool"):
            assert isinstance(got[name], int)
        assert got["defender_botch"] in (None, True, False)
        for name in ("defender_net_successes", "remaining_successes", "riposte_pool"):
            assert got[name] is None or (isinstance(got[name], int) and got[name] >= 0)


@settings(max_examples=300, deadline=None)
@given(INPUTS)
def test_pool_is_never_negative(inputs):
    got = Sheet(RULESET, inputs).values
    if got["defense_pool"] is not None:
        assert got["defense_pool"] >= 0
        assert got["defense_pool"] == max(0, got["raw_pool"] - got["dice_penalty"]
                                          - inputs["wound_penalty"])
    assert got["raw_pool"] >= 1


@settings(max_examples=300, deadline=None)
@given(INPUTS)
def test_outcome_is_consistent(inputs):
    sheet = Sheet(RULESET, inputs)
    if sheet.problems:
        return
    got = sheet.values
    assert inputs["base_difficulty"] <= got["difficulty"] <= 10
    net = got["defender_net_successes"]
    usable = got["allowed"] and got["defense_pool"] > 0
    if not usable:
        assert net == 0 and got["defender_botch"] is False
    elif inputs["defender_faces"]:
        # each face adds at most one success; a Willpower point one more
        assert net <= len(inputs["defender_faces"]) + (1 if inputs["willpower_success"] else 0)
        if inputs["willpower_success"]:
            assert net >= 1 and got["defender_botch"] is False
    attacker = inputs["attacker_successes"]
    if attacker is None or net is None:
        assert got["hit"] is None and got["remaining_successes"] is None
    else:
        assert got["hit"] is (attacker > net)
        assert got["remaining_successes"] == max(0, attacker - net)
    if got["riposte_pool"] is not None:
        assert inputs["maneuver"] == "parry" and inputs["attack"] == "brawl"
        assert inputs["weapon_lethal"] and got["hit"] is False and net > attacker
        strength = inputs["strength"] if inputs["riposte_adds_strength"] else 0
        assert got["riposte_pool"] == strength + inputs["weapon_damage"] + net - attacker
