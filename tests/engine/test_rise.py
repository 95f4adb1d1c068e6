"""Rise defenses through the sheet and the command line: worked example, bases, equipment,
every guideline on a real character, input checks, presets and properties."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.engine.rise_oracle import pipeline  # noqa: E402
from worksheet.cli import main    # noqa: E402
from tests.strategies import valid_values  # noqa: E402
from worksheet.engine import Sheet    # noqa: E402
from worksheet.presets import read_preset    # noqa: E402
from worksheet.rulesets import get    # noqa: E402
from worksheet.rulesets import rise_stacking as guide    # noqa: E402

RISE = get("rise")
PRESETS = Path(__file__).resolve().parents[2] / "presets"
FINALS = tuple(f"{d}_defense" for d in guide.DEFENSES)


def values(**inputs):
    sheet = Sheet(RISE, inputs)
    assert sheet.problems == [], sheet.problems
    assert sheet.internal_errors == []
    return sheet.values


def defenses(**inputs):
    found = values(**inputs)
    return {d: found[f"{d}_defense"] for d in guide.DEFENSES}


def mod(name, value=0, **keys):
    return {"name": name, "value": value, **keys}


R1 = dict(level=7, strength=3, dexterity=2, constitution=3, willpower=1,
          fortitude_class_bonus=4, reflex_class_bonus=2, mental_class_bonus=3,
          body_armor="brigandine", shield="standard",
          modifiers=[mod("Magic armor", 1, defenses=["armor"], type="enhancement"),
                     mod("Shield spell", 2, defenses=["armor"], type="enhancement"),
                     mod("Protect", 1, defenses=["armor"])])


def calc_json(capsys, *argv):
    status = main(["calc", "rise", *argv, "--format", "json"])
    captured = capsys.readouterr()
    return status, (json.loads(captured.out) if captured.out else None), captured.err


# -- the spec's worked example --------------------------------------------------------------
def test_r1_through_the_sheet():
    found = values(**R1)
    assert found["half_level"] == 3
    assert found["armor_dex"] == 1
    assert found["armor_base"] == 10
    assert found["armor_modifiers"] == 3
    assert defenses(**R1) == {"armor": 13, "brawn": 6, "fortitude": 10, "reflex": 9,
                              "mental": 7}


def test_r1_through_the_command_line(capsys):
    status, document, _ = calc_json(capsys, "--preset", str(PRESETS / "rise-r1-fighter.toml"))
    assert status == 0
    assert document["problems"] == []
    got = document["values"]
    assert (got["half_level"], got["armor_dex"]) == (3, 1)
    assert {name: got[name] for name in FINALS} == {
        "armor_defense": 13, "reflex_defense": 9, "fortitude_defense": 10,
        "mental_defense": 7, "brawn_defense": 6}


def test_r1_shows_the_enhancement_that_does_not_count():
    sheet = Sheet(RISE, R1)
    derivation = sheet.status("armor_modifiers").derivation
    assert derivation.formula == "Shield spell + Protect"
    assert derivation.substituted == "2 + 1"
    assert any("Magic armor" in n and "a larger enhancement bonus applies" in n
               for n in derivation.notes)


def test_results_are_the_contract_names_and_ints():
    assert RISE.results == ("half_level", "armor_dex", "armor_defense", "brawn_defense",
                            "fortitude_defense", "reflex_defense", "mental_defense")
    found = values(**R1)
    assert all(type(found[name]) is int for name in RISE.results)


# -- steps 1-4 --------------------------------------------------------------------------------
@pytest.mark.parametrize("level,half", [(1, 0), (2, 1), (3, 1), (7, 3), (20, 10), (21, 10)])
def test_half_level(level, half):
    assert values(level=level)["half_level"] == half


@pytest.mark.parametrize("dexterity,body_armor,shield,armor_dex", [
    (3, "none", "none", 3), (3, "buff-leather", "none", 3), (3, "mail-shirt", "buckler", 3),
    (3, "rawhide", "none", 3), (3, "leather-lamellar", "none", 1), (3, "none", "standard", 1),
    (3, "none", "tower", 1), (5, "full-plate", "tower", 2), (1, "scale", "none", 0),
    (-3, "brigandine", "none", -2), (-1, "breastplate", "none", -1),
    (-10, "half-plate", "none", -5),
    (-3, "none", "none", -3), (-4, "none", "standard", -2),
])
def test_armor_dex(dexterity, body_armor, shield, armor_dex):
    assert values(dexterity=dexterity, body_armor=body_armor, shield=shield)["armor_dex"] \
        == armor_dex


def test_halved_negative_dexterity_shows_before_and_after():
    derivation = Sheet(RISE, {"dexterity": -3, "body_armor": "scale"}).status(
        "armor_dex").derivation
    assert derivation.substituted == "floor((-3) / 2 = -1.5)"
    assert derivation.result == "-2"


# body armor: (bonus, proficient armor defense, non-proficient armor defense) with Dex 3, level 1
@pytest.mark.parametrize("armor,bonus,halved_bonus,dex", [
    ("none", 0, 0, 3), ("buff-leather", 2, 1, 3), ("mail-shirt", 2, 1, 3), ("rawhide", 2, 1, 3),
    ("leather-lamellar", 4, 2, 1), ("scale", 4, 2, 1), ("brigandine", 4, 2, 1),
    ("breastplate", 5, 2, 1), ("half-plate", 5, 2, 1), ("full-plate", 5, 2, 1),
])
def test_body_armor(armor, bonus, halved_bonus, dex):
    trained = values(dexterity=3, body_armor=armor)
    untrained = values(dexterity=3, body_armor=armor, armor_proficient=False)
    assert (trained["body_armor_bonus"], trained["armor_defense"]) == (bonus, dex + bonus)
    assert (untrained["body_armor_bonus"], untrained["armor_defense"]) == (
        halved_bonus, dex + halved_bonus)
    assert trained["reflex_defense"] == untrained["reflex_defense"] == 3


@pytest.mark.parametrize("shield,proficient,bonus,armor,reflex", [
    ("none", True, 0, 3, 3), ("none", False, 0, 3, 3),
    ("buckler", True, 1, 4, 4), ("buckler", False, 0, 3, 3),
    ("standard", True, 2, 3, 5), ("standard", False, 1, 2, 4),
    ("tower", True, 3, 4, 6), ("tower", False, 1, 2, 4),
])
def test_shield(shield, proficient, bonus, armor, reflex):
    found = values(dexterity=3, shield=shield, shield_proficient=proficient)
    assert (found["shield_bonus"], found["armor_defense"], found["reflex_defense"]) == (
        bonus, armor, reflex)


def test_bases_use_their_own_attribute_and_class_bonus():
    found = defenses(level=9, strength=1, dexterity=2, constitution=3, willpower=4,
                     armor_class_bonus=5, brawn_class_bonus=6, fortitude_class_bonus=7,
                     reflex_class_bonus=8, mental_class_bonus=9)
    assert found == {"armor": 4 + 2 + 5, "brawn": 4 + 1 + 6, "fortitude": 4 + 3 + 7,
                     "reflex": 4 + 2 + 8, "mental": 4 + 4 + 9}


def test_defaults_are_all_zero():
    assert defenses() == dict.fromkeys(guide.DEFENSES, 0)


# -- steps 5-9 on a sheet -----------------------------------------------------------------------
BASE = dict(level=4, strength=2, dexterity=2, constitution=2, willpower=2)  # every base 4


@pytest.mark.parametrize("modifiers,multipliers,expected", [
    ([mod("Bless", 1), mod("bless", 2)], [], dict.fromkeys(guide.DEFENSES, 6)),
    ([mod("Ward", 1, type="enhancement"), mod("Aegis", 3, type="enhancement")], [],
     dict.fromkeys(guide.DEFENSES, 7)),
    ([mod("Frightened", -2, type="condition", defenses=["mental"])] * 2, [],
     {"armor": 4, "brawn": 4, "fortitude": 4, "reflex": 4, "mental": 2}),
    ([], [{"name": "A", "op": "double"}, {"name": "B", "op": "double"}],
     dict.fromkeys(guide.DEFENSES, 12)),
    ([mod("P", 1)], [{"name": "A", "op": "halve", "defenses": ["reflex"]},
                     {"name": "B", "op": "halve", "defenses": ["reflex"]}],
     {"armor": 5, "brawn": 5, "fortitude": 5, "reflex": 1, "mental": 5}),
    ([], [{"name": "A", "op": "double"}, {"name": "B", "op": "halve"}],
     dict.fromkeys(guide.DEFENSES, 4)),
    ([mod("Cap", 3, maximum=6)], [], dict.fromkeys(guide.DEFENSES, 6)),
    ([mod("Cap", 3, maximum=4), mod("Other", 2, maximum=9)], [],
     dict.fromkeys(guide.DEFENSES, 6)),
    ([mod("Low", 3, maximum=5), mod("High", 3, maximum=12)], [],
     dict.fromkeys(guide.DEFENSES, 5)),
    ([mod("Floor", minimum=7, defenses=["brawn", "mental"])], [],
     {"armor": 4, "brawn": 7, "fortitude": 4, "reflex": 4, "mental": 7}),
    ([mod("Curse", -9)], [], dict.fromkeys(guide.DEFENSES, 0)),
])
def test_guidelines_on_a_sheet(modifiers, multipliers, expected):
    assert defenses(**BASE, modifiers=modifiers, multipliers=multipliers) == expected


def test_intermediate_nodes_of_a_defense():
    found = values(**BASE, modifiers=[mod("A", 1), mod("Cap", 5, maximum=13),
                                      mod("Floor", minimum=14)],
                   multipliers=[{"name": "D", "op": "double"}, {"name": "E", "op": "double"}])
    assert [found[f"armor_{n}"] for n in ("base", "modifiers", "multiplier", "after_multipliers",
                                          "after_caps", "after_minimum", "defense")] == [
        4, 1, 3, 15, 15, 15, 15]
    found = values(**BASE, modifiers=[mod("A", 1), mod("Cap", 5, maximum=17),
                                      mod("Floor", minimum=19)],
                   multipliers=[{"name": "D", "op": "double"}, {"name": "E", "op": "halve"},
                                {"name": "F", "op": "halve"}])
    # (4 + 1) × 2/3 = 10/3 → 3; +5 → 8 (cap 17); minimum 19
    assert [found[f"armor_{n}"] for n in ("after_multipliers", "after_caps", "after_minimum",
                                          "defense")] == [3, 8, 19, 19]


def test_ignored_cap_is_visible_with_its_reason():
    sheet = Sheet(RISE, {**BASE, "modifiers": [mod("A", 8), mod("Ward", 2, maximum=12)]})
    derivation = sheet.status("armor_after_caps").derivation
    assert sheet.value("armor_after_caps") == 12
    assert any("cap 12 already reached" in note for note in derivation.notes)


def test_multiplier_rounding_shows_before_and_after():
    sheet = Sheet(RISE, {**BASE, "multipliers": [{"name": "A", "op": "halve"},
                                                 {"name": "B", "op": "halve"}]})
    derivation = sheet.status("brawn_after_multipliers").derivation
    assert derivation.substituted == "floor((4 + 0) × 1/3 = 4/3)"
    assert derivation.result == "1"


def test_same_name_notes_name_the_one_that_counts():
    sheet = Sheet(RISE, {**BASE, "modifiers": [mod("Bless", 1), mod("BLESS", 2)]})
    notes = sheet.status("mental_modifiers").derivation.notes
    assert notes == ("“Bless” +1: does not count — same name as “BLESS” +2, which is larger",)


# -- input checks -------------------------------------------------------------------------------
@pytest.mark.parametrize("inputs,where", [
    ({"level": 0}, "level"), ({"level": 22}, "level"), ({"strength": 11}, "strength"),
    ({"dexterity": -11}, "dexterity"), ({"mental_class_bonus": -1}, "mental_class_bonus"),
    ({"armor_class_bonus": 11}, "armor_class_bonus"), ({"body_armor": "plate"}, "body_armor"),
    ({"shield": "kite"}, "shield"),
    ({"modifiers": [mod("A", 0, maximum=5)]}, "modifiers"),
    ({"modifiers": [mod("A", -2, maximum=5)]}, "modifiers"),
    ({"modifiers": [mod("A", 1, defenses=["speed"])]}, "modifiers"),
    ({"modifiers": [mod("A", 1, defenses=[])]}, "modifiers"),
    ({"modifiers": [mod("A", 1, type="circumstance")]}, "modifiers"),
    ({"modifiers": [{"value": 1}]}, "modifiers"),
    ({"modifiers": [mod("", 1)]}, "modifiers"),
    ({"multipliers": [{"name": "A", "op": "triple"}]}, "multipliers"),
    ({"multipliers": [{"name": "A"}]}, "multipliers"),
])
def test_bad_inputs_are_refused(inputs, where):
    sheet = Sheet(RISE, inputs)
    assert [p.input for p in sheet.problems] == [where]
    if where in ("level", "modifiers", "multipliers"):
        assert all(sheet.value(name) is None for name in FINALS)


def test_capped_bonus_must_be_positive_message():
    sheet = Sheet(RISE, {"modifiers": [mod("Ward", 0, maximum=5)]})
    assert "modifiers[0].value" in sheet.problems[0].message
    assert "greater than 0 when a maximum is set" in sheet.problems[0].message
    assert all(sheet.value(name) is None for name in FINALS)


def test_bad_preset_exits_2(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text('worksheet = 1\nruleset = "rise"\nname = "bad"\n[inputs]\n'
                    '[[inputs.modifiers]]\nname = "Ward"\nvalue = -1\nmaximum = 3\n')
    status, _, error = calc_json(capsys, "--preset", str(path))
    assert status == 2
    assert "value" in error


def test_set_overrides_an_input(capsys):
    status, document, _ = calc_json(capsys, "--preset", str(PRESETS / "rise-r1-fighter.toml"),
                                    "--set", "shield_proficient=false")
    assert status == 0
    # standard shield untrained: +1 instead of +2 on Armor and Reflex
    assert (document["values"]["armor_defense"], document["values"]["reflex_defense"]) == (12, 8)


# -- presets ------------------------------------------------------------------------------------
EXPECTED_PRESETS = {
    "rise-r1-fighter.toml": {"armor": 13, "brawn": 6, "fortitude": 10, "reflex": 9, "mental": 7},
    "rise-odds-r1-fighter-against-accuracy-5.toml": {"armor": 13, "brawn": 6, "fortitude": 10,
                                                     "reflex": 9, "mental": 7},
    "rise-wizard-no-armor.toml": {"armor": 9, "brawn": 5, "fortitude": 8, "reflex": 9,
                                  "mental": 12},
    "rise-barbarian-tower-shield.toml": {"armor": 5, "brawn": 11, "fortitude": 11, "reflex": 1,
                                         "mental": 5},
    "rise-giant-doubled.toml": {"armor": 5, "brawn": 39, "fortitude": 3, "reflex": 5,
                                "mental": 6},
}


def test_every_bundled_preset_is_expected():
    assert sorted(p.name for p in PRESETS.glob("rise-*.toml")) == sorted(EXPECTED_PRESETS)


@pytest.mark.parametrize("file,expected", sorted(EXPECTED_PRESETS.items()))
def test_bundled_presets(file, expected, capsys):
    preset = read_preset(PRESETS / file)
    assert preset.ruleset == "rise"
    assert defenses(**preset.inputs) == expected
    status, document, _ = calc_json(capsys, "--preset", str(PRESETS / file))
    assert status == 0
    assert {d: document["values"][f"{d}_defense"] for d in guide.DEFENSES} == expected


# -- properties ---------------------------------------------------------------------------------
NAMES = st.sampled_from(["Bless", "bless", "Ward", "Hex", "Frightened", "Shield spell"])
TARGET_LISTS = st.one_of(st.just(["all"]),
                         st.lists(st.sampled_from(guide.DEFENSES), min_size=1, max_size=5,
                                  unique=True))
OPTIONAL = st.one_of(st.none(), st.integers(-5, 40))


@st.composite
def modifiers(draw):
    maximum = draw(OPTIONAL)
    value = draw(st.integers(1, 12) if maximum is not None else st.integers(-12, 12))
    record = {"name": draw(NAMES), "defenses": draw(TARGET_LISTS), "value": value,
              "type": draw(st.sampled_from(guide.TYPES))}
    minimum = draw(OPTIONAL)
    if maximum is not None:
        record["maximum"] = maximum
    if minimum is not None:
        record["minimum"] = minimum
    return record


MULTIPLIERS = st.lists(st.fixed_dictionaries({
    "name": NAMES, "defenses": TARGET_LISTS, "op": st.sampled_from(guide.OPS)}), max_size=4)
INPUTS = valid_values(RISE, records={"modifiers": st.lists(modifiers(), max_size=8),
                                     "multipliers": MULTIPLIERS})
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(INPUTS)
def test_any_valid_input_gives_five_integers_at_least_zero(inputs):
    sheet = Sheet(RISE, inputs)
    assert sheet.problems == [] and sheet.internal_errors == []
    found = sheet.values
    for name in FINALS:
        assert type(found[name]) is int and found[name] >= 0
    for defense in guide.DEFENSES:  # the sheet's terms agree with the plain pipeline
        steps = pipeline(found[f"{defense}_base"], defense, sheet.value("modifiers"),
                         sheet.value("multipliers"))
        assert steps.final == found[f"{defense}_defense"]
        assert steps.after_caps == found[f"{defense}_after_caps"]


@FAST
@given(INPUTS, st.data())
def test_a_smaller_enhancement_bonus_changes_nothing(inputs, data):
    existing = {"name": data.draw(NAMES), "defenses": data.draw(TARGET_LISTS),
                "value": data.draw(st.integers(2, 12)), "type": "enhancement"}
    before = defenses(**{**inputs, "modifiers": [*inputs["modifiers"], existing]})
    targets = existing["defenses"]
    smaller = {"name": data.draw(NAMES),
               "defenses": targets if "all" in targets else data.draw(
                   st.lists(st.sampled_from(targets), min_size=1, unique=True)),
               "value": data.draw(st.integers(1, existing["value"] - 1)), "type": "enhancement"}
    position = data.draw(st.integers(0, len(inputs["modifiers"]) + 1))
    changed = [*inputs["modifiers"], existing]
    changed.insert(position, smaller)
    assert defenses(**{**inputs, "modifiers": changed}) == before
