"""Whether the process that wrote a file is still running: one answer for the recovery files
and for the temporaries of saves, which both name their writer's pid."""

from __future__ import annotations

import os


def alive(pid: int) -> bool | None:
    """Whether this user's process ``pid`` still runs on this host.

    Returns ``None`` when the pid now belongs to another account (our writer is gone, but a
    caller that deletes may prefer to wait for the file's age). A zombie — ended, not reaped
    yet, as a session whose shell died with the connection is — counts as ended.
    """
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return None
    except (OverflowError, OSError):
        return False
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether ``pid`` has ended but not been reaped yet (Linux; elsewhere: unknown, no)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] in (b"Z", b"X")
    except (OSError, IndexError):
        return False
