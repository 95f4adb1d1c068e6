"""Each source fills exactly the inputs import.md lists, with the values the source states:
the last INFO column, the skill's ranks (not its bonus), the Chummer rating (not the pool), the
Anathema experienced value — and leaves the rest, with the warnings the spec asks for."""

from __future__ import annotations

from pathlib import Path

import pytest

from worksheet.importers import ImportRefused, read_import

FIXTURES = Path(__file__).parent / "fixtures"


def read(ruleset: str, name: str):
    return read_import(ruleset, (FIXTURES / name).read_bytes(), name)


def test_gemstone_info_two_columns_skills_and_armor_list():
    found = read("gemstone4", "gs_info_skills_armor.txt")
    assert found.source == "gemstone4-text"
    # AGI 95 (27) ... 101 (30): the enhanced column; INT's is negative; Dodging's ranks (96),
    # not its bonus (146); Armored Evasion 3/5.
    assert found.inputs == {"dodge_ranks": 96, "agility_bonus": 30, "intuition_bonus": -8,
                            "armored_evasion": 3}
    assert found.where["dodge_ranks"] == "line 29 (Dodging ranks)"
    assert found.where["agility_bonus"].startswith("line 10 ")
    assert found.left[:2] == ["armor_asg", "armor_penalty_may_be_positive"]
    assert {"shield", "stance", "body_weight", "encumbrance"} <= set(found.left)
    assert found.warnings == []


def test_gemstone_info_full_takes_the_third_column_and_skills_full_means_zero_dodging():
    found = read("gemstone4", "gs_info_full_skills_full.txt")
    assert found.inputs == {"dodge_ranks": 0, "agility_bonus": -5, "intuition_bonus": 14}
    assert "SKILLS FULL" in found.where["dodge_ranks"]
    assert "armored_evasion" in found.left


def test_gemstone_skills_without_full_and_without_dodging_leaves_it_with_a_warning():
    found = read("gemstone4", "gs_skills_only.txt")
    assert found.inputs == {}
    assert "dodge_ranks" in found.left
    assert len(found.warnings) == 1 and "Dodging" in found.warnings[0]


def test_chummer_utf16_with_bom_rating_not_pool_and_augmented_reaction():
    found = read("shadowrun4", "sr_augmented_utf16.chum")
    assert found.source == "chummer4"
    # REA value 4, totalvalue 6 (augmented); Dodge rating 4 (pool 10); Blades 5 beats
    # Unarmed Combat 2 and Clubs 1.
    assert found.inputs == {"reaction": 6, "dodge": 4, "melee_skill": 5, "gymnastics": 3,
                            "physical_damage": 4, "stun_damage": 2}
    assert "Blades" in found.where["melee_skill"]
    assert "attack" in found.left and "previous_defenses" in found.left


def test_chummer_utf8_without_gymnastics_leaves_it():
    found = read("shadowrun4", "sr_street_utf8.chum")
    assert found.inputs == {"reaction": 3, "dodge": 2, "melee_skill": 4,
                            "physical_damage": 0, "stun_damage": 7}
    assert "Unarmed Combat" in found.where["melee_skill"]
    assert "gymnastics" in found.left


def test_anathema_experienced_values_specialties_and_latin1():
    found = read("exalted2e", "ex_solar_experienced.ecg")
    assert found.source == "anathema"
    # Dexterity 4→5, Dodge 3→4, Essence 2→3, Melee 3→4 beats Martial Arts 2; Dodge's
    # specialties 2 + 1 dots; Melee's 1.
    assert found.inputs == {"character_type": "solar", "dexterity": 5, "dodge": 4,
                            "combat_ability": 4, "essence": 3, "dodge_specialties": 3,
                            "parry_specialties": 1}
    assert "Melee" in found.where["combat_ability"]
    assert "experienced" in found.where["dexterity"]
    assert any("specialt" in warning for warning in found.warnings)
    assert "weapon_defense" in found.left


def test_anathema_creation_values_dragon_blooded_and_martial_arts():
    found = read("exalted2e", "ex_dragonblooded_creation.ecg")
    assert found.inputs == {"character_type": "dragon-blooded", "dexterity": 3, "dodge": 2,
                            "combat_ability": 3, "essence": 2, "parry_specialties": 1}
    assert "Martial Arts" in found.where["combat_ability"]
    assert "dodge_specialties" in found.left


@pytest.mark.parametrize("written", ["DragonBlooded", "Dragon Blooded", "dragon-blooded"])
def test_anathema_dragon_blooded_in_any_spelling(written):
    text = (FIXTURES / "ex_dragonblooded_creation.ecg").read_bytes().replace(
        b"Dragon-Blooded", written.encode())
    assert read_import("exalted2e", text, "x.ecg").inputs["character_type"] == "dragon-blooded"


def test_anathema_unknown_type_is_left_with_a_warning():
    text = (FIXTURES / "ex_dragonblooded_creation.ecg").read_bytes().replace(
        b"Dragon-Blooded", b"Getimian")
    found = read_import("exalted2e", text, "x.ecg")
    assert "character_type" in found.left
    assert any("Getimian" in warning for warning in found.warnings)


def test_other_rulesets_have_nothing_to_import():
    with pytest.raises(ImportRefused, match="no common character file"):
        read_import("rise", b"anything", "x")
