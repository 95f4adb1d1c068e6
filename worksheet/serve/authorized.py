"""The authorized keys: the players, read again at every login.

The file is in OpenSSH's ``authorized_keys`` format, one key per line: ``TYPE BASE64
[COMMENT]``. Adding or removing a player is editing the file; the next login reads it (no
restart, no signal). A line with options (``restrict,command="…" ssh-ed25519 …``) is refused
— and logged — rather than half-honoured: this server would not apply ``from=``, ``command=``
or ``expiry-time=``, and a key its owner meant to restrict must not get more than they meant.

Only the key matters: its comment is never used (the key's owner chose it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import asyncssh

MAX_FILE_BYTES = 1 << 20
"""The most of the file read: a megabyte holds thousands of keys."""


def _key_types() -> frozenset[str]:
    from asyncssh.public_key import get_public_key_algs

    return frozenset(name.decode("ascii") for name in get_public_key_algs())


@dataclass
class KeyFile:
    """What one reading of the file found.

    Attributes:
        keys: the public keys' wire encodings (``SSHKey.public_data``), the players.
        problems: ``(line number, why)`` for each line refused.
    """

    keys: frozenset[bytes] = frozenset()
    problems: list[tuple[int, str]] = field(default_factory=list)


def parse(text: str) -> KeyFile:
    """Read the lines of an authorized keys file (blank lines and ``#`` comments skipped)."""
    types = _key_types()
    keys: set[bytes] = set()
    problems: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] not in types:
            problems.append((number, "a line with options (or no key type) is refused; "
                                     "write the key alone: TYPE BASE64 [COMMENT]"))
            continue
        if len(words) < 2:
            problems.append((number, "no key after the key type"))
            continue
        try:
            key = asyncssh.import_public_key(f"{words[0]} {words[1]}")
        except (asyncssh.KeyImportError, ValueError) as error:
            problems.append((number, f"not a valid public key ({str(error)[:80]})"))
            continue
        keys.add(key.public_data)
    return KeyFile(frozenset(keys), problems)


class AuthorizedKeys:
    """The file of authorized keys, read again at each :meth:`current`.

    Args:
        path: the file.
        report: called with ``(line number, why)`` for each refused line, once per content
            of the file (a login does not log the same refusal again).
    """

    def __init__(self, path: Path, report: Callable[[int, str], None] | None = None):
        self.path = Path(path)
        self._report = report
        self._last: tuple[bytes, KeyFile] | None = None

    def current(self) -> KeyFile:
        """The keys in the file now. A file that cannot be read authorizes nobody."""
        try:
            with open(self.path, "rb") as stream:
                data = stream.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            if self._report is not None:
                self._report(0, f"cannot read the file ({error.strerror})")
            return KeyFile()
        if len(data) > MAX_FILE_BYTES:
            if self._report is not None:
                self._report(0, f"larger than {MAX_FILE_BYTES} bytes; nobody is let in")
            return KeyFile()
        if self._last is not None and self._last[0] == data:
            return self._last[1]
        found = parse(data.decode("utf-8", "replace"))
        self._last = (data, found)
        if self._report is not None:
            for number, why in found.problems:
                self._report(number, why)
        return found

    def allows(self, key: asyncssh.SSHKey) -> bool:
        """Whether ``key`` is one of the authorized keys, as the file reads now."""
        return key.public_data in self.current().keys


def readable(path: Path) -> str | None:
    """Why the file cannot serve as authorized keys at start (``None``: it can)."""
    if not os.path.isfile(path):
        return "is not a file"
    if not os.access(path, os.R_OK):
        return "cannot be read"
    return None
