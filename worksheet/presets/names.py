"""Preset names and the file names they are saved under.

A preset's name is free text shown to players (``Example 1 — brigandine``); its file name is a
safe stem derived from it (``example-1-brigandine.toml``). A name that could reach outside the
folder, hide control characters, or make an unusable file name is refused with a clear message.
"""

from __future__ import annotations

import re
import unicodedata

from worksheet.engine.quote import quote
from worksheet.presets.digest import sha256_hex
from worksheet.presets.errors import PresetError

MAX_NAME_LENGTH = 100
"""The longest preset name accepted, in characters."""

MAX_STEM_LENGTH = 80
"""The longest file stem written (well under every file system's 255-byte limit)."""

_BIDI_CONTROLS = set("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides that can make a name display as something else."""


def slug(name: str) -> str:
    """Lower-case ASCII letters and digits joined by ``-``: ``Example 1 — brigandine`` →
    ``example-1-brigandine`` (empty when the name has no ASCII letters or digits)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def stem_for(name: str) -> str:
    """The file stem a name maps to, without checking the name (for lookups).

    A name without ASCII letters or digits (``Ведьма``, ``魔女``) gets a stem made from a hash
    of the name, so every acceptable name has a file.
    """
    stem = slug(name.strip())[:MAX_STEM_LENGTH].strip("-")
    if stem:
        return stem
    # a lone surrogate (an argument's byte that is not UTF-8) names no saved preset, but the
    # lookup must say so (exit status 2), not fail to encode it
    digest = sha256_hex(unicodedata.normalize("NFC", name.strip()).encode("utf-8",
                                                                            "surrogatepass"))
    return f"preset-{digest[:12]}"


def control_character(character: str, *, unassigned: bool = True) -> bool:
    """Whether ``character`` is a control, surrogate, private-use or line or paragraph
    separator character, or an unassigned one unless ``unassigned`` is false (Unicode
    categories Cc, Cs, Co, Zl, Zp, Cn).

    A printable character is never one (``str.isprintable`` is false for all six), and an
    ASCII one is one exactly when it is not printable, so nearly every character is answered
    without the ``unicodedata`` module's tables: reading them costs every session the pages
    it touches (64 KB a page read, shared with no other process), and a preset's text is
    printable but for its line breaks."""
    if character.isprintable():
        return False
    if character.isascii():
        return True
    category = unicodedata.category(character)
    return category in ("Cc", "Cs", "Co", "Zl", "Zp") or unassigned and category == "Cn"


def check_name(name: str) -> str:
    """Check a preset name given for saving and return it stripped of surrounding spaces.

    Raises:
        PresetError: the name is empty, too long, holds a path separator, ``..``, or a control
            character; the message says which and what is allowed.
    """
    if not isinstance(name, str):
        raise PresetError(f"a {type(name).__name__}", "name", "a preset name must be text")
    shown = quote(name, MAX_NAME_LENGTH)  # whole when it is of an allowed length
    stripped = name.strip()
    if not stripped:
        raise PresetError(shown, "name", "a preset name cannot be empty")
    if len(stripped) > MAX_NAME_LENGTH:
        raise PresetError(shown, "name", f"a preset name is at most {MAX_NAME_LENGTH} "
                          f"characters (this one has {len(stripped)})")
    for character in stripped:
        if control_character(character) or character in _BIDI_CONTROLS:
            raise PresetError(shown, "name", f"a preset name cannot hold control characters "
                              f"(found U+{ord(character):04X})")
    if "/" in stripped or "\\" in stripped:
        raise PresetError(shown, "name", "a preset name cannot hold a path separator (/ or \\); "
                          "give a name, not a path")
    if ".." in stripped:
        raise PresetError(shown, "name", "a preset name cannot hold '..'")
    return stripped


def file_name_for(name: str) -> str:
    """Check ``name`` (see :func:`check_name`) and return the file name it is saved under."""
    return stem_for(check_name(name)) + ".toml"
