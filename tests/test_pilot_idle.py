"""The suite's idle wait for Pilot (``tests/pilot_idle.py``) returns only once the app's work
is done: what is ready to run, and timers due within Textual's slice; it does not wait for a
timer due later, gives up at ``max_sleep`` on a loop that never rests, and leaves a test with
a thread of its own to Textual's wait. Its wait for the screen asks only the widgets with
work, and still waits for a message queued and for a handler still running."""

from __future__ import annotations

import asyncio
import threading

from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Label

from tests import pilot_idle


async def test_a_chain_of_callbacks_runs_to_its_end_first():
    loop = asyncio.get_running_loop()
    ran = []

    def step(n: int) -> None:
        ran.append(n)
        if n < 200:
            loop.call_soon(step, n + 1)

    loop.call_soon(step, 1)
    await pilot_idle.wait_for_idle(0)
    assert ran == list(range(1, 201))


async def test_a_timer_due_within_the_slice_fires_first_and_one_due_later_does_not():
    loop = asyncio.get_running_loop()
    fired = []
    loop.call_later(pilot_idle.SOON / 2, fired.append, "soon")
    later = loop.call_later(60, fired.append, "later")
    try:
        await pilot_idle.wait_for_idle(0)
        assert fired == ["soon"]
    finally:
        later.cancel()


async def test_a_loop_that_never_rests_is_waited_for_until_max_sleep():
    loop = asyncio.get_running_loop()
    turns = []
    stop = False

    def busy() -> None:
        turns.append(1)
        if not stop:
            loop.call_soon(busy)

    loop.call_soon(busy)
    started = loop.time()
    await pilot_idle.wait_for_idle(0, max_sleep=0.2)
    stop = True
    assert loop.time() - started >= 0.2
    assert len(turns) > 2


async def test_a_thread_of_the_tests_own_gets_textuals_wait():
    release = threading.Event()
    thread = threading.Thread(target=release.wait, daemon=True)
    assert not pilot_idle._new_thread_alive()
    thread.start()
    try:
        assert pilot_idle._new_thread_alive()
        loop = asyncio.get_running_loop()
        started = loop.time()
        await pilot_idle.wait_for_idle(0)
        # Textual's wait sleeps at least one 20 ms slice; the loop's wait needs none here.
        assert loop.time() - started >= 0.02
    finally:
        release.set()
        thread.join()
    assert not pilot_idle._new_thread_alive()


class TimerApp(App[None]):
    """A key whose effect lands 10 ms after it, through a Textual timer."""

    BINDINGS = [("x", "later", "Later")]

    def compose(self) -> ComposeResult:
        yield Label("before", id="said")

    def action_later(self) -> None:
        self.set_timer(0.01, lambda: self.query_one("#said", Label).update("after"))


async def test_a_pilot_press_returns_after_the_keys_timer_fired():
    app = TimerApp()
    async with app.run_test() as pilot:
        for _ in range(5):
            app.query_one("#said", Label).update("before")
            await pilot.pause()
            await pilot.press("x")
            assert str(app.query_one("#said", Label).render()) == "after"


async def test_an_action_still_awaiting_something_further_off_is_waited_for():
    """The loop is quiet while the app's action awaits 100 ms (beyond a slice), but the app
    has not finished with it: the wait goes on until it has."""
    app = TimerApp()
    done = []

    async def slow() -> None:
        await asyncio.sleep(0.1)
        done.append(True)

    async with app.run_test() as pilot:
        await pilot.pause()
        app.call_later(slow)
        await pilot_idle.wait_for_idle(0)
        assert done == [True]


class Slow(Label):
    """A label whose handler of :class:`Slow.Work` takes a while and then says it is done."""

    class Work(Message):
        """Work for the label's slow handler."""

    done = False

    async def on_slow_work(self, message) -> None:
        await asyncio.sleep(0.1)
        self.done = True


class SlowApp(App):
    def compose(self) -> ComposeResult:
        yield Slow("slow")


async def test_the_screen_wait_waits_for_a_message_still_queued_and_a_handler_still_running():
    app = SlowApp()
    async with app.run_test() as pilot:
        slow = app.query_one(Slow)
        slow.post_message(Slow.Work())  # queued, not started: the queue holds it
        assert await pilot_idle.wait_for_screen(pilot)
        assert slow.done
        slow.done = False
        slow.post_message(Slow.Work())
        await asyncio.sleep(0.01)  # started: the queue is empty, the handler still sleeping
        assert not slow.done
        assert await pilot_idle.wait_for_screen(pilot)
        assert slow.done


async def test_the_screen_wait_asks_no_widget_of_an_idle_screen():
    app = SlowApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        pumps = [app, *app.screen.walk_children(with_self=True)]
        assert pumps and not any(pilot_idle._has_work(pump) for pump in pumps)
