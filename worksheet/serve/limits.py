"""How many sessions may run, and how many may start at once.

A session over a cap is refused with one line and its channel closed; the sessions already
running are not touched. Starting a session is mostly CPU (Python imports, the first frame):
:class:`StartQueue` lets a few start at a time and the rest wait their turn, so fifty players
connecting at once each get their screen in turn instead of all of them waiting for all.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from typing import Callable

RETRY = "try again in a few minutes"


class Limits:
    """Sessions at once: at most ``total``, and at most ``per_key`` for any one key."""

    def __init__(self, total: int, per_key: int):
        self.total, self.per_key = total, per_key
        self._held: Counter[str] = Counter()

    @property
    def in_use(self) -> int:
        return sum(self._held.values())

    def take(self, key: str) -> tuple[str, str] | None:
        """Count one more session of ``key``; or why not (``full``, ``per-key``) and the one
        line a refused player reads."""
        if self.in_use >= self.total:
            return "full", (f"worksheet: the server is full ({self.total} sessions at once); "
                            f"{RETRY}")
        if self._held[key] >= self.per_key:
            sessions = "1 session" if self.per_key == 1 else f"{self.per_key} sessions"
            return "per-key", (f"worksheet: your key already has {sessions} open here; "
                               f"close one, or {RETRY}")
        self._held[key] += 1
        return None

    def give_back(self, key: str) -> None:
        """A session of ``key`` has ended."""
        if self._held[key] > 0:
            self._held[key] -= 1
        if not self._held[key]:
            del self._held[key]


class StartQueue:
    """At most ``width`` sessions starting at once; the others wait, first come first served.

    A start ends when its first frame is out (:data:`FIRST_FRAME_BYTES` written) or after
    :data:`START_LIMIT` seconds, whichever comes first.
    """

    FIRST_FRAME_BYTES = 2048
    START_LIMIT = 5.0

    def __init__(self, width: int):
        self._slots = asyncio.Semaphore(max(1, width))

    async def start(self, begin: Callable[[], asyncio.Event | None]) -> None:
        """Wait for a turn, call ``begin()`` (it starts a session and returns the event set
        when its first frame is out, or ``None`` when it did not start), wait for that."""
        async with self._slots:
            painted = begin()
            if painted is not None:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(painted.wait(), self.START_LIMIT)
