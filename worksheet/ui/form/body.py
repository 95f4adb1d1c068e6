"""The scrolling body of a form, which in a terminal builds its rows as they come within reach.

A sheet has dozens of rows and a terminal shows a dozen. In a terminal the body starts with the
rows of the first screen and builds the next ones when the view scrolls near its end, when focus
moves near its last rows, or when it grows: a player who glances at the defense never pays for
the rows below (time to the first paint, and memory in every SSH session on a shared server).
Rows scrolled far away are dropped again, and made again as they come back (``form.window``).
Headless (tests, screenshots) every row is built at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Awaitable, Callable, Iterator

from textual import events
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.await_remove import AwaitRemove
from textual.widget import Widget

from worksheet.engine import InputSpec
from worksheet.ui.terminal.deadline import poll_until
from worksheet.ui.textual_internals import forget_arrangement, forget_geometry
from worksheet.ui.widgets import InputRow, ValueRow
from worksheet.ui.form.row_lines import first_view, row_lines, take_lines
from worksheet.ui.form.window import Gap, RowWindow

__all__ = ["FormBody", "first_view", "row_lines", "take_lines", "input_editor", "row_name"]

AHEAD_LINES = 6
"""When fewer lines than this are left below the view (or below the focused row), the next
view's worth of rows is built, so focus and scrolling never reach a row that is not there."""


REVEAL_TRIES = 5
"""Refreshes a focused row just built waits at most for its place before it is scrolled to."""

LAYOUT_WAIT = 2.0
"""Seconds a focus key waits at most for the layout of rows just built (normally one frame)."""

NOT_TAKEN: Any = object()
"""``FormBody._next`` of a released body: its first row is made only when it is built."""

def is_input_row(widget: Widget) -> bool:
    """True for the row of an input, whatever its kind made (an input row, a record list):
    it carries the input's declaration as ``spec``."""
    return isinstance(getattr(widget, "spec", None), InputSpec)


def input_editor(row: Widget) -> Widget | None:
    """The widget that edits a row's input (an input row's editor, a record list's table), or
    ``None`` for a heading or a value."""
    if getattr(row, "spec", None) is None:
        return None
    try:
        editor = getattr(row, "editor", None)
        return editor if editor is not None else getattr(row, "table", None)
    except NoMatches:  # a record list not composed yet
        return None


def row_name(widget: Widget) -> str | None:
    """The input or node of the form row that holds ``widget`` (``None``: in no row)."""
    for node in widget.ancestors_with_self:
        if isinstance(node, ValueRow):
            return node.rule.name
        if is_input_row(node):
            return node.spec.name
    return None


class FormBody(RowWindow, VerticalScroll, can_focus=False):
    """The scrolling form; not a Tab stop itself (its rows are).

    Keys that move focus (Tab, Ctrl+↓) wait, through :meth:`ready_after`, for the rows they may
    reach: over SSH many keys arrive in one read, and a key handled while the next rows were
    still being built skipped them (or wrapped to the top), so a burst ended elsewhere than the
    same keys typed slowly.

    Args:
        rows: the rows to build now.
        later: the rows to build when they come within reach, in order; made as they are
            taken, so a row not built yet costs nothing.
        classes: CSS classes.
        remake: makes the row at an index again; with it, rows far from the view are
            dropped (``form.window``).
        dropped: told of each row dropped.
    """

    _ahead = AHEAD_LINES

    def __init__(self, *rows: Widget, later: Iterator[Widget] = iter(()),
                 classes: str | None = None, remake: Callable[[int], Widget] | None = None,
                 dropped: Callable[[Widget], None] | None = None):
        super().__init__(*rows, classes=classes)
        for index, row in enumerate(rows):
            row.form_slot = index  # type: ignore[attr-defined]
        self._taken = len(rows)
        self._remake = remake
        if dropped is not None:
            self._dropped = dropped
        self._later = later
        self._next: Widget | None = next(later, None)
        """The next row to build (``None``: every row is built; ``NOT_TAKEN``: not made yet)."""
        self._building: list[Awaitable[Any]] = []
        self._removed: asyncio.Future[None] | None = None
        """Done once the rows of the last :meth:`release` are removed (``None``: none was)."""
        self._editors_made: asyncio.Future[None] | None = None
        """Done once the editors of rows built without them are being mounted (``None``:
        there are none to make: :meth:`make_editors`)."""
        self._fresh = True
        """No row has had focus since the rows were built: the first field focused now keeps
        the view at its top (:meth:`on_descendant_focus`)."""
        self._top_for: Widget | None = None
        """The first field focused with the view kept at its top, until focus moves or it is
        typed into (then it is scrolled to)."""
        if any(getattr(row, "waits_for_editor", False) for row in rows):
            self._editors_made = asyncio.get_running_loop().create_future()
            self.track(self._editors_made)

    def release(self, later: Iterator[Widget], remake: Callable[[int], Widget] | None = None
                ) -> asyncio.Future[None]:
        """Remove every row; ``later`` makes them again when they come within reach.

        A hidden tab keeps only its graph and entries: its rows are made again when it is
        shown (memory in a long session is one tab's rows, not every tab's).

        Returns:
            Done once the rows are removed.
        """
        self._building.clear()
        self._built = False
        self._removed = asyncio.get_running_loop().create_future()
        self.call_later(self._forget, self.remove_children(), self._removed)
        self._later, self._taken = later, 0
        if self._remake is not None:  # headless, every row stays: none is made again
            self._remake = remake
        self.forget_window()
        self._next = NOT_TAKEN  # made when the tab is shown: a hidden tab keeps no row
        self._fresh, self._top_for = True, None
        self.scroll_to(0, 0, animate=False, immediate=True)
        return self._removed

    async def _forget(self, removing: AwaitRemove, removed: asyncio.Future[None]) -> None:
        """Once the rows are removed, drop what still holds them: the last arrangement and
        the lists of displayed children, which a hidden body would keep until shown again;
        and the regions Textual cached as it drew them."""
        try:
            await removing
            forget_arrangement(self)
            forget_geometry()
            _ = self.displayed_children, self.displayed_and_visible_children  # now empty
        finally:
            if not removed.done():
                removed.set_result(None)

    def make_editors(self) -> None:
        """Make the editors of the rows built without them (``InputRow.make_editor``: the
        first view's, at start, made right after the first frame).

        From the moment such rows are built, a key that moves focus (even one read before
        the first frame) waits until these editors are mounted (:meth:`ready_after`): a Tab
        handled before would skip the rows without one, and the digits after it would go to
        another input."""
        made, self._editors_made = self._editors_made, None
        if made is not None:
            if self.is_attached:  # not once the app is ending (Ctrl+Q at once): it would raise
                for row in list(self.children):
                    mounting = row.make_editor() if isinstance(row, InputRow) else None
                    if mounting is not None:
                        self.track(mounting)
            made.set_result(None)  # the keys waiting for it wait for the mounts now

    @property
    def complete(self) -> bool:
        """True when every row is built."""
        return self._next is None

    def _take(self) -> Widget | None:
        if self._next is NOT_TAKEN:
            self._next = next(self._later, None)
        row = self._next
        if row is not None:
            self._next = next(self._later, None)
            row.form_slot, self._taken = self._taken, self._taken + 1  # type: ignore[attr-defined]
        return row

    def build_more(self, lines: int | None = None) -> Awaitable[Any] | None:
        """Build the next rows that fill ``lines`` (every row left when ``None``); awaiting the
        result waits until they are mounted with their editors (``None``: nothing to build).

        While the rows of the last :meth:`release` are still being removed, the new ones are
        built once they are gone: a tab hidden and shown again at once (Ctrl+PageDown and
        Ctrl+PageUp in one read, or on a loaded server) made rows with the ids of rows not
        removed yet, and Textual's ``DuplicateIds`` ended the program."""
        if self._removed is not None and not self._removed.done():
            return self.track(self._build_once_removed(self._removed, lines))
        if not self.is_attached:
            return None  # the app is ending, or the body is gone: a mount now would raise
        if lines is None and self.has_gaps():  # the whole form: the rows dropped too
            self.track(self.open_all())
        width = self.content_size.width or None  # laid out: measure the rows at its width
        chunk = take_lines(iter(self._take, None), lines, width,
                           self.is_attached and self.screen.has_class("-narrow"))
        if not chunk:
            return None
        mounting = self.track(self.mount_all(chunk))
        self.call_after_refresh(self.build_if_near_the_end)  # the view may not be full
        return mounting

    async def _build_once_removed(self, removed: asyncio.Future[None], lines: int | None
                                  ) -> None:
        await removed
        if removed is not self._removed:
            return  # released again meanwhile: these rows were for a view no longer shown
        mounting = self.build_more(lines)
        if mounting is not None:
            await mounting

    async def ready_after(self, widget: Widget | None, step: int = 1) -> None:
        """Wait until the rows a focus move from ``widget`` may reach are built and mounted.

        Rows already being built are waited for; rows dropped next to the row in the direction
        of the move are made again (``form.window``); then, moving down (``step`` > 0) from a
        row of this body, rows are built until at least :data:`AHEAD_LINES` lines follow it. When
        rows were mounted, the next layout is waited for too: Textual orders the focus chain
        by place on screen, and a row not laid out yet sorts first.
        """
        built = await self._finish_building()
        row = self.row_of(widget)
        if row is not None and await self.open_toward(row, step, self.size.height + AHEAD_LINES):
            built = await self._finish_building() or True
        if step > 0 and row is not None:
            while not self.complete and self._lines_below(row) < AHEAD_LINES:
                mounting = self.build_more(self.size.height + AHEAD_LINES)
                if mounting is not None:
                    built = True
                    await mounting
        if await self._finish_building() or built:
            await self.laid_out()

    async def build_rest(self) -> None:
        """Build every row not built yet, and wait until they are mounted and laid out."""
        await self._finish_building()
        mounting = self.build_more()
        if mounting is not None:
            await mounting
        await self._finish_building()
        await self.laid_out()

    async def _finish_building(self) -> bool:
        """Wait for rows being mounted; whether there were any."""
        waited, self._built = self._built or bool(self._building), False
        while self._building:
            await self._building.pop(0)
        return waited

    async def laid_out(self) -> None:
        """Wait for the next refresh of the screen (its layout places the new rows). Bounded:
        a refresh that never comes must not stop the keys."""
        done = asyncio.get_running_loop().create_future()
        self.call_after_refresh(lambda: done.done() or done.set_result(None))
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(done, LAYOUT_WAIT)

    async def jump_input(self, focused: Widget | None, step: int) -> None:
        """Focus the editor of the next (``step`` 1) or previous (-1) input after the row of
        ``focused``, skipping values; building rows first when the next input is not built.

        Awaited by the key's action, so the next key of a burst is handled only once focus
        has moved. At the first or last input focus stays.
        """
        await self.ready_after(focused, step)
        while True:
            rows = list(self.children)
            current = self.row_of(focused)
            index = rows.index(current) if current in rows else (-1 if step > 0 else len(rows))
            for row in (rows[index + step::step] if index + step >= 0 else []):
                if isinstance(row, Gap):  # rows dropped: made again, then looked through
                    await self.open_gap(row, from_end=step < 0, lines=self.size.height)
                    await self.laid_out()
                    break
                target = input_editor(row)
                if target is not None:
                    self.screen.set_focus(target)
                    return
            else:
                if step < 0 or self.complete:
                    return
                mounting = self.build_more(self.size.height)  # the next input is not built yet
                if mounting is not None:
                    await mounting

    def row_of(self, widget: Widget | None) -> Widget | None:
        """The row (a child of this body) that holds ``widget``, if any."""
        if widget is None:
            return None
        return next((node for node in widget.ancestors_with_self if node.parent is self), None)

    def _lines_below(self, row: Widget) -> int:
        rows = list(self.children)
        return sum(row_lines(r) for r in rows[rows.index(row) + 1:])

    def build_if_near_the_end(self) -> None:
        """Build the next rows if the view is within reach of the last built one."""
        if not self.complete and self.is_mounted and (
                self.max_scroll_y - self.scroll_y < AHEAD_LINES):
            self.build_more(self.size.height + AHEAD_LINES)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.build_if_near_the_end()
        self.window_soon()

    def on_resize(self) -> None:
        self.on_width(self.size.width)
        self.build_if_near_the_end()
        # Rows wrap anew at another width and the view keeps its offset in lines, so the
        # focused field (where typing goes) slid out of view when the terminal was resized.
        self.reveal_focused_soon()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # The focus now, not the event's: in a burst, focus has often moved on by the time
        # the message arrives (and messages from different rows may arrive out of order).
        focused = self.screen.focused
        row = self.row_of(focused)
        if row is None:
            return
        # Tabbing down the form: the next rows are built well before focus gets there.
        if not self.complete and self._lines_below(row) < AHEAD_LINES:
            self.build_more(self.size.height + AHEAD_LINES)
        if self._fresh and row.has_class("-first-field"):
            self._keep_top(focused)
            return
        self._fresh = False
        if focused is self._top_for:
            return
        self._top_for = None
        # Textual scrolls a newly focused widget into view before the next layout: a row
        # just built has no place yet, and a burst leaves the view where an earlier key was.
        self.reveal_focused_soon()

    def _keep_top(self, focused: Widget | None) -> None:
        """The first field has focus as the sheet opens: the view stays at its top, where the
        strip's round group is (issue 42: at 80×24 scrolling to Dexterity, Aware or Maneuver
        put the round inputs above the view). The field is scrolled to once it is typed
        into (:meth:`reveal_kept`) or focus moves."""
        self._fresh, self._top_for = False, focused
        self.scroll_home(animate=False, immediate=True)
        self.call_after_refresh(self._home_if_kept)  # after Textual's own scroll to focus

    def _home_if_kept(self) -> None:
        if self._top_for is not None and self.is_attached and (
                self.screen.focused is self._top_for):
            self.scroll_home(animate=False, immediate=True)

    def reveal_kept(self) -> None:
        """Typed into the first field kept below the view at start: show it (the form calls
        this for each edit)."""
        if self._top_for is not None:
            self._top_for = None
            self.reveal_focused_soon()

    def _in_view(self, widget: Widget, row: Widget) -> bool:
        """Whether ``widget``, in ``row``, lies within the view at the scroll offset set now.
        Textual's ``can_view_entire`` reads the last frame's places: just after a scroll (F10
        on Rise scrolled home, then focus moved) it found the field out of view and scrolled
        away from the top. Each widget's laid-out line is in its parent's content (below its
        padding and border), so the field's line in the body is their sum."""
        top, node = row.virtual_region.y, widget
        while node is not row and isinstance(node.parent, Widget):
            top += node.virtual_region.y + node.parent.styles.gutter.top
            node = node.parent
        bottom = top + widget.virtual_region.height
        return self.scroll_y <= top and bottom <= self.scroll_y + self.size.height

    def reveal_focused_soon(self) -> None:
        """Scroll the focused row into view after a layout, so its place is known: a row
        focused as soon as it was built, the first field below a tab's round group, may wait
        a refresh or two for its place (:data:`REVEAL_TRIES` more at most)."""
        poll_until(self, self._focus_placed, self._reveal_focused, refreshes=1 + REVEAL_TRIES)

    def _focus_placed(self) -> bool:
        """Whether the focused row is laid out (or none of this body's has focus)."""
        row = self.row_of(self.screen.focused if self.is_attached else None)
        return row is None or bool(row.virtual_region.height)

    def _reveal_focused(self) -> None:
        focused = self.screen.focused if self.is_attached else None
        row = self.row_of(focused)
        if row is None or not row.virtual_region.height or self._in_view(focused, row):
            return
        if focused is self._top_for:  # kept at the top, where it is with the round group:
            # the top again (left unrevealed, it stayed below the view when something else
            # had scrolled: F10 there and back on Rise, the Odds step's scroll done late)
            self.scroll_home(animate=False, immediate=True)
        else:
            self.scroll_to_center(row, animate=False, origin_visible=True, immediate=True)
