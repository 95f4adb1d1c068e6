"""The party screen's model: after any sequence of attack edits and folder changes, each row's
values are those ``worksheet calc PRESET --set …`` prints for the same attack."""

from __future__ import annotations

import json
import shutil

import pytest

from worksheet import cli, rulesets
from worksheet.formats.report import values_json
from worksheet.presets import bundled_dir
from worksheet.presets.locations import Location
from worksheet.presets.party import LiveParty

STEPS = {
    "gemstone4": [{"attacker_as": "150"}, {"attacker_as": "90", "avd": "30"},
                  {"attacker_as": "", "avd": "30"}, {"avd": "abc"}, {}],
    "shadowrun4": [{"attack_pool": "12"}, {"attack_pool": "12", "attack": "melee"},
                   {"attack_pool": "99"}, {"attack": ""}],
    "vtm-revised": [{"attack_pool": "6", "attack_difficulty": "8"}, {"attack_pool": "7"}],
}


def _calc(capsys, ruleset, path, texts) -> dict:
    argv = ["calc", ruleset, "--preset", str(path), "--format", "json"]
    for name, text in texts.items():
        if text.strip() or rulesets.get(ruleset).inputs[name].optional:
            argv += ["--set", f"{name}={text}"]
    cli.main(argv)
    return json.loads(capsys.readouterr().out)


def _agree(capsys, live, folder, ruleset, texts) -> int:
    party = live.party(str(folder))
    for row in party.rows:
        expected = _calc(capsys, ruleset, folder / row.file, texts)
        assert values_json(row.sheet) == expected["values"], (row.file, texts)
    return len(party.rows)


@pytest.mark.parametrize("ruleset", sorted(STEPS))
def test_every_attack_edit_leaves_the_rows_as_calc_has_them(capsys, tmp_path, ruleset):
    folder = tmp_path / "group"
    folder.mkdir()
    for path in bundled_dir().glob(f"{ruleset}-*.toml"):
        shutil.copy(path, folder / path.name)
    live = LiveParty(Location("shared", folder), rulesets.get(ruleset))
    assert live.refresh()
    for texts in STEPS[ruleset]:
        live.set_attack(texts)
        count = _agree(capsys, live, folder, ruleset, texts)
        assert count == len(list(folder.glob("*.toml")))
    first = sorted(folder.glob("*.toml"))[0]
    first.unlink()
    shutil.copy(sorted(bundled_dir().glob(f"{ruleset}-*.toml"))[-1], folder / "late.toml")
    assert live.refresh()
    assert not live.refresh()
    rows = _agree(capsys, live, folder, ruleset, STEPS[ruleset][-1])
    assert rows == len(list(folder.glob("*.toml")))
    assert "late.toml" in [row.file for row in live.party(str(folder)).rows]
