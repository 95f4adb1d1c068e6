"""``worksheet calc --format line``: the result on one line for a chat or MUD client, built
from the same sheet as every other format."""

from __future__ import annotations

from fractions import Fraction

import pytest

from worksheet import cli, rulesets
from worksheet.engine import ChoiceInput, IntInput, Ruleset, Sheet
from worksheet.formats.oneline import one_line, percent

LINES = [  # ruleset, preset or None, --set arguments, the line
    ("gemstone4", "gemstone4-example-1", [], "Evade DS melee 43 · ranged 65"),
    ("gemstone4", "gemstone4-example-2", [], "Evade DS melee 25 · ranged 50"),
    ("exalted2e", "exalted2e-e1-solar-cap-binds", [], "Dodge DV 11 · Parry DV 3"),
    ("rise", "rise-r1-fighter", [],
     "Armor 13 · Brawn 6 · Fortitude 10 · Reflex 9 · Mental 7"),
    ("shadowrun4", None, ["reaction=5", "physical_damage=4", "previous_defenses=2",
                          "running=yes", "burst=long-wide"], "Defense pool 0"),
    ("shadowrun4", None, ["attacker_hits=3", "defender_faces=1,1,2"],
     "Defense pool 3 · hit, 3 net hits · critical glitch"),
    ("shadowrun4", None, ["aware=no", "attacker_hits=2"], "no defense (unaware) · hit, 2 net hits"),
    ("vtm-revised", "vtm-revised-v1-punch-then-dodge", [],
     "Dodge 3 dice at difficulty 7 · hit, 2 remain"),
    ("vtm-revised", None, ["maneuver=parry", "attack=firearms"],
     "Parry not allowed: a parry only stops brawl or melee attacks, not firearms"),
]


@pytest.mark.parametrize("rid, preset, sets, expected", LINES)
def test_calc_prints_the_one_liner(capsys, rid, preset, sets, expected):
    argv = ["calc", rid, "--format", "line"]
    if preset:
        argv += ["--preset", preset]
    for argument in sets:
        argv += ["--set", argument]
    assert cli.main(argv) == 0
    assert capsys.readouterr().out == expected + "\n"


def test_a_bad_input_says_what_the_line_waits_for_and_exits_2(capsys):
    assert cli.main(["calc", "gemstone4", "--format", "line", "--set", "dodge_ranks=-1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "Evade DS melee ? (fix Dodge ranks) · ranged ? (fix Dodge ranks)\n"
    assert "dodge_ranks" in captured.err


@pytest.mark.parametrize("probability, shown", [
    (Fraction(9064, 15625), "58.0 %"), (Fraction(4317091, 6250000), "69.1 %"),
    (Fraction(981131, 2000000), "49.1 %"), (Fraction(87, 100), "87.0 %"),
    (Fraction(1, 2000), "0.1 %"), (Fraction(1, 2001), "<0.1 %"), (0, "0.0 %"), (1, "100.0 %")])
def test_percent_rounds_exactly_half_up(probability, shown):
    assert percent(probability) == shown


def fake_exalted(best: str) -> Sheet:
    """A stand-in with the odds' node names (the odds may live on another branch): the line
    reads them by name, so it must pick them up as soon as they exist."""
    ruleset = Ruleset("exalted2e", "stand-in", "test", [
        IntInput("attack_pool", None, minimum=0, maximum=60, optional=True),
        ChoiceInput("best", best, choices=("dodge", "parry", "equal"))])
    rule = ruleset.rule
    rule("F", "Dodge DV", "r", name="dodge_dv")(lambda attack_pool: 5)
    rule("F", "Parry DV", "r", name="parry_dv")(lambda attack_pool: 4)
    rule("O", "p dodge", "r", name="p_hit_dodge")(
        lambda attack_pool: None if attack_pool is None else Fraction(41, 100))
    rule("O", "p parry", "r", name="p_hit_parry")(
        lambda attack_pool: None if attack_pool is None else
        Fraction(41, 100) if best == "equal" else Fraction(1, 2))
    rule("O", "best", "r", name="best_defense")(
        lambda attack_pool, best: None if attack_pool is None else best)
    return Sheet(ruleset)


def test_the_hit_chance_joins_the_line_once_the_attack_is_entered():
    sheet = fake_exalted("dodge")
    assert one_line(sheet) == "Dodge DV 5 · Parry DV 4"
    sheet.set("attack_pool", 8)
    assert one_line(sheet) == "Dodge DV 5 · Parry DV 4 · hit chance 41.0 % (dodge)"
    equal = fake_exalted("equal")
    equal.set("attack_pool", 8)
    assert one_line(equal) == "Dodge DV 5 · Parry DV 4 · hit chance 41.0 % (dodge or parry)"


def test_every_ruleset_has_a_line_of_its_own_results():
    for ruleset in rulesets.all_rulesets():
        line = one_line(Sheet(ruleset))
        assert line and "\n" not in line and "None" not in line


def test_the_line_names_a_better_maneuver_when_the_odds_find_one():
    ruleset = Ruleset("vtm-revised", "stand-in", "test", [
        ChoiceInput("maneuver", "dodge", choices=("block", "dodge", "parry")),
        IntInput("attack_pool", None, minimum=0, maximum=30, optional=True)])
    rule = ruleset.rule
    rule("2", "Pool", "r", name="defense_pool")(lambda maneuver: 3)
    rule("3", "Difficulty", "r", name="difficulty")(lambda maneuver: 7)
    odds = {"dodge": Fraction(4317091, 6250000), "parry": Fraction(981131, 2000000),
            "block": None}

    def chance(p):
        return lambda attack_pool: None if attack_pool is None else p

    for name, p in odds.items():
        rule("O", name, "r", name=f"p_hit_{name}")(chance(p))
    rule("O", "p", "r", name="p_hit")(
        lambda attack_pool, maneuver: None if attack_pool is None else odds[maneuver])
    rule("O", "best", "r", name="best_maneuver")(
        lambda attack_pool: None if attack_pool is None else "parry")
    sheet = Sheet(ruleset, {"attack_pool": 6})
    assert one_line(sheet) == ("Dodge 3 dice at difficulty 7 · hit chance 69.1 % · "
                               "best parry 49.1 %")
    sheet.set("maneuver", "parry")
    assert one_line(sheet) == "Parry 3 dice at difficulty 7 · hit chance 49.1 %"
