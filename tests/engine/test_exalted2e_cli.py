"""Exalted 2e through ``worksheet calc``: the worked examples as JSON, the bundled presets,
and every problem the spec names (exit status 2, the input named)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worksheet.cli import main
from worksheet.presets import bundled_dir, read_preset

PRESETS = sorted(bundled_dir().glob("exalted2e-*.toml"))


def calc(capsys, *argv):
    status = main(["calc", "exalted2e", *argv, "--format", "json"])
    captured = capsys.readouterr()
    return status, (json.loads(captured.out) if captured.out else None), captured.err


def preset_path(slug: str) -> str:
    return str(bundled_dir() / f"exalted2e-{slug}.toml")


def write(tmp_path: Path, body: str) -> str:
    path = tmp_path / "case.toml"
    path.write_text('worksheet = 1\nruleset = "exalted2e"\nname = "case"\n\n[inputs]\n' + body)
    return str(path)


# -- worked examples ---------------------------------------------------------------------------
def test_e1_json(capsys):
    status, doc, _ = calc(capsys, "--preset", preset_path("e1-solar-cap-binds"))
    assert status == 0 and doc["problems"] == []
    v = doc["values"]
    assert v["dodge_base"] == "15/2"
    assert v["stunt_successes"] == 1 and v["virtue_successes"] == 0
    assert v["dodge_x"] == "13/2"
    assert v["dodge_limit"] == "9/2"
    assert v["dodge_dv"] == 11
    assert v["parry_base"] == "5/2" and v["parry_x"] == "5/2" and v["parry_limit"] == "5/2"
    assert v["parry_dv"] == 3


def test_e3_json(capsys):
    status, doc, _ = calc(capsys, "--preset", preset_path("e3-heroic-mortal"))
    assert status == 0
    v = doc["values"]
    assert v["dodge_base"] == "5/2" and v["dodge_x"] == "3/2"
    assert v["dodge_limit"] == 0 and v["parry_limit"] == 0
    assert v["dodge_dv"] == 1
    status, doc, _ = calc(capsys, "--preset", preset_path("e3-heroic-mortal"),
                          "--set", "rounding=up")
    assert doc["values"]["dodge_dv"] == 2


def test_e3_clamp_json(capsys):
    status, doc, _ = calc(capsys, "--preset", preset_path("e3-mortal-clamp"))
    assert status == 0
    assert doc["values"]["dodge_x"] == "-7/2"
    assert doc["values"]["dodge_dv"] == 0


def test_e3_clamp_with_sets(capsys):
    status, doc, _ = calc(capsys, "--set", "character_type=mortal", "--set", "dodge=2",
                          "--set", "wound_penalty=4", "--set", "onslaught=1",
                          "--set", "action_penalty=2", "--set", "willpower=yes")
    assert status == 0 and doc["values"]["dodge_dv"] == 0


# -- bundled presets ---------------------------------------------------------------------------
def test_there_are_enough_presets():
    assert len(PRESETS) >= 5


@pytest.mark.parametrize("path", PRESETS, ids=lambda p: p.stem)
def test_every_preset_loads_and_evaluates(path, capsys):
    preset = read_preset(path)
    assert preset.ruleset == "exalted2e" and preset.name and preset.description
    status, doc, err = calc(capsys, "--preset", str(path))
    assert status == 0, err
    for name in ("dodge_dv", "parry_dv"):
        assert isinstance(doc["values"][name], int) and doc["values"][name] >= 0


@pytest.mark.parametrize("slug, dodge_dv, parry_dv", [
    ("e1-solar-cap-binds", 11, 3),
    ("e3-heroic-mortal", 1, 0),
    ("e3-mortal-clamp", 0, 0),
    ("dawn-solar-daiklave", 7, 13),
    ("dragon-blooded-high-ground", 11, 6),
    ("mortal-shield-soldier", 0, 3),
    ("sidereal-halved", 5, 3),
])
def test_preset_numbers_match_their_descriptions(capsys, slug, dodge_dv, parry_dv):
    _, doc, _ = calc(capsys, "--preset", preset_path(slug))
    assert (doc["values"]["dodge_dv"], doc["values"]["parry_dv"]) == (dodge_dv, parry_dv)


# -- problems ----------------------------------------------------------------------------------
def test_virtue_and_willpower_is_exit_2(capsys):
    status, doc, err = calc(capsys, "--set", "virtue_faces=8,2", "--set", "willpower=true")
    assert status == 2
    assert [p["input"] for p in doc["problems"]] == ["willpower"]
    assert "Virtue channeling or Willpower" in err
    assert doc["values"]["dodge_dv"] is None and doc["values"]["parry_dv"] is None
    assert doc["values"]["virtue_successes"] == 1
    assert doc["values"]["dodge_base"] == "3/2"


@pytest.mark.parametrize("name, text", [
    ("stunt_faces", "0"), ("stunt_faces", "11"), ("stunt_faces", "8,3,7,2"),
    ("virtue_faces", "10,10,10,10,10,10"), ("virtue_faces", "12"), ("stunt_faces", "x"),
])
def test_bad_faces_are_exit_2(capsys, name, text):
    status, doc, err = calc(capsys, "--set", f"{name}={text}")
    assert status == 2
    assert [p["input"] for p in doc["problems"]] == [name]
    assert name in err
    assert doc["values"]["stunt_successes" if name == "stunt_faces"
                         else "virtue_successes"] is None
    # what does not depend on the faces still has its value
    assert doc["values"]["dodge_base"] == "3/2"


@pytest.mark.parametrize("record, where", [
    ('value = 1', "effects[0].name"),
    ('name = "x"', "effects[0].value"),
    ('name = "x"\nop = "divide"\nvalue = 0', "effects[0].value"),
    ('name = "x"\nop = "divide"\nvalue = -2', "effects[0].value"),
    ('name = "x"\nop = "multiply"\nvalue = -1', "effects[0].value"),
    ('name = "x"\nop = "power"\nvalue = 2', "effects[0].op"),
    ('name = "x"\nstep = "spell"\nvalue = 2', "effects[0].step"),
    ('name = "x"\nsource = "enemy"\nvalue = 2', "effects[0].source"),
    ('name = "x"\napplies_to = "block"\nvalue = 2', "effects[0].applies_to"),
    ('name = "x"\nvalue = 2\nignores_cap = "perhaps"', "effects[0].ignores_cap"),
    ('name = "x"\nvalue = 2\ncolour = "red"', "effects[0].colour"),
    ('name = ""\nvalue = 2', "effects[0].name"),
    ('name = "x"\nvalue = "two"', "effects[0].value"),
])
def test_bad_effect_record_names_index_and_key(tmp_path, capsys, record, where):
    path = write(tmp_path, f'[[inputs.effects]]\nname = "fine"\nvalue = 1\n\n'
                           f'[[inputs.effects]]\n{record}\n')
    where = where.replace("[0]", "[1]")
    status, doc, err = calc(capsys, "--preset", path)
    assert status == 2 and doc is None
    assert where in err


def test_allowed_effect_values(tmp_path, capsys):
    path = write(tmp_path, '[[inputs.effects]]\nname = "zero"\nop = "multiply"\nvalue = 0\n'
                           '[[inputs.effects]]\nname = "neg add"\nvalue = "-3/2"\n'
                           '[[inputs.effects]]\nname = "decimal"\nop = "divide"\nvalue = 0.5\n')
    status, doc, _ = calc(capsys, "--preset", path)
    assert status == 0
    # X = 3/2; Charms: adds -3/2 → 0, × 0 → 0, / 0.5 → 0
    assert doc["values"]["dodge_dv"] == 0


@pytest.mark.parametrize("name, text", [
    ("dexterity", "11"), ("essence", "0"), ("weapon_defense", "-6"), ("dodge_specialties", "4"),
    ("wound_penalty", "5"), ("onslaught", "21"), ("cover_bonus", "4"), ("ground", "uphill"),
    ("character_type", "god-blooded"), ("rounding", "nearest"), ("charm_limit", "-1"),
    ("ignored_penalties", "shield_bonus"), ("charm_limit", "x"),
])
def test_bad_inputs_are_exit_2(capsys, name, text):
    status, doc, _ = calc(capsys, "--set", f"{name}={text}")
    assert status == 2
    assert [p["input"] for p in doc["problems"]] == [name]


def test_charm_limit_cleared_and_fraction(capsys):
    status, doc, _ = calc(capsys, "--set", "charm_limit=3/2")
    assert status == 0 and doc["values"]["dodge_limit"] == "3/2"
    assert doc["inputs"]["charm_limit"] == "3/2"
    status, doc, _ = calc(capsys, "--set", "charm_limit=")
    assert status == 0 and doc["inputs"]["charm_limit"] is None


def test_text_report_shows_every_step(capsys):
    status = main(["calc", "exalted2e", "--preset", preset_path("e1-solar-cap-binds")])
    out = capsys.readouterr().out
    assert status == 0
    for step in ("[A]", "[B]", "[C]", "[D]", "[E]", "[F]"):
        assert step in out
    assert "the cap binds" in out
    assert "mobility_penalty 1: Dodge only — not applied to Parry" in out
    assert "ceil(" in out
