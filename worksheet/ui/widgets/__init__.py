"""Small widgets the sheet is built from: input rows, value rows, record lists, the rule panel."""

from .input_row import InputRow, make_editor
from .records import RecordList
from .rule_panel import RulePanel
from .value_row import ValueRow

__all__ = ["InputRow", "RecordList", "RulePanel", "ValueRow", "make_editor"]
