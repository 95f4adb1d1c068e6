"""The record-list kind: a table of records, each added or edited in a dialog
(``widgets.records``, ``screens.record_editor``).

Its row is its own (``RecordList``, not an input row) and its entry is the records themselves:
a record list has no text form. The list draws its records as lines until it is focused; its
table (Textual's ``DataTable``) is imported only then (``widgets.record_list``).
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from worksheet.engine import InputSpec
from worksheet.ui.widgets.kinds.base import EditorKind


class RecordsEntry:
    """A record list's entry: the tuple of its records (``kinds.base.Entry``)."""

    by_text = False

    def from_value(self, spec: InputSpec, value: Any) -> tuple:
        return tuple(spec.coerce(value or ()))

    def to_json(self, spec: InputSpec, entry: Any) -> Any:
        return spec.to_json(entry)

    def from_json(self, spec: InputSpec, plain: Any) -> tuple:
        return tuple(spec.coerce(plain))  # an InputError is a ValueError with its message


def record_list_row(spec: InputSpec, entry: Any, cursor_blink: bool,
                    defer_editor: bool) -> Widget:
    """The list showing the records ``entry`` holds (its table is made once focused)."""
    from worksheet.ui.widgets.record_list import RecordList

    return RecordList(spec, entry)


def _show_records(row: Any, entry: Any) -> None:
    row.set_records(entry)


KINDS = (EditorKind("records", make_row=record_list_row, entry=RecordsEntry(),
                    show_entry=_show_records, record_list=True),)
