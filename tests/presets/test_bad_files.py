"""Each kind of bad file gives a message naming the file and the key or line; the file is
left untouched, and a folder with one bad file still lists the good ones."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from worksheet.presets import (MAX_PRESET_BYTES, PresetError, check_file, list_presets,
                               read_preset)

GOOD = """worksheet = 1
ruleset = "gemstone4"
name = "Good"

[inputs]
dodge_ranks = 60
stance = "advanced"
"""

BAD_TEXTS = {
    "not-toml": ('worksheet = 1\nruleset = "gemstone4\n', "", 2, "not valid TOML"),
    "unknown-top-key": (GOOD.replace('name = "Good"', 'name = "Good"\ncolour = "red"'),
                        "colour", 4, "unknown key"),
    "unknown-input": (GOOD + "dodge_rankz = 3\n", "inputs.dodge_rankz", 8, "unknown input"),
    "wrong-type": (GOOD.replace("dodge_ranks = 60", 'dodge_ranks = "lots"'),
                   "inputs.dodge_ranks", 6, "not a whole number"),
    "out-of-range": (GOOD.replace("dodge_ranks = 60", "dodge_ranks = -5"),
                     "inputs.dodge_ranks", 6, "below the minimum"),
    "bad-choice": (GOOD.replace('"advanced"', '"sideways"'), "inputs.stance", 7,
                   "not one of the choices"),
    "newer-version": (GOOD.replace("worksheet = 1", "worksheet = 2"), "worksheet", 1,
                      "newer than this program"),
    "version-as-text": (GOOD.replace("worksheet = 1", 'worksheet = "1"'), "worksheet", 1,
                        "format version"),
    "unknown-ruleset": (GOOD.replace('"gemstone4"', '"chess"'), "ruleset", 2, "unknown"),
    "name-not-text": (GOOD.replace('name = "Good"', "name = 7"), "name", 3, "must be text"),
    "escape-in-name": (GOOD.replace('name = "Good"', 'name = "G\\u001b[2Jood"'), "name", 3,
                       "control character"),
    "inputs-not-table": ('worksheet = 1\nruleset = "gemstone4"\ninputs = 3\n', "inputs", 3,
                         "table"),
}


def _untouched(path: Path):
    return path.read_bytes(), path.stat().st_mtime_ns


@pytest.mark.parametrize("kind", sorted(BAD_TEXTS))
def test_bad_text(kind, tmp_path):
    text, key, line, words = BAD_TEXTS[kind]
    path = tmp_path / f"{kind}.toml"
    path.write_text(text, encoding="utf-8")
    before = _untouched(path)
    with pytest.raises(PresetError) as caught:
        read_preset(path)
    error = caught.value
    assert error.file == str(path)
    assert error.key == key
    assert error.line == line
    assert words in str(error)
    assert str(path) in str(error)
    assert "\x1b" not in str(error)
    assert _untouched(path) == before


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(GOOD.replace("Good", "Gérard").encode("latin-1"))
    with pytest.raises(PresetError, match="not UTF-8") as caught:
        read_preset(path)
    assert caught.value.line == 3


def test_too_large(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text(GOOD + "#" * (MAX_PRESET_BYTES + 1), encoding="utf-8")
    with pytest.raises(PresetError, match="at most"):
        read_preset(path)


def test_a_folder_named_like_a_preset(tmp_path):
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(PresetError, match="folder"):
        read_preset(tmp_path / "folder.toml")


def test_a_fifo_does_not_hang(tmp_path):
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    with pytest.raises(PresetError, match="not a regular file"):
        read_preset(path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable(tmp_path):
    path = tmp_path / "secret.toml"
    path.write_text(GOOD)
    path.chmod(0)
    try:
        with pytest.raises(PresetError, match="cannot be read"):
            read_preset(path)
    finally:
        path.chmod(0o600)


def test_unreadable_simulated(tmp_path, monkeypatch):
    path = tmp_path / "secret.toml"
    path.write_text(GOOD)
    real_open = os.open

    def denied(file, flags, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(PresetError, match="cannot be read") as caught:
        read_preset(path)
    assert str(path) in str(caught.value)
    assert [p.file for p in check_file(path)] == [str(path)]


def test_missing(tmp_path):
    with pytest.raises(PresetError, match="no such file"):
        read_preset(tmp_path / "nothing.toml")


def test_check_collects_every_problem(tmp_path):
    path = tmp_path / "many.toml"
    path.write_text('worksheet = 1\nruleset = "gemstone4"\nname = 3\ncolour = 1\n\n[inputs]\n'
                    'dodge_ranks = -1\nstance = "sideways"\nnope = 1\n')
    problems = check_file(path)
    assert [(p.key, p.line) for p in problems] == [
        ("name", 3), ("colour", 4), ("inputs.dodge_ranks", 7), ("inputs.stance", 8),
        ("inputs.nope", 9)]
    with pytest.raises(PresetError) as caught:  # the raising API reports the first
        read_preset(path)
    assert caught.value.key == "name"


def test_check_of_a_good_file_is_empty(tmp_path):
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    assert check_file(path) == []


def test_folder_with_a_bad_file_lists_the_good_ones(tmp_path, user_folder):
    user_folder.mkdir(parents=True)
    (user_folder / "good.toml").write_text(GOOD)
    (user_folder / "bad.toml").write_text("worksheet = \n")
    (user_folder / "binary.toml").write_bytes(b"\xff\xfe\x00")
    os.mkfifo(user_folder / "pipe.toml")
    (user_folder / ".hidden.toml").write_text("junk")
    found, problems = list_presets()
    names = [listed.preset.name for listed in found if listed.location.kind == "user"]
    assert names == ["Good"]
    assert sorted(Path(p.file).name for p in problems) == ["bad.toml", "binary.toml",
                                                           "pipe.toml"]
    assert (user_folder / "bad.toml").read_text() == "worksheet = \n"
