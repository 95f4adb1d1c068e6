"""``worksheet import``: the text and JSON outputs, a preset saved through the safe save and
read back by ``calc --preset``, an existing name refused unless ``--replace``, standard input."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from worksheet.cli import main

FIXTURES = Path(__file__).parent / "fixtures"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_text_lists_label_value_and_where_then_what_was_left(capsys):
    status, out, err = run(capsys, "import", "gemstone4", str(FIXTURES / "gs_info_skills_armor.txt"))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Imported from gs_info_skills_armor.txt (gemstone4-text) for gemstone4:"
    assert lines[1].split() == ["Dodge", "ranks", "96", "from", "line", "29", "(Dodging", "ranks)"]
    assert "Agility bonus" in lines[2] and " 30 " in lines[2]
    assert "Intuition bonus" in lines[3] and " -8 " in lines[3]
    assert "Armored evasion" in lines[4] and " 3 " in lines[4]
    left = " ".join(lines[5:])
    assert left.startswith("Left for you: Armor (ASG), ") and "Body weight" in left
    assert "dodge_ranks" not in out  # labels, never identifiers


def test_json_has_the_spec_keys(capsys):
    status, out, _ = run(capsys, "import", "shadowrun4", str(FIXTURES / "sr_street_utf8.chum"),
                         "--format", "json")
    data = json.loads(out)
    assert status == 0
    assert set(data) == {"ruleset", "source", "inputs", "from", "left", "warnings"}
    assert data["source"] == "chummer4"
    assert data["inputs"] == {"reaction": 3, "dodge": 2, "melee_skill": 4,
                              "physical_damage": 0, "stun_damage": 7}
    assert set(data["from"]) == set(data["inputs"])
    assert "gymnastics" in data["left"]


@pytest.mark.parametrize("ruleset, fixture, expected", [
    ("gemstone4", "gs_info_skills_armor.txt",
     {"dodge_ranks": 96, "agility_bonus": 30, "intuition_bonus": -8, "armored_evasion": 3}),
    ("shadowrun4", "sr_augmented_utf16.chum",
     {"reaction": 6, "dodge": 4, "melee_skill": 5, "gymnastics": 3, "physical_damage": 4,
      "stun_damage": 2}),
    ("exalted2e", "ex_solar_experienced.ecg",
     {"character_type": "solar", "dexterity": 5, "dodge": 4, "combat_ability": 4,
      "essence": 3, "dodge_specialties": 3, "parry_specialties": 1}),
])
def test_a_preset_saved_by_import_is_what_calc_shows(capsys, isolated_folders, ruleset,
                                                      fixture, expected):
    status, out, err = run(capsys, "import", ruleset, str(FIXTURES / fixture), "--preset",
                           "Imported one")
    assert status == 0, err
    assert "Saved the preset 'Imported one'" in out
    saved = isolated_folders / "data" / "worksheet" / "presets" / "imported-one.toml"
    assert saved.is_file() and (saved.stat().st_mode & 0o777) == 0o600
    status, out, err = run(capsys, "calc", ruleset, "--preset", "Imported one", "--format",
                           "json")
    assert status in (0, 2), err
    inputs = json.loads(out)["inputs"]
    assert {name: inputs[name] for name in expected} == expected


def test_an_existing_preset_is_refused_unless_replace(capsys, isolated_folders):
    path = str(FIXTURES / "ex_dragonblooded_creation.ecg")
    assert run(capsys, "import", "exalted2e", path, "--preset", "Ruan")[0] == 0
    saved = isolated_folders / "data" / "worksheet" / "presets" / "ruan.toml"
    before = saved.read_bytes()
    status, out, err = run(capsys, "import", "exalted2e",
                           str(FIXTURES / "ex_solar_experienced.ecg"), "--preset", "Ruan")
    assert status == 2 and "--replace" in err and len(err.splitlines()) == 1
    assert saved.read_bytes() == before
    status, _, _ = run(capsys, "import", "exalted2e", str(FIXTURES / "ex_solar_experienced.ecg"),
                       "--preset", "Ruan", "--replace")
    assert status == 0 and b"dexterity = 5" in saved.read_bytes()


def test_the_shared_folder_needs_one_configured(capsys, isolated_folders):
    status, _, err = run(capsys, "import", "gemstone4", str(FIXTURES / "gs_info_skills_armor.txt"),
                         "--preset", "Kes", "--into", "shared")
    assert status == 2 and "shared" in err
    assert not (isolated_folders / "data" / "worksheet" / "presets" / "kes.toml").exists()


def test_standard_input_is_a_paste(capsys, monkeypatch):
    data = (FIXTURES / "gs_info_full_skills_full.txt").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, _ = run(capsys, "import", "gemstone4", "-", "--format", "json")
    assert status == 0
    assert json.loads(out)["inputs"] == {"dodge_ranks": 0, "agility_bonus": -5,
                                         "intuition_bonus": 14}


@pytest.mark.parametrize("ruleset", ["rise", "vtm-revised"])
def test_rulesets_without_a_source_say_so(capsys, ruleset):
    status, out, err = run(capsys, "import", ruleset, "whatever.txt")
    assert status == 2 and out == ""
    assert err.startswith(f"worksheet import: {ruleset} has no common character file")
