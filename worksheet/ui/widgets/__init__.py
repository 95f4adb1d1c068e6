"""Small widgets the sheet is built from: input rows, value rows, record lists, the rule panel."""

from textual.widget import Widget

from ...engine import RecordsInput
from .input_row import InputRow, make_editor
from .rule_panel import RulePanel
from .value_row import ValueRow, paint_rows


def is_record_list(widget: Widget) -> bool:
    """True for a record list's row (tested by its input, so the sheet need not import the
    record list and Textual's DataTable for rulesets without one)."""
    return isinstance(getattr(widget, "spec", None), RecordsInput)


def __getattr__(name: str):
    # The record list pulls in Textual's DataTable: loaded only by sheets that have one.
    if name == "RecordList":
        from .records import RecordList

        return RecordList
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["InputRow", "RecordList", "RulePanel", "ValueRow", "is_record_list", "make_editor",
           "paint_rows"]
