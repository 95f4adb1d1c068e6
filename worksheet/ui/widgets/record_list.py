"""An editable list of records (Exalted effects, Rise modifiers and multipliers), drawn as
plain lines until it is focused.

A table shows one record per line; from the keyboard a user adds (``a``), edits (``e`` or
Enter), deletes (``d`` or Delete) and moves records up and down (Shift+↑/↓, or ``[`` and ``]``).
Adding and editing open a form generated from the record's field declarations, each field
validated like any input (:mod:`worksheet.ui.screens.record_editor`). The list opens no screen
itself: it posts :class:`RecordList.EditRequested`, and the form above it opens the editor and
hands the result back (:meth:`RecordList.finish_edit`), so a widget never reaches up to the
app's screens. The list never touches the graph: it posts :class:`RecordList.Changed` with the
whole new list.

Textual's ``DataTable`` (and the table in :mod:`worksheet.ui.widgets.records`) costs ~0.9 MiB
once imported (its code, and Python's interned-string table doubling), and a tour that only
scrolls past Rise's lists never uses it. So a list shows its records as plain lines
(:class:`DrawnRecords`) and makes its table when it gets focus (Tab, a click, a record
command) or when :attr:`RecordList.table` is asked for; the keys typed while the table is
being made wait for it (the app's key gate, ``terminal.key_gate``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Label, Static

from worksheet.engine import Record, RecordsInput
from worksheet.ui import messages
from worksheet.ui.widgets.ids import kebab
from worksheet.ui.widgets.record_keys import HINT, plain_cells

if TYPE_CHECKING:
    from worksheet.ui.widgets.records import RecordTable

DRAWN_MOST = 11
"""Records a drawn list shows at most (the table is at most 12 lines with its header)."""


def record_rows(spec: RecordsInput, records: tuple[Record, ...]) -> list[list[str]]:
    """The cells of each line of the table: ``#`` and each field, or one line saying how to
    add a record when there is none."""
    if not records:
        return [["", "(none: a adds)", *[""] * (len(spec.fields) - 1)]]
    return [[str(index + 1), *(field.to_text(record[field.name]) for field in spec.fields)]
            for index, record in enumerate(records)]


def drawn_lines(spec: RecordsInput, records: tuple[Record, ...]) -> Text:
    """The header and rows the table shows, as plain text (columns as wide as their widest
    cell, a space either side, as a ``DataTable`` lays them out)."""
    header = ["#", *(field.title for field in spec.fields)]
    rows = record_rows(spec, records)[:DRAWN_MOST]
    widths = [max(cell_len(cells[column]) for cells in (header, *rows))
              for column in range(len(header))]  # terminal cells: a wide character is two

    def line(cells: list[str]) -> str:
        return "".join(f" {cell}{' ' * (width - cell_len(cell))} "
                       for cell, width in zip(cells, widths))

    text = Text(line(header), style="bold", end="")
    for cells in rows:
        text.append("\n" + line(cells), style="")
    return text


class DrawnRecords(Static, can_focus=True):
    """A record list's records drawn as lines, until focus reaches it: then its list makes the
    table and hands it the focus."""

    def on_focus(self) -> None:
        self.query_ancestor(RecordList).focus_table()

    def on_click(self) -> None:
        self.focus()


class DrawnHolder(Container):
    """Holds the drawn lines, so that the table, mounted next to it, can take their id
    (``#effects``) at once: ids are unique among a widget's children only."""

    DEFAULT_CSS = "DrawnHolder { height: auto; }"


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
        self._table: RecordTable | None = None

    def compose(self) -> ComposeResult:
        yield Label(self.spec.title, classes="input-label")
        yield Static(f"{self.spec.help} · {HINT}", classes="input-info", markup=False)
        if self._table is not None:  # asked for before the list was composed
            yield self._table
        else:
            with DrawnHolder():
                yield DrawnRecords(drawn_lines(self.spec, self.records), id=self._table_id)
        yield Static("", classes="input-message", markup=False)

    def on_mount(self) -> None:
        if self._error:
            self.show_error(self._error)

    @property
    def table_made(self) -> bool:
        """Whether the table has been made (it has been focused or asked for)."""
        return self._table is not None

    @property
    def editor(self) -> Widget:
        """The widget that takes the list's focus: the table once made, else the drawn lines
        (the form's focus keys and resume look for it, ``form.body.input_editor``).

        Raises:
            NoMatches: the list is not composed yet.
        """
        if self._table is not None:
            return self._table
        return self.query_one(DrawnRecords)

    @property
    def table(self) -> "RecordTable":
        """The table, made and mounted the first time it is asked for, in the drawn lines'
        place (they go once it has focus, or after the next refresh)."""
        if self._table is None:
            from worksheet.ui.widgets.records import RecordTable

            table = RecordTable(id=self._table_id, cursor_type="row", zebra_stripes=True)
            table.add_column(Text("#"))  # a str label is read as markup too (and pulls in
            # rich's emoji table, 0.85 MiB)
            for field in self.spec.fields:
                table.add_column(Text(field.title), key=field.name)
            self._table = table
            self._fill()
            for holder in self.query(DrawnHolder):  # none before composed: compose yields it
                self.mount(table, before=holder)
                holder.display = False
                if holder.query_one(DrawnRecords).has_focus:
                    table.focus()  # before the lines go, or focus moves on to the next row
                self.call_after_refresh(holder.remove)
        return self._table

    @property
    def cursor_row(self) -> int:
        """The row under the table's cursor (the first while only drawn)."""
        return self._table.cursor_row if self._table is not None else 0

    def focus_table(self) -> None:
        """Make the table if need be and focus it; the keys read until it has focus wait for
        it ("Tab a" in one burst would have sent the ``a`` to the drawn lines)."""
        if self._table is not None:
            self._table.focus()
            return
        hold = getattr(self.app, "hold_keys", None)  # the app's ``KeyGate``
        self.table.focus()
        if hold is not None:
            hold()
            self.call_after_refresh(self._release, self.app.holds)

    def _release(self, hold: int) -> None:
        """Let the keys held for the table go on, once it has focus (after a refresh)."""
        release: Any = getattr(self.app, "release_keys", None)
        if release is not None:
            self.call_after_refresh(release, hold)

    def _fill(self, cursor: int | None = None) -> None:
        if self._table is None:
            if self.children:
                self.query_one(DrawnRecords).update(drawn_lines(self.spec, self.records))
            return
        table = self._table
        table.clear()
        for cells in record_rows(self.spec, self.records):
            table.add_row(*plain_cells(cells))
        if cursor is not None and self.records:
            table.move_cursor(row=max(0, min(cursor, len(self.records) - 1)))

    def set_records(self, records: tuple[Record, ...]) -> None:
        """Show records without posting :class:`Changed` (a load or an undo); a list not
        built yet (below the first screen at start-up) shows them once built."""
        self.records = tuple(records)
        self._fill(self.cursor_row)

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
        at = self.cursor_row + 1 if self.records else 0
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
