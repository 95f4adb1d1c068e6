"""Waiting on what a Pilot test waits for, with a deadline, instead of a fixed pause.

A fixed ``pilot.pause(0.3)`` is either longer than needed (every run pays it) or, on a worker
starved by the others, too short (the test reads a state still on its way). :func:`until`
lets the app run until the condition holds, and fails at the deadline naming what it waited
for, so a wait that never ends is a failure, not a quiet pass.
"""

from __future__ import annotations

import time
from typing import Callable

DEADLINE = 30.0
"""Seconds a wait may take: generous, since the machine is shared; a test never asserts it."""


async def until(pilot, condition: Callable[[], object], what: str,
                deadline: float = DEADLINE) -> object:
    """Let the app run until ``condition()`` is true; its value. Fails after ``deadline``."""
    ends = time.monotonic() + deadline
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > ends:
            raise AssertionError(f"{what} did not happen within {deadline:.0f} s")
        await pilot.pause(0.02)
