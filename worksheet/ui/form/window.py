"""The rows far from the view are dropped, and a gap as tall as they were stands for them.

Memory once grown is not given back (Python frees a 1 MiB arena only when nothing in it is
alive), so what a session keeps is its peak, and the peak was a tab scrolled to its end: every
row built, 1.5–2 MB more than its first view (a Textual widget costs about 17 KB however
little it draws). So in a terminal the body keeps built only the rows within reach of the
view (:func:`reach`) and the focused one; a run of rows further than :data:`DROP_MARGIN`
lines beyond that is replaced by one :class:`Gap` of the same height (the scroll bar and every
place below stay as they were), and rows come back, made again by the form, as the view or
focus comes near them. A row's state lives outside it (entries, graph, change marks:
``form.rows``), so nothing is lost.

What moves focus goes through the body and makes the rows it reaches first: Tab and Shift+Tab
(``ready_after``), Ctrl+↓/↑ (``jump_input``), a Tab into the form from outside and everything
that builds the whole form (``build_more()``): a key never skips a row that is not there.
Every change is made in one held frame (``App.batch_update``): a gap never shows for a frame
with the rows it replaces, nor rows with the gap they came from.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Iterable

from textual.widget import Widget

DROP_MARGIN = 6
"""Lines beyond reach of the view a row must lie before it is dropped: a view moved back and
forth by a line or two does not drop and make the same rows again."""


async def _awaited(awaitable: Awaitable[Any]) -> Any:
    return await awaitable


def reach(view_height: int, ahead: int) -> int:
    """Lines above and below the view whose rows are kept built: a screen and ``ahead``
    (``form.body.AHEAD_LINES``), so one PageUp or PageDown lands on rows already built."""
    return view_height + ahead


class Gap(Widget, can_focus=False):
    """Stands for a run of rows dropped far from the view, as tall as they were.

    Args:
        spans: ``(index, lines)`` of each row it stands for, in order: its index among the
            form's rows (to make it again) and the lines it took (with its margin).
    """

    def __init__(self, spans: list[tuple[int, int]]):
        super().__init__(classes="row-gap")
        self.spans = spans
        self.styles.height = self.lines

    @property
    def lines(self) -> int:
        """The lines the rows it stands for took."""
        return sum(lines for _, lines in self.spans)

    def lines_at(self, width: int, narrow: bool) -> int:
        """Its height, whatever the width (``form.body.row_lines``)."""
        return self.lines

    def keep(self, spans: list[tuple[int, int]]) -> None:
        """Stand for ``spans`` only (the others are built again)."""
        self.spans = spans
        self.styles.height = self.lines


def spans_of(rows: Iterable[Widget]) -> list[tuple[int, int]]:
    """The spans of built rows and gaps, in order (see :class:`Gap`)."""
    spans: list[tuple[int, int]] = []
    for row in rows:
        if isinstance(row, Gap):
            spans.extend(row.spans)
        else:
            spans.append((row.form_slot, row.outer_size.height + row.styles.margin.top))
    return spans


class RowWindow:
    """FormBody mixin: drop the rows far from the view, and make them again near it (see the
    module). Only with ``_remake`` (a terminal): headless, every row stays."""

    drops_far_rows = True
    """False keeps every row built once (tests that draw every row of a tab)."""
    _remake: Callable[[int], Widget] | None = None
    """Makes the form's row at an index again (``None``: rows are never dropped)."""
    _dropped: Callable[[Widget], None] = staticmethod(lambda row: None)
    """Told of each row dropped (the form forgets it)."""
    _building: list[Any]
    _window_due = False
    _window_epoch = 0
    """Counts releases: a change to the window begun before one is dropped."""
    _window_lock: asyncio.Lock | None = None
    _window_width = 0
    _ahead = 6
    """Lines kept built beyond a screen (``form.body.AHEAD_LINES``)."""

    _built = False
    """Rows were mounted since the last focus key waited for them (``ready_after``)."""

    def track(self, awaitable: Awaitable[Any]) -> asyncio.Future[Any]:
        """Note rows being mounted (or made or dropped): a focus key waits for them. Kept
        only until done: a finished mount held every row it mounted, so a dropped row stayed
        alive until the next focus key (after a tour, hundreds of them)."""
        future = awaitable if asyncio.isfuture(awaitable) else asyncio.ensure_future(
            awaitable if asyncio.iscoroutine(awaitable) else _awaited(awaitable))
        self._building.append(future)
        self._built = True
        future.add_done_callback(self._untrack)
        return future

    def _untrack(self, future: asyncio.Future[Any]) -> None:
        if future in self._building:
            self._building.remove(future)
        if not future.cancelled():
            future.exception()  # retrieved: a mount refused as the app ends is no error

    # -- when -----------------------------------------------------------------------------
    def window_soon(self) -> None:
        """Make and drop rows once the view's new place is laid out (after a scroll)."""
        if self._remake is None or self._window_due:
            return
        self._window_due = True
        self.call_after_refresh(self._start_window)  # type: ignore[attr-defined]

    def _start_window(self) -> None:
        self._window_due = False
        if self.is_attached:  # type: ignore[attr-defined]
            self.track(self._rewindow(self._window_epoch))

    def forget_window(self) -> None:
        """The rows are all removed (a hidden tab): changes under way are dropped."""
        self._window_epoch += 1

    def _windowing(self) -> bool:
        """Whether rows may be made or dropped now: in a terminal, the tab shown and laid out,
        not in the fight view (whose rows are hidden, with no height), no keys held for a
        tab being shown."""
        app = self.app  # type: ignore[attr-defined]
        holding = getattr(app, "is_holding", None)
        return (self._remake is not None and self.drops_far_rows
                and self.is_attached  # type: ignore[attr-defined]
                and self.size.height > 0 and self.parent is not None  # type: ignore
                and not any(n.has_class("-fight-view") for n in self.ancestors)  # type: ignore
                and not (holding is not None and holding(app.holds)))

    # -- what -----------------------------------------------------------------------------
    def _places(self) -> list[tuple[Widget, int, int]]:
        """Each child with the first and last line (exclusive) it takes, from the sizes of the
        last layout (rows have no bottom margin: a heading's top margin is its own)."""
        places, y = [], 0
        for child in self.children:  # type: ignore[attr-defined]
            top = y + child.styles.margin.top
            y = top + (child.lines if isinstance(child, Gap) else child.outer_size.height)
            places.append((child, top, y))
        return places

    async def _rewindow(self, epoch: int) -> None:
        """Make the rows within reach of the view, then drop those far from it."""
        if self._window_lock is None:
            self._window_lock = asyncio.Lock()
        async with self._window_lock:
            if epoch != self._window_epoch or not self._windowing():
                return
            height = self.size.height  # type: ignore[attr-defined]
            top = round(self.scroll_y)  # type: ignore[attr-defined]
            near = reach(height, self._ahead)
            low, high = top - near, top + height + near
            opened = False
            for gap, y, bottom in self._places():
                if not isinstance(gap, Gap) or bottom <= low or y >= high:
                    continue
                if y < low and bottom <= high:  # above the view: its last rows
                    await self._open(gap, from_end=True, lines=bottom - low)
                elif y >= low and bottom > high:  # below: its first rows
                    await self._open(gap, from_end=False, lines=high - y)
                else:  # within reach, or the view is in it (a jump): all of it
                    await self._open(gap, from_end=False, lines=None)
                opened = True
            if opened:  # laid out at the next refresh: then what is far is dropped
                self.window_soon()
                return
            await self._drop_far(low - DROP_MARGIN, high + DROP_MARGIN)

    async def _drop_far(self, above: int, below: int) -> None:
        """Replace each run of rows (and gaps) wholly above line ``above`` or below line
        ``below`` by one gap; never the focused row, nor the first field (the one a new or
        shown tab focuses), nor a row not laid out yet."""
        focused = self.row_of(self.screen.focused)  # type: ignore[attr-defined]
        runs: list[list[Widget]] = [[]]
        for child, y, bottom in self._places():
            if not child.outer_size.height and child.display and not isinstance(child, Gap):
                return  # being mounted: its place is not known yet
            far = bottom <= above or y >= below
            if far and (isinstance(child, Gap) or (
                    child is not focused and hasattr(child, "form_slot")
                    and not child.has_class("-first-field"))):
                runs[-1].append(child)
            elif runs[-1]:
                runs.append([])
        for run in runs:
            if any(not isinstance(child, Gap) for child in run):
                await self._close(run)

    async def _close(self, run: list[Widget]) -> None:
        """Replace ``run`` (rows and gaps, in a row) by one gap as tall: a gap in it stands
        for the others too (a widget made and freed at each PageDown left its memory
        scattered), else a new one."""
        spans = spans_of(run)
        for row in run:
            if not isinstance(row, Gap):
                self._dropped(row)
        gap = next((child for child in run if isinstance(child, Gap)), None)
        with self.app.batch_update():  # type: ignore[attr-defined]
            mounting = None
            if gap is None:
                gap = Gap(spans)
                mounting = self.mount(gap, before=run[0])  # type: ignore[attr-defined]
            gap.keep(spans)
            removing = self.remove_children([c for c in run if c is not gap])  # type: ignore
            if mounting is not None:
                await mounting
            await removing

    async def _open(self, gap: Gap, from_end: bool, lines: int | None) -> None:
        """Make again the rows of ``gap`` that fill ``lines`` from its end (``from_end``) or
        its start, or all of them (``lines`` ``None``); the gap keeps the others."""
        if gap.parent is not self:
            return  # opened meanwhile
        spans = list(reversed(gap.spans)) if from_end else list(gap.spans)
        count, covered = 0, 0
        while count < len(spans) and (lines is None or covered < lines):
            covered += spans[count][1]
            count += 1
        opened = spans[:count][::-1] if from_end else spans[:count]
        rest = spans[count:][::-1] if from_end else spans[count:]
        rows = [self._made(index) for index, _ in opened]
        with self.app.batch_update():  # type: ignore[attr-defined]
            if from_end:
                mounting = self.mount_all(rows, after=gap)  # type: ignore[attr-defined]
            else:
                mounting = self.mount_all(rows, before=gap)  # type: ignore[attr-defined]
            gap.keep(rest)
            removing = gap.remove() if not rest else None
            await mounting
            if removing is not None:
                await removing

    def _made(self, index: int) -> Widget:
        row = self._remake(index)  # type: ignore[misc]
        row.form_slot = index  # type: ignore[attr-defined]
        return row

    # -- for focus ------------------------------------------------------------------------
    async def open_toward(self, row: Widget, step: int, lines: int) -> bool:
        """Make the rows of a gap within ``lines`` of ``row`` downwards (``step`` > 0) or
        upwards: Tab and Shift+Tab go to the next built row, and would skip a gap's.
        Whether any were made."""
        children = list(self.children)  # type: ignore[attr-defined]
        if row not in children:
            return False
        index = children.index(row)
        following = children[index + 1:] if step > 0 else children[:index][::-1]
        seen = 0
        for child in following:
            if isinstance(child, Gap):
                await self._with_lock(self._open(child, from_end=step < 0, lines=lines))
                return True
            seen += child.outer_size.height
            if seen >= lines:
                return False
        return False

    async def open_gap(self, gap: Gap, from_end: bool, lines: int) -> None:
        """Make again the rows of ``gap`` that fill ``lines`` from its end or its start."""
        await self._with_lock(self._open(gap, from_end, lines))

    async def open_all(self) -> None:
        """Make every dropped row again (the whole form is wanted: ``build_more()``)."""
        await self._with_lock(self._open_gaps())

    async def _open_gaps(self) -> None:
        for gap in [c for c in self.children if isinstance(c, Gap)]:  # type: ignore[attr-defined]
            await self._open(gap, from_end=False, lines=None)

    async def _with_lock(self, change: Any) -> None:
        if self._window_lock is None:
            self._window_lock = asyncio.Lock()
        async with self._window_lock:
            await change

    def has_gaps(self) -> bool:
        """Whether some rows are dropped (standing in a gap)."""
        return any(isinstance(c, Gap) for c in self.children)  # type: ignore[attr-defined]

    def on_width(self, width: int) -> None:
        """At another width rows wrap anew, and a gap's height is the old one: its rows are
        made again (and dropped again at the next scroll)."""
        if width != self._window_width:
            self._window_width = width
            if self.has_gaps():
                self.track(self.open_all())
