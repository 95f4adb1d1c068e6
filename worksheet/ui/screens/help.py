"""The help screen: every key binding, what it does, and how the sheet reads."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Label, Static

from .dialog import Dialog

INTRO = ("Every input re-derives every value at once. A value that waits for an input marked ✗ "
         "says what it waits for and never shows a stale number. Tab to a value to read its "
         "full rule and source in the rule panel (F3 or Enter opens it in a dialog).")

FORM_KEYS = [
    ("Tab / Shift+Tab", "next / previous field or value"),
    ("Enter or Space", "open a select, toggle a switch or a name"),
    ("↑ / ↓", "move in an open select, a list of names or a record list"),
    ("a / e, Enter / d", "record list: add / edit / delete a record"),
    ("Shift+↑ / Shift+↓, [ / ]", "record list: move a record up / down"),
    ("Ctrl+S / Esc", "record editor: save / cancel"),
    ("Ctrl+P", "command palette: every action by name"),
]


class HelpScreen(Dialog[None]):
    """Lists every binding: the app's and the form's.

    Args:
        bindings: ``(keys, description)`` for each app binding.
    """

    BINDINGS = [
        Binding("escape,f1,q,question_mark", "close", "Close help"),
    ]
    AUTO_FOCUS = "DataTable"

    def __init__(self, bindings: list[tuple[str, str]]):
        super().__init__()
        self.bindings = bindings
        """The app's bindings to list."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -help"):
            yield Label("Worksheet — keys  (Esc, F1 or q closes)", classes="dialog-title")
            yield Static(INTRO, classes="dialog-text", markup=False)
            table = DataTable(id="help-keys", cursor_type="row", zebra_stripes=True)
            table.add_columns("Keys", "Action")
            for keys, description in [*self.bindings, *FORM_KEYS]:
                table.add_row(keys, description)
            yield table

    def action_close(self) -> None:
        """Close the help."""
        self.finish(None)
