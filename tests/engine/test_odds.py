"""The odds of shared/spec/odds.md: the spec's examples, and every ruleset's odds against an
independent computation written here with plain Fraction convolution (no icepool), table-driven
at the bounds."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction as F

import pytest

from worksheet import cli
from worksheet.engine import Sheet
from worksheet.engine.odds_text import percent
from worksheet.rulesets import get

EXALTED, GEMSTONE, RISE = get("exalted2e"), get("gemstone4"), get("rise")
SHADOWRUN, VAMPIRE = get("shadowrun4"), get("vtm-revised")


# -- an independent model: distributions as {outcome: Fraction}, convolved by hand -------------

def convolve(a: dict, b: dict, cap: int | None = None) -> dict:
    """The sum of two independent distributions; with ``cap``, sums above it are dropped."""
    out: dict = {}
    for x, p in a.items():
        for y, q in b.items():
            if cap is None or x + y <= cap:
                out[x + y] = out.get(x + y, 0) + p * q
    return out


def pool_of(die: dict, n: int, cap: int | None = None) -> dict:
    total = {0: F(1)}
    for _ in range(n):
        total = convolve(total, die, cap)
    return total


def p_greater(a: dict, b: dict) -> F:
    return sum((p * q for x, p in a.items() for y, q in b.items() if x > y), F(0))


EXALTED_DIE = {0: F(6, 10), 1: F(3, 10), 2: F(1, 10)}
HIT_DIE = {0: F(2, 3), 1: F(1, 3)}


def edge_die(cap: int) -> dict:
    """One Rule-of-Six die's hits, exactly, for 0 … cap (the rest of the mass is dropped)."""
    die = {0: F(0)}
    for sixes in range(cap + 1):  # `sixes` sixes, then a 1–4 (0 more) or a 5 (1 more)
        chain = F(1, 6) ** sixes
        die[sixes] = die.get(sixes, 0) + chain * F(4, 6)
        if sixes + 1 <= cap:
            die[sixes + 1] = die.get(sixes + 1, 0) + chain * F(1, 6)
    return die


def vtm_die(difficulty: int) -> dict:
    return {-1: F(1, 10), 0: F(difficulty - 2, 10), 1: F(11 - difficulty, 10)}


def vtm_successes(n: int, difficulty: int) -> dict:
    out: dict = {}
    for x, p in pool_of(vtm_die(difficulty), n).items():
        out[max(0, x)] = out.get(max(0, x), 0) + p
    return out


def exploding_at_least(t: int) -> F:
    """P(X ≥ t) for an exploding d10, summed over explosions k (X = 10k + r, r = 1…9)."""
    total, k = F(0), 0
    while 10 * k + 1 < t:
        total += sum(F(1, 10) ** (k + 1) for r in range(1, 10) if 10 * k + r >= t)
        k += 1
    return total + F(1, 10) ** k  # from here on every outcome reaches t


def values(ruleset, **inputs) -> dict:
    sheet = Sheet(ruleset, inputs)
    assert sheet.problems == [] and sheet.internal_errors == [], sheet.problems
    return sheet.values


def calc_json(*argv: str, capsys) -> tuple[int, dict]:
    status = cli.main(["calc", *argv, "--format", "json"])
    return status, json.loads(capsys.readouterr().out)


# -- the spec's examples -----------------------------------------------------------------------

def test_exalted_example_through_the_command_line(capsys):
    status, document = calc_json("exalted2e", "--set", "attack_pool=8", "--set", "dexterity=3",
                                 "--set", "dodge=3", capsys=capsys)
    assert status == 0 and document["values"]["dodge_dv"] == 3
    assert document["values"]["p_hit_dodge"] == "9064/15625"
    assert percent(F(9064, 15625)) == "58.0 %"


def test_gemstone_example(capsys):
    status, document = calc_json("gemstone4", "--preset", "example-1", "--set", "attacker_as=150",
                                 "--set", "avd=30", "--set", "other_ds=50", capsys=capsys)
    assert status == 0 and document["values"]["p_hit_melee"] == "87/100"


def test_rise_example():
    got = values(RISE, level=7, strength=3, dexterity=2, constitution=3, willpower=1,
                 fortitude_class_bonus=4, reflex_class_bonus=2, mental_class_bonus=3,
                 body_armor="brigandine", shield="standard", accuracy=5, modifiers=[
                     {"name": "Magic armor", "defenses": ["armor"], "value": 1,
                      "type": "enhancement"},
                     {"name": "Shield spell", "defenses": ["armor"], "value": 2,
                      "type": "enhancement"},
                     {"name": "Protect", "defenses": ["armor"], "value": 1}])
    assert got["armor_defense"] == 13
    assert (got["p_hit_armor"], got["p_crit_armor"]) == (F(3, 10), F(3, 100))


def test_shadowrun_example(capsys):
    status, document = calc_json("shadowrun4", "--set", "attack_pool=12", "--set", "reaction=9",
                                 capsys=capsys)
    assert status == 0 and document["values"]["defense_pool"] == 9
    assert document["values"]["p_hit"] == "6172893443/10460353203"
    assert percent(F(6172893443, 10460353203)) == "59.0 %"


@pytest.mark.parametrize("willpower, expected, shown", [
    (False, F(4317091, 6250000), "69.1 %"), (True, F(981131, 2000000), "49.1 %")])
def test_vampire_example(willpower, expected, shown):
    got = values(VAMPIRE, dexterity=2, dodge=1, base_difficulty=7, attack_pool=6,
                 willpower_success=willpower)
    assert (got["defense_pool"], got["difficulty"]) == (3, 7)
    assert got["p_hit"] == expected and percent(expected) == shown


# -- an empty attacker: null odds, a valid sheet, and what to enter ----------------------------

@pytest.mark.parametrize("ruleset_id, wanted", [
    ("exalted2e", "attack_pool"), ("gemstone4", "attacker_as"), ("rise", "accuracy"),
    ("shadowrun4", "attack_pool"), ("vtm-revised", "attack_pool")])
def test_no_attack_means_null_odds_and_exit_zero(ruleset_id, wanted, capsys):
    status, document = calc_json(ruleset_id, capsys=capsys)
    ruleset = get(ruleset_id)
    assert status == 0 and document["problems"] == []
    assert ruleset.odds and all(document["values"][name] is None for name in ruleset.odds)
    sheet = Sheet(ruleset)
    assert wanted in sheet.status(ruleset.odds[0]).derivation.formula


# -- bad attacker inputs are refused with the input, the value and the range -------------------

@pytest.mark.parametrize("ruleset_id, name, given, allowed", [
    ("exalted2e", "attack_pool", "61", "0 to 60"), ("exalted2e", "attack_pool", "-1", "0 to 60"),
    ("exalted2e", "attack_pool", "many", "0 to 60"),
    ("gemstone4", "attacker_as", "3001", "-1000 to 3000"),
    ("gemstone4", "avd", "201", "-100 to 200"), ("gemstone4", "other_ds", "-1001", "-1000"),
    ("rise", "accuracy", "61", "-30 to 60"), ("rise", "accuracy", "-31", "-30 to 60"),
    ("shadowrun4", "attack_pool", "61", "0 to 60"), ("shadowrun4", "edge_dice", "9", "0 to 8"),
    ("vtm-revised", "attack_pool", "31", "0 to 30"),
    ("vtm-revised", "attack_difficulty", "1", "2 to 10"),
    ("vtm-revised", "attack_difficulty", "11", "2 to 10"),
    ("vtm-revised", "willpower_success", "maybe", "true/false"),
])
def test_bad_attacker_inputs(ruleset_id, name, given, allowed, capsys):
    status = cli.main(["calc", ruleset_id, "--set", f"{name}={given}", "--format", "json"])
    out, err = capsys.readouterr()
    assert status == 2
    problems = json.loads(out)["problems"]
    assert [p["input"] for p in problems] == [name]
    assert f"'{given}'" in problems[0]["message"] and allowed in problems[0]["message"]
    assert name in err


# -- Exalted ------------------------------------------------------------------------------------

@pytest.mark.parametrize("dice, dv", [(0, 0), (0, 3), (1, 0), (1, 1), (1, 2), (8, 3), (8, 0),
                                      (10, 7), (30, 12), (60, 0), (60, 25), (60, 130), (5, 40)])
def test_exalted_against_convolution(dice, dv):
    # Dexterity 0 and a non-Charm +dv: the Dodge DV is dv, the Parry DV 0
    got = values(EXALTED, attack_pool=dice, dexterity=0,
                 effects=[{"name": "set", "step": "magic", "value": dv, "applies_to": "dodge"}])
    assert (got["dodge_dv"], got["parry_dv"]) == (dv, 0)
    successes = pool_of(EXALTED_DIE, dice)
    expected = sum((p for s, p in successes.items() if s > dv), F(0))
    assert got["p_hit_dodge"] == expected
    assert got["best_defense"] == ("equal" if dv == 0 or dice == 0 else "dodge")
    assert sum(dict(got["extra_successes"].bars).values(), F(0)) == expected


def test_exalted_pool_zero_never_hits_and_dv_zero_needs_one_success():
    got = values(EXALTED, attack_pool=0, dexterity=0)
    assert (got["dodge_dv"], got["p_hit_dodge"], got["p_hit_parry"]) == (0, 0, 0)
    assert got["best_defense"] == "equal"
    one = values(EXALTED, attack_pool=1, dexterity=0)
    assert one["p_hit_dodge"] == F(4, 10)  # 7, 8, 9 or 10


@pytest.mark.parametrize("inputs, best", [
    (dict(dexterity=4, dodge=4, combat_ability=0), "dodge"),
    (dict(dexterity=4, dodge=0, combat_ability=4), "parry"),
    (dict(dexterity=4, dodge=2, combat_ability=2), "equal")])
def test_exalted_best_defense(inputs, best):
    assert values(EXALTED, attack_pool=10, **inputs)["best_defense"] == best


def test_exalted_extra_successes_sum_to_the_chance_to_be_hit():
    got = values(EXALTED, attack_pool=12, dexterity=4, dodge=4)
    successes = pool_of(EXALTED_DIE, 12)
    bars = dict(got["extra_successes"].bars)
    assert sum(bars.values()) == got["p_hit_dodge"]
    assert bars["1"] == successes[got["dodge_dv"] + 1]


# -- GemStone ----------------------------------------------------------------------------------

@pytest.mark.parametrize("attacker, avd, other", [(150, 30, 50), (0, 0, 0), (-1000, 0, 0),
                                                  (3000, 200, -1000), (93, 0, 50), (94, 0, 50),
                                                  (193, 0, 50), (192, 0, 50), (100, -100, 0)])
def test_gemstone_against_the_d100(attacker, avd, other):
    got = values(GEMSTONE, dodge_ranks=60, agility_bonus=20, intuition_bonus=18, armor_asg=12,
                 shield="medium", stance="advanced", attacker_as=attacker, avd=avd,
                 other_ds=other)
    for ds, node in (("melee_ds", "p_hit_melee"), ("ranged_ds", "p_hit_ranged")):
        faces = sum(1 for d in range(1, 101) if d + attacker - (got[ds] + other) + avd > 100)
        assert got[node] == F(faces, 100)
    assert sum(dict(got["endroll_margin"].bars).values()) == got["p_hit_melee"]


# -- Rise --------------------------------------------------------------------------------------

@pytest.mark.parametrize("accuracy", [-30, -5, 0, 1, 5, 9, 12, 20, 60])
@pytest.mark.parametrize("armor_class_bonus", [0, 10])
def test_rise_against_the_exploding_series(accuracy, armor_class_bonus):
    got = values(RISE, level=21, armor_class_bonus=armor_class_bonus, accuracy=accuracy)
    for defense in ("armor", "brawn", "fortitude", "reflex", "mental"):
        value = got[f"{defense}_defense"]
        assert got[f"p_hit_{defense}"] == exploding_at_least(value - accuracy)
        assert got[f"p_crit_{defense}"] == exploding_at_least(value + 10 - accuracy)
    assert sum(dict(got["armor_margin"].bars).values()) == got["p_hit_armor"]


def test_rise_far_above_and_below():
    assert values(RISE, accuracy=60)["p_hit_armor"] == 1
    assert values(RISE, accuracy=60)["p_crit_armor"] == 1
    deep = values(RISE, level=21, armor_class_bonus=10, dexterity=10, accuracy=-30)
    t = deep["armor_defense"] + 30
    assert deep["p_hit_armor"] == exploding_at_least(t) and 0 < deep["p_hit_armor"] < F(1, 10**5)


# -- Shadowrun ---------------------------------------------------------------------------------

def shadowrun_expected(attack: int, defense: int, edge: bool) -> F:
    attacker = pool_of(HIT_DIE, attack)
    defender = pool_of(edge_die(attack) if edge else HIT_DIE, defense,
                       cap=attack if edge else None)
    return p_greater(attacker, defender)


@pytest.mark.parametrize("attack, reaction, edge", [
    (0, 3, 0), (1, 1, 0), (12, 9, 0), (12, 12, 0), (30, 6, 0), (60, 3, 0),
    (1, 1, 1), (6, 3, 2), (12, 9, 8), (20, 4, 5)])
def test_shadowrun_against_convolution(attack, reaction, edge):
    got = values(SHADOWRUN, attack_pool=attack, reaction=reaction, edge_dice=edge)
    assert got["defense_pool"] == reaction + edge
    assert got["p_hit"] == shadowrun_expected(attack, reaction + edge, edge > 0)


def test_shadowrun_edge_with_sixty_attack_dice_is_exact():
    got = values(SHADOWRUN, attack_pool=60, reaction=12, dodge=12, full_defense="full-dodge",
                 other_modifier=20, edge_dice=8)
    assert got["defense_pool"] == 52
    assert got["p_hit"] == shadowrun_expected(60, 52, True)


def test_shadowrun_one_die_each_with_edge_by_hand():
    # the attacker's one die hits 1/3; the defender's exploding die scores 0 with 2/3
    assert values(SHADOWRUN, attack_pool=1, reaction=1, other_modifier=-1, edge_dice=1)[
        "p_hit"] == F(1, 3) * F(2, 3)


@pytest.mark.parametrize("inputs", [dict(aware=False, reaction=12), dict(aware=False,
                                                                         edge_dice=8),
                                    dict(reaction=1, other_modifier=-5)])
def test_shadowrun_no_defense_or_pool_zero_is_a_success_test(inputs):
    got = values(SHADOWRUN, attack_pool=5, **inputs)
    assert got["defense_pool"] == 0
    assert got["p_hit"] == 1 - F(2, 3) ** 5


def test_shadowrun_full_defense_choices_against_melee():
    got = values(SHADOWRUN, attack="melee", attack_pool=10, reaction=4, dodge=3, melee_skill=5,
                 gymnastics=1)
    assert got["p_hit_no_full_defense"] == got["p_hit"] == shadowrun_expected(10, 7, False)
    assert got["p_hit_full_dodge"] == shadowrun_expected(10, 10, False)
    assert got["p_hit_full_parry"] == shadowrun_expected(10, 14, False)
    assert got["p_hit_gymnastics_dodge"] == shadowrun_expected(10, 8, False)
    assert got["best_full_defense"] == "full-parry"


def test_shadowrun_full_parry_is_null_against_ranged_and_ties_go_first():
    got = values(SHADOWRUN, attack_pool=10, reaction=4, dodge=0, gymnastics=0)
    assert got["p_hit_full_parry"] is None
    assert got["p_hit_no_full_defense"] == got["p_hit_full_dodge"] == got[
        "p_hit_gymnastics_dodge"]
    assert got["best_full_defense"] == "none"


def test_shadowrun_odds_ignore_what_was_rolled():
    base = values(SHADOWRUN, attack_pool=8, reaction=5)
    rolled = values(SHADOWRUN, attack_pool=8, reaction=5, attacker_hits=4, defender_hits=1)
    assert rolled["p_hit"] == base["p_hit"] and rolled["hit"] is True


def test_shadowrun_net_hits_chart():
    got = values(SHADOWRUN, attack_pool=12, reaction=9)
    attacker, defender = pool_of(HIT_DIE, 12), pool_of(HIT_DIE, 9)
    one = sum((p * q for x, p in attacker.items() for y, q in defender.items() if x - y == 1),
              F(0))
    bars = dict(got["net_hits_chart"].bars)
    assert bars["1"] == one and sum(bars.values()) == got["p_hit"]


# -- Vampire -----------------------------------------------------------------------------------

def vampire_expected(attack, attack_difficulty, defense, difficulty, willpower) -> F:
    defender = vtm_successes(defense, difficulty) if defense else {0: F(1)}
    if willpower and defense:
        defender = {x + 1: p for x, p in defender.items()}
    return p_greater(vtm_successes(attack, attack_difficulty), defender)


@pytest.mark.parametrize("attack, attack_difficulty, dexterity, dodge, base, willpower", [
    (0, 6, 2, 0, 6, False), (1, 2, 1, 0, 6, False), (6, 6, 2, 1, 7, False),
    (6, 6, 2, 1, 7, True), (10, 10, 5, 5, 2, False), (30, 6, 10, 10, 6, True),
    (30, 2, 1, 0, 10, False), (3, 9, 4, 0, 6, True)])
def test_vampire_against_convolution(attack, attack_difficulty, dexterity, dodge, base,
                                     willpower):
    got = values(VAMPIRE, attack_pool=attack, attack_difficulty=attack_difficulty,
                 dexterity=dexterity, dodge=dodge, base_difficulty=base,
                 willpower_success=willpower)
    pool = dexterity + dodge
    assert got["p_hit"] == vampire_expected(attack, attack_difficulty, pool, base, willpower)
    assert got["p_hit_dodge"] == got["p_hit"]


def test_vampire_by_enumerating_every_face():
    # 2 attack dice at 6 against 2 defense dice at 7, with Willpower: all 10^4 rolls
    def successes(faces, difficulty):
        return max(0, sum(f >= difficulty for f in faces) - faces.count(1))

    hits = sum(1 for a in itertools.product(range(1, 11), repeat=2)
               for d in itertools.product(range(1, 11), repeat=2)
               if successes(list(a), 6) > successes(list(d), 7) + 1)
    got = values(VAMPIRE, attack_pool=2, dexterity=2, base_difficulty=7, willpower_success=True)
    assert got["p_hit"] == F(hits, 10 ** 4)


def test_vampire_maneuver_not_allowed_is_null_and_not_rolled():
    got = values(VAMPIRE, attack="firearms", maneuver="block", attack_pool=4, dexterity=3,
                 brawl=3, melee=3, dodge=1, willpower_success=True)
    assert (got["p_hit_block"], got["p_hit_parry"]) == (None, None)
    assert got["p_hit"] == vampire_expected(4, 6, 0, 6, False)  # not allowed: 0 successes
    assert got["p_hit_dodge"] == vampire_expected(4, 6, 4, 6, True)
    assert got["best_maneuver"] == "dodge"


def test_vampire_no_maneuver_allowed_has_no_best():
    got = values(VAMPIRE, attack_pool=4, attack_known=False, room_to_maneuver=False)
    assert (got["p_hit_block"], got["p_hit_dodge"], got["p_hit_parry"]) == (None, None, None)
    assert got["best_maneuver"] is None
    assert got["p_hit"] == vampire_expected(4, 6, 0, 6, False)


def test_vampire_ties_go_to_block_then_dodge():
    got = values(VAMPIRE, attack_pool=5, dexterity=3, brawl=2, dodge=2, melee=2)
    assert got["p_hit_block"] == got["p_hit_dodge"] == got["p_hit_parry"]
    assert got["best_maneuver"] == "block"


def test_vampire_remaining_successes_chart():
    got = values(VAMPIRE, attack_pool=6, dexterity=2, dodge=1, base_difficulty=7)
    assert sum(dict(got["remaining_chart"].bars).values()) == got["p_hit"]


def test_rule_of_six_pool_is_exact_below_the_cap():
    from worksheet.engine import odds

    for dice in (1, 2, 5):
        expected = pool_of(edge_die(odds.SR_CAP - 1), dice, cap=odds.SR_CAP - 1)
        got = odds.edge_pool(dice)
        assert [F(n, got.total) for _, n in got.items()] == [
            expected.get(s, F(0)) for s in range(odds.SR_CAP)]
