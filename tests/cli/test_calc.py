"""``worksheet calc`` and ``worksheet rulesets``: output formats, exit statuses and messages."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from worksheet.cli import main

PRESETS = Path(__file__).resolve().parents[2] / "presets"


def calc(capsys, *argv):
    status = main(["calc", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("preset,melee,ranged", [
    ("gemstone4-example-1.toml", 43, 65), ("gemstone4-example-2.toml", 25, 50)])
def test_article_examples_through_json(capsys, preset, melee, ranged):
    status, out, err = calc(capsys, "gemstone4", "--preset", str(PRESETS / preset),
                            "--format", "json")
    assert status == 0, err
    document = json.loads(out)
    assert document["values"]["melee_ds"] == melee
    assert document["values"]["ranged_ds"] == ranged
    assert document["values"]["hindrance"] == "47/50"
    assert document["problems"] == []
    assert document["inputs"]["shield"] in ("medium", "tower")
    assert document["inputs"]["encumbrance"] == 0  # defaults filled in


def test_preset_by_name_and_by_short_name(capsys):
    for name in ("gemstone4-example-1", "example-1", "Example 1 — brigandine, medium shield"):
        status, out, _ = calc(capsys, "gemstone4", "--preset", name, "--format", "json")
        assert status == 0
        assert json.loads(out)["values"]["melee_ds"] == 43


def test_text_format_shows_every_step_with_numbers(capsys):
    status, out, _ = calc(capsys, "gemstone4", "--preset", "example-1")
    assert status == 0
    assert "[1] Base value (base_value) = 84" in out
    assert "= 60 + 20 + trunc(18 / 4 = 4.5)" in out
    assert "= trunc(84 × 0.94 = 78.96)" in out
    assert "= trunc(78 × 0.7 = 54.6)" in out
    assert "= ceil(43 × 1.5 = 64.5)" in out
    assert "Result: base_value 84, hindrance 0.94, melee_ds 43, ranged_ds 65" in out


def test_markdown_format(capsys):
    status, out, _ = calc(capsys, "gemstone4", "--preset", "example-2", "--format", "markdown")
    assert status == 0
    assert "| 5 | Evade DS vs melee (`melee_ds`) |" in out and "**25**" in out


def test_set_overrides_the_preset(capsys):
    status, out, _ = calc(capsys, "gemstone4", "--preset", "example-1", "--set", "shield=tower",
                          "--set", "encumbrance=75", "--format", "json")
    values = json.loads(out)["values"]
    assert status == 0
    assert values["melee_ds"] == 12  # trunc(25 × (1 − 75/150))
    assert values["ranged_ds"] == 25


def test_set_accepts_kebab_case(capsys):
    status, out, _ = calc(capsys, "gemstone4", "--set", "dodge-ranks=10", "--format", "json")
    assert status == 0 and json.loads(out)["inputs"]["dodge_ranks"] == 10


@pytest.mark.parametrize("setting,fragment", [
    ("dodge_ranks=1.5", "dodge_ranks = '1.5': not a whole number; allowed: a whole number from 0 to 500"),
    ("dodge_ranks=600", "above the maximum 500"),
    ("stance=sideways", "stance = 'sideways': not one of the choices; allowed: one of offensive"),
    ("armor_asg=3", "armor_asg = '3': not one of the choices"),
    ("armor_penalty_may_be_positive=perhaps", "yes/no"),
])
def test_bad_set_value_exits_2_and_names_input_value_allowed(capsys, setting, fragment):
    status, out, err = calc(capsys, "gemstone4", "--set", setting, "--format", "json")
    assert status == 2
    assert fragment in err
    document = json.loads(out)
    name = setting.split("=")[0]
    assert document["problems"][0]["input"] == name
    assert fragment in document["problems"][0]["message"]
    assert document["inputs"][name] is None


def test_blocked_values_are_null_and_independent_ones_stay(capsys):
    status, out, _ = calc(capsys, "gemstone4", "--set", "dodge_ranks=x", "--format", "json")
    values = json.loads(out)["values"]
    assert status == 2
    assert values["base_value"] is None and values["melee_ds"] is None
    assert values["hindrance"] == 1 and values["stance_modifier"] == "3/4"


def test_blocked_values_say_what_they_wait_for_in_text(capsys):
    status, out, _ = calc(capsys, "gemstone4", "--set", "dodge_ranks=x")
    assert status == 2
    assert "(melee_ds): waiting for dodge_ranks" in out


@pytest.mark.parametrize("argv,fragment", [
    (["nope"], "unknown ruleset 'nope'; known: "),
    (["gemstone4", "--set", "nope=1"], "gemstone4 has no input 'nope'"),
    (["gemstone4", "--set", "dodge_ranks"], "expected NAME=VALUE"),
    (["gemstone4", "--preset", "no-such-preset"], "no preset of that name"),
    (["gemstone4", "--preset", "/no/such/file.toml"], "no such file"),
    (["gemstone4", "--format", "yaml"], "invalid choice: 'yaml'"),
])
def test_bad_arguments_exit_2_with_nothing_on_stdout(capsys, argv, fragment):
    status, out, err = calc(capsys, *argv)
    assert status == 2
    assert out == ""
    assert fragment in err


def test_preset_of_another_ruleset_is_refused(capsys, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text('worksheet = 1\nruleset = "gemstone4"\nname = "x"\n')
    status, _, err = calc(capsys, "gemstone4", "--preset", str(other))
    assert status == 0
    from worksheet import rulesets

    if len(rulesets.ids()) > 1:
        another = next(i for i in rulesets.ids() if i != "gemstone4")
        status, out, err = calc(capsys, another, "--preset", str(other))
        assert status == 2 and "is a gemstone4 preset" in err and out == ""


def test_rulesets_lists_ids_and_titles(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert "gemstone4    GemStone IV — Evade DS" in out


def test_module_entry_point_and_exit_status():
    result = subprocess.run([sys.executable, "-m", "worksheet", "calc", "gemstone4", "--set",
                             "stance=x"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "stance = 'x'" in result.stderr
    result = subprocess.run([sys.executable, "-m", "worksheet", "calc", "gemstone4", "--preset",
                             "example-1", "--format", "json"], capture_output=True, text=True)
    assert result.returncode == 0 and json.loads(result.stdout)["values"]["ranged_ds"] == 65
