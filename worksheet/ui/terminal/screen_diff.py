"""Only the cells that changed: what the terminal shows is remembered, and each frame Textual
writes is sent as the runs of cells that differ from it.

Textual repaints whole regions: when the form's height changes (rows built as the view nears
them, a tab switched to) every visible row of the form is drawn again although most of the
screen is the same, and one tab switch was eight frames over SSH, 15–20 KB at 80×24. Like
curses, :class:`ScreenDiff` keeps a copy of the screen (each cell's character and style),
applies each write to it and writes only the changed runs, each with a cursor move and the
style changes :mod:`.output` computes.

It is exact or it steps aside: a write with anything it does not model (an erase, the
alternate screen, an OSC, a control character, text past the right edge, a newline at the
bottom) is written as it came (compacted), and the copy is forgotten, so the next frame is sent
whole; so is every frame after the terminal's size changes.

A frame sent whole goes out as written (compacted) and the copy follows it once it is out: every
cell goes out anyway, and applying a 200×50 frame to the copy took 8 ms of the way to the
first paint.
"""

from __future__ import annotations

import asyncio
import re
from itertools import compress
from operator import ne
from typing import Callable

from rich.cells import cell_len

from worksheet.ui.terminal.output import DEFAULT, Compactor, State, apply, blank_fits, transition

Cell = tuple[str, State]
"""A character and its style; the right half of a wide character is ``""``."""

GAP = 6
"""Unchanged cells between two changed runs of a line are sent too when there are at most this
many: a cursor move costs as much."""

_TOKEN = re.compile(r"\x1b\[([0-9;]*)m(?:([^\x00-\x1f\x7f\x1b]+)(?:\x1b\[(0?)m)?)?"
                    r"|\x1b\[([0-9;]*)[Hf]|(\x1b\[\?(?:25|2026)[hl])|(\n)"
                    r"|([^\x00-\x1f\x7f\x1b]+)|(.)", re.S)
"""The tokens of a write: an SGR (with the text it styles and the reset after it, as Textual
writes each segment: one token instead of three), a cursor move, a cursor or sync mode, a
newline, a text, anything else."""


class _Unmodelled(Exception):
    """The write does something the copy of the screen does not follow."""


class ScreenDiff:
    """Sends each write as the cells it changes on a terminal of ``size()`` (width, height)."""

    def __init__(self, size: Callable[[], tuple[int, int]]):
        self._size = size
        self._dims: tuple[int, int] | None = None
        self._cells: list[list[Cell | None]] = []
        self._pen: State | None = DEFAULT  # the style Textual last set (its writes are absolute)
        self._compactor = Compactor()  # the terminal's style is ``_compactor.shown``
        self._compactor.shown = DEFAULT  # as Textual assumes: its first segment has no reset
        self._cursor: tuple[int, int] | None = None  # where the terminal's cursor is
        self._known = False  # whether the copy holds what the terminal shows
        self._behind: str | None = None  # a frame sent whole, not applied to the copy yet

    def forget(self) -> None:
        """Not knowing what the terminal shows: the next frame is sent whole."""
        width, height = self._dims or (0, 0)
        self._cells = [[None] * width for _ in range(height)]
        self._cursor = None
        self._known = False
        self._behind = None

    def __call__(self, data: str) -> str:
        self._catch_up()
        dims = self._size()
        if dims != self._dims:
            self._dims = dims
            self.forget()
        if "\x1b[" not in data and not data.isprintable():
            return self._pass(data)
        if not self._known:
            return self._send_whole(data)
        try:
            changes, cursor, modes, pen = self._simulate(data)
        except _Unmodelled:
            return self._pass(data)
        self._pen = pen
        return self._emit(changes, cursor, modes)

    def _pass(self, data: str) -> str:
        self.forget()
        out = self._compactor(data)
        self._pen = self._compactor.shown
        return out

    def _send_whole(self, data: str) -> str:
        """A frame on a screen not known: as written (compacted), the copy following it once
        it is out (:meth:`_catch_up`, before the next write at the latest)."""
        out = self._compactor(data)
        self._behind = data
        try:
            asyncio.get_running_loop().call_soon(self._catch_up)
        except RuntimeError:  # no loop in this thread: now
            self._catch_up()
        return out

    def _catch_up(self) -> None:
        """Apply the frame last sent whole to the copy."""
        data, self._behind = self._behind, None
        if data is None:
            return
        try:
            _, cursor, _, pen = self._simulate(data)
        except _Unmodelled:
            self.forget()
            self._pen = self._compactor.shown
            return
        self._pen, self._cursor, self._known = pen, cursor, True

    def _simulate(self, data: str) -> tuple[dict[int, tuple[list[Cell | None], int, int]],
                                            tuple[int, int] | None, list[str], State | None]:
        """Apply ``data`` to the copy: the rows written (``y → (the row before, first column
        written, column after the last)``), the cursor, the cursor and sync modes in order,
        and Textual's style at the end."""
        width, height = self._dims
        cells = self._cells
        before: dict[int, tuple[list[Cell | None], int, int]] = {}
        modes: list[str] = []
        pen = self._pen
        x = y = None
        if self._cursor is not None:
            x, y = self._cursor
        for match in _TOKEN.finditer(data):
            sgr, styled, reset, move, mode, newline, text, other = match.groups()
            if sgr is not None:
                applied = _APPLIED.get((pen, sgr), _UNKNOWN)  # _apply, inlined: every segment
                pen = _apply(pen, sgr) if applied is _UNKNOWN else applied
                if styled is None:
                    continue
                text = styled  # a segment as Textual writes one: style, text, reset
            elif text is None:
                if move is not None:
                    parts = (move.split(";") + ["", ""])[:2]
                    y, x = (int(p) - 1 if p else 0 for p in parts)
                    if not (0 <= x < width and 0 <= y < height):
                        raise _Unmodelled
                elif mode is not None:
                    modes.append(mode)
                elif newline is not None:
                    if y is None or y + 1 >= height:
                        raise _Unmodelled  # a scroll
                    x, y = 0, y + 1  # the pty adds the carriage return (onlcr)
                else:
                    raise _Unmodelled
                continue
            if x is None or pen is None:
                raise _Unmodelled
            row = cells[y]
            start = x
            if _one_cell_each(text):  # nearly every run
                x = _write_narrow(row, x, text, pen, before, y)
            else:
                x = _write_wide(row, x, text, pen, before, y)
            old, lo, hi = before[y]
            before[y] = (old, min(lo, start), max(hi, x))
            if reset is not None:
                pen = _apply(pen, reset)
        if x is not None and x >= width:
            raise _Unmodelled  # the cursor waits to wrap: where it shows depends on the terminal
        cursor = (x, y) if x is not None else None
        return before, cursor, modes, pen

    def _emit(self, before: dict[int, tuple[list[Cell | None], int, int]],
              cursor: tuple[int, int] | None, modes: list[str]) -> str:
        cells = self._cells
        rows: dict[int, list[int]] = {}
        for y, (old_row, lo, hi) in before.items():
            # The cells that differ are picked out at C speed (cells are shared objects, so an
            # unchanged one compares by identity), then the few left are checked in Python: a
            # 200-column frame rewrites whole lines of which a keystroke changes a few cells.
            row = cells[y]
            changed = [x for x in compress(range(lo, hi), map(ne, old_row[lo:hi], row[lo:hi]))
                       if old_row[x] is None or not _looks_same(old_row[x], row[x])]
            if changed:
                rows[y] = changed
        out: list[str] = []
        shown = self._compactor.shown
        at = self._cursor
        for y in sorted(rows):
            row = cells[y]
            for start, end in _runs(rows[y], row):
                if at != (start, y):
                    out.append(f"\x1b[{y + 1};{start + 1}H")
                for x in range(start, end):
                    char, style = row[x]
                    if char == "":
                        continue
                    # Cells share their style objects: the same style is nearly always the
                    # very object shown, so most cells need no comparison at all.
                    if style is not shown and not (char == " " and blank_fits(shown, style)):
                        out.append(_transition(shown, style))
                        shown = style
                    out.append(char)
                at = (end, y) if end < len(row) else None
        if shown != self._pen and self._pen is not None:
            out.append(_transition(shown, self._pen))
            shown = self._pen
        if cursor is not None and at != cursor:
            out.append(f"\x1b[{cursor[1] + 1};{cursor[0] + 1}H")
        out.extend(modes)
        self._compactor.shown = shown
        self._cursor = cursor
        return "".join(out)


_APPLIED: dict[tuple[State | None, str], State | None] = {}
_ONE_CELL: dict[str, bool] = {}
_TRANSITIONS: dict[tuple[State | None, State], str] = {}
"""What :func:`apply` gave for a style and an SGR, whether each character of a text is one
cell wide, and the SGR from one style to another: a frame repeats the same few styles and
texts (bounded: cleared when full)."""
_CACHED = 4096
_UNKNOWN = object()

_CELLS: dict[State, dict[str, Cell]] = {}
"""One cell object per style and character, shared by every place on the screen that shows
it: the copy of a 200×50 screen held 10,000 cells (0.6 MB) made anew by each frame, scattered
among the frame's short-lived objects so that memory freed after a long tab was not given
back (bounded: a style's cells, and the styles, are dropped when there are many)."""


def _cells_in(pen: State) -> dict[str, Cell]:
    """The shared cells of style ``pen``, by character."""
    cells = _CELLS.get(pen)
    if cells is None or len(cells) >= _CACHED:
        if len(_CELLS) >= _CACHED:
            _CELLS.clear()
        cells = _CELLS[pen] = {}
    return cells


def _cell(cells: dict[str, Cell], char: str, pen: State) -> Cell:
    """The shared cell of ``char`` in ``pen`` (``cells``: :func:`_cells_in`)."""
    cell = cells.get(char)
    if cell is None:
        cell = cells[char] = (char, pen)
    return cell


def _apply(pen: State | None, sgr: str) -> State | None:
    key = (pen, sgr)
    if key not in _APPLIED:
        if len(_APPLIED) >= _CACHED:
            _APPLIED.clear()
        _APPLIED[key] = apply(pen, sgr)
    return _APPLIED[key]


def _transition(shown: State | None, style: State) -> str:
    """:func:`transition`, remembered."""
    key = (shown, style)
    sgr = _TRANSITIONS.get(key)
    if sgr is None:
        if len(_TRANSITIONS) >= _CACHED:
            _TRANSITIONS.clear()
        sgr = _TRANSITIONS[key] = transition(shown, style)
    return sgr


def _one_cell_each(text: str) -> bool:
    """Whether every character of ``text`` takes one cell."""
    if text.isascii():
        return True
    if text not in _ONE_CELL:
        if len(_ONE_CELL) >= _CACHED:
            _ONE_CELL.clear()
        _ONE_CELL[text] = all(cell_len(char) == 1 for char in text)
    return _ONE_CELL[text]


def _write_narrow(row: list[Cell | None], x: int, text: str, pen: State,
                 before: dict[int, tuple[list[Cell | None], int, int]], y: int) -> int:
    """Write a run of one-cell characters at ``x`` (as the general loop would, character by
    character, but checking for halves of wide characters only at the run's two ends: inside
    it every cell is overwritten); returns the column after it."""
    end = x + len(text)
    width = len(row)
    if end > width:
        raise _Unmodelled
    # Only a right half ("") at either end can be half of a wide character: looked at first.
    if (x > 0 and row[x] is not None and row[x][0] == "" and row[x - 1] is not None
            and _halves(row, x - 1, x)) or (
            end < width and row[end] is not None and row[end][0] == ""
            and _halves(row, end, end - 1)):
        raise _Unmodelled  # half a wide character left: terminals differ
    _keep(row, before, y, x)
    cells = _cells_in(pen)
    if text[0] == " " and not text.strip(" "):  # a run of blanks, as wide as the gap it fills
        row[x:end] = [cells.get(" ") or _cell(cells, " ", pen)] * len(text)
    else:
        row[x:end] = [cells.get(char) or _cell(cells, char, pen) for char in text]
    return end


def _write_wide(row: list[Cell | None], x: int, text: str, pen: State,
                before: dict[int, tuple[list[Cell | None], int, int]], y: int) -> int:
    """Write a run that may hold wide characters at ``x``, character by character; returns
    the column after it."""
    width = len(row)
    _keep(row, before, y, x)
    cells = _cells_in(pen)
    for char in text:
        size = cell_len(char)
        if size not in (1, 2) or x + size > width:
            raise _Unmodelled
        if any(0 <= i < width and row[i] is not None and _halves(row, i, x)
               for i in (x - 1, x + size)):
            raise _Unmodelled  # half a wide character left: terminals differ
        row[x:x + size] = [_cell(cells, char, pen), _cell(cells, "", pen)][:size]
        x += size
    return x


def _keep(row: list[Cell | None], before: dict[int, tuple[list[Cell | None], int, int]],
          y: int, x: int) -> None:
    """Keep a copy of row ``y`` as it was before the frame, on its first write (a row copied
    once and compared by slices costs less than remembering each cell written)."""
    if y not in before:
        before[y] = (row[:], x, x)


def _halves(row: list[Cell | None], i: int, x: int) -> bool:
    """Whether cell ``i`` (beside a character written at ``x``) is half of a wide character
    whose other half is being overwritten."""
    if i < x:  # the left half, if the cell written was its right half
        return row[x] is not None and row[x][0] == "" and cell_len(row[i][0]) == 2
    return row[i][0] == "" and row[i - 1] is not None and cell_len(row[i - 1][0]) == 2


def _looks_same(old: Cell, new: Cell | None) -> bool:
    if new is None:
        return False
    if old[0] != new[0]:
        return False
    if old[0] == " ":
        return blank_fits(old[1], new[1])
    return old[1] == new[1]


def _runs(xs: list[int], row: list[Cell | None]) -> list[tuple[int, int]]:
    """Runs ``[start, end)`` covering the changed cells ``xs`` of a row, close ones joined,
    each widened to whole wide characters (and known cells only)."""
    runs: list[list[int]] = []
    for x in xs:
        if runs and x - runs[-1][1] <= GAP and None not in row[runs[-1][1]:x]:
            runs[-1][1] = x + 1
        else:
            runs.append([x, x + 1])
    for run in runs:
        while run[0] > 0 and row[run[0]] is not None and row[run[0]][0] == "":
            run[0] -= 1  # the left half of a wide character
        while run[1] < len(row) and row[run[1]] is not None and row[run[1]][0] == "":
            run[1] += 1
    return [(start, end) for start, end in runs]
