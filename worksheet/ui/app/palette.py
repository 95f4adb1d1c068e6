"""The command palette's commands (Ctrl+P): one registry, :data:`PALETTE`, that the palette reads.

A player who forgets a key finds the action by typing a word of it. Each command is declared
once — a binding with a ``command`` name (``keys.Key``), or a ``commands.Command`` — with its name,
help, keys and action; the registry lists them in the palette's order, each with what runs its
action and when it is offered. The help screen and docs/keys.md's key table read the same
bindings (``keys.help_rows``), the key bar Textual's. A new command is one more entry here
(docs/architecture.md: "Add a screen (or a command) to the palette").

The record-list commands act on the focused record list, or on the tab's first one when focus
is elsewhere, so they work from anywhere on a tab with a list.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Union

from textual.app import SystemCommand

from worksheet import rulesets
from worksheet.ui.controllers import fight
from worksheet.ui.controllers.importing import offered
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.commands import Command, key_commands
from worksheet.ui.terminal.deadline import poll_until
from worksheet.ui.widgets.kinds import kind_of
from worksheet.ui.widgets.record_keys import RECORD_KEYS
from worksheet.ui.widgets.record_list import RecordList

Entry = Union[Command, Callable[[Any], Iterable[Command]]]
"""A command, or a function of the app giving the commands of the moment (the tab's)."""

RECORD_REFRESHES = 10
"""Refreshes a record command waits at most for a list below the rows built so far."""


class Palette:
    """The palette's commands, in the order it offers them (after Textual's own).

    Args:
        entries: the commands (:data:`Entry`), in order.
    """

    def __init__(self, *entries: Entry):
        self._entries = list(entries)

    def add(self, entry: Entry) -> Entry:
        """Offer ``entry`` too, after the others (a test adds one and removes it after)."""
        self._entries.append(entry)
        return entry

    def remove(self, entry: Entry) -> None:
        """Offer ``entry`` no longer."""
        self._entries.remove(entry)

    def commands(self, app: Any) -> list[Command]:
        """The commands offered now, on the app's active tab."""
        found = []
        for entry in self._entries:
            for command in (entry,) if isinstance(entry, Command) else entry(app):
                if command.when(app):
                    found.append(command)
        return found

    def system_commands(self, app: Any) -> Iterator[SystemCommand]:
        """The commands offered now as Textual's palette takes them."""
        for command in self.commands(app):
            yield SystemCommand(command.title, command.description,
                                lambda command=command: command.run(app))


def _app_keys(app: Any) -> list[Command]:
    """The app's keys that name a command (the fight loop's copy keys and F12 among them)."""
    return key_commands(app.BINDINGS)


def _go_to_tabs(app: Any) -> Iterator[Command]:
    """"Go to" each tab, by its ruleset's title (Alt+1 …)."""
    for number, rid in enumerate(app.ruleset_ids, 1):
        yield Command(f"Go to {rulesets.title(rid)}", "", f"show_tab({number})",
                      f"Alt+{number}")


def _on_form(app: Any, act: Callable[[Any], Any]) -> Any:
    """The active tab's form runs the action."""
    form = app.form()
    return act(form) if form is not None else None


def _has_form(app: Any) -> bool:
    return app.form() is not None


def _has_records(app: Any) -> bool:
    """True when the active tab has a record list (built yet or not)."""
    form = app.form()
    return form is not None and any(kind_of(spec).record_list
                                    for spec in form.ruleset.inputs.values())


def _record_list(app: Any) -> RecordList | None:
    """The record list a record command acts on: the focused one, else the tab's first."""
    focused = app.screen_stack[0].focused
    mine = [node for node in focused.ancestors if isinstance(node, RecordList)] if focused \
        else []
    if mine:
        return mine[0]
    form = app.form()
    lists = form.query(RecordList) if form is not None else None
    return lists.first() if lists else None


def _on_records(app: Any, act: Callable[[Any], Any]) -> Any:
    """The record table runs the action, focused and in view; a list below the rows built so far
    is built first, one drawn as lines gets its table as it is found (``record_list``), and the
    table acts once mounted (a refresh or more later on a busy machine)."""
    def ready(records: RecordList | None) -> bool:
        return records is not None and records.is_mounted and records.table.is_mounted

    def on_table() -> Any:
        table = _record_list(app).table
        table.focus()
        table.scroll_visible(animate=False)
        return act(table)  # a coroutine (the table's add and edit): awaited by the caller

    records = _record_list(app)
    if ready(records):
        return on_table()
    form = app.form()
    if form is not None:
        if records is None or not records.is_mounted:
            form.build_all()
        poll_until(app, lambda: ready(_record_list(app)), on_table, refreshes=RECORD_REFRESHES)
    return None


PALETTE = Palette(
    _app_keys,
    _go_to_tabs,
    fight.commands,
    *key_commands(SheetForm.BINDINGS, _on_form, _has_form),
    *key_commands(RECORD_KEYS, _on_records, _has_records),
    Command("Toggle cursor blink", "blinking text cursors on or off", "toggle_cursor_blink"),
    Command("Import character", "fill this tab from the game's output, a Chummer save or an "
            "Anathema character", "import_character", "Ctrl+J", when=offered),
    Command("Pin a preset as the baseline", "compare this tab with a saved preset: every "
            "value shows its difference from it", "pin_preset", when=_has_form),
)
"""Every command of the palette, after Textual's (theme, screenshot, quit…): the app's keys,
the tabs, the tab's fight loop, the form's keys, a record list's keys, and the rest."""
