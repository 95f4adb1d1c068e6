"""Every bundled preset survives read → dump → parse, and the dumped text re-reads from disk."""

from __future__ import annotations

import pytest

from worksheet import rulesets
from worksheet.presets import bundled_dir, dump_preset, parse_preset, read_preset, write_preset

BUNDLED = sorted(bundled_dir().glob("*.toml"))


def test_there_are_bundled_presets():
    assert BUNDLED


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.stem)
def test_round_trip(path, tmp_path):
    before = path.read_bytes()
    preset = read_preset(path)
    text = dump_preset(preset)
    again = parse_preset(text, "dumped")
    assert again.ruleset == preset.ruleset
    assert again.name == preset.name
    assert again.description == preset.description
    assert again.inputs == preset.inputs
    written = write_preset(again, tmp_path / path.name)
    reread = read_preset(written)
    assert reread.inputs == preset.inputs
    assert dump_preset(reread) == text  # a second round changes nothing
    assert path.read_bytes() == before  # reading never modifies the file


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_input_at_its_default_round_trips(ruleset_id, tmp_path):
    from worksheet.presets import Preset, save_preset

    ruleset = rulesets.get(ruleset_id)
    preset = Preset(ruleset_id, f"All defaults {ruleset_id}", "", ruleset.defaults())
    path = save_preset(preset)
    again = read_preset(path)
    expected = {key: value for key, value in ruleset.defaults().items() if value is not None}
    assert again.inputs == expected
