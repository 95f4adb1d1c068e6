"""The preset format: round trip and every kind of bad preset, with real files."""

from fractions import Fraction as F

import pytest

from worksheet.presets import (Preset, PresetError, dump_preset, find_preset, parse_preset,
                               read_preset, write_preset)

GOOD = '''worksheet = 1
ruleset = "gemstone4"
name = "Scout"
description = "a test"

[inputs]
dodge_ranks = 60
shield = "small"
'''


def test_read_fills_only_given_inputs(tmp_path):
    path = tmp_path / "scout.toml"
    path.write_text(GOOD)
    preset = read_preset(path)
    assert (preset.ruleset, preset.name, preset.description) == ("gemstone4", "Scout", "a test")
    assert preset.inputs == {"dodge_ranks": 60, "shield": "small"}


def test_save_then_load_gives_the_same_inputs(tmp_path):
    preset = Preset("gemstone4", "Round trip", "all inputs",
                    {"dodge_ranks": 7, "agility_bonus": -3, "armor_asg": 20, "shield": "tower",
                     "stance": "guarded", "armor_penalty_may_be_positive": False,
                     "body_weight": 180, "encumbrance": 40, "armored_evasion": 2,
                     "intuition_bonus": 11})
    path = write_preset(preset, tmp_path / "sub" / "round.toml")
    again = read_preset(path)
    assert again.inputs == preset.inputs
    assert (again.name, again.description, again.ruleset) == ("Round trip", "all inputs",
                                                               "gemstone4")
    assert list(tmp_path.joinpath("sub").iterdir()) == [path]  # no temporary file left


@pytest.mark.parametrize("text,key,line,fragment", [
    (GOOD.replace("shield =", "sheild ="), "inputs.sheild", 8, "unknown input for gemstone4"),
    (GOOD.replace('name = "Scout"', 'name = "Scout"\ncolour = "red"'), "colour", 4,
     "unknown key"),
    (GOOD.replace('"gemstone4"', '"dnd5e"'), "ruleset", 2, "'dnd5e' is unknown"),
    (GOOD.replace("= 60", '= "sixty"'), "inputs.dodge_ranks", 7, "not a whole number"),
    (GOOD.replace("= 60", "= 600"), "inputs.dodge_ranks", 7, "above the maximum 500"),
    (GOOD.replace("= 60", "= 6.5"), "inputs.dodge_ranks", 7, "not a whole number"),
    (GOOD.replace('"small"', '"huge"'), "inputs.shield", 8, "not one of the choices"),
    (GOOD.replace("worksheet = 1", "worksheet = 2"), "worksheet", 1, "newer than this program"),
    (GOOD.replace("worksheet = 1\n", ""), "worksheet", None, "format version"),
    (GOOD.replace('name = "Scout"', "name = 5"), "name", 3, "must be text"),
    (GOOD.replace("[inputs]", "inputs = 3\n[x]"), "", None, ""),
])
def test_bad_presets_name_file_key_and_line(tmp_path, text, key, line, fragment):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    before = path.read_bytes()
    with pytest.raises(PresetError) as caught:
        read_preset(path)
    error = caught.value
    if key:
        assert error.key == key
        assert error.line == line
        assert fragment in str(error)
    assert str(path) in str(error)
    assert path.read_bytes() == before  # a failed load never modifies the file


def test_syntax_error_gives_the_line(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(GOOD.replace("dodge_ranks = 60", "dodge_ranks = = 60"))
    with pytest.raises(PresetError) as caught:
        read_preset(path)
    assert caught.value.line == 7 and "not valid TOML" in str(caught.value)


def test_not_utf8_and_too_large(tmp_path):
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"name = \"\xff\xfe\"")
    with pytest.raises(PresetError, match="not UTF-8"):
        read_preset(binary)
    large = tmp_path / "large.toml"
    large.write_text(GOOD + "#" * 300_000)
    with pytest.raises(PresetError, match="at most"):
        read_preset(large)


def test_toml_decimals_reach_exact_inputs_exactly():
    import tomllib
    from decimal import Decimal

    from worksheet.engine import NumberInput

    raw = tomllib.loads("x = 0.1", parse_float=Decimal)["x"]
    assert NumberInput("x", 0).coerce(raw) == F(1, 10)


def test_dump_is_valid_toml_that_reads_back():
    preset = parse_preset(GOOD)
    assert parse_preset(dump_preset(preset)).inputs == preset.inputs


def test_lookup_order_user_before_bundled(tmp_path, monkeypatch):
    user = tmp_path / "data" / "worksheet" / "presets"
    user.mkdir(parents=True)
    (user / "gemstone4-example-1.toml").write_text(GOOD.replace("Scout", "Mine"))
    assert find_preset("gemstone4-example-1").name == "Mine"
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "npc.toml").write_text(GOOD.replace("Scout", "NPC"))
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(shared))
    assert find_preset("npc").name == "NPC"
    assert find_preset("gemstone4-example-2").name.startswith("Example 2")
