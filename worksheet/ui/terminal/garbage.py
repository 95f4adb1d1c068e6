"""Cyclic garbage collected in the pauses between bursts of work, not when Python gets to it.

Textual makes reference cycles as it paints (a rendered line, a ``Strip``, keeps caches that
may hold the strip itself), so scrolling and typing leave cycles that only the garbage
collector frees. They live long enough to reach Python's oldest generation, which is
collected only once it has grown by a quarter. In a long session that let the process grow
from 29 to 58 MiB at 80×24 (every tab visited, each scrolled to its end), mostly garbage
waiting; and memory, once grown, is not given back, so the peak is what every SSH session on
the shared server keeps.

So, in a real terminal:

- From before Textual is imported until the first paint, no automatic collection (the
  command line disables it): start-up makes ~30,000 objects and Python stopped ~45 times to
  scan the newest of them (about 1.5% of the time to the first paint); the first pause after
  the first paint collects them all at once (:meth:`PauseCollector.start`).
- Nothing is frozen (:func:`gc.freeze`): freezing what start-up made, so later collections
  would not scan it, was measured to buy nothing (``tests/perf/ab.py``, 80×24: launch to the
  first paint 221.5 ms of CPU frozen, 225.9 unfrozen, 16 launches each; a keystroke on Rise
  4.33 ms frozen, 4.23 unfrozen), and it outlived the app for an in-process caller.
- The collector is left as it was found: the app's end turns automatic collection off again
  if :meth:`PauseCollector.start` turned it on, and the command line then puts back what its
  caller had.
- Each time Python collects its middle generation (about 7,000 net allocations: work is going
  on), a full collection is scheduled for the next pause: once nothing else happened for
  :data:`PAUSE` seconds, or at the latest :data:`MAX_WAIT` seconds after it was first asked
  for, so garbage cannot pile up during a long burst either. An idle app allocates nothing,
  so it schedules nothing and is never woken for this. Textual's caches of region arithmetic
  are emptied first when they have grown past :data:`GEOMETRY_KEPT` entries: scrolling a long
  tab fills them with the geometry of every scroll position (4,300 entries at the end of
  Exalted's tab at 80×24), and memory once grown is not given back.
- A tab switch frees the rows it removes before the next tab's rows are made
  (:func:`free_removed`): made while the old ones were still alive, they took new memory, and
  the process kept the size of two tabs' rows.
"""

from __future__ import annotations

import asyncio
import gc
import threading
from typing import Any, Awaitable

from textual.screen import Screen

from worksheet.ui.terminal.deadline import Deadline
from worksheet.ui.textual_internals import forget_geometry, lay_out_without_painting
from worksheet.ui.textual_internals.retained import geometry_caches

PAUSE = 0.1
"""Seconds without new work before a scheduled collection runs."""

MAX_WAIT = 0.5
"""Seconds a requested collection may be put off by continued work, at most."""

GEOMETRY_KEPT = 2000
"""Entries Textual's region caches may hold before a pause's collection empties them (a tab's
first view makes about 1,200; the caches hold up to 4,096 per method)."""

REMOVAL_WAIT = 1.0
"""Seconds a tab switch waits at most for the rows it removes (normally a few milliseconds)."""


class PauseCollector:
    """Runs full garbage collections in the pauses of an asyncio loop (see the module).

    Args:
        loop: the loop the app runs on; collections run there, between its callbacks.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self._loop = loop
        self._thread = threading.get_ident()
        self._collecting = False
        self._pause = Deadline(loop, PAUSE, self._collect, longest=MAX_WAIT)
        self._turned_on = False
        """:meth:`start` turned automatic collection on (:meth:`stop` turns it off again)."""

    def start(self) -> None:
        """Watch Python's collections (see the module). When start-up ran without automatic
        collections (the command line's), they resume, starting with a full one in the next
        pause."""
        if self._on_gc not in gc.callbacks:
            gc.callbacks.append(self._on_gc)
        if not gc.isenabled():
            gc.enable()
            self._turned_on = True
            self._request()

    def stop(self) -> None:
        """Stop watching, drop a scheduled collection, and turn automatic collection off
        again if :meth:`start` turned it on: whoever turned it off puts back what it had."""
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        self._pause.cancel()
        if self._turned_on:
            self._turned_on = False
            gc.disable()

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        # Runs inside the collector, in whichever thread allocated: it only hands the
        # scheduling over to the loop's thread.
        if phase != "stop" or info.get("generation", 0) < 1 or self._collecting:
            return
        if self._loop.is_closed():
            return
        if threading.get_ident() == self._thread:
            self._loop.call_soon(self._request)
        else:
            self._loop.call_soon_threadsafe(self._request)

    def _request(self) -> None:
        """Schedule a collection for the next pause (put off while work goes on, at most
        :data:`MAX_WAIT` after it was first asked for)."""
        self._pause.put_off()

    def _collect(self) -> None:
        if sum(cached.cache_info().currsize for cached in geometry_caches()) > GEOMETRY_KEPT:
            forget_geometry()
        self.collect_now()

    def collect_now(self) -> None:
        """Run a full collection now (one this collector does not answer with another)."""
        self._collecting = True
        try:
            gc.collect()
        finally:
            self._collecting = False


async def free_removed(screen: Screen, removals: list[Awaitable[None] | None],
                       collector: PauseCollector | None) -> None:
    """Wait until the rows being removed are gone (at most :data:`REMOVAL_WAIT`), then free
    them: Textual's layout lets go of them without a frame being drawn, and a full collection
    frees their reference cycles. Called by a tab switch before the next tab's rows are made,
    so they reuse the memory of the rows they replace: in a tab switch the old rows were
    still alive (Textual's map and their reference cycles keep them) while the new ones were
    made, and the process kept two tabs' rows' worth.

    Args:
        screen: the screen the rows were on.
        removals: done once each set of rows is removed (``None``: nothing removed).
        collector: the app's collector (``None`` headless: a plain collection).
    """
    waits = [asyncio.ensure_future(removal) for removal in removals if removal is not None]
    if not waits:
        return
    _turn_the_last_message_over(screen)
    await asyncio.wait(waits, timeout=REMOVAL_WAIT)
    lay_out_without_painting(screen)
    if collector is not None:
        collector.collect_now()
    else:
        gc.collect()


def _nothing() -> None:
    """A call that does nothing but be handled (:func:`_turn_the_last_message_over`)."""


def _turn_the_last_message_over(screen: Screen) -> None:
    """Have every widget of ``screen`` handle one more message, as the rows go.

    A widget's message loop keeps the last message it handled until the next one arrives. The
    focus of a row sends ``DescendantFocus``, naming the row's editor, to each container above
    it: the hidden tab's form and frame, which stay, then kept that editor, its row and what
    they hold, for as long as the tab stayed hidden (found by ``tests/ui/test_hidden_tabs.py``
    once Pilot stopped posting a call to every widget at each key). A call handled by each
    replaces it before the collection."""
    for widget in screen.walk_children(with_self=True):
        widget.call_later(_nothing)

