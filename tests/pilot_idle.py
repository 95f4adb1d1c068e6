"""Pilot's wait for an idle app, read off the event loop instead of timed by the CPU clock.

Textual's ``Pilot.press`` waits for the process to be idle twice per key, and
``Pilot.pause()`` once: ``textual._wait.wait_for_idle`` sleeps 20 ms at a time until a slice
passes with under 1 ms of CPU. So every key costs at least 40 ms of sleep, more while the app
works, and far more on a worker whose CPU the other workers share: ``tests/ui`` spent about
300 of its workers' 420 seconds in it (7,000 waits).

With the app running on the test's own loop, "idle" can be read directly: nothing is ready
to run (the loop's ready queue is empty on two turns running), no timer is due within
:data:`SOON` (a refresh is due within a frame, 17 ms, on an idle machine and later on a loaded
one; a hold on the keys for a dialog's answer ends with one), and the app has run a call
posted to it after that (it handles one message at a time: a key's action that awaits a
refresh further off than :data:`SOON` is still running). A
thread the test process did not have at its start (the tmux clipboard's question, the party
view's worker) may be working where the loop cannot see it: while one is alive, Textual's
own wait runs. ``min_sleep`` is kept as a floor, ``max_sleep`` as the bound.

What neither wait sees is a timer of the app's further off (a refusal said 50 ms after the
last key, a frame held up to 100 ms, keys held until a deadline): a test that asserts its
effect waits for it (``tests/ui/waits.py``'s ``until``), as it must on a starved worker anyway.

Measured on ``tests/ui`` at ``-n 4`` (509 tests): 112 s with Textual's wait, 77–90 s with
this one, for about the same CPU (docs/performance.md).

This reads the private queues of CPython's asyncio loop (``_ready``, ``_scheduled``): a loop
without them gets Textual's wait. ``tests/test_pilot_idle.py`` checks each rule above.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Awaitable, Callable

SOON = 0.05
"""Seconds ahead a timer counts as part of the work on its way: a few frames (Textual asks
for a refresh 1/60 s ahead), so a refresh due late on a loaded worker is still waited for;
the app's longer timers (a frame held at most 100 ms, a collection after a 100 ms pause) are
not."""

CALM_TURNS = 2
"""Turns of the loop in a row with nothing ready before the app counts as idle."""

_textuals_wait: Callable[..., Awaitable[None]] | None = None
_threads_at_start: set[int | None] = set()


def _next_timer(loop: asyncio.AbstractEventLoop) -> float | None:
    """Seconds until the first live timer of the loop is due (0 if overdue), or None."""
    now = loop.time()
    due = [handle.when() for handle in loop._scheduled  # type: ignore[attr-defined]
           if not handle.cancelled()]
    return max(0.0, min(due) - now) if due else None


def _probe_app() -> list[bool]:
    """Post a call to the running app; the list it returns becomes ``[True]`` when the app
    has run it (at once when no app is running to ask). The app handles one message at a
    time: a key's action awaiting a refresh holds the call until it is done."""
    from textual._context import active_app

    try:
        app = active_app.get()
    except LookupError:
        return [True]
    answered: list[bool] = []
    if not app.is_running or not app.call_later(answered.append, True):
        return [True]
    return answered


def _new_thread_alive() -> bool:
    """Whether a thread started since the process began its tests is still running."""
    return any(thread.ident not in _threads_at_start and thread.is_alive()
               for thread in threading.enumerate())


async def wait_for_idle(min_sleep: float = 0.02, max_sleep: float = 1.0) -> None:
    """Return once the loop has had nothing to run for :data:`CALM_TURNS` turns, no timer is
    due within :data:`SOON` and the app has run a call posted to it, after at least
    ``min_sleep`` and at most ``max_sleep``."""
    loop = asyncio.get_running_loop()
    assert _textuals_wait is not None, "install() first"
    if not hasattr(loop, "_ready") or not hasattr(loop, "_scheduled") or _new_thread_alive():
        await _textuals_wait(min_sleep, max_sleep)
        return
    ends = loop.time() + max_sleep
    if min_sleep > 0:
        await asyncio.sleep(min_sleep)
    calm = 0
    probe: list[bool] | None = None
    while loop.time() < ends:
        await asyncio.sleep(0)
        delay = _next_timer(loop)
        if loop._ready:  # type: ignore[attr-defined]
            calm = 0
        elif delay is not None and delay <= SOON:
            calm = 0
            await asyncio.sleep(delay)
        elif probe is None:
            probe = _probe_app()
        elif not probe:  # the app is still in a handler: it awaits something further off
            await asyncio.sleep(SOON if delay is None else min(SOON, delay))
        else:
            calm += 1
            if calm >= CALM_TURNS:
                return


def _has_work(pump) -> bool:
    """Whether a message pump may have work the wait must see done: messages in its queue, a
    handler running (its loop is not parked on the queue's ``ready_event``), or calls held for
    its next idle turn. ``True`` whenever any of that cannot be read: ask it, as Textual does."""
    queue = vars(pump).get("_message_queue")  # Textual's own Queue, made on first use
    waiters = getattr(getattr(queue, "ready_event", None), "_waiters", None)
    values = getattr(queue, "values", None)
    if waiters is None or values is None:
        return True
    return bool(values) or not waiters or bool(getattr(pump, "_next_callbacks", True))


async def wait_for_screen(self, timeout: float = 30.0) -> bool:
    """Textual's ``Pilot._wait_for_screen``, asking only the widgets that have work queued.

    Textual posts a call to the app and to every widget of the screen, each wrapped in a
    message of its own, and waits until all have run: 38 µs a widget (measured on Rise at
    80×24, 122 widgets: 4.7 ms a wait), 240,000 calls in ``tests/ui``. A widget whose queue
    is empty, whose loop is parked waiting for the next message (so no handler of it is
    running) and that holds no call for its next idle turn has nothing the wait could see
    handled, so it is not asked. Returns and raises as Textual's does."""
    from textual.pilot import WaitForScreenTimeout

    try:
        screen = self.app.screen
    except Exception:
        return False
    count = 0
    all_done = asyncio.Event()

    def done() -> None:
        nonlocal count
        count -= 1
        if count == 0:
            all_done.set()

    for pump in (self.app, *screen.walk_children(with_self=True)):
        if _has_work(pump) and pump.call_later(done):
            count += 1
    if count:
        waits = [asyncio.create_task(all_done.wait()),
                 asyncio.create_task(self.app._exception_event.wait())]
        _, pending = await asyncio.wait(waits, timeout=timeout,
                                        return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if len(pending) == len(waits):
            raise WaitForScreenTimeout(
                "Timed out while waiting for widgets to process pending messages.")
        if count > 0:
            return False
    return True


def install() -> None:
    """Make Pilot wait with :func:`wait_for_idle` and :func:`wait_for_screen` in this process
    (its threads now are the test runner's own, never the app's)."""
    global _textuals_wait
    import textual._wait
    import textual.app
    import textual.pilot

    if _textuals_wait is None:
        _textuals_wait = textual._wait.wait_for_idle
    _threads_at_start.update(thread.ident for thread in threading.enumerate())
    textual.app.wait_for_idle = wait_for_idle  # type: ignore[assignment]
    textual.pilot.wait_for_idle = wait_for_idle  # type: ignore[assignment]
    textual.pilot.Pilot._wait_for_screen = wait_for_screen  # type: ignore[method-assign]
