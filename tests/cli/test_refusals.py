"""The command line refuses hostile values and bad presets with status 2 and a message that
names the input or file, in bounded time: run as a player would, in a real process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from worksheet.cli import main

ROOT = str(Path(__file__).resolve().parents[2])

HOSTILE = ["1e999999999", "-1e999999999", "1e-999999999", "nan", "inf", "-inf", "1_0",
           "9" * 5000]


def _worksheet(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The real program in a child process: a hang inside C code still ends in a timeout."""
    return subprocess.run([sys.executable, "-m", "worksheet", *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=timeout)


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: v[:12])
@pytest.mark.parametrize("name", ["charm_limit", "dexterity", "stunt_faces", "ground",
                                  "ignored_penalties", "character_type"])
def test_hostile_set_values_exit_2_naming_the_input(name, value, capsys):
    assert main(["calc", "exalted2e", "--set", f"{name}={value}"]) == 2
    err = capsys.readouterr().err
    assert f"worksheet: {name} = " in err and "allowed: " in err
    assert "unexpected" not in err and len(err) < 1000


def test_the_attackers_command_ends_at_once_in_a_real_process():
    result = _worksheet("calc", "exalted2e", "--set", "charm_limit=1e999999999", timeout=30)
    assert result.returncode == 2
    assert "charm_limit = '1e999999999': not an exact number" in result.stderr
    assert "at least 0" in result.stderr


def test_an_underscore_is_not_part_of_a_number(capsys):
    assert main(["calc", "exalted2e", "--set", "charm_limit=1_0"]) == 2
    assert "charm_limit = '1_0'" in capsys.readouterr().err


def test_faces_may_be_typed_with_spaces(capsys):
    assert main(["calc", "shadowrun4", "--set", "defender_faces=5 3 6",
                 "--format", "json"]) == 0
    assert '"defender_faces": [\n      5,\n      3,\n      6\n    ]' in capsys.readouterr().out


BAD = """worksheet = 1
ruleset = "gemstone4"
name = "Bad"

[inputs]
dodge_ranks = -5
stance = "sideways"
dodge_rankz = 3
"""


def test_calc_with_a_bad_preset_reports_every_problem(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    assert main(["calc", "gemstone4", "--preset", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert [line.split(": ")[2] for line in err] == ["inputs.dodge_ranks", "inputs.stance",
                                                      "inputs.dodge_rankz"]
    assert all(line.startswith(f"worksheet: {path}:") for line in err)
    assert main(["presets", "check", str(path)]) == 2
    assert "3 problem(s)" in capsys.readouterr().err


def test_usage_errors_name_the_command_once(capsys):
    assert main(["calc"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("worksheet calc: the following arguments are required: ruleset")
    assert "worksheet: worksheet" not in err


@pytest.mark.parametrize("ruleset,preset,article", [
    ("gemstone4", "exalted2e-dawn-solar-daiklave", "an exalted2e preset"),
    ("exalted2e", "gemstone4-example-1", "a gemstone4 preset")])
def test_a_preset_of_another_ruleset_is_named_with_the_right_article(ruleset, preset, article,
                                                                     capsys):
    assert main(["calc", ruleset, "--preset", preset]) == 2
    assert f"is {article}, not {ruleset}" in capsys.readouterr().err


@pytest.mark.parametrize("text,words", [
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\ndodge_ranks = 1e999999999\n",
     "too many"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\ndodge_ranks = \"1e999999999\"\n",
     "not a whole number"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\ndodge_ranks = nan\n", "dodge_ranks"),
    ("worksheet = " + "9" * 5000 + "\n", "far too long"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\ndodge_ranks = " + "[" * 1000
     + "]" * 1000 + "\n", "nested too deeply"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\ndodge_ranks = " + "{a=" * 1000 + "1"
     + "}" * 1000 + "\n", "nested too deeply"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\ndodge_ranks = [1, 2]\n",
     "got a list"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\ndodge_ranks = {a = 1}\n",
     "got a table"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\narmor_asg = inf\n", "armor_asg"),
    ("worksheet = 1\nruleset = \"gemstone4\"\n[inputs]\narmored_evasion = -inf\n",
     "armored_evasion"),
], ids=range(10))
def test_a_hostile_preset_file_is_refused_naming_the_file(tmp_path, text, words):
    path = tmp_path / "hostile.toml"
    path.write_text(text)
    result = _worksheet("calc", "gemstone4", "--preset", str(path), timeout=30)
    assert result.returncode == 2, result.stderr
    assert str(path) in result.stderr and words in result.stderr
