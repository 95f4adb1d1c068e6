"""The app's one way to wait (``terminal/deadline``), on a real app loop: a poll always ends, by
its condition or at its deadline (then calling its fallback), and a deadline put off again and
again still comes, at its ``longest`` bound."""

from __future__ import annotations

import asyncio
import time

from textual.app import App

from waits import until
from worksheet.ui.terminal.deadline import Deadline, poll_until


async def test_a_poll_whose_condition_never_holds_ends_at_its_seconds_and_falls_back():
    looks: list[float] = []
    ended: list[float] = []
    app = App()
    async with app.run_test() as pilot:
        started = time.monotonic()
        poll = poll_until(app, lambda: looks.append(time.monotonic()), lambda: ended.append(-1),
                          seconds=0.3, otherwise=lambda: ended.append(time.monotonic()))
        await until(pilot, lambda: ended, "the poll's fallback")
        # not before its deadline (a millisecond early at most: Textual's timers keep their
        # own clock)
        assert poll.ended and ended[0] >= started + 0.29
        assert looks, "it looked after the refreshes meanwhile"
        seen = len(looks)
        await pilot.pause()
        await pilot.pause()
        assert len(looks) == seen, "no look after it ended"
    assert len(ended) == 1


async def test_a_poll_bounded_by_refreshes_looks_that_often_then_falls_back():
    looks: list[int] = []
    ended: list[str] = []
    app = App()
    async with app.run_test() as pilot:
        poll_until(app, lambda: looks.append(1), None, refreshes=4,
                   otherwise=lambda: ended.append("fallback"))
        await until(pilot, lambda: ended, "the poll's fallback")
        await pilot.pause()
    assert len(looks) == 4 and ended == ["fallback"]


async def test_a_poll_ends_by_its_condition_and_its_coroutine_is_awaited():
    ready_after = time.monotonic() + 0.1
    done: list[str] = []

    async def then() -> None:
        await asyncio.sleep(0)
        done.append("then")

    app = App()
    async with app.run_test() as pilot:
        poll = poll_until(app, lambda: time.monotonic() >= ready_after, then, seconds=30,
                          otherwise=lambda: done.append("fallback"))
        await until(pilot, lambda: done, "the poll's then")
        assert poll.ended
    assert done == ["then"], "the fallback is not called once the condition held"


async def test_a_deadline_put_off_again_and_again_comes_at_its_longest():
    calls: list[float] = []
    app = App()
    async with app.run_test() as pilot:
        deadline = Deadline(app, 0.05, lambda: calls.append(time.monotonic()), longest=0.3)
        started = time.monotonic()
        while not calls:
            deadline.put_off()  # never quiet for 0.05 s
            await pilot.pause(0.01)
            assert time.monotonic() < started + 30, "the call never came"
        assert started + 0.3 <= calls[0] < started + 5
        assert not deadline.pending
        assert deadline.put_off(), "a new round: put off again from now"
        await until(pilot, lambda: len(calls) == 2, "the second call")


async def test_a_deadline_on_the_asyncio_loop_is_cancelled_and_put_off_cheaply():
    calls: list[str] = []
    deadline = Deadline(asyncio.get_running_loop(), 0.05, lambda: calls.append("called"))
    deadline.put_off()
    deadline.cancel()
    await asyncio.sleep(0.1)
    assert calls == [] and not deadline.pending
    deadline.put_off()
    assert deadline.pending
    ends = time.monotonic() + 30
    while not calls and time.monotonic() < ends:
        await asyncio.sleep(0.01)
    assert calls == ["called"] and not deadline.pending


async def test_a_deadline_that_puts_itself_off_keeps_its_longest_bound():
    """The callback may wait a little more (keys still on their way), never past the bound:
    then ``put_off`` says so and schedules nothing, and the callback goes on."""
    calls: list[bool] = []
    app = App()
    async with app.run_test() as pilot:
        started = time.monotonic()

        def callback() -> None:
            waited = deadline.put_off()
            calls.append(waited)

        deadline = Deadline(app, 0.02, callback, longest=0.2)
        deadline.put_off()
        await until(pilot, lambda: calls and not calls[-1], "the bound")
        ended = time.monotonic()
        await pilot.pause(0.1)
        assert not deadline.pending and calls[-1] is False and calls.count(False) == 1
        assert started + 0.19 <= ended < started + 5
