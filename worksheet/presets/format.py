"""The preset file format: TOML read with ``tomllib``, validated strictly, written with ``tomli-w``.

A preset stores inputs only (never derived values), with the ruleset and the format version, so
a corrected rule re-derives everything and an old file is never misread. Every problem names the
file, the key and — where it can be found in the text — the line. Loading never modifies the file.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Mapping

import tomli_w

from .. import rulesets
from ..engine import InputError, RecordsInput, Ruleset
from .errors import PresetError

FORMAT_VERSION = 1
"""The preset format version this program reads and writes."""

MAX_PRESET_BYTES = 256 * 1024
"""A preset larger than this is refused unread: no real character needs it."""

_TOP_KEYS = ("worksheet", "ruleset", "name", "description", "inputs")


@dataclass
class Preset:
    """A preset: which ruleset, a name, and the inputs it sets (the rest take defaults).

    Attributes:
        ruleset: the ruleset id.
        name: the preset's display name.
        description: free text.
        inputs: input values in the engine's form (only those the file gives).
        path: where it was read from or last saved to, if it was.
        fingerprint: the SHA-256 of the file's bytes as read or last saved; a save compares
            it with the file on disk to notice a change made meanwhile.
    """

    ruleset: str
    name: str
    description: str = ""
    inputs: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    fingerprint: str | None = None


def fingerprint_bytes(data: bytes) -> str:
    """The fingerprint of a file's content (SHA-256, hex)."""
    return hashlib.sha256(data).hexdigest()


def fingerprint(path: str | Path) -> str | None:
    """The fingerprint of the file at ``path`` now, or ``None`` when there is no such file.

    Raises:
        PresetError: the path exists but cannot be read.
    """
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as stream:
            for block in iter(lambda: stream.read(65536), b""):
                digest.update(block)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise PresetError(str(path), "", f"cannot be read ({error.strerror})") from None
    return digest.hexdigest()


def read_preset(path: str | Path) -> Preset:
    """Read and validate a preset file.

    Raises:
        PresetError: the file is missing, unreadable, too large, not UTF-8, not TOML, or not a
            valid preset; the message names the file, key and line.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_PRESET_BYTES:
            raise PresetError(str(path), "", f"file is {size} bytes; presets are at most "
                              f"{MAX_PRESET_BYTES} bytes")
        data = path.read_bytes()
    except PresetError:
        raise
    except FileNotFoundError:
        raise PresetError(str(path), "", "no such file") from None
    except IsADirectoryError:
        raise PresetError(str(path), "", "is a folder, not a preset file") from None
    except OSError as error:
        raise PresetError(str(path), "", f"cannot be read ({error.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PresetError(str(path), "", f"not UTF-8 text (byte {error.start})") from None
    preset = parse_preset(text, str(path))
    preset.path = path
    preset.fingerprint = fingerprint_bytes(data)
    return preset


def parse_preset(text: str, file: str = "<text>") -> Preset:
    """Validate preset text; see :func:`read_preset`."""
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise PresetError(file, "", f"not valid TOML ({error})",
                          int(match.group(1)) if match else None) from None
    locate = _Locator(text)
    for key in document:
        if key not in _TOP_KEYS:
            raise PresetError(file, key, "unknown key; allowed: " + ", ".join(_TOP_KEYS),
                              locate.top(key))
    version = document.get("worksheet")
    if isinstance(version, bool) or not isinstance(version, int):
        raise PresetError(file, "worksheet", f"the format version must be the whole number "
                          f"{FORMAT_VERSION}", locate.top("worksheet"))
    if version > FORMAT_VERSION:
        raise PresetError(file, "worksheet", f"format version {version} is newer than this "
                          f"program reads ({FORMAT_VERSION}); upgrade worksheet",
                          locate.top("worksheet"))
    if version < 1:
        raise PresetError(file, "worksheet", f"format version {version} does not exist",
                          locate.top("worksheet"))
    ruleset_id = document.get("ruleset")
    if ruleset_id not in rulesets.ids():
        raise PresetError(file, "ruleset", f"unknown ruleset {ruleset_id!r}; known: "
                          + ", ".join(rulesets.ids()), locate.top("ruleset"))
    name = document.get("name", "")
    description = document.get("description", "")
    for key, value in (("name", name), ("description", description)):
        if not isinstance(value, str):
            raise PresetError(file, key, "must be text", locate.top(key))
    raw_inputs = document.get("inputs", {})
    if not isinstance(raw_inputs, dict):
        raise PresetError(file, "inputs", "must be a table of input values", locate.top("inputs"))
    ruleset = rulesets.get(ruleset_id)
    inputs = coerce_inputs(ruleset, raw_inputs, file, locate)
    return Preset(ruleset_id, name.strip(), description, inputs)


def coerce_inputs(ruleset: Ruleset, raw: Mapping[str, Any], file: str,
                  locate: "_Locator | None" = None) -> dict[str, Any]:
    """Check raw input values against a ruleset's declarations."""
    locate = locate or _Locator("")
    inputs: dict[str, Any] = {}
    for key, value in raw.items():
        spec = ruleset.inputs.get(key)
        if spec is None:
            raise PresetError(file, f"inputs.{key}", f"unknown input for {ruleset.id}",
                              locate.input(key))
        try:
            inputs[key] = spec.coerce(value)
        except InputError as error:
            line = locate.input(key)
            record = re.match(rf"{re.escape(key)}\[(\d+)\]", error.input)
            if record and isinstance(spec, RecordsInput):
                line = locate.record(key, int(record.group(1))) or line
            raise PresetError(file, f"inputs.{error.input}", error.message, line) from None
    return inputs


def dump_preset(preset: Preset) -> str:
    """The TOML text of a preset; record lists are written as arrays of tables."""
    ruleset = rulesets.get(preset.ruleset)
    head: dict[str, Any] = {"worksheet": FORMAT_VERSION, "ruleset": preset.ruleset,
                            "name": preset.name}
    if preset.description:
        head["description"] = preset.description
    plain: dict[str, Any] = {}
    records: dict[str, list[dict]] = {}
    for key, spec in ruleset.inputs.items():
        if key not in preset.inputs or preset.inputs[key] is None:
            continue
        encoded = spec.to_toml(preset.inputs[key])
        if isinstance(spec, RecordsInput):
            records[key] = encoded
        else:
            plain[key] = encoded
    text = tomli_w.dumps(head) + "\n[inputs]\n" + tomli_w.dumps(plain)
    for key, rows in records.items():
        if not rows:
            text += f"{key} = []\n"
    for key, rows in records.items():
        for row in rows:
            text += f"\n[[inputs.{key}]]\n" + tomli_w.dumps(row)
    return text


class _Locator:
    """Finds the line of a key in preset text (tomllib reports lines only for syntax errors)."""

    def __init__(self, text: str):
        self.lines = text.splitlines()

    def _find(self, pattern: str, start: int = 0) -> int | None:
        regex = re.compile(pattern)
        for number in range(start, len(self.lines)):
            if regex.match(self.lines[number]):
                return number + 1
        return None

    @staticmethod
    def _key(key: str) -> str:
        return rf"\s*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')\s*="

    def top(self, key: str) -> int | None:
        return self._find(self._key(key)) or self._find(rf"\s*\[\s*{re.escape(key)}\s*\]")

    def input(self, key: str) -> int | None:
        section = self._find(r"\s*\[\s*inputs\s*\]")
        found = self._find(self._key(key), section or 0) if section else None
        return found or self._find(self._key(f"inputs.{key}")) or self.record(key, 0)

    def record(self, key: str, index: int) -> int | None:
        header = re.compile(rf"\s*\[\[\s*inputs\.{re.escape(key)}\s*\]\]")
        seen = -1
        for number, line in enumerate(self.lines):
            if header.match(line):
                seen += 1
                if seen == index:
                    return number + 1
        return None
