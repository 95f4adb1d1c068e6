"""Work done later, always with an end: the app's one way to wait.

Two kinds of "later", each bounded:

- :class:`Deadline`: call once a quiet time has passed since the last thing that put the call
  off (the recovery file half a second after the last edit; the key gate's bound on a key it
  follows), and at most ``longest`` after the first. Putting it off only moves when it is due:
  stopping a Textual timer and starting another on every keystroke cancelled an asyncio task
  and made a new one (~105 µs a pair), so one timer at a time serves, and a timer that ends
  early waits on.
- :func:`poll_until`: call once a condition holds, looked at after each refresh (a row's
  editor, mounted a refresh or two after the row), or call the fallback once the poll's
  deadline (a number of refreshes, or seconds) has passed. A poll that re-scheduled itself
  after every refresh with no bound kept the loop turning until something else ended it.

Textual's ``call_later`` (after the messages queued now) and a single ``call_after_refresh``
(after the next refresh) are not timers and are used as they are: each runs once, in order
with the messages around it. So is a short chain of such steps whose next step depends on
what the last one found (``FocusTargets.resume_focus``: the remembered row, else the first
field, built first if need be); it counts its refreshes and ends as a poll does.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable


class Deadline:
    """Call ``callback`` once ``delay`` seconds have passed since the last :meth:`put_off`.

    Args:
        host: what runs the timer: a Textual message pump (``set_timer``: the call is made in
            its turn, in order with its messages), or an asyncio loop (the call is made
            straight from the loop: for a limit that must not wait behind the app's messages).
        delay: the quiet time, in seconds.
        callback: what is called when it has passed.
        longest: at most this many seconds after the first :meth:`put_off` since the last
            call, however often it is put off (``None``: no such bound).
    """

    def __init__(self, host: Any, delay: float, callback: Callable[[], Any], *,
                 longest: float | None = None):
        self._host = host
        self._delay = delay
        self._callback = callback
        self._longest = longest
        self._due = 0.0  # time.monotonic() when the call is due
        self._first: float | None = None  # when it was first put off since the last call
        self._timer: Any = None

    @property
    def pending(self) -> bool:
        """True while the call is to be made."""
        return self._timer is not None

    def put_off(self) -> bool:
        """Make the call ``delay`` from now (the first time, or later than was due), or at the
        ``longest`` bound if that comes first.

        Returns:
            False when the bound has passed: the call is due now. Called from the callback
            (to wait a little more), nothing is scheduled then: the callback goes on.
        """
        now = time.monotonic()
        if self._first is None:
            self._first = now
        due = now + self._delay
        if self._longest is not None:
            due = min(due, self._first + self._longest)
        if due <= now and self._timer is None:
            return False
        self._due = due
        if self._timer is None:
            self._timer = self._start(due - now)
        return due > now

    def cancel(self) -> None:
        """Do not make the call (until put off again)."""
        self._first = None
        if self._timer is not None:
            timer, self._timer = self._timer, None
            if isinstance(timer, asyncio.TimerHandle):
                timer.cancel()
            else:
                timer.stop()

    def _start(self, delay: float) -> Any:
        if isinstance(self._host, asyncio.AbstractEventLoop):
            return self._host.call_later(delay, self._ended)
        return self._host.set_timer(delay, self._ended)

    def _ended(self) -> None:
        """The timer ended: make the call if it is due, else wait out the rest."""
        left = self._due - time.monotonic()
        if left > 0:
            self._timer = self._start(left)
            return
        self._timer = None
        self._callback()
        if self._timer is None:  # not put off again by the callback: the next call is new
            self._first = None


def poll_until(host: Any, ready: Callable[[], Any], then: Callable[[], Any] | None, *,
               refreshes: int | None = None, seconds: float | None = None,
               otherwise: Callable[[], Any] | None = None) -> "Poll":
    """Call ``then`` once ``ready()`` is true, looked at after each of the next refreshes;
    call ``otherwise`` instead once the deadline has passed first. Always ends, one way or
    the other: give ``refreshes``, ``seconds`` or both (whichever comes first ends it).

    Args:
        host: a Textual message pump (``call_after_refresh``, ``set_timer``).
        ready: the condition (read only: it is looked at once a refresh).
        then: what to do once it holds (its result is returned to Textual, which awaits a
            coroutine); ``None``: nothing, the condition did the work.
        refreshes: the most refreshes to look after.
        seconds: the most seconds to wait (a timer ends the poll even if no refresh comes).
        otherwise: what to do when the deadline passes first (``None``: nothing).
    """
    return Poll(host, ready, then, refreshes, seconds, otherwise)


class Poll:
    """A running :func:`poll_until` (see there); :meth:`cancel` ends it doing nothing."""

    def __init__(self, host: Any, ready: Callable[[], Any], then: Callable[[], Any] | None,
                 refreshes: int | None, seconds: float | None,
                 otherwise: Callable[[], Any] | None):
        if refreshes is None and seconds is None:
            raise ValueError("a poll needs a deadline: refreshes, seconds or both")
        self._host = host
        self._ready = ready
        self._then = then
        self._otherwise = otherwise
        self.ended = False
        """True once it has called ``then`` or ``otherwise``, or was cancelled."""
        self._timer = host.set_timer(seconds, self._expired) if seconds is not None else None
        if not host.call_after_refresh(self._look, refreshes):
            self.cancel()  # the host is closing: nothing will refresh

    def cancel(self) -> None:
        """End the poll without calling either."""
        self.ended = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _look(self, left: int | None) -> Any:
        if self.ended:
            return None
        if self._ready():
            return self._end(self._then)
        if left is not None and left <= 1:
            return self._end(self._otherwise)
        if not self._host.call_after_refresh(self._look, None if left is None else left - 1):
            self.cancel()
        return None

    def _expired(self) -> None:
        self._timer = None
        if not self.ended:
            self._end(self._otherwise)

    def _end(self, call: Callable[[], Any] | None) -> Any:
        self.cancel()
        return call() if call is not None else None
