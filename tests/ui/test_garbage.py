"""The pause collector, on a real asyncio loop with real garbage: cycles that reached Python's
oldest generation are freed in the next pause, and an idle loop is never woken for it."""

from __future__ import annotations

import asyncio
import gc
import weakref

from textual.geometry import Region

from hooks_probe import Collections
from worksheet.ui.terminal import garbage
from worksheet.ui.terminal.garbage import PauseCollector
from worksheet.ui.textual_internals import forget_geometry
from worksheet.ui.textual_internals.retained import geometry_caches


class Node:
    """A cycle: the node holds itself."""

    def __init__(self):
        self.me = self


def old_garbage() -> weakref.ref:
    """A cycle that survived a full collection (so it sits in the oldest generation), then
    lost its last outside reference: only a full collection frees it."""
    node = Node()
    gc.collect()  # survives: promoted to the oldest generation
    ref = weakref.ref(node)
    del node
    return ref


def churn() -> None:
    """Enough allocations that live a little to make Python collect its middle generation."""
    keep = []
    for index in range(30_000):
        keep.append([index])
        if len(keep) > 2_000:
            keep.clear()


async def wait_until(condition, seconds: float = 20.0) -> bool:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()


async def test_a_pause_after_work_frees_garbage_of_the_oldest_generation():
    collector = PauseCollector(asyncio.get_running_loop())
    collections = Collections(collector)
    gc.disable()  # only the collector may free the cycle (not one of Python's own full runs)
    try:
        ref = old_garbage()
        gc.enable()  # before start: it would otherwise ask for a collection at once
        collector.start()
        churn()
        assert await wait_until(lambda: collections.count > 0)
        assert ref() is None
    finally:
        collector.stop()
        gc.enable()


async def test_an_idle_loop_schedules_no_collection():
    collector = PauseCollector(asyncio.get_running_loop())
    collections = Collections(collector)
    collector.start()
    try:
        churn()
        assert await wait_until(lambda: collections.count > 0)
        # the work is over once no collection is waiting for its pause (on a starved
        # machine a pause can come late: a fixed sleep would count one still on its way)
        assert await wait_until(lambda: not collections.scheduled)
        done = collections.count
        await asyncio.sleep(garbage.MAX_WAIT * 2)  # nothing allocates: nothing is asked for
        assert collections.count == done
        assert not collections.scheduled
    finally:
        collector.stop()


async def test_work_that_never_pauses_still_collects_within_max_wait():
    collector = PauseCollector(asyncio.get_running_loop())
    collections = Collections(collector)
    collector.start()
    try:
        loop = asyncio.get_running_loop()
        started = loop.time()
        while collections.count == 0 and loop.time() - started < 20:
            churn()  # asks again and again, less than a PAUSE apart
            await asyncio.sleep(garbage.PAUSE / 5)
        assert collections.count > 0
    finally:
        collector.stop()


async def test_a_stopped_collector_no_longer_collects():
    collector = PauseCollector(asyncio.get_running_loop())
    collections = Collections(collector)
    collector.start()
    collector.stop()
    churn()
    await asyncio.sleep(garbage.MAX_WAIT * 2)
    assert collections.count == 0 and not collections.scheduled


def region_entries() -> int:
    return sum(cached.cache_info().currsize for cached in geometry_caches())


def fill_region_caches(entries: int) -> None:
    """Region arithmetic as scrolling does it: a new region at every place."""
    for y in range(entries):
        Region(0, y, 80, 2).intersection(Region(0, 0, 80, 24))


async def test_a_pause_empties_the_region_caches_once_they_have_grown():
    """Scrolling a long tab fills Textual's region caches with every scroll position (4,300
    entries at the end of Exalted's tab at 80×24), and memory once grown is not given back:
    a pause's collection empties them past GEOMETRY_KEPT, and leaves them below it."""
    collector = PauseCollector(asyncio.get_running_loop())
    forget_geometry()
    fill_region_caches(garbage.GEOMETRY_KEPT // 2)
    before = region_entries()
    collector._collect()  # as a pause does
    assert region_entries() == before, "caches below the limit were emptied"
    fill_region_caches(garbage.GEOMETRY_KEPT + 500)
    assert region_entries() > garbage.GEOMETRY_KEPT
    collector._collect()
    assert region_entries() == 0
    assert Region(0, 3, 80, 2).intersection(Region(0, 0, 80, 24)) == Region(0, 3, 80, 2)


async def test_collections_held_through_start_up_resume_with_a_full_one_in_the_first_pause():
    # The command line disables automatic collection until the first paint (cli.app.run_app);
    # the collector, started after it, turns it back on and frees what start-up left.
    collector = PauseCollector(asyncio.get_running_loop())
    collections = Collections(collector)
    gc.disable()
    try:
        young = Node()  # garbage made while collections were held: never scanned yet
        ref = weakref.ref(young)
        del young
        collector.start()
        assert gc.isenabled()
        await asyncio.sleep(garbage.PAUSE + 0.2)
        assert ref() is None and collections.count == 1
    finally:
        collector.stop()
        gc.enable()



def test_an_app_that_ended_is_freed_once_nothing_refers_to_it():
    """An ended app goes with its widgets once its last reference does (here: its loop, which
    keeps its signal handlers while it runs): a frame hold (made by a keystroke in a field)
    kept its app for the life of the process, and a test process held every app it ran,
    ~100,000 objects each, walked by every full collection."""
    from worksheet.ui import WorksheetApp
    from worksheet.ui.widgets.frame_hold import frame_hold

    async def session() -> tuple[weakref.ref, weakref.ref]:
        app = WorksheetApp(ruleset="gemstone4")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("4", "2")  # a player's edit in the first field holds its frame
            await pilot.pause()
            return weakref.ref(app), weakref.ref(frame_hold(app))

    gone, held = asyncio.run(session())
    gc.collect()
    assert gone() is None, "the app outlived its last reference"
    assert held() is None
