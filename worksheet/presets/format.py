"""The preset file format: TOML read with ``tomllib``, validated strictly, written with ``tomli-w``.

A preset stores inputs only (never derived values), with the ruleset and the format version, so
a corrected rule re-derives everything and an old file is never misread. Every problem names the
file, the key and — where it can be found in the text — the line. Loading never modifies the file.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worksheet import rulesets
from worksheet.engine import RecordsInput
from worksheet.presets.digest import sha256_hex
from worksheet.presets.errors import PresetError
from worksheet.presets.validate import FORMAT_VERSION, Checked, check_text, coerce_inputs

MAX_PRESET_BYTES = 256 * 1024
"""A preset larger than this is refused unread: no real character needs it."""

__all__ = ["FORMAT_VERSION", "MAX_PRESET_BYTES", "Preset", "check_file", "coerce_inputs",
           "dump_preset", "fingerprint", "fingerprint_bytes", "parse_preset", "read_bytes",
           "read_preset"]


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
        kind: what it holds (``character``, ``attacker``, ``fight``; see
            :mod:`~worksheet.presets.kinds`); ``None`` for a preset without ``kind``, which
            holds and loads every input, as every preset did before kinds.
    """

    ruleset: str
    name: str
    description: str = ""
    inputs: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    fingerprint: str | None = None
    kind: str | None = None


def fingerprint_bytes(data: bytes) -> str:
    """The fingerprint of a file's content (SHA-256, hex)."""
    return sha256_hex(data)


def fingerprint(path: str | Path) -> str | None:
    """The fingerprint of the file at ``path`` now, or ``None`` when there is no such file.

    Raises:
        PresetError: the path exists but cannot be read, or is not a regular file.
    """
    try:
        return fingerprint_bytes(read_bytes(path, limit=None))
    except FileNotFoundError:
        return None


LINK_REFUSED = ("is a symbolic link, not a preset file; a shared folder's presets must be real "
                "files (whoever planted a link could re-point it at any time), so it is not read")
"""Why a link in the shared folder is refused, as listings and lookups say it."""


def read_bytes(path: str | Path, limit: int | None = MAX_PRESET_BYTES,
               follow_links: bool = True) -> bytes:
    """The bytes of a regular file, read without blocking on a FIFO or device.

    Args:
        path: the file.
        limit: refuse a file larger than this many bytes (``None``: no limit).
        follow_links: when false, a symbolic link is refused (``O_NOFOLLOW``): the shared
            folder is read this way, so a link planted there is never taken for a preset.

    Raises:
        FileNotFoundError: there is no such file.
        PresetError: a folder, a FIFO or device, a link (unless followed), unreadable, or over
            ``limit``.
    """
    path = Path(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise PresetError(str(path), "", "is a folder, not a preset file") from None
    except OSError as error:
        if not follow_links and os.path.islink(path):
            raise PresetError(str(path), "", LINK_REFUSED) from None
        raise PresetError(str(path), "", f"cannot be read ({error.strerror})") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise PresetError(str(path), "", "is a folder, not a preset file")
        if not stat.S_ISREG(info.st_mode):
            raise PresetError(str(path), "", "is not a regular file (a FIFO, socket or device)")
        if limit is not None and info.st_size > limit:
            raise PresetError(str(path), "", f"file is {info.st_size} bytes; presets are at most "
                              f"{limit} bytes")
        chunks, total = [], 0
        while True:
            chunk = os.read(handle, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if limit is not None and total > limit:
                raise PresetError(str(path), "", f"file is over {limit} bytes; presets are at "
                                  f"most {limit} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise PresetError(str(path), "", f"cannot be read ({error.strerror})") from None
    finally:
        os.close(handle)


def _decode(data: bytes, file: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise PresetError(file, "", f"not UTF-8 text (byte {error.start})", line) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_preset(path: str | Path, follow_links: bool = True) -> Preset:
    """Read and validate a preset file; the file is never modified.

    Args:
        path: the file.
        follow_links: when false, a symbolic link is refused (see :func:`read_bytes`).

    Raises:
        PresetError: the file is missing, unreadable, too large, not UTF-8, not TOML, or not a
            valid preset; the message names the file, key and line of the first problem.
    """
    path = Path(path)
    try:
        data = read_bytes(path, follow_links=follow_links)
    except FileNotFoundError:
        raise PresetError(str(path), "", "no such file") from None
    preset = parse_preset(_decode(data, str(path)), str(path))
    preset.path = path
    preset.fingerprint = fingerprint_bytes(data)
    return preset


def _preset_of(checked: Checked) -> Preset:
    if checked.problems:
        first = checked.problems[0]
        first.more = tuple(checked.problems[1:])  # a command line reports them all
        raise first
    assert checked.ruleset is not None
    return Preset(checked.ruleset, checked.name, checked.description, checked.inputs,
                  kind=checked.kind)


def parse_preset(text: str, file: str = "<text>") -> Preset:
    """Validate preset text; see :func:`read_preset`.

    Raises:
        PresetError: the first problem found; the others are in its ``more``.
    """
    return _preset_of(check_text(text, file))


def check_file(path: str | Path, follow_links: bool = True) -> list[PresetError]:
    """Every problem with a preset file (empty when it is valid); the file is not modified."""
    path = Path(path)
    try:
        text = _decode(read_bytes(path, follow_links=follow_links), str(path))
    except FileNotFoundError:
        return [PresetError(str(path), "", "no such file")]
    except PresetError as error:
        return [error]
    return check_text(text, str(path)).problems


def dump_preset(preset: Preset) -> str:
    """The TOML text of a preset; record lists are written as arrays of tables."""
    import tomli_w  # only a save writes TOML; reading presets at start-up never does

    ruleset = rulesets.get(preset.ruleset)
    head: dict[str, Any] = {"worksheet": FORMAT_VERSION, "ruleset": preset.ruleset}
    if preset.kind is not None:
        head["kind"] = preset.kind
    head["name"] = preset.name
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
