"""The Save dialog: a name, a description, what to keep, and where.

What to keep is the preset's kind. A character is the default: the round inputs and the
attacker's side stay out of it, so loading it later brings back no stale counter and no old
attack. Keeping the fight is an explicit choice, and so is saving only the attacker's side
("orc archer, 8 dice"), which gets a name of its own rather than the character's.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from worksheet.presets import PresetError
from worksheet.ui import store
from worksheet.ui.screens.dialog import SaveDialog
from worksheet.ui.screens.preset_table import PresetTable, table_width
from worksheet.ui.widgets.ordered_input import OrderedInput

KEEP = (("the character, not the fight", "character"),
        ("the character and the fight", "fight"),
        ("only the attacker's side", "attacker"))
"""The Keep choices: what a preset of each kind holds, as the dialog offers them."""


@dataclass(frozen=True)
class SaveRequest:
    """What the save dialog asks for."""

    name: str
    description: str
    where: str
    """``user`` or ``shared``."""
    kind: str = "character"
    """``character``, ``fight`` or ``attacker``: what the preset keeps."""


class SavePreset(SaveDialog[SaveRequest | None]):
    """Ask for a name, description, what to keep and the folder; dismisses with a
    :class:`SaveRequest`.

    Args:
        ruleset: the ruleset of the tab being saved.
        name: the name to suggest (the loaded preset's).
        description: the description to suggest.
        kind: what to keep, preselected (``character`` unless the caller knows better).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Save")]
    AUTO_FOCUS = "#save-name"

    def __init__(self, ruleset: str, name: str = "", description: str = "",
                 kind: str = "character"):
        super().__init__()
        self.ruleset = ruleset
        """The ruleset being saved."""
        self.name_text = name
        self.description_text = description
        self.kind = kind if kind in dict((v, k) for k, v in KEEP) else "character"
        self.listed: list = []
        self._character_text = (name, description)
        """The suggested name and description: an attacker gets its own, and switching back
        to the character brings these back."""

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
            with Horizontal(classes="dialog-line"):
                yield Label("Keep", classes="dialog-label")
                yield Select(KEEP, value=self.kind, allow_blank=False, compact=True,
                             id="save-kind")
            if store.can_share():
                with Horizontal(classes="dialog-line"):
                    yield Label("Save to", classes="dialog-label")
                    yield Select([("my presets", "user"), ("shared presets (group)", "shared")],
                                 value="user", allow_blank=False, compact=True, id="save-where")
            yield Label("Existing presets (Enter on one takes its name):", classes="dialog-hint")
            yield PresetTable(id="save-table", cursor_type="row", zebra_stripes=True)
            yield Static("", classes="dialog-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (Ctrl+S)", variant="primary", id="save")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        listed, _ = store.listing()
        mine = [item for item in listed if item.preset.ruleset == self.ruleset]
        mine.sort(key=lambda item: item.preset.name.lower())
        self.listed = self.query_one(PresetTable).fill(mine, table_width(self))

    def on_select_changed(self, event: Select.Changed) -> None:
        """Switching to the attacker's side clears the character's name (an attacker saved
        under it would replace the character's file); switching back brings it back."""
        if event.select.id != "save-kind" or event.value == self.kind:
            return
        before, self.kind = self.kind, str(event.value)
        name = self.query_one("#save-name", Input)
        description = self.query_one("#save-description", Input)
        if self.kind == "attacker" and (name.value, description.value) == self._character_text:
            name.value, description.value = "", ""
            name.placeholder = "e.g. Orc archer, 8 dice"
        elif before == "attacker" and not name.value:
            name.value, description.value = self._character_text
            name.placeholder = "e.g. Rogue in brigandine"

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if 0 <= event.cursor_row < len(self.listed):
            item = self.listed[event.cursor_row]
            self.query_one("#save-name", Input).value = item.preset.name
            self.query_one("#save-description", Input).value = item.preset.description
            if item.preset.kind is not None:
                self.query_one("#save-kind", Select).value = item.preset.kind
            if item.location.kind == "shared" and store.can_share():
                self.query_one("#save-where", Select).value = "shared"
            self.query_one("#save-name", Input).focus()

    def action_save(self) -> None:
        """Check the name and dismiss with the request."""
        name = self.query_one("#save-name", Input).value.strip()
        description = self.query_one("#save-description", Input).value.strip()
        kind = str(self.query_one("#save-kind", Select).value)
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
        self.finish(SaveRequest(name, description, where, kind))
