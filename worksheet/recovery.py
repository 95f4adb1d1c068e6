"""The recovery store: the unsaved state of every tab, kept so that nothing typed is lost.

The app saves its state here as the user edits (debounced); after a dropped SSH connection
(SIGHUP), a kill or a crash, the next start finds it and offers to restore it; a clean quit
clears it. The file is per user (``$XDG_STATE_HOME/worksheet/recovery.json``, default
``~/.local/state/worksheet/recovery.json``), mode 0600, written atomically, so it is either the
previous state or the new one — never half of each. Headless: no Textual here.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

RECOVERY_FILE = "recovery.json"


def state_dir() -> Path:
    """The user's state folder for worksheet (it may not exist yet)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                            "state")
    return Path(base) / "worksheet"


class Recovery:
    """One recovery file.

    Args:
        path: the file; defaults to ``recovery.json`` in :func:`state_dir`.

    Attributes:
        path: the recovery file.
        kept_aside: where the last corrupt file found by :meth:`load` was moved, if any.
    """

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else state_dir() / RECOVERY_FILE
        self.kept_aside: Path | None = None

    def save(self, state: dict[str, Any]) -> None:
        """Replace the stored state atomically (temporary file, fsync, rename), mode 0600.

        Raises:
            TypeError: ``state`` holds something JSON cannot represent.
            OSError: the file cannot be written (the previous state is then untouched).
        """
        data = json.dumps({"worksheet-recovery": 1, "saved": time.time(), "state": state},
                          ensure_ascii=False, indent=1).encode("utf-8")
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = folder / f".{self.path.name}.{os.getpid()}.tmp"
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW,
                         0o600)
        try:
            os.fchmod(handle, 0o600)
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def _sweep(self) -> None:
        """Remove temporary files left by sessions killed mid-write (their process is gone)."""
        for temporary in self.path.parent.glob(f".{self.path.name}.*.tmp"):
            try:
                pid = int(temporary.name[len(self.path.name) + 2:-4])
                os.kill(pid, 0)
            except ProcessLookupError:
                with contextlib.suppress(OSError):
                    temporary.unlink()
            except (ValueError, OSError):
                continue

    def load(self) -> dict[str, Any] | None:
        """The stored state, or ``None`` when there is none.

        A file that cannot be read as recovery state is moved aside (to
        ``recovery.json.corrupt-<time>``, recorded in :attr:`kept_aside`), never deleted, and
        ``None`` is returned. Temporary files of dead sessions are removed.
        """
        self._sweep()
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            self._keep_aside()
            return None
        try:
            document = json.loads(data.decode("utf-8"))
            state = document["state"]
            if not isinstance(state, dict):
                raise ValueError("state is not an object")
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            self._keep_aside()
            return None
        return state

    def _keep_aside(self) -> None:
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"
                                    f"-{os.getpid()}")
        with contextlib.suppress(OSError):
            os.replace(self.path, aside)
            self.kept_aside = aside

    def clear(self) -> None:
        """Remove the stored state (a clean quit); no error when there is none."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
