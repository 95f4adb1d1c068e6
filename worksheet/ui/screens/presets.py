"""The preset dialogs: open one (from every place presets live, or a path) and save one.

Both list each preset's name, ruleset, description and where it lives (user, shared or bundled,
with the file). Saving returns what the user asked for; the app checks for an existing file,
asks before overwriting and handles a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from worksheet.engine.quote import clip
from worksheet.presets import Preset, PresetError, location_of, read_preset
from worksheet.ui import store
from worksheet.ui.widgets.ordered_input import OrderedInput
from worksheet.ui.widgets.records import plain_cells
from worksheet.ui.screens.dialog import Dialog, SaveDialog


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


class _PresetTable(DataTable):
    """A table of presets: name, ruleset, description, where.

    A name is shown whole, wrapped over as many lines as it needs (two presets may differ only
    at the end of their names); the description is cut to its column (the line under the
    table shows the highlighted preset's file).
    """

    FIXED = len("vtm-revised") + len("bundled") + 4 * 2 + 2
    """The ruleset and where columns, every column's padding and the scroll bar."""

    def fill(self, listed: list, first_ruleset: str | None, width: int) -> list:
        """Show ``listed`` (``Listed`` items), the given ruleset's first; returns them in order.

        Args:
            listed: the presets.
            first_ruleset: the ruleset whose presets come first.
            width: the cells the table has.
        """
        ordered = sorted(listed, key=lambda item: (item.preset.ruleset != first_ruleset,
                                                   item.preset.ruleset, item.preset.name.lower()))
        room = max(24, width - self.FIXED)
        longest = max((len(item.preset.name) for item in ordered), default=4)
        name_width = min(longest, max(16, room * 3 // 5))
        description_width = max(8, room - name_width)
        self.clear(columns=True)
        self.add_column(Text("Name"), width=name_width)
        self.add_column(Text("Ruleset"))
        self.add_column(Text("Description"), width=description_width)
        self.add_column(Text("Where"))
        for item in ordered:
            self.add_row(*plain_cells([" ".join(item.preset.name.split()), item.preset.ruleset,
                                       _short(item.preset.description, description_width),
                                       item.location.kind]), height=None)
        return ordered


def told(error: PresetError) -> str:
    """A preset's problem as a dialog says it, in a few lines at 80 columns: the file's name
    and where it lives (the Where column's words), the line, the key and what is wrong.

    The file and key are someone else's text (a shared folder, a typed path), so each is cut
    short: a 50,000-character key must not push the problem out of the dialog.
    """
    path = Path(error.file)
    kind = location_of(path).kind  # ``file``: a path the player typed, outside the folders
    where = clip(path.name, 60, keep_end=True) + (f" ({kind})" if kind != "file" else "")
    if error.line:
        where += f", line {error.line}"
    key = f" {clip(error.key, 40)}:" if error.key else ""
    return f"{where}:{key} {clip(error.problem, 240, keep_end=True)}"


def _table_width(dialog: Dialog) -> int:
    """The cells a ``-wide`` dialog's table has (the dialog is 110 wide, or the screen)."""
    return min(110, dialog.app.size.width) - 4


class OpenPreset(Dialog[Preset | None]):
    """Pick a preset to load; dismisses with it, or ``None``.

    Args:
        ruleset: the current tab's ruleset (its presets are listed first).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#preset-table"

    def __init__(self, ruleset: str | None):
        super().__init__()
        self.ruleset = ruleset
        """The current tab's ruleset."""
        self.listed: list = []
        """The presets shown, in table order."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide"):
            yield Label("Open preset", classes="dialog-title")
            yield _PresetTable(id="preset-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="preset-where", classes="dialog-hint", markup=False)
            with Horizontal(classes="dialog-line"):
                yield Label("or a file:", classes="dialog-label")
                yield OrderedInput(placeholder="path/to/preset.toml", id="preset-path",
                                   compact=True)
            yield Static("", classes="dialog-message", markup=False)
            yield Static("Enter opens · Tab to the file field · Esc cancels",
                         classes="dialog-hint")

    def on_mount(self) -> None:
        listed, problems = store.listing()
        table = self.query_one(_PresetTable)
        self.listed = table.fill(listed, self.ruleset, _table_width(self))
        if problems:  # the first in a few lines; ``worksheet presets check`` lists them all
            more = f" ({len(problems) - 1} more: worksheet presets check)" \
                if len(problems) > 1 else ""
            self._tell(f"✗ not listed{more}: {told(problems[0])}")
        if self.listed:
            self._where(0)
        else:
            self.query_one("#preset-where", Static).update("No presets found.")
            self.screen.set_focus(self.query_one("#preset-path", Input))

    def _tell(self, text: str) -> None:
        """Show a message under the file field; the list of presets gives way to it, so that
        at 24 rows the whole message shows (the list scrolls)."""
        self.query_one(".dialog-message", Static).update(text)
        self.query_one(_PresetTable).set_class(bool(text), "-beside-message")

    def _where(self, row: int) -> None:
        if 0 <= row < len(self.listed):
            item = self.listed[row]
            self.query_one("#preset-where", Static).update(
                f"{item.location.kind}: {item.preset.path}")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._where(event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if 0 <= event.cursor_row < len(self.listed):
            self.finish(self.listed[event.cursor_row].preset)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        path = event.value.strip()
        if not path:
            return
        file = Path(path).expanduser()
        try:  # a link in the shared folder is refused, as a listing refuses it
            self.finish(read_preset(file, follow_links=location_of(file).follows_links))
        except PresetError as error:
            self._tell(f"✗ {told(error)}")

    def action_cancel(self) -> None:
        """Close without loading."""
        self.finish(None)


@dataclass(frozen=True)
class SaveRequest:
    """What the save dialog asks for."""

    name: str
    description: str
    where: str
    """``user`` or ``shared``."""


class SavePreset(SaveDialog[SaveRequest | None]):
    """Ask for a name, description and folder; dismisses with a :class:`SaveRequest`.

    Args:
        ruleset: the ruleset of the tab being saved.
        name: the name to suggest (the loaded preset's).
        description: the description to suggest.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Save")]
    AUTO_FOCUS = "#save-name"

    def __init__(self, ruleset: str, name: str = "", description: str = ""):
        super().__init__()
        self.ruleset = ruleset
        """The ruleset being saved."""
        self.name_text = name
        self.description_text = description
        self.listed: list = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide"):
            yield Label(f"Save preset ({self.ruleset})", classes="dialog-title")
            with Horizontal(classes="dialog-line"):
                yield Label("Name", classes="dialog-label")
                yield OrderedInput(self.name_text, id="save-name", compact=True,
                            placeholder="e.g. Rogue in brigandine")
            with Horizontal(classes="dialog-line"):
                yield Label("Description", classes="dialog-label")
                yield OrderedInput(self.description_text, id="save-description", compact=True)
            if store.can_share():
                with Horizontal(classes="dialog-line"):
                    yield Label("Save to", classes="dialog-label")
                    yield Select([("my presets", "user"), ("shared presets (group)", "shared")],
                                 value="user", allow_blank=False, compact=True, id="save-where")
            yield Label("Existing presets (Enter on one takes its name):", classes="dialog-hint")
            yield _PresetTable(id="save-table", cursor_type="row", zebra_stripes=True)
            yield Static("", classes="dialog-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (Ctrl+S)", variant="primary", id="save")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        listed, _ = store.listing()
        mine = [item for item in listed if item.preset.ruleset == self.ruleset]
        self.listed = self.query_one(_PresetTable).fill(mine, self.ruleset, _table_width(self))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if 0 <= event.cursor_row < len(self.listed):
            item = self.listed[event.cursor_row]
            self.query_one("#save-name", Input).value = item.preset.name
            self.query_one("#save-description", Input).value = item.preset.description
            if item.location.kind == "shared" and store.can_share():
                self.query_one("#save-where", Select).value = "shared"
            self.query_one("#save-name", Input).focus()

    def action_save(self) -> None:
        """Check the name and dismiss with the request."""
        name = self.query_one("#save-name", Input).value.strip()
        description = self.query_one("#save-description", Input).value.strip()
        where = "user"
        if store.can_share():
            where = str(self.query_one("#save-where", Select).value)
        message = self.query_one(".dialog-message", Static)
        if not name:
            message.update("✗ a preset needs a name")
            self.query_one("#save-name", Input).focus()
            return
        try:
            store.file_for(name, where)
        except PresetError as error:
            message.update(f"✗ {error}")
            return
        self.finish(SaveRequest(name, description, where))
