"""The bundled odds presets: one per ruleset, each with an attacker, giving the spec's odds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worksheet import cli, rulesets
from worksheet.presets import read_preset

PRESETS = Path(__file__).resolve().parents[2] / "presets"
EXPECTED = {
    "exalted2e-odds-eight-dice-against-dv-3.toml": {"p_hit_dodge": "9064/15625",
                                                    "best_defense": "dodge"},
    "gemstone4-odds-example-1-against-as-150.toml": {"p_hit_melee": "87/100",
                                                     "p_hit_ranged": "13/20"},
    "rise-odds-r1-fighter-against-accuracy-5.toml": {"p_hit_armor": "3/10",
                                                     "p_crit_armor": "3/100", "p_hit_brawn": 1},
    "shadowrun4-odds-twelve-dice-against-nine.toml": {"p_hit": "6172893443/10460353203"},
    "vtm-revised-odds-six-dice-against-a-dodge.toml": {"p_hit": "4317091/6250000",
                                                       "best_maneuver": "block"},
}


def test_one_odds_preset_per_ruleset():
    found = {read_preset(PRESETS / name).ruleset for name in EXPECTED}
    assert found == set(rulesets.ids())
    assert sorted(p.name for p in PRESETS.glob("*-odds-*.toml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_odds_preset_gives_the_spec_odds(name, capsys):
    preset = read_preset(PRESETS / name)
    status = cli.main(["calc", preset.ruleset, "--preset", str(PRESETS / name), "--format",
                       "json"])
    document = json.loads(capsys.readouterr().out)
    assert status == 0 and document["problems"] == []
    assert {k: document["values"][k] for k in EXPECTED[name]} == EXPECTED[name]
    assert all(document["values"][n] is not None for n in rulesets.get(preset.ruleset).odds
               if n.startswith("p_hit") and n != "p_hit_full_parry")
