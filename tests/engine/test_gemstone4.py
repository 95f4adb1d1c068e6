"""GemStone IV Evade DS: the article's examples and every rule of shared/spec/gemstone4.md."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings

from tests.strategies import valid_values
from worksheet.engine import Sheet
from worksheet.rulesets import get

RULESET = get("gemstone4")
EXAMPLE_1 = dict(dodge_ranks=60, agility_bonus=20, intuition_bonus=18, armor_asg=12,
                 shield="medium", stance="advanced")


def sheet(**inputs):
    return Sheet(RULESET, inputs)


def test_example_1():
    s = sheet(**EXAMPLE_1)
    assert s.value("base_value") == 84
    assert s.value("hindrance") == F(94, 100)
    assert [s.value(n) for n in ("melee_after_armor", "after_shield", "melee_after_size",
                                 "melee_after_stance")] == [78, 54, 54, 43]
    assert (s.value("melee_ds"), s.value("ranged_ds")) == (43, 65)


def test_example_2_tower_shield():
    s = sheet(**{**EXAMPLE_1, "shield": "tower"})
    assert s.value("after_shield") == 42
    assert s.value("melee_after_size") == 32
    assert s.value("ranged_after_stance") == 33
    assert (s.value("melee_ds"), s.value("ranged_ds")) == (25, 50)


def test_truncating_each_step_differs_from_truncating_once():
    exact_once = 84 * F(94, 100) * F(70, 100) * F(80, 100)
    assert int(exact_once) == 44
    assert sheet(**EXAMPLE_1).value("melee_ds") == 43


@pytest.mark.parametrize("intuition,base", [(18, 84), (19, 84), (20, 85), (-1, 80), (-5, 79),
                                            (-7, 79), (-8, 78), (3, 80)])
def test_base_value_truncates_the_quarter_toward_zero(intuition, base):
    assert sheet(dodge_ranks=60, agility_bonus=20, intuition_bonus=intuition).value(
        "base_value") == base


ARMOR_TABLE = [  # ASG, action penalty, the article's factor (shared/spec/gemstone4.md)
    (1, 0, "1.00"), (2, 0, "1.00"), (5, 0, "1.00"), (6, -1, "1.00"), (7, -5, "0.98"),
    (8, -6, "0.97"), (9, -7, "0.97"), (10, -8, "0.96"), (11, -10, "0.95"), (12, -12, "0.94"),
    (13, -13, "0.94"), (14, -14, "0.93"), (15, -16, "0.92"), (16, -18, "0.91"),
    (17, -20, "0.90"), (18, -25, "0.88"), (19, -30, "0.85"), (20, -35, "0.83"),
]


@pytest.mark.parametrize("asg,ap,factor", ARMOR_TABLE)
def test_armor_table_and_hindrance(asg, ap, factor):
    s = sheet(armor_asg=asg)
    assert s.value("action_penalty") == ap
    assert s.value("hindrance") == F(factor)  # rule 2: the table factor without Armored Evasion
    exact = sheet(armor_asg=asg, exact_hindrance=True)
    assert exact.value("hindrance") == 1 + F(ap, 200)


@pytest.mark.parametrize("asg,ap,factor", ARMOR_TABLE)
def test_table_factor_is_the_exact_hindrance_rounded_half_up(asg, ap, factor):
    exact = 1 + F(ap, 200)
    assert F(int(exact * 100 + F(1, 2)), 100) == F(factor)


def test_chain_mail_exact_hindrance_and_one_rank():
    # the spec's rule 2 example: 1 − 13/200 = 0.935; with one rank −13 + 1 = −12 → 0.94
    assert sheet(armor_asg=13, exact_hindrance=True).value("hindrance") == F(935, 1000)
    assert sheet(armor_asg=13).value("hindrance") == F(94, 100)
    one = sheet(armor_asg=13, armored_evasion=1)
    assert one.value("effective_action_penalty") == -12
    assert one.value("hindrance") == F(94, 100)


def test_exact_hindrance_changes_the_ds():
    # 84 × 0.935 = 78.54 → 78, the same here; full plate: 100 × 0.825 = 82.5 → 82, table 83
    table = sheet(dodge_ranks=100, armor_asg=20, stance="defensive")
    exact = sheet(dodge_ranks=100, armor_asg=20, stance="defensive", exact_hindrance=True)
    assert (table.value("melee_after_armor"), exact.value("melee_after_armor")) == (83, 82)


def test_exact_hindrance_refuses_what_is_not_a_bool():
    problems = sheet(exact_hindrance="maybe").problems
    assert [p.input for p in problems] == ["exact_hindrance"]
    assert "'maybe'" in problems[0].message


@pytest.mark.parametrize("asg,group", [(1, 1), (2, 1), (5, 2), (8, 2), (9, 3), (12, 3), (13, 4),
                                       (16, 4), (17, 5), (20, 5)])
def test_armor_groups(asg, group):
    assert sheet(armor_asg=asg).value("armor_group") == group


@pytest.mark.parametrize("asg,ranks,may_pass_zero,effective", [
    (20, 5, True, -35 + 5),       # plate: trunc(5 × 2 / 2) = 5
    (20, 1, True, -35 + 1),       # trunc(1 × 2 / 2) = 1
    (13, 1, True, -13 + 1),       # chain: trunc(1 × 3 / 2) = trunc(1.5) = 1
    (13, 3, True, -13 + 4),       # trunc(3 × 3 / 2) = trunc(4.5) = 4
    (12, 5, True, -12 + 10),      # scale: trunc(5 × 4 / 2) = 10
    (7, 5, True, -5 + 12),        # leather: trunc(5 × 5 / 2) = 12, the penalty passes 0
    (7, 5, False, 0),             # the older rule clamps at 0
    (1, 5, True, 15),             # cloth: 3 per rank
    (1, 5, False, 0),
    (19, 0, True, -30),
])
def test_armored_evasion(asg, ranks, may_pass_zero, effective):
    s = sheet(armor_asg=asg, armored_evasion=ranks, armor_penalty_may_be_positive=may_pass_zero)
    assert s.value("effective_action_penalty") == effective
    assert s.value("hindrance") == 1 + F(effective, 200)


@pytest.mark.parametrize("shield,factor,penalty", [("none", 1, 0), ("small", F(78, 100), 0),
                                                   ("medium", F(70, 100), 0),
                                                   ("large", F(62, 100), 5),
                                                   ("tower", F(54, 100), 10)])
def test_shields(shield, factor, penalty):
    s = sheet(shield=shield)
    assert (s.value("shield_factor"), s.value("shield_size_penalty")) == (factor, penalty)


@pytest.mark.parametrize("stance,modifier", [("offensive", F(3, 4)), ("advanced", F(4, 5)),
                                             ("forward", F(17, 20)), ("neutral", F(9, 10)),
                                             ("guarded", F(19, 20)), ("defensive", 1)])
def test_stances(stance, modifier):
    assert sheet(stance=stance).value("stance_modifier") == modifier


def test_ranged_skips_the_size_penalty_and_rounds_up():
    s = sheet(dodge_ranks=100, shield="large", stance="defensive")
    assert s.value("after_shield") == 62
    assert s.value("melee_ds") == 57
    assert s.value("ranged_after_stance") == 62
    assert s.value("ranged_ds") == 93


def test_ranged_round_up_on_odd_value():
    s = sheet(dodge_ranks=43, stance="defensive")
    assert s.value("ranged_ds") == 65  # 43 × 1.5 = 64.5 → 65


def test_negative_melee_truncates_toward_zero():
    s = sheet(dodge_ranks=5, shield="tower", stance="advanced")
    # 5 → ×0.54 = 2.7 → 2; 2 − 10 = −8; −8 × 0.8 = −6.4 → −6 (toward zero, not −7)
    assert s.value("melee_after_size") == -8
    assert s.value("melee_ds") == -6


@pytest.mark.parametrize("encumbrance,melee", [(0, 100), (2, 99), (3, 98), (100, 50), (199, 0),
                                               (200, 0), (500, 0)])
def test_encumbrance_example(encumbrance, melee):
    s = sheet(dodge_ranks=100, stance="defensive", body_weight=200, encumbrance=encumbrance)
    assert s.value("melee_ds") == melee


def test_encumbrance_applies_to_ranged_too():
    s = sheet(dodge_ranks=100, stance="defensive", body_weight=200, encumbrance=100)
    assert s.value("ranged_ds") == 75


def test_each_truncation_is_a_visible_step():
    s = sheet(**EXAMPLE_1)
    derivation = s.status("melee_after_armor").derivation
    assert derivation.formula == "trunc(base_value × hindrance)"
    assert derivation.substituted == "trunc(84 × 0.94 = 78.96)"
    assert derivation.result == "78"
    assert s.status("ranged_before_encumbrance").derivation.substituted == "ceil(43 × 1.5 = 64.5)"


def test_changing_the_stance_recomputes_only_its_descendants():
    s = sheet(**EXAMPLE_1)
    changed = s.set("stance", "defensive")
    assert changed == {"stance", "stance_modifier", "melee_after_stance", "ranged_after_stance",
                       "ranged_before_encumbrance", "melee_ds", "ranged_ds"}


inputs = valid_values(RULESET)


@settings(max_examples=300, deadline=None)
@given(inputs)
def test_any_valid_input_gives_integer_results(values):
    s = sheet(**values)
    assert s.problems == [] and not s.internal_errors
    melee, ranged = s.value("melee_ds"), s.value("ranged_ds")
    assert type(melee) is int and type(ranged) is int
    for node, ds in (("p_hit_melee", melee), ("p_hit_ranged", ranged)):
        if values["attacker_as"] is None:
            assert s.value(node) is None
        else:
            m = values["attacker_as"] - (ds + values["other_ds"]) + values["avd"]
            assert s.value(node) == F(min(max(m, 0), 100), 100)
    if s.value("melee_after_stance") >= 0:
        assert 0 <= melee <= s.value("melee_after_stance")
