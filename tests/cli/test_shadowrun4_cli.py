"""shadowrun4 through the command line: the spec's worked example and every bundled preset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worksheet.cli import main
from worksheet.presets import read_preset

PRESETS = Path(__file__).resolve().parents[2] / "presets"
OURS = sorted(PRESETS.glob("shadowrun4-*.toml"))


def calc(capsys, *argv):
    status = main(["calc", "shadowrun4", *argv, "--format", "json"])
    captured = capsys.readouterr()
    return status, (json.loads(captured.out) if captured.out else None), captured.err


def test_s1_pool_zero_through_the_cli(capsys):
    status, report, _ = calc(capsys, "--preset", str(PRESETS / "shadowrun4-s1-pool-zero.toml"))
    assert status == 0 and report["problems"] == []
    values = report["values"]
    assert (values["base_pool"], values["modifier_total"], values["defense_pool"]) == (5, -6, 0)
    assert values["no_defense"] is False
    assert (values["hit"], values["net_hits"], values["defender_glitch"]) == (None, None, None)


def test_s1_full_dodge_through_the_cli(capsys):
    status, report, _ = calc(capsys, "--preset", str(PRESETS / "shadowrun4-s1-full-dodge.toml"))
    assert status == 0
    values = report["values"]
    assert (values["base_pool"], values["modifier_total"], values["defense_pool"]) == (9, -6, 3)


def test_s1_by_set_arguments(capsys):
    status, report, _ = calc(capsys, "--set", "reaction=5", "--set", "physical_damage=4",
                             "--set", "previous_defenses=2", "--set", "running=true",
                             "--set", "burst=long-wide", "--set", "attacker_hits=1")
    assert status == 0
    values = report["values"]
    assert (values["defense_pool"], values["hit"], values["net_hits"]) == (0, True, 1)


def test_full_parry_against_ranged_exits_2(capsys):
    status, report, _ = calc(capsys, "--set", "full_defense=full-parry")
    assert status == 2
    assert [p["input"] for p in report["problems"]] == ["full_defense"]
    assert "melee only" in report["problems"][0]["message"]
    assert report["values"]["defense_pool"] is None


def test_faces_through_set(capsys):
    status, report, _ = calc(capsys, "--set", "reaction=4", "--set", "attacker_hits=2",
                             "--set", "defender_faces=1,1,5,2")
    assert status == 0
    values = report["values"]
    assert (values["hit"], values["net_hits"], values["defender_glitch"]) == (True, 1, "glitch")
    assert report["inputs"]["defender_faces"] == [1, 1, 5, 2]


def test_there_are_at_least_four_bundled_presets():
    names = {p.name for p in OURS}
    assert {"shadowrun4-s1-pool-zero.toml", "shadowrun4-s1-full-dodge.toml"} <= names
    assert len(OURS) >= 4


EXPECTED = {
    "shadowrun4-s1-pool-zero.toml": dict(base_pool=5, modifier_total=-6, defense_pool=0,
                                         no_defense=False, hit=None, net_hits=None,
                                         defender_glitch=None),
    "shadowrun4-s1-full-dodge.toml": dict(base_pool=9, modifier_total=-6, defense_pool=3,
                                          no_defense=False, hit=None, net_hits=None,
                                          defender_glitch=None),
    "shadowrun4-samurai-full-auto.toml": dict(base_pool=13, modifier_total=-8, defense_pool=5,
                                              no_defense=False, hit=True, net_hits=2,
                                              defender_glitch="none"),
    "shadowrun4-troll-club-parry.toml": dict(base_pool=12, modifier_total=-2, defense_pool=10,
                                             no_defense=False, hit=False, net_hits=0,
                                             defender_glitch=None),
    "shadowrun4-ambush-unaware.toml": dict(base_pool=4, modifier_total=0, defense_pool=0,
                                           no_defense=True, hit=True, net_hits=2,
                                           defender_glitch=None),
    "shadowrun4-prone-shotgun.toml": dict(base_pool=3, modifier_total=-2, defense_pool=1,
                                          no_defense=False, hit=True, net_hits=1,
                                          defender_glitch="critical"),
    "shadowrun4-odds-twelve-dice-against-nine.toml": dict(
        base_pool=9, defense_pool=9, hit=None, p_hit="6172893443/10460353203",
        p_hit_full_dodge="117006540976/282429536481", p_hit_full_parry=None,
        best_full_defense="full-dodge"),
}


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_every_bundled_preset_loads_and_gives_its_numbers(capsys, path):
    preset = read_preset(path)
    assert preset.ruleset == "shadowrun4" and preset.name and preset.description
    status, report, err = calc(capsys, "--preset", str(path))
    assert status == 0, err
    assert report["problems"] == []
    results = {k: report["values"][k] for k in EXPECTED[path.name]}
    assert results == EXPECTED[path.name]
