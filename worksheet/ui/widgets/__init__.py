"""Small widgets the sheet is built from: input rows, value rows, record lists, the rule panel."""

from .input_row import InputRow, make_editor
from .rule_panel import RulePanel
from .value_row import ValueRow


def __getattr__(name: str):
    # The record list pulls in Textual's DataTable: loaded only by sheets that have one.
    if name == "RecordList":
        from .records import RecordList

        return RecordList
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["InputRow", "RecordList", "RulePanel", "ValueRow", "make_editor"]
