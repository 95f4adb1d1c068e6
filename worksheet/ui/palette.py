"""The command palette's commands (Ctrl+P): every action a key can do, by name.

A player who forgets a key finds the action by typing a word of it. The record-list commands
act on the focused record list, or on the tab's first one when focus is elsewhere, so they work
from anywhere on a tab with a list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

from textual.app import SystemCommand

from .. import rulesets

if TYPE_CHECKING:
    from .app import WorksheetApp
    from .widgets.records import RecordTable


def _record_table(app: "WorksheetApp") -> "RecordTable | None":
    """The record table a record command acts on: the focused one, else the tab's first."""
    from .widgets.records import RecordTable

    focused = app.screen_stack[0].focused
    if isinstance(focused, RecordTable):
        return focused
    form = app.form()
    if form is None:
        return None
    tables = form.query(RecordTable)
    return tables.first() if tables else None


def _has_records(app: "WorksheetApp") -> bool:
    """True when the active tab has a record list (built yet or not)."""
    from ..engine import RecordsInput

    form = app.form()
    return form is not None and any(isinstance(spec, RecordsInput)
                                    for spec in form.ruleset.inputs.values())


def _on_records(app: "WorksheetApp", act: Callable[["RecordTable"], None]) -> Callable[[], None]:
    def run(again: bool = True) -> None:
        table = _record_table(app)
        if table is None or not table.is_mounted:
            form = app.form()
            if again and form is not None:  # below the first screen: not built yet
                form.build_all()
                app.call_after_refresh(run, False)
            return
        table.focus()
        table.scroll_visible(animate=False)
        act(table)

    return run


def commands(app: "WorksheetApp") -> Iterable[SystemCommand]:
    """The app's own commands, after Textual's (theme, screenshot, quit…)."""
    yield SystemCommand("Save preset", "Save this tab's inputs (Ctrl+S)", app.action_save_preset)
    yield SystemCommand("Open preset", "Load a preset on its tab (Ctrl+O)", app.action_open_preset)
    yield SystemCommand("Undo", "Undo the last change in this tab (Ctrl+Z)", app.action_undo)
    yield SystemCommand("Redo", "Redo in this tab (Ctrl+Y)", app.action_redo)
    yield SystemCommand("Reset tab", "Put this tab back to its defaults (Ctrl+R)",
                        app.action_reset_tab)
    yield SystemCommand("Next tab", "Ctrl+PageDown or F8", app.action_next_tab)
    yield SystemCommand("Previous tab", "Ctrl+PageUp or F7", app.action_previous_tab)
    for number, rid in enumerate(app.ruleset_ids, 1):
        yield SystemCommand(f"Go to {rulesets.title(rid)}", f"Alt+{number}",
                            lambda rid=rid: app.show_tab(rid))
    yield from app.fight_commands()
    form = app.form()
    if form is not None:
        yield SystemCommand("Odds", "Go to the Odds step: the attacker's inputs (Ctrl+G)",
                            form.action_odds)
    yield SystemCommand("Next field", "The next field or value (Tab)", app.action_focus_next)
    yield SystemCommand("Previous field", "The previous field or value (Shift+Tab)",
                        app.action_focus_previous)
    yield SystemCommand("Next input", "Skip to the next input, past the values (Ctrl+↓)",
                        lambda: app.action_jump_input(1))
    yield SystemCommand("Previous input", "Back to the previous input (Ctrl+↑)",
                        lambda: app.action_jump_input(-1))
    if _has_records(app):
        yield SystemCommand("Add record", "Record list: add a record after the cursor (a)",
                            _on_records(app, lambda table: table.action_add()))
        yield SystemCommand("Edit record", "Record list: edit the record under the cursor (e)",
                            _on_records(app, lambda table: table.action_edit()))
        yield SystemCommand("Delete record", "Record list: delete the record under the cursor "
                            "(d)", _on_records(app, lambda table: table.action_delete()))
        yield SystemCommand("Move record up", "Record list: move the record up (Shift+↑ or [)",
                            _on_records(app, lambda table: table.action_move(-1)))
        yield SystemCommand("Move record down", "Record list: move the record down (Shift+↓ "
                            "or ])", _on_records(app, lambda table: table.action_move(1)))
    yield SystemCommand("Toggle rule panel", "Show or hide the rule panel (F2)",
                        app.action_toggle_panel)
    yield SystemCommand("Explain", "The focused row's full rule and source (F3)",
                        app.action_explain)
    yield SystemCommand("Toggle cursor blink", "Blinking text cursors on or off",
                        app.action_toggle_blink)
    yield SystemCommand("Help", "Every key binding (F1)", app.action_help)
