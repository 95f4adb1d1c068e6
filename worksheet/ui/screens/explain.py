"""The focused row's full explanation in a dialog, for terminals too small for the rule panel.

F3 (or Enter on a value) opens it; it shows exactly what the rule panel shows, scrollable.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from worksheet.ui.widgets import RulePanel
from worksheet.ui.screens.dialog import Dialog


class ExplainScreen(Dialog[None]):
    """Shows a copy of the rule panel's explanation.

    Args:
        fill: called with the dialog's panel to put the explanation in it.
    """

    BINDINGS = [Binding("escape,f3,enter,q", "close", "Close")]
    AUTO_FOCUS = "RulePanel"

    def __init__(self, fill):
        super().__init__()
        self._fill = fill

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -explain"):
            yield RulePanel(classes="explain-panel")

    def on_mount(self) -> None:
        self._fill(self.query_one(RulePanel))

    def action_close(self) -> None:
        """Close the explanation."""
        self.finish(None)
