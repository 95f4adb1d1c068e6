"""``worksheet compare A B``: each side is ``calc`` of that preset with the same ``--set``
values; the differences are listed in declaration and derivation order; other rulesets and
bad arguments exit 2."""

import json
import shutil
from pathlib import Path

import pytest

from worksheet import rulesets
from worksheet.cli import main

PRESETS = Path(__file__).resolve().parents[2] / "presets"

PAIRS = [
    ("gemstone4-example-1", "gemstone4-example-2", ("attacker_as=150",)),
    ("exalted2e-e1-solar-cap-binds", "exalted2e-e3-heroic-mortal", ("attack_pool=8",)),
    ("rise-r1-fighter", "rise-giant-doubled", ("accuracy=5",)),
    ("shadowrun4-s1-full-dodge", "shadowrun4-troll-club-parry", ("attack_pool=12",)),
    ("vtm-revised-v1-punch-then-dodge", "vtm-revised-sword-parry-riposte", ("attack_pool=6",)),
]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def sets(pairs):
    return [word for text in pairs for word in ("--set", text)]


@pytest.mark.parametrize("a,b,set_values", PAIRS)
def test_each_side_is_calc_with_the_same_sets(capsys, a, b, set_values):
    status, out, err = run(capsys, "compare", a, b, *sets(set_values), "--format", "json")
    result = json.loads(out)
    ruleset = rulesets.get(result["ruleset"]).compile()
    for key, name in (("a", a), ("b", b)):
        calc_status, calc_out, _ = run(capsys, "calc", result["ruleset"], "--preset", name,
                                       *sets(set_values), "--format", "json")
        expected = json.loads(calc_out)
        side = result[key]
        assert side["preset"] == name
        assert (side["inputs"], side["values"], side["problems"]) == \
            (expected["inputs"], expected["values"], expected["problems"])
    assert result["inputs_differ"] == [n for n in ruleset.inputs
                                       if result["a"]["inputs"][n] != result["b"]["inputs"][n]]
    assert result["values_differ"] == [n for n in ruleset.order
                                       if result["a"]["values"][n] != result["b"]["values"][n]]
    assert result["inputs_differ"] and result["values_differ"]


def test_hand_worked_gemstone_examples(capsys):
    """gemstone4.md: Example 1 melee 43 / ranged 65, Example 2 (tower shield) 25 / 50."""
    status, out, _ = run(capsys, "compare", "gemstone4-example-1", "gemstone4-example-2")
    assert status == 0
    assert "Inputs that differ (A → B):\n  Shield (shield): medium → tower\n" in out
    assert "  [5] Evade DS vs melee (melee_ds): 43 → 25 (−18)\n" in out
    assert "  [5] Evade DS vs ranged (ranged_ds): 65 → 50 (−15)\n" in out
    assert "The derivations part at step 3, Shield factor (shield_factor)." in out
    assert out.index("(shield_factor)") < out.index("(melee_ds)")  # derivation order


def test_chances_differ_in_points(capsys):
    status, out, _ = run(capsys, "compare", "gemstone4-example-1", "gemstone4-example-2",
                         "--set", "attacker_as=150", "--set", "other_ds=50", "--set", "avd=30")
    assert status == 0
    # odds.md: 87/100 with melee DS 43; with 25: m = 150 − 75 + 30 = 105 → 100/100
    assert "(p_hit_melee): 87.0 % → 100.0 % (+13.0 pp)" in out


def test_same_preset_twice_differs_nowhere(capsys):
    status, out, _ = run(capsys, "compare", "rise-r1-fighter", "rise-r1-fighter")
    assert status == 0
    assert "No input differs." in out and "No value differs." in out
    assert "The two derivations are the same at every step." in out


def test_different_rulesets_exit_2(capsys):
    status, out, err = run(capsys, "compare", "gemstone4-example-1", "rise-r1-fighter")
    assert status == 2 and out == ""
    assert "gemstone4" in err and "rise" in err and "one ruleset" in err


def test_paths_work_and_bad_sets_exit_2(capsys, tmp_path):
    copy = tmp_path / "mine.toml"
    shutil.copy(PRESETS / "gemstone4-example-2.toml", copy)
    status, out, _ = run(capsys, "compare", str(PRESETS / "gemstone4-example-1.toml"),
                         str(copy), "--format", "markdown")
    assert status == 0 and "| Shield (shield) | medium | tower |" in out
    status, out, err = run(capsys, "compare", "gemstone4-example-1", "gemstone4-example-2",
                           "--set", "nope=1")
    assert status == 2 and out == "" and "nope" in err
    status, out, err = run(capsys, "compare", "gemstone4-example-1", "no-such-preset")
    assert status == 2 and out == ""


def test_an_invalid_side_is_shown_and_exits_2(capsys):
    status, out, err = run(capsys, "compare", "gemstone4-example-1", "gemstone4-example-2",
                           "--set", "dodge_ranks=9999")
    assert status == 2 and "A: dodge_ranks" in err and "B: dodge_ranks" in err
