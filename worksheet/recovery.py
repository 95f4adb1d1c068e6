"""The recovery store: the unsaved state of every tab, kept so that nothing typed is lost.

The app saves its state here as the user edits (debounced); after a dropped SSH connection
(SIGHUP), a kill or a crash, the next start finds it and offers to restore it; a clean quit
clears it. Headless: no Textual here.

Files live in the user's own state folder, ``$XDG_STATE_HOME/worksheet/recovery/`` (default
``~/.local/state/worksheet/recovery/``), one per running session (``<host>-<pid>.json``), so two
sessions of the same player (two SSH windows) never overwrite each other's unsaved edits. When
a session starts, :meth:`Recovery.load` claims the newest file left by a session that is no
longer running (by renaming it to its own, so two starting sessions never both take it); older
leftovers wait for the next start. Files are mode 0600 and written atomically: each is either
the previous state or the new one, never half of each.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path
from typing import Any

from worksheet.processes import alive

FOREIGN_HOST_AGE = 3600
"""A file left by a session on another host (a home folder shared over NFS) is claimed only
when it has not been written for this many seconds: its process cannot be checked from here."""


def state_dir() -> Path:
    """The user's state folder for worksheet (it may not exist yet)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                            "state")
    return Path(base) / "worksheet"


def recovery_dir() -> Path:
    """The folder of the per-session recovery files."""
    return state_dir() / "recovery"


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9.-]+", "_", os.uname().nodename)[:64] or "host"


def _session_of(path: Path) -> tuple[str, int] | None:
    """The host and pid a session file or temporary belongs to, from its name."""
    match = re.fullmatch(r"\.?(.+)-(\d+)\.json(?:\.\d+\.tmp|\.later)?", path.name)
    return (match.group(1), int(match.group(2))) if match else None


def _running(pid: int) -> bool:
    """Whether this user's process ``pid`` is still running on this host (a pid now held by
    another user means our session is gone)."""
    return alive(pid) is True


def _orphaned(path: Path) -> bool:
    session = _session_of(path)
    if session is None:
        return False
    host, pid = session
    if host != _host():
        with contextlib.suppress(OSError):
            return time.time() - path.stat().st_mtime > FOREIGN_HOST_AGE
        return False
    return not _running(pid)


class Recovery:
    """The recovery file of this session.

    Args:
        path: a file to use as is (tests, tools); by default this session's own file in
            :func:`recovery_dir`, and :meth:`load` then also claims a dead session's file.

    Attributes:
        path: the recovery file.
        kept_aside: where the last corrupt file found by :meth:`load` was moved, if any.
    """

    def __init__(self, path: str | Path | None = None):
        self._session = path is None
        self.path = (Path(path) if path is not None
                     else recovery_dir() / f"{_host()}-{os.getpid()}.json")
        self.kept_aside: Path | None = None

    def save(self, state: dict[str, Any], *, durable: bool = True) -> None:
        """Replace the stored state atomically (temporary file, fsync, rename), mode 0600.

        ``durable=False`` leaves out the fsync: the state then survives the process (a
        ``kill -9``: the kernel has the data) but not a crash of the machine, and the write
        costs a tenth of a millisecond instead of however long the disk takes to confirm.

        Raises:
            TypeError: ``state`` holds something JSON cannot represent.
            OSError: the file cannot be written (the previous state is then untouched).
        """
        import json  # loaded with the first save, not at start (most starts have no file)

        # compact: Python's C encoder (an indent takes the pure-Python one, a third of the
        # time of a write at every edit)
        data = json.dumps({"worksheet-recovery": 1, "saved": time.time(), "state": state},
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        folder = self.path.parent
        temporary = folder / f".{self.path.name}.{os.getpid()}.tmp"
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
        try:  # the folder made once, and again if it went meanwhile
            handle = os.open(temporary, flags, 0o600)
        except FileNotFoundError:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            handle = os.open(temporary, flags, 0o600)
        try:
            os.fchmod(handle, 0o600)
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                if durable:
                    os.fsync(stream.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def load(self) -> dict[str, Any] | None:
        """The stored state, or ``None`` when there is none.

        For this session's own file, when it has none yet, the newest file left by a session
        that is no longer running is claimed first. A file that cannot be read as recovery state
        is moved aside (to ``<name>.corrupt-<time>``, recorded in :attr:`kept_aside`), never
        deleted, and ``None`` is returned. Temporary files of dead sessions are removed.
        """
        self._sweep()
        if self._session and not self.path.exists():
            self._claim()
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            self._keep_aside()
            return None
        try:
            import json

            document = json.loads(data.decode("utf-8"))
            state = document["state"]
            if not isinstance(state, dict):
                raise ValueError("state is not an object")
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            self._keep_aside()
            return None
        return state

    def pending(self) -> list[Path]:
        """Files left by sessions that are no longer running, newest first (unclaimed yet),
        including those a session kept for later (:meth:`later`)."""
        try:
            files = [path for pattern in ("*.json", "*.json.later")
                     for path in self.path.parent.glob(pattern)
                     if path != self.path and _orphaned(path)]
        except OSError:
            return []

        def modified(path: Path) -> float:
            try:
                return path.stat().st_mtime
            except OSError:
                return 0.0

        return sorted(files, key=modified, reverse=True)

    def _claim(self) -> None:
        for orphan in self.pending():
            try:
                os.rename(orphan, self.path)  # atomic: only one starting session gets it
            except FileNotFoundError:
                continue  # another session claimed it first
            except OSError:
                continue
            return

    def _sweep(self) -> None:
        """Remove temporary files left by sessions killed mid-write (their process is gone)."""
        if self._session:
            pattern = ".*.json.*.tmp"
        else:
            from glob import escape  # only a file given by path (tests, tools) needs escaping

            pattern = f".{escape(self.path.name)}.*.tmp"
        with contextlib.suppress(OSError):
            for temporary in self.path.parent.glob(pattern):
                match = re.search(r"\.(\d+)\.tmp$", temporary.name)
                if match and not _running(int(match.group(1))):
                    with contextlib.suppress(OSError):
                        temporary.unlink()

    def _keep_aside(self) -> None:
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"
                                    f"-{os.getpid()}")
        with contextlib.suppress(OSError):
            os.replace(self.path, aside)
            self.kept_aside = aside

    def later(self) -> None:
        """Keep the state this session claimed for the next start instead of restoring it
        now: renamed to ``<name>.later``, which this session never writes, and which the next
        session to start after this one has ended claims like any other left-over file."""
        with contextlib.suppress(OSError):
            os.replace(self.path, self.path.with_name(self.path.name + ".later"))

    def set_aside(self, state: Any) -> Path | None:
        """Keep state that could not be restored in a file of its own beside this one, named
        ``<name>.unrestorable-<time>-<pid>``: never offered again (so it cannot fail again at
        every start), never deleted (a person can still read what was typed). ``None`` when it
        cannot be written either.
        """
        aside = self.path.with_name(f"{self.path.name}.unrestorable-"
                                    f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
        try:
            import json

            data = json.dumps({"worksheet-recovery": 1, "saved": time.time(), "state": state},
                              ensure_ascii=False, indent=1, default=repr).encode("utf-8")
            aside.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            handle = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
        except (OSError, TypeError, ValueError):
            return None
        return aside

    def clear(self) -> None:
        """Remove this session's stored state (a clean quit); no error when there is none."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
