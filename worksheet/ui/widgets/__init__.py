"""Small widgets the sheet is built from: input rows, value rows, record lists, the rule panel,
the message line."""

from textual.widget import Widget

from worksheet.engine import InputSpec
from worksheet.ui.widgets.input_row import InputRow
from worksheet.ui.widgets.kinds import kind_of, make_editor
from worksheet.ui.widgets.rule_panel import RulePanel
from worksheet.ui.widgets.value_row import ValueRow, paint_rows


def input_row(spec: InputSpec, entry, *, cursor_blink: bool = False,
              defer_editor: bool = False) -> Widget:
    """The row that edits an input: an input row, or the row its kind makes for it (a record
    list for a list of records: ``widgets.kinds``).

    Args:
        spec: the input's declaration.
        entry: what the row shows first (text as typed, or the records).
        cursor_blink: let the text cursor blink.
        defer_editor: make the editor later (``InputRow.make_editor``; a kind's own row may
            make it at once: a record list has its table at once).

    An input row made here holds the frame of a player's edit: the form lets it go once the
    edit is shown (``frame_hold``).
    """
    kind = kind_of(spec)
    if kind.make_row is not None:
        return kind.make_row(spec, entry, cursor_blink, defer_editor)
    return InputRow(spec, entry, cursor_blink=cursor_blink, hold_frame=True,
                    defer_editor=defer_editor)


def __getattr__(name: str):
    # Loaded only by sheets that have a record list (its table, Textual's DataTable, only
    # once focused: ``record_list``).
    if name == "RecordList":
        from worksheet.ui.widgets.record_list import RecordList

        return RecordList
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["InputRow", "RecordList", "RulePanel", "ValueRow", "input_row", "make_editor",
           "paint_rows"]
