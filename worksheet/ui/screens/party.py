"""The party screen: every character of the group folder against the attack on the sheet.

A gamemaster asks *who is most at risk from this attack, and what should each of them do?*
The attacker's inputs sit at the top, editable; below, one row per character (its headline
values, each option's chance to be hit as a bar on one scale, the best option), the most
endangered first, as ``worksheet party`` prints them (:mod:`worksheet.formats.party`). Enter
on a row opens that preset on its tab.

Nothing here blocks a keystroke: the folder is looked at every :data:`POLL_SECONDS` and the
attack applied on a worker thread (:class:`~worksheet.presets.party.LiveParty` reads only the
files that changed and re-derives each sheet from the edited input only); the screen takes
the finished lines. A folder of 10,000 files shows its first rows and says how many it skipped.
"""

from __future__ import annotations

import threading
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from worksheet.engine import Ruleset
from worksheet.formats.party import Party, danger_key, file_shown, row_lines
from worksheet.presets.kinds import ATTACKER
from worksheet.presets.locations import Location
from worksheet.presets.party import LiveParty
from worksheet.ui.speaker import Speaker
from worksheet.ui.widgets.key_bar import KeyBar

POLL_SECONDS = 2.0
"""How often the folder's listing is looked at (a quiet folder costs one directory scan)."""
WIDTH = 76
LABEL = 17
"""The widest attack label shown (the field gets the rest of its half of the line)."""
"""A row's width: 80 columns less the list's padding and scroll bar."""


def attack_inputs(ruleset: Ruleset) -> tuple[str, ...]:
    """The attacker's side of the ruleset: the inputs at the top of the screen."""
    return tuple(name for name in ATTACKER.get(ruleset.id, ()) if name in ruleset.inputs)


def field_id(name: str) -> str:
    """The widget id of an attack field: ``attacker_as`` → ``party-attacker-as``."""
    return "party-" + name.replace("_", "-")


def drawn(party: Party, speaker: Speaker) -> tuple[list[tuple[str | None, str]], str]:
    """The rows as the list shows them — ``(file, text)``, the most endangered first, then
    the refused files (``None``: not openable) — and the status line. Problems are worded
    with the form's labels (``speaker``)."""
    rows: list[tuple[str | None, str]] = [
        (row.file, "\n".join(row_lines(row, WIDTH, speaker.error)))
        for row in sorted(party.rows, key=danger_key)]
    rows += [(None, f"refused: {file_shown(file)}: {message}"[:3 * WIDTH])
             for file, message in party.refused]
    if not rows:
        rows.append((None, f"No {party.ruleset.title} character in this folder yet: a player "
                     "publishes one with Ctrl+S (to the group folder)."))
    count = len(party.rows)
    status = [f"{count} character{'s' if count != 1 else ''}"]
    if party.refused:
        status.append(f"{len(party.refused)} refused")
    if party.pending:
        status.append(f"{party.pending} still to read")
    if party.skipped:
        status.append(f"{party.skipped} more files skipped")
    if party.truncated:
        status.append("the folder is too large to list whole")
    return rows, " · ".join(status)


class PartyScreen(Screen[Path | None]):
    """The party of one ruleset; dismisses with the file chosen (Enter) or ``None`` (Esc).

    Args:
        ruleset: the tab's ruleset.
        location: the folder (the group folder, else the player's own).
        attack: the attack fields' first texts (the sheet's attacker's side).
    """

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("ctrl+n", "focus_rows", "Rows"),
    ]
    DEFAULT_CSS = """
    PartyScreen { layout: vertical; }
    PartyScreen #party-title { height: 1; padding: 0 1; text-style: bold; }
    PartyScreen #party-attack { grid-size: 2; grid-gutter: 0 2; grid-rows: 1; height: auto;
                                padding: 0 1; margin-bottom: 1; }
    PartyScreen .party-cell { height: 1; }
    PartyScreen .party-label { width: 18; height: 1; }
    PartyScreen .party-field { height: 1; width: 1fr; }
    PartyScreen #party-rows { height: 1fr; border: none; padding: 0; }
    PartyScreen #party-status { height: 1; padding: 0 1; }
    """

    def __init__(self, ruleset: Ruleset, location: Location, attack: dict[str, str]):
        super().__init__(id="party")
        self.ruleset = ruleset
        self.location = location
        self.live = LiveParty(location, ruleset)
        """The characters and their sheets (touched on worker threads only)."""
        self.names = attack_inputs(ruleset)
        self.speaker = Speaker(ruleset)
        """Problems in the form's words (labels, not identifiers)."""
        self._texts = {name: attack.get(name, "") for name in self.names}
        """The attack as typed: the latest, read by each worker when it runs."""
        self._rows: list[tuple[str | None, str]] = []
        """The lines shown, to redraw only when they change."""
        self._files: list[str | None] = []
        """The file of each option of the list (``None``: a refused file)."""
        self._drawn = 0
        self._sequence = 0
        self._counter = threading.Lock()
        self._polling = False

    def compose(self) -> ComposeResult:
        title = f"Party — {self.ruleset.title} — {self.location.kind}: {self.location.path}"
        yield Static(Content(title), id="party-title")
        with Grid(id="party-attack"):
            for name in self.names:
                spec = self.ruleset.inputs[name]
                with Horizontal(classes="party-cell"):
                    yield Label(Content(spec.title[:LABEL]), classes="party-label")
                    yield Input(self._texts[name], placeholder="each their own",
                                id=field_id(name), classes="party-field", compact=True)
        yield OptionList(id="party-rows")
        yield Static(Content("reading the folder…"), id="party-status")
        yield KeyBar(id="party-keys")

    def on_mount(self) -> None:
        optional = [name for name in self.names if self.ruleset.inputs[name].optional]
        for name in (optional or list(self.names))[:1]:  # the attack's pool first
            self.query_one("#" + field_id(name), Input).focus()
        self._start(poll=True)
        self.set_interval(POLL_SECONDS, self._poll)

    # -- work on a thread ---------------------------------------------------------------------
    def _poll(self) -> None:
        if not self._polling:  # one look at a time; a slow folder never piles up looks
            self._polling = True
            self._start(poll=True)

    def _start(self, poll: bool) -> None:
        self.run_worker(lambda: self._work(poll), thread=True, group="party",
                        exit_on_error=False)

    def _work(self, poll: bool) -> None:
        """Look at the folder (a poll), apply the latest attack, draw; hand the lines over."""
        try:
            changed = self.live.refresh() if poll else False
            changed = self.live.set_attack(dict(self._texts)) or changed
            if not changed and self._sequence:  # a quiet folder, the same attack: nothing new
                return
            with self._counter:
                self._sequence += 1
                sequence = self._sequence
            rows, status = self.live.view(str(self.location.path),
                                          lambda party: drawn(party, self.speaker))
        finally:
            if poll:
                self._polling = False
        try:
            self.app.call_from_thread(self._show, sequence, rows, status)
        except RuntimeError:  # the app ended while the rows were drawn
            pass

    def _show(self, sequence: int, rows: list[tuple[str | None, str]], status: str) -> None:
        """Show finished lines (older ones that finish late are dropped)."""
        if sequence <= self._drawn or not self.is_mounted:
            return
        self._drawn = sequence
        self.query_one("#party-status", Static).update(Content(status))
        if rows == self._rows:
            return  # the same lines: nothing to redraw
        listing = self.query_one("#party-rows", OptionList)
        if [file for file, _ in rows] == self._files and None not in self._files:
            # the same rows in the same order (an edit of the attack, mostly): new prompts only
            for index, ((_, text), (_, before)) in enumerate(zip(rows, self._rows)):
                if text != before:
                    listing.replace_option_prompt_at_index(index, Content(text))
            self._rows = rows
            return
        self._rows = rows
        chosen = listing.highlighted
        keep = self._files[chosen] if chosen is not None and chosen < len(self._files) else None
        self._files = [file for file, _ in rows]
        listing.clear_options()
        listing.add_options([Option(Content(text), disabled=file is None) for file, text in rows])
        if keep in self._files:
            listing.highlighted = self._files.index(keep)

    # -- the player's keys --------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        """An attack field changed: re-derive every row with it (on a thread)."""
        event.stop()
        for name in self.names:
            if event.input.id == field_id(name):
                self._texts = {**self._texts, name: event.value}
                self._start(poll=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_focus_rows()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a row: open that preset on its tab."""
        event.stop()
        file = self._files[event.option_index] if event.option_index < len(self._files) else None
        if file is not None:
            self.dismiss(self.location.path / file)

    def action_focus_rows(self) -> None:
        """Move from the attack to the rows (the first highlighted, ready for Enter)."""
        listing = self.query_one("#party-rows", OptionList)
        if listing.highlighted is None and listing.option_count:
            listing.highlighted = 0
        listing.focus()

    def action_close(self) -> None:
        """Back to the sheet."""
        self.dismiss(None)


def party_location() -> Location:
    """The folder the party screen reads: the group folder when the server names one, else
    the player's own."""
    from worksheet.presets.locations import shared_dir, user_dir

    shared = shared_dir()
    return Location("shared", shared) if shared is not None else Location("user", user_dir())


def attack_of(sheet) -> dict[str, str]:
    """The sheet's attacker's side as the fields' first texts: an input away from its default
    is given to every character; one at its default is left to each preset (empty)."""
    texts = {}
    for name in attack_inputs(sheet.ruleset):
        spec = sheet.ruleset.inputs[name]
        value = sheet.value(name)
        texts[name] = spec.to_text(value) if value is not None and value != spec.default else ""
    return texts
