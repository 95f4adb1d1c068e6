"""Exalted 2e Defense Value: the spec's worked examples and every rule, table-driven."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from worksheet.engine import Sheet, State
from worksheet.rulesets import get

RULESET = get("exalted2e")


def sheet(**inputs) -> Sheet:
    return Sheet(RULESET, inputs)


def values(**inputs) -> dict:
    result = sheet(**inputs)
    assert result.problems == [], result.problems
    return result.values


def charm(name="Charm", value=1, **fields):
    return {"name": name, "value": value, **fields}


E1 = dict(dexterity=5, dodge=4, essence=3, dodge_adjustment=3, action_penalty=1,
          wound_penalty=1, mobility_penalty=1, onslaught=1, cover_bonus=1, stunt_faces=[8, 3],
          willpower=True,
          effects=[charm("own", 5, applies_to="dodge"),
                   charm("ally", 1, source="ally", applies_to="dodge")])
E3 = dict(character_type="mortal", dexterity=3, dodge=2, essence=1, wound_penalty=1)
E3_CLAMP = dict(E3, wound_penalty=4, onslaught=1, action_penalty=2, willpower=True)


# -- worked examples ---------------------------------------------------------------------------
def test_e1_solar_dodge_cap_binds():
    v = values(**E1)
    assert v["dodge_base"] == F(15, 2)
    assert v["stunt_successes"] == 1
    assert v["dodge_x"] == F(13, 2)
    assert v["dodge_charms"] == F(25, 2)
    assert v["dodge_y"] == 6
    assert v["dodge_limit"] == F(9, 2)
    assert v["dodge_capped"] == 11
    assert v["dodge_dv"] == 11
    assert v["parry_base"] == F(5, 2) and v["parry_x"] == F(5, 2)
    assert v["parry_limit"] == F(5, 2) and v["parry_dv"] == 3


def test_e3_mortal_rounds_down():
    v = values(**E3)
    assert v["dodge_base"] == F(5, 2)
    assert v["dodge_x"] == F(3, 2)
    assert v["dodge_limit"] == 0
    assert v["dodge_dv"] == 1
    assert values(**E3, rounding="up")["dodge_dv"] == 2


def test_e3_clamp():
    v = values(**E3_CLAMP)
    assert v["dodge_x"] == F(-7, 2)
    assert v["dodge_clamped"] == 0
    assert v["dodge_dv"] == 0


# -- contract ----------------------------------------------------------------------------------
def test_contract_results_and_types():
    v = values(**E1)
    for name in RULESET.results:
        assert name in v
    for name in ("stunt_successes", "virtue_successes", "dodge_dv", "parry_dv"):
        assert type(v[name]) is int
    for name in ("dodge_base", "parry_base", "dodge_x", "parry_x", "dodge_limit",
                 "parry_limit"):
        assert isinstance(v[name], (int, F)) and not isinstance(v[name], bool)
    assert RULESET.title == "Exalted 2e — Defense Value"


def test_defaults():
    v = values()
    # Dexterity 3, everything else 0, Essence 1: both bases 3/2, solar rounds up to 2.
    assert v["dodge_base"] == F(3, 2) and v["parry_base"] == F(3, 2)
    assert v["dodge_limit"] == F(3, 2) and v["parry_limit"] == F(3, 2)
    assert v["dodge_dv"] == 2 and v["parry_dv"] == 2


# -- step A ------------------------------------------------------------------------------------
@pytest.mark.parametrize("essence, dodge_base",
                         [(1, F(7, 2)), (2, F(9, 2)), (3, 5), (10, F(17, 2))])
def test_essence_counts_for_dodge_only_from_2(essence, dodge_base):
    v = values(dexterity=4, dodge=3, combat_ability=3, essence=essence)
    assert v["dodge_base"] == dodge_base
    assert v["parry_base"] == F(7, 2)


@pytest.mark.parametrize("inputs, dodge_base, parry_base", [
    (dict(dodge_specialties=3), 3, F(3, 2)),
    (dict(parry_specialties=2), F(3, 2), F(5, 2)),
    (dict(dodge_adjustment=3), 3, F(3, 2)),
    (dict(parry_adjustment=-10), F(3, 2), F(-7, 2)),
    (dict(weapon_defense=-5), F(3, 2), -1),
    (dict(weapon_defense=2, combat_ability=4), F(3, 2), F(9, 2)),
])
def test_base_terms(inputs, dodge_base, parry_base):
    v = values(**inputs)
    assert v["dodge_base"] == dodge_base
    assert v["parry_base"] == parry_base


# -- step B ------------------------------------------------------------------------------------
@pytest.mark.parametrize("inputs, dodge_b, parry_b", [
    (dict(dodge_inapplicable=True), 0, F(3, 2)),
    (dict(parry_inapplicable=True), F(3, 2), 0),
    (dict(dexterity=0, dodge_inapplicable=True), 0, 0),
    (dict(dexterity=0, weapon_defense=-5, parry_inapplicable=True), 0, F(-5, 2)),
    (dict(dexterity=0, dodge_adjustment=-3, dodge_inapplicable=True), F(-3, 2), 0),
])
def test_inapplicability(inputs, dodge_b, parry_b):
    v = values(**inputs)
    assert v["dodge_b"] == dodge_b
    assert v["parry_b"] == parry_b


def test_inapplicable_can_be_overcome_by_stunt():
    v = values(dodge_inapplicable=True, stunt_faces=[10])
    assert v["dodge_x"] == 2 and v["dodge_dv"] == 2


# -- step C: penalties -------------------------------------------------------------------------
@pytest.mark.parametrize("penalty, value, dodge_loss, parry_loss", [
    ("action_penalty", 2, 2, 2),
    ("wound_penalty", 4, 4, 4),
    ("mobility_penalty", 3, 3, 0),
    ("shield_mobility_penalty", 2, 2, 0),
    ("onslaught", 5, 5, 5),
    ("terrain_penalty", 1, 1, 1),
])
def test_each_penalty_and_the_defense_it_touches(penalty, value, dodge_loss, parry_loss):
    plain = values(dexterity=10, dodge=10, combat_ability=10)
    hurt = values(dexterity=10, dodge=10, combat_ability=10, **{penalty: value})
    assert plain["dodge_c"] - hurt["dodge_c"] == dodge_loss
    assert plain["parry_c"] - hurt["parry_c"] == parry_loss
    ignored = values(dexterity=10, dodge=10, combat_ability=10, ignored_penalties=[penalty],
                     **{penalty: value})
    assert ignored["dodge_c"] == plain["dodge_c"]
    assert ignored["parry_c"] == plain["parry_c"]


def test_parry_notes_mobility_not_applied():
    s = sheet(mobility_penalty=2, wound_penalty=1, ignored_penalties=["wound_penalty"])
    notes = " ".join(s.status("parry_c").derivation.notes)
    assert "mobility_penalty 2: Dodge only" in notes
    assert "wound_penalty 1: ignored" in notes


def test_all_penalties_together():
    v = values(dexterity=10, dodge=10, combat_ability=10, action_penalty=1, wound_penalty=2,
               mobility_penalty=3, shield_mobility_penalty=4, onslaught=5, terrain_penalty=5)
    assert v["dodge_c"] == 10 - 20 and v["parry_c"] == 10 - 13


@pytest.mark.parametrize("shield, cover, bonus", [
    (0, 0, 0), (2, 0, 2), (0, 3, 3), (2, 1, 2), (2, 2, 2), (1, 3, 3), (5, 3, 5),
])
def test_shield_versus_cover(shield, cover, bonus):
    v = values(shield_bonus=shield, cover_bonus=cover)
    assert v["shield_or_cover"] == bonus
    assert v["dodge_c"] == F(3, 2) + bonus
    assert v["parry_c"] == F(3, 2) + bonus


@pytest.mark.parametrize("ground, ignored, modifier", [
    ("level", [], 0), ("high", [], 1), ("low", [], -1),
    ("low", ["low_ground"], 0), ("high", ["low_ground"], 1), ("level", ["low_ground"], 0),
])
def test_ground(ground, ignored, modifier):
    v = values(ground=ground, ignored_penalties=ignored)
    assert v["ground_modifier"] == modifier
    assert v["dodge_c"] == F(3, 2) + modifier
    assert v["parry_c"] == F(3, 2) + modifier


# -- step C: dice and Willpower ----------------------------------------------------------------
@pytest.mark.parametrize("faces, count", [
    ([], 0), ([1], 0), ([6], 0), ([7], 1), ([8], 1), ([9], 1), ([10], 2),
    ([10, 10, 10], 6), ([7, 6, 10], 3), ([1, 2, 3], 0),
])
def test_stunt_successes(faces, count):
    v = values(stunt_faces=faces)
    assert v["stunt_successes"] == count
    assert v["dodge_c"] == F(3, 2) + count and v["parry_c"] == F(3, 2) + count


@pytest.mark.parametrize("faces, count", [
    ([], 0), ([6], 0), ([7], 1), ([9], 1), ([10], 2), ([10, 9, 8, 7, 1], 5),
    ([10, 10, 10, 10, 10], 10),
])
def test_virtue_successes(faces, count):
    v = values(virtue_faces=faces)
    assert v["virtue_successes"] == count
    assert v["dodge_c"] == F(3, 2) + count and v["parry_c"] == F(3, 2) + count


def test_willpower_adds_one_to_both():
    v = values(willpower=True)
    assert v["dodge_c"] == F(5, 2) and v["parry_c"] == F(5, 2)


def test_stunt_and_willpower_together_are_fine():
    v = values(willpower=True, stunt_faces=[10])
    assert v["dodge_c"] == F(3, 2) + 3


def test_virtue_and_willpower_together_is_a_problem():
    s = sheet(willpower=True, virtue_faces=[8])
    assert [p.input for p in s.problems] == ["willpower"]
    assert "Virtue channeling or Willpower" in s.problems[0].message
    assert s.status("willpower_bonus").state is State.ERROR
    for blocked in ("dodge_c", "parry_x", "dodge_dv", "parry_dv"):
        assert s.status(blocked).state is State.BLOCKED
        assert s.value(blocked) is None
    # what does not depend on it is still computed
    for fine in ("dodge_base", "parry_base", "stunt_successes", "virtue_successes",
                 "dodge_limit", "parry_limit"):
        assert s.status(fine).ok
    assert s.value("virtue_successes") == 1


# -- step D ------------------------------------------------------------------------------------
@pytest.mark.parametrize("effects, dodge_x, parry_x", [
    # adds before multipliers, whatever the listed order: (3/2 + 1) × 2 = 5
    ([charm("double", 2, step="magic", op="multiply"), charm("plus", 1, step="magic")], 5, 5),
    # multiply then divide in order: 3/2 × 3 / 2 = 9/4
    ([charm("x3", 3, step="magic", op="multiply"), charm("/2", 2, step="magic", op="divide")],
     F(9, 4), F(9, 4)),
    # a cap-ignoring Charm belongs to step D
    ([charm("ignores cap", 4, ignores_cap=True)], F(11, 2), F(11, 2)),
    # a magic effect is in D whatever its source and ignores_cap
    ([charm("curse", -1, step="magic", source="hostile", ignores_cap=False)], F(1, 2), F(1, 2)),
    # applies_to picks the defense
    ([charm("d", 1, step="magic", applies_to="dodge"),
      charm("p", 2, step="magic", applies_to="parry")], F(5, 2), F(7, 2)),
    # an ordinary Charm is not in D
    ([charm("charm", 3)], F(3, 2), F(3, 2)),
    # adds of both kinds first, then the scale: (3/2 + 1 + 1/2) / 2 = 3/2
    ([charm("half", 2, step="magic", op="divide"), charm("a", 1, step="magic"),
      charm("b", F(1, 2), ignores_cap=True)], F(3, 2), F(3, 2)),
    # multiply by 0 is allowed
    ([charm("null", 0, step="magic", op="multiply"), charm("a", 5, step="magic")], 0, 0),
])
def test_step_d(effects, dodge_x, parry_x):
    v = values(effects=effects)
    assert v["dodge_x"] == dodge_x
    assert v["parry_x"] == parry_x


def test_cap_ignoring_charm_escapes_the_cap():
    # mortal: L = 0, so an ordinary Charm adds nothing but a cap-ignoring one counts in full
    v = values(character_type="mortal", effects=[charm("free", 3, ignores_cap=True),
                                                 charm("capped", 3)])
    assert v["dodge_x"] == F(9, 2) and v["dodge_charms"] == F(15, 2)
    assert v["dodge_capped"] == F(9, 2) and v["dodge_dv"] == 4


# -- step E ------------------------------------------------------------------------------------
@pytest.mark.parametrize("effects, charms", [
    # adds before multiply regardless of list order: (3/2 + 1) × 2 = 5, not 3/2 × 2 + 1 = 4
    ([charm("x2", 2, op="multiply"), charm("a", 1)], 5),
    # self, ally, hostile adds then divide: (3/2 + 2 + 1 - 1) / 2 = 7/4
    ([charm("half", 2, op="divide", source="hostile"), charm("h", -1, source="hostile"),
      charm("al", 1, source="ally"), charm("s", 2)], F(7, 4)),
    # multiplies then divides: 3/2 × 3 / 2 = 9/4
    ([charm("/2", 2, op="divide"), charm("x3", 3, op="multiply")], F(9, 4)),
    ([charm("debuff", F(-1, 2), source="hostile")], 1),
    ([], F(3, 2)),
])
def test_step_e_order(effects, charms):
    v = values(effects=effects, charm_limit=100)
    assert v["dodge_charms"] == charms
    assert v["dodge_y"] == charms - F(3, 2)


@pytest.mark.parametrize("kind, dodge_limit, parry_limit", [
    ("solar", F(7, 2), F(5, 2)),
    ("abyssal", F(7, 2), F(5, 2)),
    ("infernal", F(7, 2), F(5, 2)),
    ("lunar", F(3, 2), F(3, 2)),
    ("alchemical", F(3, 2), F(3, 2)),
    ("dragon-blooded", F(5, 2), F(3, 2)),
    ("sidereal", F(5, 2), F(5, 2)),
    ("mortal", 0, 0),
])
def test_limit_for_every_type(kind, dodge_limit, parry_limit):
    v = values(character_type=kind, dexterity=3, dodge=4, combat_ability=2, essence=5,
               dodge_specialties=1, parry_specialties=1)
    assert v["dodge_limit"] == dodge_limit
    assert v["parry_limit"] == parry_limit


@pytest.mark.parametrize("kind", ["solar", "lunar", "dragon-blooded", "sidereal", "mortal"])
@pytest.mark.parametrize("override", [0, F(1, 2), 3, F(15, 2)])
def test_charm_limit_overrides_both(kind, override):
    v = values(character_type=kind, charm_limit=override, dexterity=5, dodge=5, essence=4)
    assert v["dodge_limit"] == override and v["parry_limit"] == override


@pytest.mark.parametrize("bonus, capped", [
    # solar with Dexterity 3, Dodge 0: L = 3/2, X = 3/2
    (1, F(5, 2)),                  # Y = 1 < L
    (F(3, 2), 3),                  # Y = L: does not bind
    (2, 3),                        # Y > L: X + L
    (10, 3),
    (-5, F(-7, 2)),                # negative Y never binds
])
def test_the_cap(bonus, capped):
    v = values(effects=[charm("c", bonus, applies_to="dodge")])
    assert v["dodge_capped"] == capped


def test_cap_with_multiplying_charm_uses_y_not_the_sum():
    # X = 3/2, ×3 → 9/2, Y = 3 > L = 3/2 → 3
    v = values(effects=[charm("x3", 3, op="multiply")])
    assert v["dodge_y"] == 3 and v["dodge_capped"] == 3 and v["dodge_dv"] == 3


def test_halving_charm_is_negative_y():
    v = values(dexterity=8, effects=[charm("half", 2, op="divide")])
    assert v["dodge_x"] == 4 and v["dodge_charms"] == 2 and v["dodge_y"] == -2
    assert v["dodge_dv"] == 2


def test_limit_fraction_is_kept():
    # L = 9/2 is kept exact: X + L = 1/2 + 9/2 = 5 (rounding L up first would give 11/2 → 6)
    v = values(dexterity=5, dodge=4, effects=[charm("c", 9)], dodge_adjustment=-8)
    assert v["dodge_x"] == F(1, 2) and v["dodge_limit"] == F(9, 2)
    assert v["dodge_capped"] == 5


# -- step F ------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, up, half_up, down", [
    (F(5, 4), 2, 1, 1),        # x.25: up and half-up differ
    (F(7, 4), 2, 2, 1),        # x.75: half-up and down differ
    (F(5, 2), 3, 3, 2),        # x.5: halves go up
    (F(9, 4), 3, 2, 2),
    (3, 3, 3, 3),
    (0, 0, 0, 0),
    (F(1, 4), 1, 0, 0),
    (F(3, 4), 1, 1, 0),
])
def test_rounding_modes(value, up, half_up, down):
    effects = [charm("scale", value, step="magic", op="multiply")]
    base = dict(dexterity=2, effects=effects)   # base 1 × value
    for kind in ("solar", "mortal"):
        assert values(character_type=kind, rounding="up", **base)["dodge_dv"] == up
        assert values(character_type=kind, rounding="half-up", **base)["dodge_dv"] == half_up
        assert values(character_type=kind, rounding="down", **base)["dodge_dv"] == down


@pytest.mark.parametrize("kind, expected", [
    ("solar", 2), ("lunar", 2), ("dragon-blooded", 2), ("sidereal", 2), ("abyssal", 2),
    ("infernal", 2), ("alchemical", 2), ("mortal", 1),
])
def test_by_type_rounding(kind, expected):
    v = values(character_type=kind, dexterity=2,
               effects=[charm("scale", F(5, 4), step="magic", op="multiply")])
    assert v["dodge_clamped"] == F(5, 4)
    assert v["dodge_dv"] == expected
    assert v["rounding_used"] == ("down" if kind == "mortal" else "up")


@pytest.mark.parametrize("rounding", ["by-type", "up", "half-up", "down"])
def test_clamp_before_rounding(rounding):
    v = values(dexterity=0, wound_penalty=1, rounding=rounding, stunt_faces=[7],
               effects=[charm("c", F(-1, 4), step="magic")])
    # 0 - 1 + 1 - 1/4 = -1/4 → 0 in every mode (ceil(-1/4) would be 0 anyway; half-up 0)
    assert v["dodge_x"] == F(-1, 4)
    assert v["dodge_clamped"] == 0 and v["dodge_dv"] == 0
    v = values(dexterity=0, wound_penalty=4, rounding=rounding)
    assert v["dodge_clamped"] == 0 and v["dodge_dv"] == 0 and v["parry_dv"] == 0
