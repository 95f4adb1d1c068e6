"""The shared folder: created files are group-readable (group-writable where the folder is),
inherit the folder's group, and a user without permission gets a clear refusal."""

from __future__ import annotations

import grp
import os
import stat

import pytest

from worksheet.presets.saving import LOCK_NAME

from worksheet.presets import PresetError, find_preset, list_presets, read_preset, save_preset


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("folder_mode, file_mode", [
    (0o2775, 0o664), (0o2770, 0o660), (0o2750, 0o640), (0o755, 0o644), (0o700, 0o640)])
def test_file_mode_follows_the_folder(shared, folder_mode, file_mode, make_preset):
    shared.chmod(folder_mode)
    path = save_preset(make_preset(), "shared")
    assert _mode(path) == file_mode


@pytest.mark.parametrize("umask", [0o077, 0o027, 0o000])
def test_strict_or_loose_umask_does_not_change_shared_modes(shared, umask, make_preset):
    old = os.umask(umask)
    try:
        path = save_preset(make_preset(), "shared")
    finally:
        os.umask(old)
    assert _mode(path) == 0o664  # group-readable and group-writable; never world-writable


@pytest.mark.parametrize("umask", [0o077, 0o022, 0o000])
def test_user_folder_files_are_private_whatever_the_umask(umask, make_preset):
    old = os.umask(umask)
    try:
        path = save_preset(make_preset())
    finally:
        os.umask(old)
    assert _mode(path) == 0o600


def test_overwrite_keeps_shared_modes(shared, make_preset):
    preset = make_preset()
    save_preset(preset, "shared")
    preset.inputs["dodge_ranks"] = 5
    path = save_preset(preset, "shared", expect=preset.fingerprint)
    assert _mode(path) == 0o664
    assert sorted(p.name for p in shared.iterdir()) == [LOCK_NAME, path.name]  # no temporaries


def _other_group() -> int | None:
    mine = os.getegid()
    if os.geteuid() == 0:
        for group in grp.getgrall():
            if group.gr_gid != mine:
                return group.gr_gid
        return None
    others = [gid for gid in os.getgroups() if gid != mine]
    return others[0] if others else None


def test_files_inherit_the_setgid_folders_group(shared, make_preset):
    gid = _other_group()
    if gid is None:
        pytest.skip("needs a second group to own the shared folder")
    os.chown(shared, -1, gid)
    shared.chmod(0o2775)  # chown may clear the setgid bit
    path = save_preset(make_preset(), "shared")
    assert path.stat().st_gid == gid


def test_read_always_even_when_not_writable(shared, monkeypatch, make_preset):
    save_preset(make_preset("Group Hero"), "shared")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw:
                        False if mode & os.W_OK else real_access(path, mode, **kw))
    with pytest.raises(PresetError, match="not save there"):
        save_preset(make_preset("Another"), "shared")
    assert find_preset("Group Hero").name == "Group Hero"
    found, problems = list_presets()
    assert [item.location.kind for item in found if item.preset.name == "Group Hero"] == ["shared"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_really_not_writable(shared, make_preset):
    shared.chmod(0o555)
    try:
        with pytest.raises(PresetError, match="not save there"):
            save_preset(make_preset(), "shared")
    finally:
        shared.chmod(0o775)


def test_missing_shared_folder(tmp_path, monkeypatch, make_preset):
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(tmp_path / "nowhere"))
    with pytest.raises(PresetError, match="does not exist"):
        save_preset(make_preset(), "shared")
    assert not (tmp_path / "nowhere").exists()  # never created by a user


def test_symlink_in_shared_folder_is_replaced_not_followed(shared, tmp_path, make_preset):
    victim = tmp_path / "victim.toml"
    victim.write_text("precious")
    (shared / "hero.toml").symlink_to(victim)
    save_preset(make_preset(), "shared")  # a link is never a preset there: no conflict
    assert victim.read_text() == "precious"
    assert not (shared / "hero.toml").is_symlink()
    assert read_preset(shared / "hero.toml").name == "Hero"


def test_lookup_order_user_shared_bundled(shared, make_preset):
    save_preset(make_preset("Hero", dodge=1), "shared")
    assert find_preset("hero").inputs["dodge_ranks"] == 1
    save_preset(make_preset("Hero", dodge=2), "user")
    assert find_preset("hero").inputs["dodge_ranks"] == 2
    found, _ = list_presets()
    heroes = {item.location.kind: item.shadowed_by for item in found if item.preset.name == "Hero"}
    assert heroes == {"user": None, "shared": "user"}
