"""The Open dialog: find a preset by typing, see what it is before loading it.

The player's own presets come first, then the group's, then the bundled examples; the most
recently changed first among the player's and the group's (the preset a player wants mid-fight
is usually one they saved a moment ago), the current tab's first among the examples. Typing filters the list by name and description (every word typed must
appear); ↑/↓, PageUp/PageDown, Home/End move in the list while the cursor stays in the filter,
and Enter opens the highlighted preset. The line under the list says the highlighted preset's
ruleset, kind, where it lives and its description, so nothing is loaded blind.

A file the listing refused (a shared folder is anyone's) is named as refused with why; names,
descriptions and paths are shown as plain text, escaped and cut short.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Input, Label, Static

from worksheet.engine.quote import clip, printable, quote
from worksheet.presets import Preset, PresetError, location_of, read_preset
from worksheet.ui import store
from worksheet.ui.screens.dialog import Dialog
from worksheet.ui.screens.preset_table import PresetTable, short, table_width, told
from worksheet.ui.widgets.ordered_input import OrderedInput

PLACES = ("user", "shared", "bundled")
"""The order of the list: the player's own, the group's, the bundled examples."""

KIND_WORDS = {"character": "character: keeps the round and the attack",
              "attacker": "attacker: changes only the attacker's side",
              "fight": "character and fight: replaces every input",
              None: "every input (older preset): replaces them all"}
"""What each kind of preset is, and what loading it does, as the detail line says it."""


def ordered(listed: list, ruleset: str | None = None) -> list:
    """Own presets first, then the group's, then the bundled ones; the most recently modified
    first within the first two, then by name. The bundled examples all came with the program
    (their times say nothing): the current tab's ruleset's first, then by ruleset and name."""
    def key(item):
        kind = item.location.kind
        place = PLACES.index(kind) if kind in PLACES else len(PLACES)
        if kind == "bundled":
            return place, 0.0, item.preset.ruleset != ruleset, item.preset.ruleset, \
                item.preset.name.casefold()
        return place, -item.modified, False, "", item.preset.name.casefold()

    return sorted(listed, key=key)


def matches(item, words: list[str]) -> bool:
    """True when every word (case-folded) is in the preset's name or description."""
    text = f"{item.preset.name} {item.preset.description}".casefold()
    return all(word in text for word in words)


class FilterField(OrderedInput):
    """The filter: what is typed narrows the list; the list's keys move in the list."""

    LIST_KEYS = {"up": "cursor_up", "down": "cursor_down", "pageup": "page_up",
                 "pagedown": "page_down", "home": "first", "end": "last"}

    async def handle_key_first(self, event: events.Key) -> bool:
        """Move in the list for ↑/↓, PageUp/PageDown, Home/End, in the order typed."""
        action = self.LIST_KEYS.get(event.key)
        if action is None:
            return await super().handle_key_first(event)
        event.stop()
        event.prevent_default()
        table = self.screen.query_one(PresetTable)
        await table.run_action(action)
        return True


class OpenPreset(Dialog[Preset | None]):
    """Pick a preset to load; dismisses with it, or ``None``.

    Args:
        ruleset: the current tab's ruleset (its bundled examples come first among those).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#preset-filter"

    def __init__(self, ruleset: str | None):
        super().__init__()
        self.ruleset = ruleset
        """The current tab's ruleset."""
        self.everything: list = []
        """Every preset listed, in the dialog's order."""
        self.listed: list = []
        """The presets shown (those the filter lets through), in table order."""
        self._words: list[str] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide"):
            yield Label("Open preset", classes="dialog-title")
            with Horizontal(classes="dialog-line"):
                yield Label("Find", classes="dialog-label")
                yield FilterField(placeholder="type part of a name or description · ↑↓ Home End move",
                                  id="preset-filter", compact=True)
            # Not a Tab stop: the filter field moves in it, and Tab goes on to the file field.
            table = PresetTable(id="preset-table", cursor_type="row", zebra_stripes=True)
            table.can_focus = False
            yield table
            yield Static("", id="preset-where", classes="dialog-hint", markup=False)
            with Horizontal(classes="dialog-line"):
                yield Label("or a file:", classes="dialog-label")
                yield OrderedInput(placeholder="path/to/preset.toml", id="preset-path",
                                   compact=True)
            yield Static("", classes="dialog-message", markup=False)
            yield Static("Enter opens · Tab to the file field · Esc cancels · type to filter",
                         classes="dialog-hint")

    def on_mount(self) -> None:
        listed, problems = store.listing()
        self.everything = ordered(listed, self.ruleset)
        self._show("")
        if problems:  # the first in a few lines; ``worksheet presets check`` lists them all
            more = f" ({len(problems) - 1} more: worksheet presets check)" \
                if len(problems) > 1 else ""
            self._tell(f"✗ not listed{more}: {told(problems[0])}")
        if not self.everything:
            self.query_one("#preset-where", Static).update("No presets found.")
            self.screen.set_focus(self.query_one("#preset-path", Input))

    def _show(self, text: str) -> None:
        """List the presets the filter ``text`` lets through, the first highlighted."""
        words = text.casefold().split()
        if words == self._words and self.listed:
            return  # the same filter (the field's first change event, a space typed)
        self._words = words
        shown = [item for item in self.everything if matches(item, words)]
        self.listed = self.query_one(PresetTable).fill(shown, table_width(self))
        if self.listed:
            self._where(0)
        elif self.everything:
            self.query_one("#preset-where", Static).update(
                f"No preset matches {quote(text, 40)}; Backspace widens the search.")

    def _tell(self, text: str) -> None:
        """Show a message under the file field; the list of presets gives way to it, so that
        at 24 rows the whole message shows (the list scrolls)."""
        self.query_one(".dialog-message", Static).update(text)
        self.query_one(PresetTable).set_class(bool(text), "-beside-message")

    def _where(self, row: int) -> None:
        """Say what the highlighted preset is: ruleset, kind, where, file, description."""
        if 0 <= row < len(self.listed):
            item = self.listed[row]
            preset = item.preset
            width = table_width(self)
            place = f"{item.location.kind}: "
            name = printable(Path(str(preset.path)).name)
            if len(place) + len(name) > width:  # a planted name: its end says what it is
                name = "…" + name[len(place) + len(name) - width + 1:]
            lines = [place + name, f"{preset.ruleset} · "
                     f"{KIND_WORDS.get(preset.kind, KIND_WORDS[None])}"]
            if preset.description:
                lines.append(short(printable(preset.description), width))
            self.query_one("#preset-where", Static).update("\n".join(lines))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._where(event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self._open_row(event.cursor_row)

    def _open_row(self, row: int) -> None:
        if 0 <= row < len(self.listed):
            self.finish(self.listed[row].preset)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "preset-filter":
            event.stop()
            self._show(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "preset-filter":
            self._open_row(self.query_one(PresetTable).cursor_row)
            return
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
