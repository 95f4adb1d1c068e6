"""The import dialog: a character from a paste or a file, previewed, applied on Enter.

A player pastes what the game printed (the terminal's bracketed paste arrives whole, however
many lines) or types a file's path and presses Enter: the dialog reads it with
:mod:`worksheet.importers` and shows every input it fills, old → new, where each came from and
what was left. Enter again applies them (the caller makes it one undo step); Esc closes without
changing anything. A refused source shows its one line here, and nothing is applied.
"""

from __future__ import annotations

import os
from typing import Any, Mapping
from urllib.parse import unquote

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from worksheet.engine.quote import clip
from worksheet.importers import ImportRefused, Imported, read_import
from worksheet.importers.reading import read_source
from worksheet.ui.screens.dialog import Body, SaveDialog
from worksheet.ui.widgets.ordered_input import OrderedInput

WHAT = {"gemstone4": "Paste the game's INFO, SKILLS and ARMOR LIST output, or type the path "
                     "of a file holding it",
        "shadowrun4": "Type the path of a Chummer 4 save (.chum), or paste its text",
        "exalted2e": "Type the path of an Anathema character (.ecg), or paste its text"}
"""What each ruleset's import reads, as the dialog asks for it."""

PASTE_ORIGIN = "the paste"


class SourceInput(OrderedInput):
    """The path field; a paste of more than one line is the source itself, not a path."""

    class Pasted(Message):
        """A block of text was pasted into the field."""

        def __init__(self, text: str):
            super().__init__()
            self.text = text

    def on_paste(self, event: events.Paste) -> None:
        text = event.text.strip("\r\n")
        # A terminal may send the lines of a paste apart with CR (tmux does): any break counts.
        if len(text.splitlines()) > 1 or text.lstrip().startswith("<"):
            event.prevent_default()
            event.stop()
            self.post_message(self.Pasted(event.text))


class ImportCharacter(SaveDialog["Imported | None"]):
    """Read a character for ``ruleset`` and preview it over ``current``; dismisses with the
    :class:`~worksheet.importers.Imported` to apply, or ``None``.

    Args:
        ruleset: the tab's ruleset.
        current: the tab's inputs now, as their fields show them (the preview's "old").
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel"),
                Binding("pagedown", "scroll_preview(1)", "More", show=False),
                Binding("pageup", "scroll_preview(-1)", "Back", show=False)]
    AUTO_FOCUS = "#import-source"

    def __init__(self, ruleset: Any, current: Mapping[str, str]):
        super().__init__()
        self.ruleset = ruleset
        self.current = dict(current)
        self.imported: Imported | None = None
        """What the preview shows (``None``: nothing read yet, or refused)."""
        self._read_from: str | None = None
        """The field's text the preview was read from (``""``: a paste)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -import"):
            yield Label(f"Import a character — {self.ruleset.title}", classes="dialog-title",
                        markup=False)
            yield Static(f"{WHAT[self.ruleset.id]}. Enter shows what it fills; Enter again "
                         "applies it (Ctrl+Z undoes); PgDn scrolls; Esc cancels.",
                         classes="dialog-hint", markup=False)
            with Horizontal(classes="dialog-line"):
                yield Label("File", classes="dialog-label")
                yield SourceInput(id="import-source", compact=True,
                                  placeholder="a path, or paste here")
            with Body(classes="dialog-body", id="import-preview-body"):
                yield Static("", id="import-preview", markup=False)
            yield Static("", classes="dialog-message", id="import-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Apply (Enter)", variant="primary", id="save")
                yield Button("Cancel (Esc)", id="cancel")

    def on_source_input_pasted(self, event: SourceInput.Pasted) -> None:
        event.stop()
        self.query_one("#import-source", Input).value = ""
        self._read(lambda: (event.text.encode("utf-8-sig"), PASTE_ORIGIN), "")

    def action_save(self) -> None:
        """Enter: read the path typed (a new one), else apply what the preview shows."""
        text = self.query_one("#import-source", Input).value.strip()
        if text and (text != self._read_from or self.imported is None):
            self._read(lambda: read_source(path_of(text)), text)  # new, or refused: again
        elif self.imported is not None:
            self.finish(self.imported)
        elif self._read_from is None:  # a refused paste keeps its message
            self._say("✗ type a file's path or paste the text first")

    def _read(self, source, read_from: str) -> None:
        self.imported, self._read_from = None, read_from
        try:
            data, origin = source()
            imported = read_import(self.ruleset.id, data, origin)
        except ImportRefused as refused:
            self.query_one("#import-preview", Static).update("")
            self._say(f"✗ {refused}")
            return
        self.imported = imported
        self.query_one("#import-preview", Static).update(preview(self.ruleset, imported,
                                                                 self.current))
        self._say("Enter applies these values (one undo step); Esc leaves the tab as it is"
                  if imported.inputs else "✗ nothing to fill: " + "; ".join(imported.warnings))

    def action_scroll_preview(self, pages: int) -> None:
        """PgDn/PgUp: the preview's next or previous page (it scrolls; the field keeps focus)."""
        body = self.query_one("#import-preview-body", Body)
        if pages > 0:
            body.scroll_page_down(animate=False)
        else:
            body.scroll_page_up(animate=False)

    def _say(self, text: str) -> None:
        self.query_one("#import-message", Static).update(clip(text, 600))


def path_of(text: str) -> str:
    """The path in what the field holds: a file dropped on a terminal arrives quoted, or as a
    ``file://`` address; ``~`` is the home folder."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    if text.startswith("file://"):
        text = unquote(text[len("file://"):])
    return os.path.expanduser(text)


def preview(ruleset: Any, imported: Imported, current: Mapping[str, str]) -> str:
    """Every filled input, ``label  old → new  (where)``, then the warnings and what was
    left."""
    specs = ruleset.inputs
    rows = [(specs[name].title, current.get(name, ""), specs[name].to_text(value),
             imported.where[name]) for name, value in imported.inputs.items()]
    width = max((len(row[0]) for row in rows), default=0)
    lines = [f"{label:<{width}}  {old} → {new}   {where}" for label, old, new, where in rows]
    lines += [f"Check: {warning}" for warning in imported.warnings]  # before the long list
    if imported.left:
        lines.append("Left for you: " + ", ".join(specs[name].title for name in imported.left))
    return "\n".join(lines)
