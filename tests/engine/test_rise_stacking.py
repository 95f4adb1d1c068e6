"""The Rise calculation guidelines, one rule at a time and in combination, on plain numbers.

Every case runs steps 5–9 of ``rise_oracle.pipeline`` (``rise_stacking``'s decisions on plain
integers, kept with the tests) for the Armor defense from a chosen base, so each expected number
can be checked by hand from the spec's rules.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.engine import rise_oracle as oracle  # noqa: E402
from worksheet.rulesets import rise_stacking as guide    # noqa: E402


def mod(name, value, type="untyped", defenses=("all",), maximum=None, minimum=None):
    return {"name": name, "value": value, "type": type, "defenses": tuple(defenses),
            "maximum": maximum, "minimum": minimum}


def mult(name, op, defenses=("all",)):
    return {"name": name, "op": op, "defenses": tuple(defenses)}


ENH, COND = "enhancement", "condition"

STACKING = [
    # id, modifiers, stacked total
    ("different names add up", [mod("A", 1), mod("B", 2)], 3),
    ("same name: largest bonus only", [mod("A", 2), mod("A", 3)], 3),
    ("same name is case-insensitive", [mod("Bless", 2), mod("bLESS", 1)], 2),
    ("same name: largest penalty only", [mod("A", -2), mod("A", -3)], -3),
    ("same name: a bonus and a penalty both count", [mod("A", 2), mod("a", -1)], 1),
    ("same name: largest bonus and largest penalty",
     [mod("A", 1), mod("A", -1), mod("A", 3), mod("A", -2)], 1),
    ("enhancement bonuses: largest only", [mod("E1", 1, ENH), mod("E2", 2, ENH)], 2),
    ("enhancement penalties: largest only", [mod("E1", -1, ENH), mod("E2", -3, ENH)], -3),
    ("enhancement bonus and penalty both count", [mod("E1", 2, ENH), mod("E2", -1, ENH)], 1),
    ("enhancement and untyped add", [mod("E", 2, ENH), mod("U", 1)], 3),
    ("R1: two enhancements and an untyped",
     [mod("Magic armor", 1, ENH), mod("Shield spell", 2, ENH), mod("Protect", 1)], 3),
    ("equal enhancements count once", [mod("E1", 2, ENH), mod("E2", 2, ENH)], 2),
    ("repeated condition counts once", [mod("Frightened", -2, COND), mod("frightened", -2, COND)],
     -2),
    ("different conditions add", [mod("Frightened", -2, COND), mod("Dazed", -1, COND)], -3),
    ("conditions are not enhancements: they add",
     [mod("Frightened", -2, COND), mod("Cursed", -1, ENH)], -3),
    ("value 0 adds nothing", [mod("Z", 0), mod("A", 1)], 1),
    ("same name as an enhancement: largest bonus of the name",
     [mod("A", 3, ENH), mod("A", 1)], 3),
    # enhancement rule first, then names (the documented reading):
    ("smaller enhancement out first, then its name-mate counts",
     [mod("A", 3, ENH), mod("a", 2), mod("B", 4, ENH)], 6),
    ("largest enhancement loses to its name; the smaller one stays out",
     [mod("A", 3, ENH), mod("a", 5), mod("B", 2, ENH)], 5),
    ("everything at once",
     [mod("Magic", 1, ENH), mod("Ward", 3, ENH), mod("Bless", 1), mod("bless", 2),
      mod("Slowed", -1, COND), mod("Slowed", -1, COND), mod("Hex", -2, ENH), mod("Jinx", -1, ENH),
      mod("Guard", 1)], 3 + 2 - 1 - 2 + 1),
]


@pytest.mark.parametrize("records,expected", [c[1:] for c in STACKING],
                         ids=[c[0] for c in STACKING])
def test_stacking(records, expected):
    assert oracle.pipeline(10, "armor", records).modifiers == expected
    assert oracle.pipeline(10, "armor", records).final == max(10 + expected, 0)


def test_stacking_reasons():
    verdicts = guide.stack([mod("Magic armor", 1, ENH), mod("Shield spell", 2, ENH),
                            mod("Protect", 1), mod("protect", 1), mod("Z", 0)])
    assert [v.counts for v in verdicts] == [False, True, True, False, False]
    assert "a larger enhancement bonus applies" in verdicts[0].reason
    assert "Shield spell" in verdicts[0].reason
    assert verdicts[3].reason.startswith("same name as “Protect” +1")
    assert "value 0" in verdicts[4].reason


def test_reason_when_the_larger_enhancement_lost_to_its_name():
    verdicts = guide.stack([mod("A", 3, ENH), mod("a", 5), mod("B", 2, ENH)])
    assert [v.counts for v in verdicts] == [False, True, False]
    assert "takes precedence" in verdicts[2].reason
    assert "does not count either" in verdicts[2].reason


def test_only_records_for_the_defense_count():
    records = [mod("Shield spell", 2, defenses=["armor"]), mod("Shield spell", 3),
               mod("Dodge", 1, defenses=["reflex", "brawn"])]
    assert oracle.pipeline(0, "armor", records).modifiers == 3
    assert oracle.pipeline(0, "reflex", records).modifiers == 4
    assert oracle.pipeline(0, "brawn", records).modifiers == 4
    assert oracle.pipeline(0, "mental", records).modifiers == 3


MULTIPLY = [
    # id, base, multipliers, value after step 6
    ("none", 7, [], 7),
    ("one doubling", 7, [mult("A", "double")], 14),
    ("two doublings make ×3", 7, [mult("A", "double"), mult("B", "double")], 21),
    ("three doublings make ×4", 7, [mult("A", "double"), mult("B", "double"),
                                    mult("C", "double")], 28),
    ("same-name doublings count once", 7, [mult("Enlarge", "double"), mult("enlarge", "double")],
     14),
    ("one halving rounds down", 7, [mult("A", "halve")], 3),
    ("two halvings make a third, rounded down", 7, [mult("A", "halve"), mult("B", "halve")], 2),
    ("two halvings of 10", 10, [mult("A", "halve"), mult("B", "halve")], 3),
    ("three halvings make a quarter", 9, [mult("A", "halve"), mult("B", "halve"),
                                         mult("C", "halve")], 2),
    ("same-name halvings count once", 7, [mult("A", "halve"), mult("A", "halve")], 3),
    ("a doubling and a halving cancel", 7, [mult("A", "double"), mult("B", "halve")], 7),
    ("same name, different op: both count", 7, [mult("Curse", "double"),
                                                mult("Curse", "halve")], 7),
    ("two doublings and a halving: ×3/2", 7, [mult("A", "double"), mult("B", "double"),
                                             mult("C", "halve")], 10),
    ("a doubling and two halvings: ×2/3", 7, [mult("A", "double"), mult("B", "halve"),
                                             mult("C", "halve")], 4),
    ("negative halved rounds toward −∞", -5, [mult("A", "halve")], -3),
    ("negative, two halvings", -5, [mult("A", "halve"), mult("B", "halve")], -2),
    ("negative doubled", -3, [mult("A", "double")], -6),
    ("another defense's multiplier", 7, [mult("A", "double", ["reflex"])], 7),
]


@pytest.mark.parametrize("base,records,expected", [c[1:] for c in MULTIPLY],
                         ids=[c[0] for c in MULTIPLY])
def test_multipliers(base, records, expected):
    steps = oracle.pipeline(base, "armor", [], records)
    assert steps.after_multipliers == expected
    assert steps.final == max(expected, 0)


def test_multiplier_factor_and_repeats():
    found = guide.multipliers([mult("A", "double"), mult("a", "double"), mult("B", "double"),
                               mult("C", "halve")], "armor")
    assert oracle.factor(found) == Fraction(3, 2)
    assert [(r["name"], first["name"]) for r, first in found.repeats] == [("a", "A")]


def test_modifiers_apply_before_multipliers():
    assert oracle.pipeline(10, "armor", [mod("A", 2)], [mult("D", "double")]).after_multipliers \
        == 24


CAPS = [
    # id, base, modifiers, value after step 7
    ("applies, limited by its cap", 10, [mod("A", 3, maximum=12)], 12),
    ("applies below its cap", 10, [mod("A", 1, maximum=12)], 11),
    ("ignored when the defense exceeds the cap (never lowers)", 13, [mod("A", 3, maximum=12)], 13),
    ("ignored with its cap when reached exactly", 12,
     [mod("A", 3, maximum=12), mod("B", 2, maximum=20)], 14),
    ("lowest of two caps wins", 10, [mod("A", 3, maximum=15), mod("B", 4, maximum=12)], 12),
    ("two caps not reached", 5, [mod("A", 1, maximum=15), mod("B", 2, maximum=12)], 8),
    ("capped bonuses share a name: largest only", 10,
     [mod("A", 2, maximum=20), mod("a", 3, maximum=30)], 13),
    ("capped enhancement bonuses: largest only", 10,
     [mod("E1", 2, ENH, maximum=20), mod("E2", 3, ENH, maximum=30)], 13),
    ("stacking first, then the reached cap is ignored", 12,
     [mod("A", 3, maximum=12), mod("a", 2, maximum=20)], 12),
    ("tie: the first listed counts, with its cap", 10,
     [mod("A", 3, maximum=11), mod("a", 3, maximum=30)], 11),
    ("capped and uncapped pools are separate", 10,
     [mod("Bless", 2), mod("Bless", 3, maximum=20)], 15),
    ("uncapped modifiers count toward reaching the cap", 10,
     [mod("U", 2), mod("A", 3, maximum=12)], 12),
    ("negative defense below the cap", -3, [mod("A", 5, maximum=1)], 1),
    ("other defense's capped bonus", 10, [mod("A", 3, defenses=["reflex"], maximum=20)], 10),
]


@pytest.mark.parametrize("base,records,expected", [c[1:] for c in CAPS],
                         ids=[c[0] for c in CAPS])
def test_caps(base, records, expected):
    assert oracle.pipeline(base, "armor", records).after_caps == expected


def test_caps_come_after_multipliers():
    records = [mod("A", 3, maximum=25)]
    assert oracle.pipeline(10, "armor", records, [mult("D", "double")]).after_caps == 23
    reached = [mod("A", 3, maximum=15)]
    assert oracle.pipeline(10, "armor", reached, [mult("D", "double")]).after_caps == 20


def test_cap_reasons():
    found = guide.caps(12, [mod("A", 3, maximum=12), mod("B", 2, maximum=20),
                            mod("b", 1, maximum=30)])
    assert [r["name"] for r in found.applied] == ["B"]
    reasons = dict((r["name"], why) for r, why in found.skipped)
    assert reasons["A"].startswith("cap 12 already reached")
    assert reasons["b"].startswith("same name as “B” +2")
    assert found.lowest == 20 and oracle.added(found) == 2


MINIMUMS = [
    # id, base, modifiers, value after step 8, final
    ("raises", 3, [mod("M", 0, minimum=5)], 5, 5),
    ("does not lower", 8, [mod("M", 0, minimum=5)], 8, 8),
    ("largest of two", 3, [mod("M", 0, minimum=5), mod("N", 0, minimum=7)], 7, 7),
    ("after the caps", 10, [mod("A", 3, maximum=11), mod("M", 0, minimum=12)], 12, 12),
    ("after a penalty", 10, [mod("P", -8), mod("M", 0, minimum=4)], 4, 4),
    ("a record that does not count keeps its minimum", 5,
     [mod("A", 1, minimum=9), mod("a", 2)], 9, 9),
    ("only for its defenses", 3, [mod("M", 0, defenses=["reflex"], minimum=9)], 3, 3),
    ("negative minimum, then the clamp", 0, [mod("P", -4), mod("M", 0, minimum=-2)], -2, 0),
]


@pytest.mark.parametrize("base,records,expected,final", [c[1:] for c in MINIMUMS],
                         ids=[c[0] for c in MINIMUMS])
def test_minimums(base, records, expected, final):
    steps = oracle.pipeline(base, "armor", records)
    assert steps.after_minimum == expected
    assert steps.final == final


def test_minimum_after_halving():
    steps = oracle.pipeline(9, "armor", [mod("M", 0, minimum=6)], [mult("H", "halve")])
    assert (steps.after_multipliers, steps.after_minimum) == (4, 6)


def test_minimum_above_a_cap_wins():
    steps = oracle.pipeline(10, "armor", [mod("A", 5, maximum=12), mod("M", 0, minimum=14)])
    assert (steps.after_caps, steps.after_minimum, steps.final) == (12, 14, 14)


CLAMP = [
    (2, [mod("P", -5)], 0),
    (0, [], 0),
    (-4, [], 0),
    (1, [mod("P", -1)], 0),
    (1, [], 1),
]


@pytest.mark.parametrize("base,records,final", CLAMP)
def test_never_below_zero(base, records, final):
    assert oracle.pipeline(base, "armor", records).final == final


def test_clamp_after_minimum_and_multipliers():
    steps = oracle.pipeline(-5, "armor", [], [mult("H", "halve")])
    assert (steps.after_multipliers, steps.final) == (-3, 0)


def test_applies():
    assert guide.applies(mod("A", 1), "mental")
    assert guide.applies(mod("A", 1, defenses=["armor", "reflex"]), "reflex")
    assert not guide.applies(mod("A", 1, defenses=["armor"]), "reflex")
