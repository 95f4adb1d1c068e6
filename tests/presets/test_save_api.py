"""The save API the app codes against: save_preset, fingerprints and PresetConflict."""

from __future__ import annotations

import pytest

from worksheet.presets.saving import LOCK_NAME

from worksheet.presets import (Preset, PresetConflict, PresetError, fingerprint, read_preset,
                               save_preset)


def test_save_then_read_back(user_folder, make_preset):
    preset = make_preset("Example 1 — brigandine")
    path = save_preset(preset)
    assert path == user_folder / "example-1-brigandine.toml"
    assert preset.path == path
    assert preset.fingerprint == fingerprint(path)
    again = read_preset(path)
    assert again.inputs == preset.inputs
    assert again.name == "Example 1 — brigandine"
    assert again.fingerprint == preset.fingerprint


def test_fingerprint_of_missing_file_is_none(tmp_path):
    assert fingerprint(tmp_path / "nothing.toml") is None


def test_resave_with_expected_fingerprint(user_folder, make_preset):
    preset = make_preset()
    save_preset(preset)
    loaded = read_preset(preset.path)
    loaded.inputs["dodge_ranks"] = 61
    save_preset(loaded, expect=loaded.fingerprint)
    assert read_preset(preset.path).inputs["dodge_ranks"] == 61


def test_conflict_when_file_changed_between_load_and_save(user_folder, make_preset):
    preset = make_preset()
    save_preset(preset)
    mine = read_preset(preset.path)
    theirs = read_preset(preset.path)
    theirs.inputs["dodge_ranks"] = 10
    save_preset(theirs, expect=theirs.fingerprint)
    mine.inputs["dodge_ranks"] = 99
    with pytest.raises(PresetConflict) as caught:
        save_preset(mine, expect=mine.fingerprint)
    assert caught.value.path == preset.path
    assert "changed on disk" in caught.value.reason
    assert read_preset(preset.path).inputs["dodge_ranks"] == 10  # theirs is kept
    save_preset(mine, expect=mine.fingerprint, force=True)
    assert read_preset(preset.path).inputs["dodge_ranks"] == 99


def test_new_preset_onto_existing_file_is_a_conflict(user_folder, make_preset):
    save_preset(make_preset("Hero"))
    with pytest.raises(PresetConflict):
        save_preset(make_preset("Hero", dodge=1))


def test_two_names_mapping_to_one_file_conflict(user_folder, make_preset):
    first = make_preset("Dark Elf")
    save_preset(first)
    with pytest.raises(PresetConflict) as caught:
        save_preset(make_preset("dark elf!"))
    assert "different preset" in caught.value.reason
    assert isinstance(caught.value, PresetError)
    assert read_preset(first.path).name == "Dark Elf"


def test_save_under_new_name(user_folder, make_preset):
    preset = make_preset("Hero")
    save_preset(preset)
    path = save_preset(preset, name="Hero copy")
    assert path.name == "hero-copy.toml"
    assert read_preset(path).name == "Hero copy"
    assert preset.path == path and preset.name == "Hero copy"


@pytest.mark.parametrize("name", ["", "   ", "../../etc/passwd", "a/b", "a\\b", "..", "x..y",
                                  "bad\x00name", "line\nbreak", "tab\there", "\u202eevil",
                                  "x" * 101])
def test_bad_names_are_refused(name, user_folder, tmp_path, make_preset):
    with pytest.raises(PresetError) as caught:
        save_preset(make_preset(), name=name)
    assert "name" in str(caught.value)
    assert not any(user_folder.glob("*")) if user_folder.exists() else True
    assert not (tmp_path / "etc").exists()


def test_shared_needs_a_configured_folder(make_preset):
    with pytest.raises(PresetError, match="WORKSHEET_SHARED_PRESETS"):
        save_preset(make_preset(), "shared")


def test_save_to_shared(shared, make_preset):
    path = save_preset(make_preset(), "shared")
    assert path.parent == shared


def test_bundled_is_not_a_save_location(make_preset):
    with pytest.raises(PresetError, match="read-only"):
        save_preset(make_preset(), "bundled")


def test_preset_defaults_have_no_fingerprint():
    assert Preset("gemstone4", "x").fingerprint is None


def test_full_disk_leaves_the_previous_file(user_folder, monkeypatch, make_preset):
    import errno
    import os

    preset = make_preset(dodge=7)
    path = save_preset(preset)
    before = path.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    preset.inputs["dodge_ranks"] = 8
    with pytest.raises(PresetError, match="disk is full"):
        save_preset(preset, expect=preset.fingerprint)
    assert path.read_bytes() == before
    assert sorted(p.name for p in user_folder.iterdir()) == [LOCK_NAME, path.name]


@pytest.mark.parametrize("change", [
    {"description": "x" * 5000}, {"inputs": {"dodge_ranks": -4}}, {"inputs": {"nope": 1}}])
def test_a_preset_that_would_not_read_back_is_not_written(change, user_folder):
    preset = Preset("gemstone4", "Broken", change.get("description", ""),
                    change.get("inputs", {}))
    with pytest.raises(PresetError):
        save_preset(preset)
    assert not user_folder.exists() or not any(user_folder.iterdir())
