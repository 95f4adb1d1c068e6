"""A message quotes someone else's text — a key, a value, a name, a path — at most a few hundred
characters, escaped, with the length it had: a 50,000-character key once made a 50,128-character
message that echoed the file. Each refusal still names the file or input, the value and what is
allowed, exits 2, and leaves the file as it was."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402  — a hang fails, it does not freeze the run

HUGE = 50_000
LINE = 1000
"""The longest line a refusal may print (the longest today is about 500)."""

HEAD = 'worksheet = 1\nruleset = "{ruleset}"\nname = "Hostile"\n'


def _refused(path: Path, ruleset: str = "gemstone4") -> str:
    """Run ``calc --preset FILE``: exit 2, bounded lines, file untouched; standard error."""
    before = path.read_bytes(), path.stat().st_mtime_ns
    outcome = run_main(["calc", ruleset, "--preset", str(path)])
    assert outcome.status == 2, outcome.err[:2000]
    assert outcome.out == ""
    _bounded(outcome.err)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    return outcome.err


def _bounded(err: str) -> None:
    lines = err.splitlines()
    assert lines and all(line.startswith("worksheet") for line in lines), err[:2000]
    assert max(map(len, lines)) < LINE and len(err) < LINE * len(lines), err[:2000]
    assert "\x1b" not in err and "\r" not in err


def _write(tmp_path: Path, text: str, ruleset: str = "gemstone4") -> Path:
    path = tmp_path / "hostile.toml"
    path.write_text(HEAD.format(ruleset=ruleset) + text, encoding="utf-8")
    return path


def test_a_50000_character_input_key_names_file_line_and_the_inputs(tmp_path):
    path = _write(tmp_path, f"\n[inputs]\n{'k' * HUGE} = 3\n")
    err = _refused(path)
    assert err.startswith(f"worksheet: {path}:6: inputs.{'k' * 100}")
    assert f"… ({HUGE + len('inputs.')} characters): unknown input for gemstone4; " \
           "inputs: dodge_ranks, agility_bonus" in err
    assert len(err) < 600


def test_a_50000_character_top_level_key(tmp_path):
    escape = "\\u001b[2J"  # TOML's escape of ESC: the key holds the control character
    path = _write(tmp_path, '"' + escape * 10 + "k" * HUGE + '" = 3\n')
    err = _refused(path)
    assert f"{path}: " + "\\x1b[2J" * 10 in err
    assert "unknown key; allowed: worksheet, ruleset, kind, name, description, inputs" in err


def test_a_50000_character_key_in_a_record(tmp_path):
    path = _write(tmp_path, f'\n[[inputs.modifiers]]\nname = "Rage"\n{"k" * HUGE} = 2\n',
                  ruleset="rise")
    err = _refused(path, "rise")
    assert f"{path}:5: inputs.modifiers[0].kkk" in err
    assert "modifiers[0].kkkk" in err and "unknown key" in err


def test_a_table_declared_twice_under_a_50000_character_name(tmp_path):
    """tomllib's own message repeats the key (``Cannot declare ('inputs', 'kkk…') twice``)."""
    key = "k" * HUGE
    path = _write(tmp_path, f"\n[inputs.{key}]\n[inputs.{key}]\n")
    err = _refused(path)
    assert f"{path}:6: not valid TOML (Cannot declare ('inputs', 'kkk" in err
    assert "characters)…" in err and "twice (at line 6, column" in err


@pytest.mark.parametrize("name,value,allowed", [
    ("stance", '"{}"', "one of offensive, advanced"),
    ("dodge_ranks", '"{}"', "a whole number from 0 to 500"),
    ("dodge_ranks", "[\"{}\"]", "a whole number from 0 to 500"),
])
def test_a_50000_character_value_names_input_value_and_what_is_allowed(tmp_path, name, value,
                                                                        allowed):
    path = _write(tmp_path, f"\n[inputs]\n{name} = {value.format('v' * HUGE)}\n")
    err = _refused(path)
    assert f"{path}:6: inputs.{name}: {name} = " in err
    assert "vvvvvvvvvv" in err and f"allowed: {allowed}" in err


def test_a_50000_character_die_face_in_a_list(tmp_path):
    """A list item was repeated whole (``repr`` of each face)."""
    path = _write(tmp_path, f'\n[inputs]\ndefender_faces = [3, "{"6" * HUGE}"]\n',
                  ruleset="shadowrun4")
    err = _refused(path, "shadowrun4")
    assert f"inputs.defender_faces: defender_faces = " in err
    assert f"'{'6' * 40}…' ({HUGE} characters) is not a die face" in err
    assert "allowed: " in err


def test_a_long_preset_name_and_description_in_the_file(tmp_path):
    for key in ("name", "description"):
        path = tmp_path / f"{key}.toml"
        path.write_text(f'worksheet = 1\nruleset = "gemstone4"\n{key} = "{"n" * HUGE}"\n')
        err = _refused(path)
        assert f"{path}:3: {key}: a" in err and "is at most" in err


def test_a_long_preset_name_on_the_command_line():
    outcome = run_main(["calc", "gemstone4", "--preset", "\x1b[2J" + "n" * HUGE])
    assert outcome.status == 2
    _bounded(outcome.err)
    assert outcome.err.startswith("worksheet: \\x1b[2Jnnn")
    assert f"…({HUGE + 4} characters)…nnn" in outcome.err
    assert "nnn: no preset of that name in user (" in outcome.err


def test_a_long_path_on_the_command_line_keeps_its_file_name(tmp_path):
    outcome = run_main(["calc", "gemstone4", "--preset", f"{tmp_path}/{'d' * 5000}/bad.toml"])
    assert outcome.status == 2
    _bounded(outcome.err)
    assert f"worksheet: {tmp_path}/ddd" in outcome.err
    assert "ddd/bad.toml: " in outcome.err


def test_a_huge_set_value_names_the_input_and_what_is_allowed():
    outcome = run_main(["calc", "gemstone4", "--set", "stance=" + "\x1b]0;x\x07" * 10_000])
    assert outcome.status == 2
    _bounded(outcome.err)
    assert "worksheet: stance = '\\x1b]0;x\\x07" in outcome.err
    assert "' (60000 characters): not one of the choices; allowed: one of offensive" \
        in outcome.err


def test_a_huge_set_name_is_cut_and_the_inputs_listed():
    outcome = run_main(["calc", "exalted2e", "--set", "n" * HUGE + "=3"])
    assert outcome.status == 2
    _bounded(outcome.err)
    assert "worksheet: --set 'nnn" in outcome.err
    assert f"…' ({HUGE} characters); inputs: " in outcome.err


@pytest.mark.parametrize("argv", [
    ["calc", "gemstone4", "--format", "f" * HUGE],
    ["calc", "gemstone4", "extra", "\x1b[2J" + "a" * HUGE],
    ["calc", "r" * HUGE],
    ["presets", "list", "r" * HUGE],
    ["presets", "copy", "gemstone4-example-1", "--to", "user", "--as", "n" * HUGE],
], ids=["format", "unrecognized", "ruleset", "list-ruleset", "copy-as"])
def test_argument_errors_are_bounded_and_escaped(argv):
    outcome = run_main(argv)
    assert outcome.status == 2
    _bounded(outcome.err)
    assert "characters)" in outcome.err
