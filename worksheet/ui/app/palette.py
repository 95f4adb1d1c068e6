"""The command palette's commands (Ctrl+P): every action a key can do, by name.

A player who forgets a key finds the action by typing a word of it. The record-list commands
act on the focused record list, or on the tab's first one when focus is elsewhere, so they work
from anywhere on a tab with a list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from textual.actions import parse
from textual.app import SystemCommand
from textual.binding import Binding

from worksheet import rulesets
from worksheet.ui.controllers.host import Host
from worksheet.ui.keys import palette_entries
from worksheet.ui.widgets.kinds import kind_of

if TYPE_CHECKING:
    from worksheet.ui.widgets.records import RecordTable


def _record_table(app: Host) -> "RecordTable | None":
    """The record table a record command acts on: the focused one, else the tab's first."""
    from worksheet.ui.widgets.records import RecordTable

    focused = app.screen_stack[0].focused
    if isinstance(focused, RecordTable):
        return focused
    form = app.form()
    if form is None:
        return None
    tables = form.query(RecordTable)
    return tables.first() if tables else None


def _has_records(app: Host) -> bool:
    """True when the active tab has a record list (built yet or not)."""
    form = app.form()
    return form is not None and any(kind_of(spec).record_list
                                    for spec in form.ruleset.inputs.values())


def _on_records(app: Host, act: Callable[["RecordTable"], Any]) -> Callable[[], Any]:
    def run(tries: int = 10) -> Any:
        table = _record_table(app)
        if table is None or not table.is_mounted:
            form = app.form()
            if tries and form is not None:  # below the first screen: built, then mounted
                form.build_all()  # (a refresh or more later on a busy machine)
                app.call_after_refresh(run, tries - 1)
            return None
        table.focus()
        table.scroll_visible(animate=False)
        return act(table)  # a coroutine (the table's add and edit): the palette awaits it

    return run


def _call(target: Any, action: str) -> Any:
    """Run a binding's action on ``target`` as its key would (a coroutine is returned for the
    palette to await)."""
    _, name, parameters = parse(action)
    return getattr(target, f"action_{name}")(*parameters)


def commands(app: Host, bindings: Iterable[Binding],
             fight: Iterable[SystemCommand]) -> Iterable[SystemCommand]:
    """The app's own commands, after Textual's (theme, screenshot, quit…): every binding that
    names a command (``keys.Key.command``), with its help and keys, plus the tab's own.

    Args:
        app: the app, whose ``action_*`` methods run the bindings' actions.
        bindings: the app's bindings.
        fight: the fight loop's commands for the active tab (``FightController.commands``).
    """
    from worksheet.ui.form.sheet_form import SheetForm
    from worksheet.ui.widgets.records import RecordTable

    for title, text, action in palette_entries(bindings):
        yield SystemCommand(title, text, lambda action=action: _call(app, action))
    for number, rid in enumerate(app.ruleset_ids, 1):
        yield SystemCommand(f"Go to {rulesets.title(rid)}", f"Alt+{number}",
                            lambda rid=rid: app.show_tab(rid))
    yield from fight
    form = app.form()
    if form is not None:
        for title, text, action in palette_entries(SheetForm.BINDINGS):
            yield SystemCommand(title, text, lambda action=action: _call(form, action))
    if _has_records(app):
        for title, text, action in palette_entries(RecordTable.BINDINGS):
            yield SystemCommand(title, text, _on_records(
                app, lambda table, action=action: _call(table, action)))
    yield SystemCommand("Toggle cursor blink", "Blinking text cursors on or off",
                        lambda: toggle_cursor_blink(app))


def toggle_cursor_blink(app: Any) -> None:
    """Turn blinking text cursors on or off (the app's ``cursor_blink`` and every field's)."""
    from textual.widgets import Input

    app.cursor_blink = not app.cursor_blink
    for editor in app.query(Input):
        editor.cursor_blink = app.cursor_blink
