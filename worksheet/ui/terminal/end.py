"""Notice a terminal that went away without a hang-up signal.

A dropped SSH connection normally reaches the program as SIGHUP (``controllers.recovery``). But a
terminal can end without one reaching it: a program started without that terminal as its
controlling terminal (``setsid``, some launchers and multiplexer set-ups), or one whose session
leader already went. Then every read of the keyboard returns nothing at once, and Textual's
input thread, which waits for keys with ``select``, went round that loop for ever: each such
session kept a whole core busy on the shared server until someone killed it, with its edits
never written to the recovery file.

A thread here waits on the terminal with ``poll`` for nothing but its hang-up: it is never
woken while the terminal is there (no CPU at idle), and when the other end closes it asks the
app to do what a SIGHUP does.
"""

from __future__ import annotations

import os
import select
import threading
from typing import Callable

ENDED = select.POLLHUP | select.POLLERR | select.POLLNVAL
"""What ``poll`` reports, unasked, about a terminal whose other end has gone."""


def watch_terminal_end(on_end: Callable[[], None], fd: int = 0) -> threading.Thread | None:
    """Call ``on_end`` (from another thread) once the terminal on ``fd`` has hung up.

    Args:
        on_end: what to do then; it runs in the watching thread, so it should hand over to
            the app's loop (``loop.call_soon_threadsafe``).
        fd: the terminal (standard input).

    Returns:
        The watching thread (a daemon), or ``None`` when ``fd`` is not a terminal (headless
        runs, piped input: nothing to watch).
    """
    try:
        if not os.isatty(fd):
            return None
    except OSError:
        return None

    def wait() -> None:
        poller = select.poll()
        poller.register(fd, 0)  # no events asked: only a hang-up or an error wakes it
        while not any(mask & ENDED for _, mask in poller.poll()):
            pass
        on_end()

    thread = threading.Thread(target=wait, name="terminal-end", daemon=True)
    thread.start()
    return thread
