"""``worksheet calc … --what-if``: every variant agrees with ``calc --set`` of that change, the
text ranks best for the defender first with signed, exact-derived differences, and one
hand-worked case per ruleset (the spec's worked examples) pins the numbers."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from worksheet import rulesets
from worksheet.cli import main
from worksheet.engine.percent import points

SHEETS = {
    "exalted2e": "exalted2e-odds-eight-dice-against-dv-3",
    "gemstone4": "gemstone4-odds-example-1-against-as-150",
    "rise": "rise-odds-r1-fighter-against-accuracy-5",
    "shadowrun4": "shadowrun4-odds-twelve-dice-against-nine",
    "vtm-revised": "vtm-revised-odds-six-dice-against-a-dodge",
}


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def calc_document(capsys, ruleset_id, *argv):
    status, out, err = run(capsys, "calc", ruleset_id, *argv, "--format", "json")
    return status, json.loads(out)


@pytest.mark.parametrize("ruleset_id", sorted(SHEETS))
def test_every_variant_is_calc_with_that_set(capsys, ruleset_id):
    preset = ("--preset", SHEETS[ruleset_id])
    status, document = calc_document(capsys, ruleset_id, *preset, "--what-if")
    assert status == 0
    plain_status, plain = calc_document(capsys, ruleset_id, *preset)
    assert {k: v for k, v in document.items() if k != "what_if"} == plain
    variants = document["what_if"]
    assert variants, "every sheet has inputs to step"
    spec_of = rulesets.get(ruleset_id).inputs
    for variant in variants:
        name, value = variant["input"], variant["value"]
        text = "true" if value is True else "false" if value is False else str(value)
        status, expected = calc_document(capsys, ruleset_id, *preset, "--set", f"{name}={text}")
        assert variant["values"] == expected["values"], (name, value)
        assert variant["problems"] == expected["problems"]
        assert set(variant) == {"input", "value", "values", "problems"}
        assert spec_of[name].kind in ("int", "number", "bool", "choice")


HAND_WORKED = {
    # ruleset: (start --set values, the variant's input and value, node, its value there)
    # gemstone4.md Example 1 / odds.md: melee DS 43, other DS 50, AS 150, AvD 30 → 87/100
    "gemstone4": ((), ("attacker_as", 150), "p_hit_melee", "87/100"),
    # odds.md: 8 attack dice against DV 3 → 9064/15625
    "exalted2e": ((), ("attack_pool", 8), "p_hit_dodge", "9064/15625"),
    # odds.md: accuracy 5 against Armor 13 → 3/10; R1's Armor 13
    "rise": ((), ("accuracy", 5), "p_hit_armor", "3/10"),
    # odds.md: 12 attack dice against a 9-die defense → 6172893443/10460353203
    "shadowrun4": ((), ("attack_pool", 12), "p_hit", "6172893443/10460353203"),
    # odds.md: 6 dice at 6 against 3 at 7 → 4317091/6250000; with Willpower 981131/2000000
    "vtm-revised": ((), ("willpower_success", True), "p_hit", "981131/2000000"),
}


@pytest.mark.parametrize("ruleset_id", sorted(HAND_WORKED))
def test_hand_worked_variant_per_ruleset(capsys, ruleset_id):
    _, (name, value), node, expected = HAND_WORKED[ruleset_id]
    start = value - 1 if isinstance(value, int) and not isinstance(value, bool) else not value
    status, document = calc_document(capsys, ruleset_id, "--preset", SHEETS[ruleset_id],
                                     "--set", f"{name}={str(start).lower()}", "--what-if")
    assert status == 0
    (variant,) = [v for v in document["what_if"] if v["input"] == name and v["value"] == value]
    assert variant["values"][node] == expected


def test_text_ranks_best_first_with_exact_signed_differences(capsys):
    status, out, _ = run(capsys, "calc", "gemstone4", "--preset", SHEETS["gemstone4"],
                         "--what-if")
    assert status == 0
    _, document = calc_document(capsys, "gemstone4", "--preset", SHEETS["gemstone4"],
                                "--what-if")
    start = min(Fraction(document["values"][n]) for n in ("p_hit_melee", "p_hit_ranged"))
    lines = out.splitlines()
    first = lines.index("Best for the defender first:") + 1
    ranked = [line for line in lines[first:] if line.startswith("  ")]
    bests = []
    for line in ranked:
        label_change = line.split(":")[0].strip()
        (variant,) = [v for v in document["what_if"]
                      if _change(v, document) == label_change]
        best = min(Fraction(variant["values"][n]) for n in ("p_hit_melee", "p_hit_ranged"))
        bests.append(best)
        if best != start:
            assert f"best hit {points(start, best)} pp" in line, line
    assert bests == sorted(bests)  # the largest drop first
    assert "Shield medium → none: Evade DS vs melee +19, Evade DS vs ranged +28; " \
           "best hit −28.0 pp (ranged)" in out
    unchanged = len(document["what_if"]) - len(ranked)
    assert lines[-1] == f"{unchanged} of {len(document['what_if'])} variants change no " \
                        "headline and no chance to be hit."


def _change(variant, document):
    spec = rulesets.get("gemstone4").inputs[variant["input"]]
    before = document["inputs"][variant["input"]]
    show = (lambda v: spec.label_of(v)) if spec.kind == "choice" and isinstance(before, int) \
        else (lambda v: str(v).lower() if isinstance(v, bool) else str(v))
    return f"{spec.title} {show(before)} → {show(variant['value'])}"


def test_without_an_attack_the_first_headline_ranks(capsys):
    status, out, _ = run(capsys, "calc", "exalted2e", "--preset", "exalted2e-e1-solar-cap-binds",
                         "--what-if", "--format", "markdown")
    assert status == 0
    rows = [line for line in out.splitlines() if line.startswith("| ") and "→" in line]
    dodge = [int(row.split("Dodge DV ")[1][:2].replace("−", "-").strip(",; |"))
             if "Dodge DV " in row else 0 for row in rows]
    assert dodge == sorted(dodge, reverse=True) and dodge[0] > 0 and dodge[-1] < 0


def test_a_refused_variant_is_listed_and_the_command_succeeds(capsys):
    sets = ["--set", "mode=multiple-action", "--set", "actions=2", "--set", "position=2"]
    status, out, _ = run(capsys, "calc", "vtm-revised", *sets, "--what-if")
    assert status == 0
    assert "Refused:\n  Position 2 → 3: " in out
    status, document = calc_document(capsys, "vtm-revised", *sets, "--what-if")
    (refused,) = [v for v in document["what_if"] if v["input"] == "position" and v["value"] == 3]
    assert refused["problems"] and refused["values"]["defense_pool"] is None
    status, expected = calc_document(capsys, "vtm-revised", *sets[:-2], "--set", "position=3")
    assert status == 2 and refused["values"] == expected["values"]


def test_an_invalid_start_is_exit_2_as_calc(capsys):
    status, out, err = run(capsys, "calc", "gemstone4", "--set", "dodge_ranks=9999", "--what-if")
    assert status == 2 and "dodge_ranks" in err and "above the maximum 500" in err
    assert "What if" not in out


def test_what_if_as_a_real_process():
    done = subprocess.run([sys.executable, "-m", "worksheet", "calc", "rise", "--preset",
                           SHEETS["rise"], "--what-if"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Now: Armor 13, Brawn 6, Fortitude 10, Reflex 9, Mental 7; best chance to be hit " \
           "30.0 % (armor)" in done.stdout
