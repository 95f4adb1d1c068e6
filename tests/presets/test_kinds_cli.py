"""Preset kinds on the command line: ``calc --preset`` repeated combines a character and an
attacker; ``presets list`` shows the kind; ``presets copy --kind`` keeps one part (issue 42)."""

from __future__ import annotations

import json

from worksheet.cli import main
from worksheet.presets import Preset, read_preset, save_preset


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _hero_and_orc() -> None:
    save_preset(Preset("exalted2e", "Hero", "", {"dexterity": 3, "dodge": 3, "essence": 2},
                       kind="character"))
    save_preset(Preset("exalted2e", "Orc archer", "8 dice", {"attack_pool": 8},
                       kind="attacker"))


def test_calc_combines_a_character_and_an_attacker_preset(capsys):
    _hero_and_orc()
    status, out, err = run(capsys, "calc", "exalted2e", "--preset", "hero", "--preset",
                           "orc-archer", "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert data["inputs"]["dexterity"] == 3 and data["inputs"]["attack_pool"] == 8
    # Dodge DV: (3 + 3 + 2) / 2 = 4 (Essence 2 counts); 8 dice against DV 4
    assert data["values"]["dodge_dv"] == 4
    assert data["values"]["p_hit_dodge"] == "46997/125000"
    # the order does not matter for two presets of different kinds
    again = json.loads(run(capsys, "calc", "exalted2e", "--preset", "orc-archer", "--preset",
                           "hero", "--format", "json")[1])
    assert again["values"] == data["values"]


def test_calc_a_later_preset_replaces_only_its_part_and_set_still_wins(capsys):
    _hero_and_orc()
    save_preset(Preset("exalted2e", "Goblin", "", {"attack_pool": 2}, kind="attacker"))
    status, out, _ = run(capsys, "calc", "exalted2e", "--preset", "hero", "--preset",
                         "orc-archer", "--preset", "goblin", "--set", "onslaught=1",
                         "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["inputs"]["attack_pool"] == 2
    assert data["inputs"]["dodge"] == 3 and data["inputs"]["onslaught"] == 1
    assert data["values"]["dodge_dv"] == 3


def test_calc_an_old_preset_alone_works_as_before(capsys):
    status, out, _ = run(capsys, "calc", "gemstone4", "--preset", "example-1", "--format",
                         "json")
    assert status == 0 and json.loads(out)["values"]["melee_ds"] == 43


def test_calc_refuses_a_preset_of_another_ruleset_among_several(capsys):
    _hero_and_orc()
    status, out, err = run(capsys, "calc", "gemstone4", "--preset", "example-1", "--preset",
                           "orc-archer")
    assert status == 2 and out == ""
    assert "'orc-archer' is an exalted2e preset, not gemstone4" in err


def test_list_shows_each_presets_kind(capsys):
    _hero_and_orc()
    status, out, _ = run(capsys, "presets", "list", "exalted2e")
    assert status == 0
    lines = out.splitlines()
    assert any(line.split()[:3] == ["user", "exalted2e", "character"] and "Hero" in line
               for line in lines)
    assert any(line.split()[:3] == ["user", "exalted2e", "attacker"] and "Orc archer" in line
               for line in lines)
    assert any(line.split()[:3] == ["bundled", "exalted2e", "all"] for line in lines)


def test_copy_kind_character_takes_the_character_out_of_an_old_fight(capsys):
    status, out, err = run(capsys, "presets", "copy", "exalted2e-odds-eight-dice-against-dv-3",
                           "--to", "user", "--as", "Duelist", "--kind", "character")
    assert status == 0, err
    copied = read_preset(out.split(" to ")[-1].strip())
    assert copied.kind == "character" and "attack_pool" not in copied.inputs
    status, out, err = run(capsys, "presets", "copy", "exalted2e-odds-eight-dice-against-dv-3",
                           "--to", "user", "--as", "Eight dice", "--kind", "attacker")
    attacker = read_preset(out.split(" to ")[-1].strip())
    assert status == 0 and attacker.kind == "attacker" and attacker.inputs == {"attack_pool": 8}
