"""shadowrun4: Hypothesis properties over every valid input, built from the declarations."""

from __future__ import annotations

from hypothesis import given, settings

from tests.strategies import valid_values
from worksheet.engine import Sheet
from worksheet.rulesets import get

RULESET = get("shadowrun4")
RESULTS = RULESET.results


INPUTS = valid_values(RULESET)
ALLOWED_PROBLEMS = {"full_defense", "defender_hits", "defender_faces"}


def _conflicts(inputs, pool=None) -> set[str]:
    """The problems the inputs must raise; ``pool`` is the sheet's defense pool (its rules are
    checked on their own below) for the faces-versus-pool problem."""
    found = set()
    if inputs["attack"] == "ranged" and inputs["full_defense"] == "full-parry":
        found.add("full_defense")
    if inputs["defender_hits"] is not None and inputs["defender_faces"]:
        found.add("defender_hits")
    elif (pool is not None and not inputs["edge_dice"]
          and len(inputs["defender_faces"]) > pool):
        found.add("defender_faces")
    return found


@settings(max_examples=200, deadline=None)
@given(INPUTS)
def test_any_valid_input_evaluates(inputs):
    s = Sheet(RULESET, inputs)
    assert s.internal_errors == []
    conflicts = _conflicts(inputs, s.value("defense_pool"))
    assert {p.input for p in s.problems} == conflicts
    if not conflicts:
        for name in RESULTS:
            assert s.status(name).ok, name
    assert isinstance(s.value("no_defense"), bool)
    assert type(s.value("modifier_total")) is int


@settings(max_examples=200, deadline=None)
@given(INPUTS)
def test_pool_is_never_negative_and_follows_the_rules(inputs):
    s = Sheet(RULESET, inputs)
    pool = s.value("defense_pool")
    if pool is None:
        assert "full_defense" in _conflicts(inputs)
        return
    assert type(pool) is int and pool >= 0
    if s.value("no_defense"):
        assert pool == 0
    else:
        assert pool == max(0, s.value("base_pool") + s.value("modifier_total")
                           + inputs["edge_dice"])


@settings(max_examples=200, deadline=None)
@given(INPUTS)
def test_one_more_previous_defense_never_raises_the_pool(inputs):
    if inputs["previous_defenses"] == 20:
        inputs["previous_defenses"] = 19
    before = Sheet(RULESET, inputs)
    after = Sheet(RULESET, {**inputs, "previous_defenses": inputs["previous_defenses"] + 1})
    if before.value("defense_pool") is None:
        return
    assert after.value("defense_pool") <= before.value("defense_pool")
    assert after.value("modifier_total") == before.value("modifier_total") - 1


@settings(max_examples=200, deadline=None)
@given(INPUTS)
def test_outcome_matches_the_opposed_test(inputs):
    s = Sheet(RULESET, inputs)
    if _conflicts(inputs, s.value("defense_pool")):
        return
    attacker = inputs["attacker_hits"]
    if s.value("no_defense") or s.value("defense_pool") == 0:
        defender = 0
    elif inputs["defender_faces"]:
        defender = sum(1 for f in inputs["defender_faces"] if f >= 5)
    else:
        defender = inputs["defender_hits"]
    if attacker is None or defender is None:
        assert (s.value("hit"), s.value("net_hits")) == (None, None)
    else:
        assert s.value("hit") is (attacker > defender)
        assert s.value("net_hits") == max(0, attacker - defender)
    faces = inputs["defender_faces"]
    glitch = s.value("defender_glitch")
    if not faces:
        assert glitch is None
    else:
        ones = faces.count(1)
        hits = sum(1 for f in faces if f >= 5)
        expected = ("critical" if hits == 0 else "glitch") if 2 * ones >= len(faces) else "none"
        assert glitch == expected
