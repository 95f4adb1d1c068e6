"""The what-if view: one step of every input, best for the defender first; Enter applies one.

The rows are worked out by the caller (the engine's variants, as ``calc --what-if`` does) and
given as ``(text, change)`` pairs; the dialog only shows them and answers with the chosen
change (input name → value) or ``None``. The controller applies it as one undo step.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from worksheet.ui.screens.dialog import Dialog

Change = Mapping[str, Any]


class WhatIfScreen(Dialog["Change | None"]):
    """Lists the steps; Enter answers the chosen step's change, Esc nothing.

    Args:
        title: the dialog's title (the tab's, with the sheet now).
        rows: ``(text, change)`` for each step that moves something, best first.
        closing: the line under the list (how many steps change nothing, the refused ones).
    """

    BINDINGS = [Binding("escape,q", "close", "Close")]
    AUTO_FOCUS = "#what-if-steps"

    def __init__(self, title: str, rows: Sequence[tuple[str, Change]], closing: str):
        super().__init__()
        self._heading, self._steps, self._footnote = title, list(rows), closing

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -help"):
            yield Label(self._heading, classes="dialog-title", markup=False)
            options = [Option(text, id=str(index)) for index, (text, _) in enumerate(self._steps)]
            yield OptionList(*options, id="what-if-steps", markup=False)
            yield Static(self._footnote + "  Enter applies (Ctrl+Z undoes) · Esc closes",
                         classes="dialog-hint", markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.finish(self._steps[int(event.option.id or 0)][1])

    def action_close(self) -> None:
        """Close without a change."""
        self.finish(None)
