"""The stylesheet's parsed rules kept between launches, in the player's own cache folder.

Buys: Textual parses every CSS source (the app's files, each widget class's default CSS) on
every launch, about 40 ms of the way to the first paint, the same rules from the same text each
time. Parsed once, they are kept in ``$XDG_CACHE_HOME/worksheet/`` and read back in a few ms.
Relies on: ``Stylesheet._parse_cache`` being the mapping ``Stylesheet._parse_rules`` looks in
(``cache[key]``, ``KeyError`` on a miss) and stores in (``cache[key] = rules``) with the key
``(css, read_from, is_default_rules, tie_breaker, scope)``, cleared (``clear()``) when the
theme's variables change; the rules depending only on that key and the variables; and the
parsed rules (``RuleSet`` and what it holds) pickling.

It is exact or it steps aside. An entry is found by a digest of the key (the CSS text itself)
and the variables, so a changed file or theme misses and is parsed as before. The file is read
only when it is a regular file the player owns that no one else may write, in a folder the
same holds for, and its entries are unpickled by an unpickler that makes only the classes of
parsed CSS (``ALLOWED``): anything else, a truncated file, an entry that does not load, is a
miss. Nothing here is ever needed: without the file the app parses as Textual does.
"""

from __future__ import annotations

import asyncio
import io
import os
import pickle
import stat
import struct
import sys
import tempfile
from pathlib import Path
from typing import Any

import textual
from textual.css.model import RuleSet

from ...presets.digest import sha256  # CPython's own: no OpenSSL in every session

MAGIC = b"worksheet parsed css 1\n"
"""The file's first bytes (the format's version)."""

MAX_BYTES = 4 * 1024 * 1024
"""A larger file is not read (the app's CSS parses to about 0.2 MB)."""

MAX_ENTRIES = 400
"""Entries kept when the file is written: those used by this run first, then the newest."""

SAVE_AFTER = 1.0
"""Seconds after a run parsed something new (the first paint's CSS) at which it is kept."""

_HEADER = struct.Struct(">32sI")
"""An entry: the key's digest and the length of the pickled rules that follow."""

ALLOWED = {
    "textual.css.model": {"RuleSet", "SelectorSet", "Selector", "CombinatorType",
                          "SelectorType", "_check_type", "_check_class", "_check_id",
                          "_check_universal"},
    "textual.css.styles": {"Styles"},
    "textual.css.scalar": {"Scalar", "ScalarOffset", "Unit"},
    "textual.css.types": set(),
    "textual.color": {"Color"},
    "textual.geometry": {"Spacing", "Offset", "Size", "Region"},
    "textual.layouts.vertical": {"VerticalLayout"},
    "textual.layouts.horizontal": {"HorizontalLayout"},
    "textual.layouts.grid": {"GridLayout"},
    "textual.layouts.stream": {"StreamLayout"},
    "textual.css.tokenizer": {"Token", "ReferencedBy"},
    "rich.style": {"Style"},
    "rich.color": {"Color", "ColorType"},
    "rich.color_triplet": {"ColorTriplet"},
    "functools": {"partial"},
}
"""What parsed CSS is made of (``tests/ui/test_css_cache.py`` checks every rule of the app's
CSS loads with these alone): the only classes and functions an entry may name."""

_DICT_METHODS = frozenset({"get", "__contains__"})
"""``Styles`` keeps these bound methods of its rules dict; pickle names them by ``getattr``."""


def _bound_dict_method(obj: Any, name: str) -> Any:
    """``getattr`` for an entry: a dict's ``get`` or ``__contains__`` and nothing else."""
    if type(obj) is not dict or name not in _DICT_METHODS:
        raise pickle.UnpicklingError(f"not allowed in parsed CSS: {type(obj).__name__}.{name}")
    return getattr(obj, name)


class _RulesUnpickler(pickle.Unpickler):
    """Makes only what parsed CSS is made of."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name == "getattr":
            return _bound_dict_method
        if name in ALLOWED.get(module, ()):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"not allowed in parsed CSS: {module}.{name}")


def _loaded(blob: bytes, digest: bytes) -> list | None:
    """The rules of an entry: a list of rule sets stored with the digest it is found by
    (bytes that happen to unpickle, a list copied from another entry, are not taken)."""
    try:
        stored = _RulesUnpickler(io.BytesIO(blob)).load()
    except Exception:  # noqa: BLE001 — whatever a bad entry does, it is only a miss
        return None
    if type(stored) is not tuple or len(stored) != 2 or stored[0] != digest:
        return None
    rules = stored[1]
    if type(rules) is not list or any(type(rule) is not RuleSet for rule in rules):
        return None
    return rules


def cache_file() -> Path:
    """Where the parsed rules are kept: per Textual and Python version (pickles of one do not
    serve the other, and an upgrade starts a new file instead of growing the old one)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative: ignored, as the XDG spec says
        base = os.path.join(os.path.expanduser("~"), ".cache")
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    return Path(base) / "worksheet" / f"css-textual{textual.__version__}-py{python}.cache"


def _private(info: os.stat_result) -> bool:
    """Owned by this user and writable by no one else."""
    return info.st_uid == os.geteuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read_entries(path: Path) -> dict[bytes, bytes]:
    """The file's entries (digest → pickled rules); empty when it is missing, not private,
    too large or not in this format. Never raises."""
    try:
        folder = os.lstat(path.parent)
        if not stat.S_ISDIR(folder.st_mode) or not _private(folder):
            return {}
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return {}
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not _private(info) or info.st_size > MAX_BYTES:
            return {}
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(MAX_BYTES + 1)
    except OSError:
        return {}
    finally:
        os.close(fd)
    return _entries(data)


def _entries(data: bytes) -> dict[bytes, bytes]:
    if not data.startswith(MAGIC):
        return {}
    entries: dict[bytes, bytes] = {}
    at = len(MAGIC)
    while at + _HEADER.size <= len(data):
        digest, length = _HEADER.unpack_from(data, at)
        at += _HEADER.size
        if at + length > len(data):
            break  # cut short: the entries before it are whole
        entries[digest] = data[at:at + length]
        at += length
    return entries


def write_entries(path: Path, entries: dict[bytes, bytes]) -> None:
    """Replace the file with ``entries`` at once (a reader sees the old file or the new one),
    readable by this user only. Never raises: a cache that cannot be written is not kept."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _private(os.lstat(path.parent)):
            return
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".css-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(MAGIC)
            for digest, blob in entries.items():
                file.write(_HEADER.pack(digest, len(blob)))
                file.write(blob)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass


class KeptParseCache:
    """``Stylesheet._parse_cache`` that also looks in, and adds to, the file's entries.

    Args:
        stylesheet: the stylesheet whose variables the rules are parsed with.
        path: the file (:func:`cache_file`).
    """

    def __init__(self, stylesheet: Any, path: Path):
        self._stylesheet = stylesheet
        self._path = path
        self._parsed: dict[tuple, list] = {}
        """What this run parsed or loaded, by Textual's key."""
        self._stored = read_entries(path)
        self._used: dict[bytes, bytes] = {}
        """Entries this run used or added, for the next write."""
        self._new: dict[bytes, list] = {}
        """Rules this run parsed that the file does not hold, for the next write."""
        self._variables: tuple[int, bytes] | None = None
        self._save_due = False

    def _digest(self, key: tuple) -> bytes:
        variables = self._stylesheet._variables
        if self._variables is None or self._variables[0] != id(variables):
            text = repr(sorted(variables.items())).encode()
            self._variables = (id(variables), sha256(text).digest())
        return sha256(repr(key).encode() + self._variables[1]).digest()

    def __getitem__(self, key: tuple) -> list:
        rules = self._parsed.get(key)
        if rules is not None:
            return rules
        digest = self._digest(key)
        blob = self._stored.get(digest)
        if blob is None:
            raise KeyError(key)
        rules = _loaded(blob, digest)
        if rules is None:
            del self._stored[digest]
            raise KeyError(key)
        self._parsed[key] = rules
        self._used[digest] = blob
        return rules

    def __setitem__(self, key: tuple, rules: list) -> None:
        self._parsed[key] = rules
        self._new[self._digest(key)] = rules  # pickled when saved, not on the way to a paint
        if not self._save_due:
            try:  # kept while the player reads the first paint: a dropped connection does
                # not quit cleanly (the app saves at its end too, for what it parsed later)
                asyncio.get_running_loop().call_later(SAVE_AFTER, self.save)
                self._save_due = True
            except RuntimeError:  # no loop running: kept when ``save`` is called
                pass

    def clear(self) -> None:
        """The variables changed: forget the rules parsed with the old ones (the file's
        entries stay; they are found by the variables they were parsed with)."""
        self._parsed.clear()

    def save(self) -> None:
        """Write the file if this run parsed anything it did not find there."""
        self._save_due = False
        if not self._new:
            return
        for digest, rules in self._new.items():
            try:
                self._used[digest] = pickle.dumps((digest, rules),
                                                  protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # noqa: BLE001 — rules that do not pickle are not kept
                pass
        self._new.clear()
        kept = dict(self._used)
        for digest, blob in self._stored.items():
            if len(kept) >= MAX_ENTRIES:
                break
            kept.setdefault(digest, blob)
        self._stored = kept
        write_entries(self._path, kept)


def keep_parsed_css(stylesheet: Any, path: Path | None = None) -> KeptParseCache:
    """Make ``stylesheet`` find the rules it parsed in earlier runs (see the module's
    docstring); call ``save()`` on the result to keep what this run parsed."""
    cache = KeptParseCache(stylesheet, path or cache_file())
    stylesheet._parse_cache = cache
    return cache
