"""An editable list of records (Exalted effects, Rise modifiers and multipliers).

A table shows one record per line; from the keyboard a user adds (``a``), edits (``e`` or
Enter), deletes (``d`` or Delete) and moves records up and down (Shift+↑/↓, or ``[`` and ``]``).
Adding and editing open a form generated from the record's field declarations, each field
validated like any input (:mod:`worksheet.ui.screens.record_editor`). The list opens no screen
itself: it posts :class:`RecordList.EditRequested`, and the form above it opens the editor and
hands the result back (:meth:`RecordList.finish_edit`), so a widget never reaches up to the
app's screens. The list never touches the graph: it posts :class:`RecordList.Changed` with the
whole new list.
"""

from __future__ import annotations

import asyncio
import contextlib

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Label, Static

from worksheet.engine import Record, RecordsInput
from worksheet.ui import messages
from worksheet.ui.keys import Key
from worksheet.ui.textual_internals import forget_cell_styles
from worksheet.ui.widgets.ids import kebab

HINT = "a add · e/⏎ edit · d delete · Shift+↑/↓ or [ ] move"



def plain_cells(cells: list[str]) -> list[Text]:
    """Cells shown exactly as typed: a ``DataTable`` reads a ``str`` cell as markup, so a name
    such as ``[/]`` (typed, or in a preset another player dropped in the shared folder)
    crashed the app and ``[b]x`` showed as a bold ``x``."""
    return [Text(cell, end="") for cell in cells]


class RecordTable(DataTable, inherit_bindings=True):
    """The table of a record list, with the keys that edit it."""

    BINDINGS = [
        # Priority: run as the app reads the key, so the keys after it in the same burst wait
        # until the editor has focus (see ``action_add``); only while the table has focus.
        Key("a,insert", "add", "Add record", command="Add record", priority=True,
            help="record list: add a record after the cursor"),
        Key("e,enter", "edit", "Edit record", command="Edit record", priority=True,
            help="record list: edit the record under the cursor"),
        Key("d,delete", "delete", "Delete record", command="Delete record",
            help="record list: delete the record under the cursor (Ctrl+Z undoes)"),
        Key("shift+up,left_square_bracket", "move(-1)", "Move up", show=False,
            command="Move record up", help="record list: move the record up"),
        Key("shift+down,right_square_bracket", "move(1)", "Move down", show=False,
            command="Move record down", help="record list: move the record down"),
    ]
    """The list's keys, each with its help (``keys.Key``; the help screen lists them)."""

    def _owner(self) -> "RecordList":
        return self.query_ancestor(RecordList)

    async def action_add(self) -> None:
        """Open the editor for a new record; the next key is read once it has focus: over SSH
        ``aWard`` comes in one read, and ``W``, ``r``, ``d`` went to the table (``d``
        deleted a record) while the editor was still opening."""
        await _until_open(self._owner().add())

    async def action_edit(self) -> None:
        """Open the editor on the record under the cursor (the next key waits, as for add)."""
        await _until_open(self._owner().edit(self.cursor_row))

    def action_delete(self) -> None:
        self._owner().delete(self.cursor_row)

    def action_move(self, step: int) -> None:
        self._owner().move(self.cursor_row, step)

    def on_unmount(self) -> None:
        forget_cell_styles()  # else Textual's cache keeps this table after it is gone


OPEN_WAIT = 2.0
"""Seconds the key that opens the editor waits at most for it to have focus."""


async def _until_open(request: "RecordList.EditRequested | None") -> None:
    """Wait until the editor asked for has focus (at most :data:`OPEN_WAIT` seconds)."""
    if request is not None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(request.opened.wait(), OPEN_WAIT)


class RecordList(Vertical):
    """A labelled, editable list of records for one :class:`RecordsInput`.

    Args:
        spec: the record list's declaration.
        records: the records to show first.
        table_id: the table's widget id (the input's kebab-case name by default).
    """

    class Changed(Message):
        """The user changed the list (never posted for programmatic writes)."""

        def __init__(self, owner: "RecordList", name: str, records: tuple[Record, ...]):
            super().__init__()
            self.owner = owner
            """The list that changed."""
            self.name = name
            """The input's name."""
            self.records = records
            """The whole new list."""

    class EditRequested(Message):
        """The user asked to add (``record`` is ``None``) or edit the record at ``index``:
        whoever opens the editor hands its result to :meth:`finish`."""

        def __init__(self, owner: "RecordList", spec: RecordsInput, record: Record | None,
                     index: int):
            super().__init__()
            self.owner = owner
            """The list asking."""
            self.spec = spec
            """The record list's declaration (the editor's fields)."""
            self.record = record
            """The record to edit, or ``None`` for a new one."""
            self.index = index
            """Where the record is, or where a new one goes."""
            self.opened = asyncio.Event()
            """Set by whoever opens the editor once it has focus (the key that asked waits
            for it)."""

        def finish(self, result: Record | None) -> None:
            """Give the editor's result (``None``: cancelled) back to the list."""
            self.owner.finish_edit(self.record, self.index, result)

    def __init__(self, spec: RecordsInput, records: tuple[Record, ...], *,
                 table_id: str | None = None):
        super().__init__(classes="input-row -records")
        self.spec = spec
        """The record list's declaration."""
        self.records: tuple[Record, ...] = tuple(records)
        """The records shown."""
        self._table_id = table_id or kebab(spec.name)
        self._error: str | None = None

    def compose(self) -> ComposeResult:
        yield Label(self.spec.title, classes="input-label")
        yield Static(f"{self.spec.help} · {HINT}", classes="input-info", markup=False)
        table = RecordTable(id=self._table_id, cursor_type="row", zebra_stripes=True)
        table.add_column(Text("#"))  # a str label is read as markup too (and pulls in
        # rich's emoji table, 0.85 MiB)
        for field in self.spec.fields:
            table.add_column(Text(field.title), key=field.name)
        yield table
        yield Static("", classes="input-message", markup=False)

    def on_mount(self) -> None:
        self._fill()
        if self._error:
            self.show_error(self._error)

    @property
    def table(self) -> RecordTable:
        """The table."""
        return self.query_one(RecordTable)

    def _fill(self, cursor: int | None = None) -> None:
        table = self.table
        table.clear()
        for index, record in enumerate(self.records):
            cells = [str(index + 1)]
            for field in self.spec.fields:
                cells.append(field.to_text(record[field.name]))
            table.add_row(*plain_cells(cells))
        if not self.records:
            empty = ["", "(none: a adds)", *[""] * (len(self.spec.fields) - 1)]
            table.add_row(*plain_cells(empty))
        if cursor is not None and self.records:
            table.move_cursor(row=max(0, min(cursor, len(self.records) - 1)))

    def set_records(self, records: tuple[Record, ...]) -> None:
        """Show records without posting :class:`Changed` (a load or an undo); a list not
        built yet (below the first screen at start-up) shows them once built."""
        self.records = tuple(records)
        if self.children:  # built
            self._fill(self.table.cursor_row)

    def show_error(self, message: str | None) -> None:
        """Mark the list as refused with ``message``, or clear the mark."""
        self.set_class(bool(message), "-error")
        self._error = message
        if self.children:  # built
            self.query_one(".input-message", Static).update(f"✗ {message}" if message else "")

    def _change(self, records: list[Record], cursor: int) -> None:
        self.records = tuple(records)
        self._fill(cursor)
        self.post_message(self.Changed(self, self.spec.name, self.records))

    def add(self) -> "RecordList.EditRequested | None":
        """Ask for the editor for a new record, inserted after the cursor; the request, or
        ``None`` when the list is full."""
        if len(self.records) >= self.spec.max_count:
            messages.records_full(self.spec.title, self.spec.max_count).show(self.notify)
            return None
        at = self.table.cursor_row + 1 if self.records else 0
        return self._open(None, at)

    def edit(self, index: int) -> "RecordList.EditRequested | None":
        """Ask for the editor on the record at ``index`` (a new one when the list is empty)."""
        if not self.records:
            return self.add()
        return self._open(self.records[index], index)

    def _open(self, record: Record | None, index: int) -> "RecordList.EditRequested":
        request = self.EditRequested(self, self.spec, record, index)
        self.post_message(request)
        return request

    def finish_edit(self, record: Record | None, index: int, result: Record | None) -> None:
        """Put the editor's ``result`` in the list (``None``: cancelled, nothing changes) and
        give the table focus back.

        Args:
            record: the record the editor was opened on (``None``: a new one).
            index: where it is, or where a new one goes.
            result: the record saved, or ``None``.
        """
        if result is not None:
            records = list(self.records)
            if record is None:
                records.insert(index, result)
            else:
                records[index] = result
            self._change(records, index)
        self.table.focus()

    def delete(self, index: int) -> None:
        """Delete the record at ``index``."""
        if not self.records:
            return
        records = list(self.records)
        removed = records.pop(index)
        self._change(records, index)
        messages.deleted(removed, index).show(self.notify)

    def move(self, index: int, step: int) -> None:
        """Move the record at ``index`` up (``-1``) or down (``+1``)."""
        target = index + step
        if not self.records or not 0 <= target < len(self.records):
            return
        records = list(self.records)
        records[index], records[target] = records[target], records[index]
        self._change(records, target)
