"""A preset's ``kind``: a character leaves the fight out, an attacker holds only the attacker's
side, an old preset (no ``kind``) still reads and loads every input (issue 42)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from worksheet import rulesets
from worksheet.engine import Sheet
from worksheet.presets import (Preset, PresetError, dump_preset, parse_preset, read_preset,
                               save_preset)
from worksheet.presets.kinds import ATTACKER, names_of, part_of, to_load, to_save

EXALTED_FIGHT = {"dexterity": 4, "dodge": 3, "essence": 2, "onslaught": 3, "action_penalty": 2,
                 "stunt_faces": (8, 10), "attack_pool": 8}


def exalted() -> rulesets.Ruleset:
    return rulesets.get("exalted2e")


def test_every_attacker_input_exists_and_every_odds_pool_is_the_attackers():
    for rid in rulesets.ids():
        ruleset = rulesets.get(rid)
        assert set(ATTACKER[rid]) <= set(ruleset.inputs), rid
        # the odds' pool of every ruleset is the attacker's, never the character's
        pool = {"gemstone4": "attacker_as", "rise": "accuracy"}.get(rid, "attack_pool")
        assert part_of(ruleset, pool) == "attacker"
    assert part_of(rulesets.get("gemstone4"), "other_ds") == "character"  # the defender's DS


def test_round_inputs_are_the_fight_loops_and_what_it_clears():
    ruleset = exalted()
    assert [n for n in ruleset.inputs if part_of(ruleset, n) == "round"] == [
        "action_penalty", "wound_penalty", "onslaught", "ground", "stunt_faces",
        "virtue_faces", "willpower"]
    shadowrun = rulesets.get("shadowrun4")
    assert part_of(shadowrun, "attacker_hits") == "round"  # rolled: spent, not the attacker
    assert part_of(shadowrun, "attacker_distance") == "attacker"


def test_a_character_save_leaves_out_the_round_and_the_attacker():
    values = {**exalted().defaults(), **EXALTED_FIGHT}
    kept = to_save(exalted(), "character", values)
    assert kept["dexterity"] == 4 and kept["dodge"] == 3
    assert not {"onslaught", "action_penalty", "stunt_faces", "attack_pool"} & set(kept)
    text = dump_preset(Preset("exalted2e", "Hero", "", kept, kind="character"))
    assert 'kind = "character"' in text and "onslaught" not in text
    assert "attack_pool" not in text
    back = parse_preset(text)
    assert back.kind == "character"
    assert back.inputs == {name: value for name, value in kept.items() if value is not None}


def test_an_attacker_save_holds_only_the_attacker():
    values = {**rulesets.get("shadowrun4").defaults(), "attack": "melee", "attack_pool": 8,
              "reaction": 5, "previous_defenses": 2}
    kept = to_save(rulesets.get("shadowrun4"), "attacker", values)
    assert kept == {"attack": "melee", "attacker_distance": 10, "burst": "none",
                    "shotgun_spread": "none", "area_attack": False, "attack_pool": 8}


def test_loading_a_character_keeps_the_fight_and_an_attacker_keeps_the_character():
    ruleset = exalted()
    now = {**ruleset.defaults(), **EXALTED_FIGHT}
    new = to_load(ruleset, "character", {"dexterity": 2}, now)
    assert new["dexterity"] == 2 and new["dodge"] == 0  # left out: its default
    assert not {"onslaught", "attack_pool", "stunt_faces"} & set(new)
    sheet = Sheet(ruleset, {**now, **new})
    assert sheet.inputs["onslaught"] == 3 and sheet.inputs["attack_pool"] == 8
    orc = to_load(ruleset, "attacker", {"attack_pool": 12}, now)
    assert orc == {"attack_pool": 12}
    assert to_load(ruleset, "attacker", {}, now) == {"attack_pool": None}


def test_an_old_preset_loads_every_input_as_before():
    ruleset = exalted()
    now = {**ruleset.defaults(), **EXALTED_FIGHT}
    new = to_load(ruleset, None, {"dexterity": 2}, now)
    assert set(new) == set(ruleset.inputs)
    assert new["onslaught"] == 0 and new["attack_pool"] is None and new["dexterity"] == 2
    assert names_of(ruleset, None) == names_of(ruleset, "fight") == tuple(ruleset.inputs)


def _condition(name: str, value: int) -> dict:
    return {"name": name, "defenses": ["all"], "value": value, "type": "condition"}


def test_rise_conditions_are_the_rounds_and_the_other_modifiers_the_characters():
    ruleset = rulesets.get("rise")
    spec = ruleset.inputs["modifiers"]
    ring = spec.coerce_record(0, {"name": "Ring", "defenses": ["armor"], "value": 1})
    prone = spec.coerce_record(1, _condition("Prone", -2))
    kept = to_save(ruleset, "character", {**ruleset.defaults(), "modifiers": (ring, prone)})
    assert kept["modifiers"] == (ring,)
    # loading a character: its modifiers, then the conditions the sheet has now
    shield = spec.coerce_record(0, {"name": "Shield spell", "defenses": ["all"], "value": 2})
    new = to_load(ruleset, "character", {"modifiers": (shield,)}, {"modifiers": (ring, prone)})
    assert new["modifiers"] == (shield, prone)
    # defaults: Armor 0 + half level 0; shield spell +2, prone −2
    assert Sheet(ruleset, new).value("armor_defense") == 0
    assert Sheet(ruleset, {"modifiers": (shield,)}).value("armor_defense") == 2


ROUND_IN_CHARACTER = """worksheet = 1
ruleset = "exalted2e"
kind = "character"
name = "Stale"

[inputs]
dexterity = 4
onslaught = 3
attack_pool = 8
"""


def test_a_character_file_holding_the_fight_is_refused_with_key_and_line(tmp_path):
    path = tmp_path / "stale.toml"
    path.write_text(ROUND_IN_CHARACTER)
    with pytest.raises(PresetError) as caught:
        read_preset(path)
    problems = [caught.value, *caught.value.more]
    assert [(p.key, p.line) for p in problems] == [("inputs.onslaught", 8),
                                                  ("inputs.attack_pool", 9)]
    assert "round inputs" in problems[0].problem and 'kind = "fight"' in problems[0].problem
    assert "attacker's side" in problems[1].problem
    assert path.read_text() == ROUND_IN_CHARACTER  # untouched


def test_an_attacker_file_holding_the_character_is_refused():
    text = ROUND_IN_CHARACTER.replace('"character"', '"attacker"')
    with pytest.raises(PresetError) as caught:
        parse_preset(text, "orc.toml")
    assert caught.value.key == "inputs.dexterity" and caught.value.line == 7
    assert "only the attacker's side (attack_pool)" in caught.value.problem


def test_a_rise_character_with_a_condition_is_refused_at_the_record():
    text = """worksheet = 1
ruleset = "rise"
kind = "character"
name = "R"

[[inputs.modifiers]]
name = "Ring"
value = 1

[[inputs.modifiers]]
name = "Prone"
value = -2
type = "condition"
"""
    with pytest.raises(PresetError) as caught:
        parse_preset(text)
    assert caught.value.key == "inputs.modifiers[1]" and caught.value.line == 10


@pytest.mark.parametrize("kind, shown", [('"villain"', "'villain'"), ("7", "7"),
                                         ("[1]", "a list"), ('"Character"', "'Character'")])
def test_a_bad_kind_is_refused_and_names_the_kinds(kind, shown):
    text = f'worksheet = 1\nruleset = "gemstone4"\nkind = {kind}\nname = "x"\n'
    with pytest.raises(PresetError) as caught:
        parse_preset(text)
    assert caught.value.key == "kind" and caught.value.line == 3
    assert "character, attacker, fight" in caught.value.problem and shown in caught.value.problem


def test_save_keeps_the_kind_and_an_old_preset_is_written_without_one(tmp_path):
    path = save_preset(Preset("gemstone4", "Orc archer", "8 dice", {"attacker_as": 150,
                                                                   "avd": 30}, kind="attacker"))
    assert 'kind = "attacker"' in path.read_text()
    assert read_preset(path).kind == "attacker"
    old = save_preset(Preset("gemstone4", "Old", "", {"dodge_ranks": 3, "stance": "guarded"}))
    assert "kind" not in old.read_text() and read_preset(old).kind is None


def test_an_exact_number_survives_a_character_round_trip():
    ruleset = exalted()
    values = {**ruleset.defaults(), "charm_limit": Fraction(3, 2)}
    back = parse_preset(dump_preset(Preset("exalted2e", "C", "", to_save(
        ruleset, "character", values), kind="character")))
    assert back.inputs["charm_limit"] == Fraction(3, 2)
