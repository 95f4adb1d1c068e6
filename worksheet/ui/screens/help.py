"""The help screen: the tab's own keys and rules first, then every key binding, what it
does, and how the sheet reads.

It must be readable in full at 80×24: the keys and their actions are rows of two columns whose
text wraps (nothing is cut), in one scrolling body that ↓, PageDown and End take to the last
line (there is nothing to scroll sideways, so End never hides the key column).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static

from worksheet.ui.screens.dialog import Dialog

INTRO = ("Every input re-derives every value at once. A value that waits for an input marked ✗ "
         "says what it waits for and never shows a stale number. Tab to a value to read its "
         "full rule and source in the rule panel (F3 or Enter opens it in a dialog).")

TEXTUAL_KEYS = [
    ("Enter, Space", "open a select, toggle a switch or a name"),
    ("letters, digits", "on a closed select: choose the first option that starts with them; on a switch, y or n sets it"),
    ("↑ / ↓", "move in an open select, a list of names or a record list"),
    ("Esc", "close an open select or a dialog"),
    ("Ctrl+P", "command palette: every action by name, the record-list ones too"),
]
"""Keys of Textual's own widgets and app, which have no binding of ours to carry help."""


class HelpScreen(Dialog[None]):
    """Lists every binding: the app's, the form's and a record list's, then Textual's keys.

    Args:
        bindings: ``(keys, help)`` of each binding (``keys.help_rows``).
        tab: the title of the tab it was opened on and its own ``(keys, help)`` rows
            (``tab_help.tab_rows``), listed first.
    """

    BINDINGS = [
        Binding("escape,f1,q,question_mark", "close", "Close help"),
    ]
    AUTO_FOCUS = "#help-keys"

    def __init__(self, bindings: list[tuple[str, str]],
                 tab: tuple[str, list[tuple[str, str]]] | None = None):
        super().__init__()
        self.bindings = bindings
        """The app's bindings to list."""
        self.tab = tab
        """The tab's title and its own rows, listed first (``None``: none)."""

    def rows(self) -> list[tuple[str, str]]:
        """Every ``(keys, action)`` the help lists, in order."""
        return [*self.bindings, *TEXTUAL_KEYS]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -help"):
            yield Label("Worksheet — keys  (Esc, F1 or q closes; ↓ PgDn End scroll)",
                        classes="dialog-title")
            with VerticalScroll(id="help-keys", can_focus=True):
                if self.tab is not None:
                    title, rows = self.tab
                    yield Static(f"This tab — {title}", classes="help-section", markup=False)
                    yield from self._rows(rows)
                    yield Static("Every tab", classes="help-section -next", markup=False)
                yield Static(INTRO, classes="dialog-text", markup=False)
                yield from self._rows(self.rows())
                yield Static("— end of help —", classes="dialog-hint", markup=False)

    @staticmethod
    def _rows(rows: list[tuple[str, str]]) -> ComposeResult:
        for keys, description in rows:
            with Horizontal(classes="help-row"):
                yield Static(keys, classes="help-key", markup=False)
                yield Static(description, classes="help-action", markup=False)

    def action_close(self) -> None:
        """Close the help."""
        self.finish(None)
