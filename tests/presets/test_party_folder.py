"""The party's folder reader: only changed files are read again, the listing is capped, and
what a hostile folder plants (links, FIFOs, huge files) is refused as every listing refuses it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from worksheet.presets import Preset, bundled_dir, read_preset
from worksheet.presets import party as party_module
from worksheet.presets.locations import Location
from worksheet.presets.party import PartyFolder, is_character

EXAMPLE = bundled_dir() / "gemstone4-example-1.toml"


@pytest.fixture
def folder(tmp_path) -> Path:
    place = tmp_path / "group"
    place.mkdir()
    for number in range(3):
        text = EXAMPLE.read_text().replace("Example 1 — brigandine, medium shield", f"Hero {number}")
        (place / f"hero-{number}.toml").write_text(text)
    return place


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The files the reader opens, in order."""
    opened: list[str] = []
    real = party_module.read_entry

    def counting(location, path):
        opened.append(path.name)
        return real(location, path)

    monkeypatch.setattr(party_module, "read_entry", counting)
    return opened


def test_a_quiet_folder_is_not_read_again(folder, reads):
    reader = PartyFolder(Location("shared", folder))
    listing, changed = reader.read()
    assert changed and [m.preset.name for m in listing.members] == ["Hero 0", "Hero 1", "Hero 2"]
    assert reads == ["hero-0.toml", "hero-1.toml", "hero-2.toml"]
    reads.clear()
    listing, changed = reader.read()
    assert not changed and reads == []
    assert [m.preset.name for m in listing.members] == ["Hero 0", "Hero 1", "Hero 2"]


def test_new_changed_deleted_and_corrupted_files_are_noticed(folder, reads):
    reader = PartyFolder(Location("shared", folder))
    reader.read()
    reads.clear()
    text = EXAMPLE.read_text().replace("Example 1 — brigandine, medium shield", "Hero one, renamed")
    (folder / "hero-1.toml").write_text(text)
    (folder / "hero-3.toml").write_text(EXAMPLE.read_text())
    (folder / "hero-0.toml").unlink()
    listing, changed = reader.read()
    assert changed and sorted(reads) == ["hero-1.toml", "hero-3.toml"]
    assert [m.file for m in listing.members] == ["hero-1.toml", "hero-2.toml", "hero-3.toml"]
    assert listing.members[0].preset.name == "Hero one, renamed"
    reads.clear()
    (folder / "hero-2.toml").write_text("worksheet = [")
    listing, changed = reader.read()
    assert changed and reads == ["hero-2.toml"]
    assert "not valid TOML" in str(listing.members[1].refused)


def test_the_listing_is_capped_and_says_what_it_skipped(folder):
    for number in range(3, 10):
        shutil.copy(EXAMPLE, folder / f"hero-{number}.toml")
    listing, _ = PartyFolder(Location("shared", folder), max_files=4).read()
    assert [m.file for m in listing.members] == [f"hero-{n}.toml" for n in range(4)]
    assert listing.skipped == 6 and not listing.truncated
    listing, _ = PartyFolder(Location("shared", folder), max_entries=5).read()
    assert listing.truncated and len(listing.members) <= 5


def test_links_fifos_and_huge_files_are_refused_in_the_group_folder(folder, tmp_path):
    secret = tmp_path / "secret.toml"
    shutil.copy(EXAMPLE, secret)
    (folder / "link.toml").symlink_to(secret)
    os.mkfifo(folder / "fifo.toml")
    (folder / "huge.toml").write_bytes(b"#" * (2 * 1024 * 1024))
    (folder / "dir.toml").mkdir()
    listing, _ = PartyFolder(Location("shared", folder)).read()
    refused = {m.file: str(m.refused) for m in listing.members if m.refused}
    assert set(refused) == {"link.toml", "fifo.toml", "huge.toml", "dir.toml"}
    assert "symbolic link" in refused["link.toml"]
    assert "FIFO" in refused["fifo.toml"] and "bytes" in refused["huge.toml"]
    # the user's own folder follows links, as every listing of it does
    listing, _ = PartyFolder(Location("user", folder)).read()
    assert any(m.file == "link.toml" and m.preset is not None for m in listing.members)


def test_a_link_swapped_for_a_file_is_read_again(folder, tmp_path, reads):
    reader = PartyFolder(Location("shared", folder))
    reader.read()
    reads.clear()
    target = folder / "hero-1.toml"
    copy = tmp_path / "elsewhere.toml"
    shutil.copy(target, copy)
    target.unlink()
    target.symlink_to(copy)
    listing, changed = reader.read()
    assert changed and reads == ["hero-1.toml"]
    assert "symbolic link" in str(listing.members[1].refused)


def test_a_missing_folder_has_no_members_and_a_file_is_a_problem(tmp_path):
    listing, _ = PartyFolder(Location("shared", tmp_path / "none")).read()
    assert listing.members == [] and listing.problem is None
    (tmp_path / "file").write_text("x")
    listing, _ = PartyFolder(Location("shared", tmp_path / "file")).read()
    assert "not a folder" in str(listing.problem)


def test_attacker_presets_are_not_characters():
    hero = read_preset(EXAMPLE)
    assert is_character(hero)
    attacker = Preset("gemstone4", "Ogre", "", {})
    object.__setattr__(attacker, "kind", "attacker")
    fight = Preset("gemstone4", "Ambush", "", {})
    object.__setattr__(fight, "kind", "fight")
    assert not is_character(attacker) and is_character(fight)


def test_a_look_reads_at_most_its_share_and_the_next_looks_the_rest(folder, reads):
    for number in range(3, 10):
        shutil.copy(EXAMPLE, folder / f"hero-{number}.toml")
    reader = PartyFolder(Location("shared", folder))
    listing, changed = reader.read(max_reads=4)
    assert changed and len(reads) == 4 and len(listing.members) == 4
    listing, changed = reader.read(max_reads=4)
    assert changed and len(reads) == 8 and len(listing.members) == 8
    listing, changed = reader.read(max_reads=4)
    assert changed and len(reads) == 10 and len(listing.members) == 10
    reads.clear()
    for path in folder.glob("*.toml"):  # every file rewritten: old readings kept meanwhile
        path.write_text(path.read_text() + "\n")
    listing, _ = reader.read(max_reads=4)
    assert len(reads) == 4 and len(listing.members) == 10
    listing, changed = reader.read(max_reads=100)
    assert changed and len(reads) == 10
    assert not reader.read(max_reads=100)[1]
