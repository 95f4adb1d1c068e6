"""A call made once a quiet time has passed since the last thing that put it off.

The recovery file is written half a second after the last edit, and the key gate lets the
keys after a followed key go a second after it began following it. Both are put off again
on every keystroke: stopping a Textual timer and starting another each time cancelled an
asyncio task and made a new one (~105 µs a pair). A :class:`Deadline` keeps one timer at a
time; putting the call off only moves when it is due, and a timer that ends early waits on.
"""

from __future__ import annotations

import time
from typing import Any, Callable


class Deadline:
    """Call ``callback`` once ``delay`` seconds have passed since the last :meth:`put_off`.

    Args:
        host: what runs the timers (a Textual message pump: ``set_timer``).
        delay: the quiet time, in seconds.
        callback: what is called when it has passed.
    """

    def __init__(self, host: Any, delay: float, callback: Callable[[], Any]):
        self._host = host
        self._delay = delay
        self._callback = callback
        self._due = 0.0  # time.monotonic() when the call is due
        self._timer: Any = None

    def put_off(self) -> None:
        """Make the call ``delay`` from now (the first time, or later than was due)."""
        self._due = time.monotonic() + self._delay
        if self._timer is None:
            self._timer = self._host.set_timer(self._delay, self._ended)

    def cancel(self) -> None:
        """Do not make the call (until put off again)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _ended(self) -> None:
        """The timer ended: make the call if it is due, else wait out the rest."""
        left = self._due - time.monotonic()
        if left > 0:
            self._timer = self._host.set_timer(left, self._ended)
            return
        self._timer = None
        self._callback()
