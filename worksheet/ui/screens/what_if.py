"""The what-if view: one step of every input, best for the defender first; Enter applies one.

The rows are worked out by the caller (the engine's variants, as ``calc --what-if`` does) and
given as ``(text, change)`` pairs; the dialog only shows them and answers with the chosen
change (input name → value) or ``None``. The controller applies it as one undo step.

It is also where the other comparative answers are one key away on the key bar at 80 columns,
where the sheet's bar has room for What if but not for Sweep and Pin: F11 sweeps the
highlighted step's input, Ctrl+B pins the inputs as the baseline and Ctrl+N opens the party
view (the view answers :class:`Then`, the controller does it once the view is gone); its own
key bar shows them.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from worksheet.ui.keys import Key
from worksheet.ui.widgets.key_bar import KeyBar
from worksheet.ui.screens.dialog import Dialog

Change = Mapping[str, Any]


class Then(NamedTuple):
    """The what-if view's answer when the player asked for another view from it."""

    action: str
    """``sweep``, ``pin_baseline`` or ``party``."""
    name: str | None = None
    """The input to sweep: the highlighted step's."""


class WhatIfScreen(Dialog["Change | Then | None"]):
    """Lists the steps; Enter answers the chosen step's change, Esc nothing, F11 and Ctrl+B
    a :class:`Then`.

    Args:
        title: the dialog's title (the tab's, with the sheet now).
        rows: ``(text, change)`` for each step that moves something, best first.
        closing: the line under the list (how many steps change nothing, the refused ones).
    """

    BINDINGS = [
        Key("escape,q", "close", "Close", help="what-if view: close without a change"),
        Key("f11,ctrl+right_square_bracket", "then('sweep')", "Sweep", keys="F11, Ctrl+]",
            help="what-if view: sweep the highlighted step's input"),
        Key("ctrl+b", "then('pin_baseline')", "Pin",
            help="what-if view: pin the inputs now as the baseline"),
        Key("ctrl+n", "then('party')", "Party",
            help="what-if view: the party view against this attack"),
    ]
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
        yield KeyBar(id="what-if-keys")  # its own keys: the sheet's bar has no room at 80

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.finish(self._steps[int(event.option.id or 0)][1])

    def action_then(self, action: str) -> None:
        """Close, answering which view to open next (a sweep: of the highlighted input)."""
        steps = self.query_one("#what-if-steps", OptionList)
        index = steps.highlighted
        name = None
        if index is not None and 0 <= index < len(self._steps):
            name = next(iter(self._steps[index][1]), None)
        self.finish(Then(action, name))

    def action_close(self) -> None:
        """Close without a change."""
        self.finish(None)
