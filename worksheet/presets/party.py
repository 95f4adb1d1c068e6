"""A folder of presets read as a party: every character of one ruleset, kept current cheaply.

``worksheet party`` reads the folder once; the app's party screen reads it again every few
seconds. Both go through :class:`PartyFolder`, which holds what a hostile folder may not
change: a listing looks at no more than :data:`MAX_ENTRIES` entries and reads no more than
:data:`MAX_FILES` files (in name order; the rest are counted as skipped), and each file is
read the way every listing of a shared folder reads it (:func:`~.locations.read_entry`: links
refused where the folder does not follow them, size bounded, validated), so a hostile file costs
its own row, never the listing. A file is read again only when its entry changed (inode, size,
modification time), so polling a quiet folder of 10,000 files costs one directory scan.

Headless: the command line and the app's worker thread use it alike.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

from worksheet.engine import Ruleset
from worksheet.engine.quote import clip, printable
from worksheet.formats.party import Party, Row, evaluate, sort_key
from worksheet.presets.errors import PROBLEM_LENGTH, PresetError
from worksheet.presets.format import Preset
from worksheet.presets.locations import Location, is_preset_file_name, read_entry

T = TypeVar("T")

MAX_ENTRIES = 20_000
"""Directory entries looked at in one listing; a folder with more is not read further (the
listing says so). Far above any party, far below what would stall a poll."""

MAX_FILES = 200
"""Preset files read in one listing, in name order; the others are counted as skipped."""

READS_PER_LOOK = 50
"""Files the app's poll reads in one look (the rest of a busy folder: at the next looks)."""

SKIPPED_KINDS = frozenset({"attacker"})
"""Preset kinds that are not characters: a party lists characters only."""

Stamp = tuple[int, int, int]
"""An entry's inode, size and modification time (ns): a file is read again when it changes."""


@dataclass(frozen=True)
class Member:
    """One preset file of the folder as last read.

    Attributes:
        file: the entry's name in the folder (someone else's text: sanitise before showing).
        stamp: the entry's :data:`Stamp` when it was read.
        preset: the preset, or ``None`` when it was refused.
        refused: why it was refused (``None`` when it was read).
    """

    file: str
    stamp: Stamp
    preset: Preset | None = None
    refused: PresetError | None = None


@dataclass
class Listing:
    """What one look at the folder found.

    Attributes:
        members: the files read, in name order.
        skipped: preset files not read because :data:`MAX_FILES` were read first.
        truncated: the folder has more than :data:`MAX_ENTRIES` entries; the rest were not
            looked at (``skipped`` counts only those seen).
        problem: the folder itself could not be listed (missing is not a problem: no files).
    """

    members: list[Member] = field(default_factory=list)
    skipped: int = 0
    truncated: bool = False
    problem: PresetError | None = None
    pending: int = 0
    """New files left for the next look (its reads were spent)."""


def is_character(preset: Preset) -> bool:
    """True unless the preset says it is not a character (``kind = "attacker"``); a preset
    without a kind is a character, as every preset was before kinds."""
    return getattr(preset, "kind", None) not in SKIPPED_KINDS


def _stamp(info: os.stat_result) -> Stamp:
    return info.st_ino, info.st_size, info.st_mtime_ns


class PartyFolder:
    """A preset folder, re-read only where it changed.

    Args:
        location: the folder and whether links in it are followed (the group folder's are not).
        max_files: files read per listing (:data:`MAX_FILES`).
        max_entries: entries looked at per listing (:data:`MAX_ENTRIES`).
    """

    def __init__(self, location: Location, max_files: int | None = None,
                 max_entries: int | None = None):
        self.location = location
        self.max_files = MAX_FILES if max_files is None else max_files
        self.max_entries = MAX_ENTRIES if max_entries is None else max_entries
        self._members: dict[str, Member] = {}
        """The last reading of each file, by entry name."""
        self._reads_left: int | None = None

    @property
    def folder(self) -> Path:
        """The folder read."""
        return self.location.path

    def _names(self) -> tuple[dict[str, os.DirEntry], bool]:
        """The preset entries of the folder (at most ``max_entries`` looked at)."""
        found: dict[str, os.DirEntry] = {}
        seen = 0
        with os.scandir(self.folder) as entries:
            for entry in entries:
                seen += 1
                if seen > self.max_entries:
                    return found, True
                if is_preset_file_name(entry.name):
                    found[entry.name] = entry
        return found, False

    def read(self, max_reads: int | None = None) -> tuple[Listing, bool]:
        """Look at the folder and read the files that changed since the last look.

        Args:
            max_reads: read at most this many files in this look (the app's poll: a folder
                whose files all change at every look — someone touching 200 files of 256 KiB
                in a loop — costs a bounded share of each look; the others keep their last
                reading, or wait for the next look if they are new). ``None``: no limit.

        Returns:
            The listing, and whether anything in it differs from the last one.
        """
        self._reads_left = max_reads
        listing = Listing()
        try:
            entries, listing.truncated = self._names()
        except FileNotFoundError:
            entries = {}
        except NotADirectoryError:
            listing.problem = PresetError(str(self.folder), "", "is not a folder")
            entries = {}
        except OSError as error:
            listing.problem = PresetError(str(self.folder), "",
                                          f"cannot list the folder ({error.strerror})")
            entries = {}
        names = sorted(entries)
        listing.skipped = max(0, len(names) - self.max_files)
        changed = set(self._members) != set(names[:self.max_files])
        members: dict[str, Member] = {}
        for name in names[:self.max_files]:
            member = self._member(name, entries[name])
            if member is None:  # new, and this look's reads are spent: the next look reads it
                changed = True
                listing.pending += 1
                continue
            changed = changed or member is not self._members.get(name)
            members[name] = member
        self._members = members
        listing.members = list(members.values())
        return listing, changed

    def _member(self, name: str, entry: os.DirEntry) -> Member | None:
        """The file's last reading when its entry is unchanged (or this look may read no
        more), else a new one; ``None`` for a new file this look may not read."""
        try:
            info = entry.stat(follow_symlinks=self.location.follows_links)
        except OSError:
            info = None  # gone or unreadable: reading it says which
        stamp = _stamp(info) if info is not None else (0, -1, 0)
        known = self._members.get(name)
        if known is not None and known.stamp == stamp and info is not None:
            return known
        if self._reads_left is not None:
            if self._reads_left <= 0:
                return known
            self._reads_left -= 1
        path = self.folder / name
        try:
            preset, _ = read_entry(self.location, path)
        except PresetError as error:
            return Member(name, stamp, refused=error)
        return Member(name, stamp, preset=preset)


def refusal(error: PresetError) -> str:
    """Why a file was refused, without its folder (its row names the file): ``line 3:
    inputs.dodge_ranks: …``; escaped and bounded as every preset message is."""
    where = f"line {error.line}: " if error.line else ""
    key = f"{clip(error.key)}: " if error.key else ""
    return printable(where + key + clip(error.problem, PROBLEM_LENGTH, keep_end=True))


def party_of(listing: Listing, ruleset: Ruleset, texts: dict[str, str], folder: str,
             ) -> Party:
    """The party of one listing: each character of ``ruleset`` evaluated with ``texts`` (the
    ``--set`` values) on top, as ``worksheet calc`` would; other rulesets and non-characters
    left out silently, refused files listed with why."""
    party = Party(ruleset, folder, skipped=listing.skipped, truncated=listing.truncated,
                  attack=dict(texts))
    for member in listing.members:
        if member.refused is not None:
            party.refused.append((member.file, refusal(member.refused)))
        elif member.preset.ruleset == ruleset.id and is_character(member.preset):
            party.rows.append(Row(member.preset.name, member.file,
                                  evaluate(ruleset, base_values(ruleset, member.preset), texts)))
    party.rows.sort(key=sort_key)
    return party


def base_values(ruleset: Ruleset, preset: Preset) -> dict[str, Any]:
    """Every input's value with the preset loaded on a fresh sheet, as ``worksheet calc
    --preset`` loads it (:func:`~.kinds.to_load`: a character preset leaves the attacker's side
    and the round inputs at their defaults)."""
    from worksheet.presets.kinds import to_load

    values = ruleset.defaults()
    values.update(to_load(ruleset, preset.kind, preset.inputs, values))
    return values


class LiveParty:
    """The party screen's model: the folder's characters, each with a sheet kept current as
    the folder and the attack change, and the rows drawn from them.

    Every method may run on a worker thread: they take one lock, so a poll and an edit of the
    attack never touch a sheet at the same time. A change of the attack re-derives each sheet
    from that input only (the graph re-derives what it reaches); its values are those of a
    fresh ``calc`` with the same ``--set`` (``tests/presets/test_live_party.py``).

    Args:
        location: the folder.
        ruleset: the tab's ruleset.
        max_files: files read per listing (default :data:`MAX_FILES`).
    """

    def __init__(self, location: Location, ruleset: Ruleset, max_files: int | None = None):
        self.ruleset = ruleset
        self.reader = PartyFolder(location, max_files)
        self.texts: dict[str, str] = {}
        """The attack as typed: input → text (an input left out keeps each preset's own)."""
        self._rows: dict[str, tuple[Member, Row, dict[str, Any]]] = {}
        self._listing = Listing()
        self._lock = threading.Lock()

    def refresh(self) -> bool:
        """Look at the folder; evaluate the files that changed (at most :data:`READS_PER_LOOK`
        read per look). True when a row changed."""
        with self._lock:
            listing, changed = self.reader.read(READS_PER_LOOK)
            self._listing = listing
            if not changed:
                return False
            rows = {}
            for member in listing.members:
                known = self._rows.get(member.file)
                if known is not None and known[0] is member:
                    rows[member.file] = known
                elif member.preset is not None and member.preset.ruleset == self.ruleset.id \
                        and is_character(member.preset):
                    base = base_values(self.ruleset, member.preset)
                    row = Row(member.preset.name, member.file,
                              evaluate(self.ruleset, base, self.texts))
                    rows[member.file] = (member, row, base)
            self._rows = rows
            return True

    def set_attack(self, texts: dict[str, str]) -> bool:
        """Apply the attack: each input given as text, or (left out, or empty for an input
        that is not optional) each preset's own value. True when it changed."""
        with self._lock:
            texts = {name: text for name, text in texts.items()
                     if text.strip() or self.ruleset.inputs[name].optional}
            changed = {name for name in set(texts) | set(self.texts)
                       if texts.get(name) != self.texts.get(name)}
            self.texts = texts
            if not changed:
                return False
            given = {name: texts[name] for name in changed if name in texts}
            restored = {name for name in changed if name not in texts}
            for _, row, base in self._rows.values():
                if restored:
                    row.sheet.set_many({name: base[name] for name in restored})
                if given:
                    row.sheet.set_many_text(given)
            return True

    def view(self, folder: str, draw: Callable[[Party], T]) -> T:
        """``draw(party)`` under the lock, so no sheet changes while it is drawn."""
        with self._lock:
            return draw(self._party(folder))

    def party(self, folder: str) -> Party:
        """The party as it stands (rows by name; refusals and what the listing skipped)."""
        with self._lock:
            return self._party(folder)

    def _party(self, folder: str) -> Party:
        listing = self._listing
        party = Party(self.ruleset, folder, skipped=listing.skipped,
                      truncated=listing.truncated, attack=dict(self.texts),
                      pending=listing.pending)
        party.rows = sorted((row for _, row, _ in self._rows.values()), key=sort_key)
        party.refused = [(m.file, refusal(m.refused)) for m in listing.members
                         if m.refused is not None]
        if listing.problem is not None:
            party.refused.insert(0, (folder, refusal(listing.problem)))
        return party
