"""The temporary files a save writes beside a preset, and the removal of those a dead save left.

A save writes ``.<file>.<host>.<pid>.<random>.tmp`` and renames it over the preset; a save that
is killed (``kill -9``, a dropped connection, a full disk mid-write) leaves it behind. The next
save, delete or listing in that folder removes this user's temporaries whose writer is no longer
running on this host, and any of this user's temporaries older than
:data:`STALE_TEMPORARY_AGE` (a writer on another host sharing the folder, or one from before
temporaries carried their writer's pid). Other users' files are never touched. Listings never
show temporaries: their names start with a dot.

Kept apart from ``saving`` so that a listing can sweep without loading the saving code.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

from worksheet.processes import alive

STALE_TEMPORARY_AGE = 600
"""Seconds after which any temporary of ours is taken for a crash's leftover: no save takes
anywhere near this long, so a temporary this old is never one being written."""

HOST = re.sub(r"[^A-Za-z0-9_-]+", "_", os.uname().nodename)[:64] or "host"
"""This host's name as temporaries carry it (no dots, so a name parses from its end)."""

_OURS = re.compile(r"\..+\.(?P<host>[A-Za-z0-9_-]+)\.(?P<pid>[0-9]{1,10})\.[A-Za-z0-9_]+\.tmp")
"""A temporary written by this version: its writer's host and pid are in its name."""

_OLDER = re.compile(r"\..+\.toml\.[A-Za-z0-9_]+\.tmp")
"""A temporary written before temporaries named their writer (``.NAME.toml.XXXXXXXX.tmp``)."""


def temporary_prefix(target: Path) -> str:
    """The name a temporary of ``target`` starts with, naming this process as its writer."""
    return f".{target.name}.{HOST}.{os.getpid()}."


def _running(pid: int) -> bool:
    # A pid another user's process holds now: only the temporary's age can tell.
    return alive(pid) is not False


def is_stale(name: str, info: os.stat_result, now: float | None = None) -> bool:
    """Whether a file named ``name`` with ``info`` (from ``lstat``) is a dead save's leftover of
    this user."""
    if info.st_uid != os.geteuid() or not stat.S_ISREG(info.st_mode):
        return False
    ours, older = _OURS.fullmatch(name), _OLDER.fullmatch(name)
    if not ours and not older:
        return False
    old = (time.time() if now is None else now) - info.st_mtime > STALE_TEMPORARY_AGE
    if ours and ours.group("host") == HOST:
        return old or not _running(int(ours.group("pid")))
    return old


def sweep_temporaries(folder: Path) -> int:
    """Remove this user's temporaries left in ``folder`` by saves that died; never raises.

    Returns:
        How many were removed.
    """
    removed = 0
    now = time.time()
    with contextlib.suppress(OSError):
        with os.scandir(folder) as entries:
            for entry in entries:
                if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
                    continue
                with contextlib.suppress(OSError):
                    if is_stale(entry.name, entry.stat(follow_symlinks=False), now):
                        os.unlink(entry.path)
                        removed += 1
    return removed
