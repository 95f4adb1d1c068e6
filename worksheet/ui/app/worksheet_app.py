"""The Worksheet app: one tab per ruleset, presets, undo, help and crash recovery.

Only the visible tab's form is built at start; another tab's form is built the first time it is
shown. Every action has a key (see :data:`WorksheetApp.BINDINGS` and the help screen, F1) and a
command in the palette (Ctrl+P); nothing needs a mouse.
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING, Iterable

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual import events
from textual.screen import Screen

from worksheet import rulesets
from worksheet import presets
from worksheet.ui import messages, store
from worksheet.ui.controllers import fight_keys
from worksheet.ui.controllers import variant_keys
from worksheet.ui.controllers.focus import FocusController
from worksheet.ui.keys import ALT_DIGITS, Key, help_rows, key_names
from worksheet.ui.terminal.garbage import PauseCollector, free_removed
from worksheet.ui.app.actions import ControllerActions
from worksheet.ui.app.attached_styles import StyleAttachedWidgetsOnly
from worksheet.ui.app.one_message import OneMessage
from worksheet.ui.terminal.key_gate import KeyGate
from worksheet.ui.controllers.recovery import RecoveryController
from worksheet.ui.terminal.redraw import REDRAW, RedrawScreen
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.form.status_line import StatusLine
from worksheet.ui.screens.sheet_screen import SheetScreen
from worksheet.ui.textual_internals import (HooksWhileRunning, UncaughtExceptionHook,
                                            copy_through_driver)
from worksheet.ui.widgets.frame_hold import frame_hold
from worksheet.ui.widgets.key_bar import KeyBar
from worksheet.ui.widgets.message_line import MessageLine
from worksheet.ui.widgets.tab_bar import TabBar

if TYPE_CHECKING:
    from worksheet.presets import Preset

class WorksheetApp(ControllerActions, OneMessage, RedrawScreen, KeyGate, StyleAttachedWidgetsOnly,
                   UncaughtExceptionHook, HooksWhileRunning, App[None]):
    """The terminal worksheet. What each group of keys does is a controller's, each owning its
    state: ``focus_keys`` and ``recovery``, and made at their first key (``app.actions``)
    ``fight``, ``preset_files``, ``quitting`` and ``variants``.

    Args:
        ruleset: the ruleset id whose tab opens first (default: the first tab, or the preset's).
        preset: a preset to load on its ruleset's tab: a :class:`Preset`, or a name or path.
        cursor_blink: let text cursors blink (default off; ``WORKSHEET_CURSOR_BLINK=1``: on).
    """

    TITLE = "Worksheet"
    AUTO_FOCUS = ".form .-first-field > .input-editor"
    """The first field of the first tab (its first round input; on a tab without one, the
    character's first input) has focus before the first paint (keys typed at once land
    there)."""
    CSS_PATH = ["app.tcss", "../widgets/bars.tcss", "fight_loop.tcss"]  # dialogs.tcss: screens.dialog
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS = [
        # Focus keys move focus before the next key is delivered: over SSH keys arrive in
        # bursts, and type-ahead must land in the field the user moved to (controllers.focus).
        Key("tab", "focus_next", "Next field", show=False, priority=True,
            help="next field or value", command="Next field"),
        Key("shift+tab", "focus_previous", "Previous field", show=False, priority=True,
            help="previous field or value", command="Previous field"),
        Key("ctrl+down", "jump_input(1)", "Next input", show=False, priority=True,
            help="next input, skipping the values", command="Next input"),
        Key("ctrl+up", "jump_input(-1)", "Previous input", show=False, priority=True,
            help="previous input, skipping the values", command="Previous input"),
        *fight_keys.BINDINGS,  # before Save…Redo: at 80 columns the key bar drops from the right
        Key("ctrl+s", "save_preset", "Save", command="Save preset",
            help="save this tab as a preset: the character, not the fight (Keep: with the "
                 "fight, or only the attacker's side)"),
        Key("ctrl+o", "open_preset", "Open", command="Open preset",
            help="open a preset: type to filter, ↑↓ Home End, Enter (a character keeps the "
                 "round and the attack)"),
        Key("ctrl+z", "undo", "Undo", help="undo the last change in this tab", command="Undo"),
        Key("ctrl+y,ctrl+shift+z", "redo", "Redo", help="redo in this tab", command="Redo"),
        # after Redo: at 80 columns Undo and Redo keep their place; wider, Import shows too
        Key("ctrl+j", "import_character", "Import", help="import a character (GemStone, "
            "Shadowrun, Exalted): paste the game's output or a file's path, Enter previews, "
            "Enter applies"),
        Key("ctrl+n", "party", "Party", help="the party: every character of the group folder "
            "against this attack; Enter opens one", command="Party view"),
        *variant_keys.BINDINGS,  # what-if, sweep, baseline: after Redo, left out first at 80 columns
        Key("ctrl+r", "reset_tab", "Reset tab", show=False,
            help="reset this tab to its defaults (undoable)", command="Reset tab"),
        Key("ctrl+pagedown,f8", "next_tab", "Next tab", show=False, priority=True,
            help="next tab", command="Next tab"),
        Key("ctrl+pageup,f7", "previous_tab", "Previous tab", show=False, priority=True,
            help="previous tab", command="Previous tab"),
        *[Key(f"alt+{n},{ALT_DIGITS[n - 1]}", f"show_tab({n})", f"Tab {n}", show=False,
              priority=True, help="go to that tab (Alt+1 is the first)", keys=f"Alt+{n}")
          for n in range(1, len(rulesets.ids()) + 1)],
        Key("f2", "toggle_panel", "Rule panel", show=False,
            help="show or hide the rule panel", command="Toggle rule panel"),
        Key("f3", "explain", "Explain", show=False,
            help="the focused row's full rule and source in a dialog (Enter on a value too)",
            command="Explain"),
        REDRAW,
        Key("f1,question_mark", "help", "Help",
            help="this help (? only outside text fields)", command="Help"),
        Key("ctrl+q", "quit", "Quit", priority=True,
            help="quit (asks when there are unsaved edits)"),
    ]
    """Every key of the app, each with its help (``keys.Key``): the help screen (F1), the
    palette (Ctrl+P) and docs/keys.md's key table are built from these and the other bindings
    of :meth:`key_bindings`."""

    @classmethod
    def key_bindings(cls) -> list[Binding]:
        """Every binding the help lists, in its order: the app's, the tab bar's, the form's
        and a record list's."""
        from worksheet.ui.screens.record_editor import RecordEditor
        from worksheet.ui.widgets.record_keys import RECORD_KEYS

        from worksheet.ui.screens.what_if import WhatIfScreen

        return [*cls.BINDINGS, *TabBar.BINDINGS, *SheetForm.BINDINGS, *RECORD_KEYS,
                *RecordEditor.BINDINGS, *WhatIfScreen.BINDINGS]

    def __init__(self, ruleset: str | None = None, preset: Preset | str | None = None, *,
                 cursor_blink: bool | None = None):
        super().__init__()
        if isinstance(preset, str):
            preset = presets.find_preset(preset, ruleset)
        self.ruleset_ids = rulesets.ids()
        """The tabs, in order."""
        if ruleset is not None and ruleset not in self.ruleset_ids:
            raise KeyError(f"unknown ruleset {ruleset!r}; known: {', '.join(self.ruleset_ids)}")
        self.initial = preset.ruleset if preset is not None else ruleset or self.ruleset_ids[0]
        """The tab shown first."""
        self.presets: dict[str, Preset | None] = {rid: None for rid in self.ruleset_ids}
        """The preset each tab was loaded from or saved as (for the save dialog)."""
        if preset is not None:
            self.presets[preset.ruleset] = preset
        if cursor_blink is None:
            cursor_blink = os.environ.get("WORKSHEET_CURSOR_BLINK", "") not in ("", "0")
        self.cursor_blink = cursor_blink
        """Whether text cursors blink."""
        if "TEXTUAL_ANIMATIONS" not in os.environ:
            # Over SSH a smooth scroll is a dozen full frames (a PageDown wrote 13–34 KB at
            # 80×24, 250 KB at 200×50): every scroll jumps in one frame unless the player
            # asks for animations (TEXTUAL_ANIMATIONS=full).
            self.animation_level = "none"
        self._forms: dict[str, SheetForm] = {}
        self._status_line = StatusLine(id="status")
        self._collector: PauseCollector | None = None
        self.recovery = RecoveryController(self, store.recovery())
        """Unsaved edits kept until a clean quit, offered back at the next start."""
        self.focus_keys = FocusController(self)
        """Tab, Shift+Tab, Ctrl+↓/↑, made safe for bursts of keys."""

    def get_default_screen(self) -> Screen:
        return SheetScreen(id="_default")

    # -- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self.send_changed_cells_only()  # every frame in fewer bytes (redraw, screen_diff)
        self.draw_colours_as_styled()
        # the screen's breakpoint class before the form exists (``SheetScreen.set_breakpoint``)
        self.screen.set_breakpoint(self.size.width, self.HORIZONTAL_BREAKPOINTS)
        yield TabBar([(rid, rulesets.short_title(rid)) for rid in self.ruleset_ids], self.initial,
                     id="tabs")
        yield self._new_form(self.initial)  # the other tabs' forms: when first shown
        with Vertical(id="bottom-lines"):  # the message line; a long message takes both rows
            yield MessageLine(id="message")
            yield self._status_line
        yield KeyBar(id="keys")

    def _new_form(self, rid: str) -> SheetForm:
        preset = self.presets.get(rid)
        form = SheetForm(rulesets.get(rid), preset.inputs if preset else None, id=rid,
                         cursor_blink=self.cursor_blink, editors_later=not self._forms)
        self._forms[rid] = form
        return form

    TAB_ACTIONS = frozenset({"next_tab", "previous_tab", "show_tab", "jump_input"})
    """Actions bound with priority (scroll containers also claim Ctrl+PageUp/PageDown)."""

    SHEET_ACTIONS = frozenset({"undo", "redo", "reset_tab"})
    """Actions that change the sheet: only while it is the screen shown. On the party screen
    Ctrl+Z undid, and Ctrl+R reset, the tab behind it, out of sight."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Tab switching and the sheet's edits are for the sheet, not for the screens and
        dialogs above it."""
        if action in self.TAB_ACTIONS | self.SHEET_ACTIONS and len(self.screen_stack) > 1:
            return False
        if action in fight_keys.ACTIONS:
            return fight_keys.available(self, action, parameters)
        if action in variant_keys.ACTIONS:
            return variant_keys.available(self)
        if action == "import_character":
            from worksheet.ui.controllers.importing import offered

            return offered(self)
        return True

    def on_mount(self) -> None:
        if not self.is_headless:  # a real terminal: long sessions (see ``garbage``)
            self._collector = PauseCollector(asyncio.get_running_loop())
            self.call_after_refresh(self._collector.start)
        self.recovery.watch_hangup()
        self.recovery.offer()
        self._after_show(self.initial)

    def on_unmount(self) -> None:
        """The app's end, however it was run: the collector stops and leaves automatic
        collection as it found it (``garbage``)."""
        if self._collector is not None:
            self._collector.stop()

    def form(self, rid: str | None = None) -> SheetForm | None:
        """The form of a tab (the active one by default), or ``None`` if not built yet."""
        form = self._forms.get(rid or self.active)
        return form if form is not None and form.is_attached else None

    @property
    def active(self) -> str:
        """The active tab's ruleset id."""
        try:
            return self._tab_bar().active
        except (IndexError, NoMatches):
            return self.initial

    def _tab_bar(self) -> TabBar:
        """The tab bar, on the sheet's screen even while a dialog is above it."""
        return self.screen_stack[0].query_one("#tabs", TabBar)

    def ensure_form(self, rid: str) -> SheetForm:
        """The tab's form, built now if it was not yet."""
        form = self.form(rid)
        if form is None:
            form = self._new_form(rid)
            self.screen_stack[0].mount(form, before="#bottom-lines")
            self.recovery.form_built(rid)
        return form

    async def on_tab_bar_changed(self, event: TabBar.Changed) -> None:
        with self.batch_update():  # one frame shows the switch
            hidden = [form for rid, form in self._forms.items() if rid != event.tab_id]
            for form in hidden:
                form.display = False
            # a hidden tab keeps no rows: freed before the next tab's are made (``garbage``)
            await free_removed(self.screen, [form.release_rows() for form in hidden],
                               self._collector)
            if not self._status_line.is_attached:  # the app ended meanwhile (a hang-up)
                return
            shown = self.ensure_form(event.tab_id)
            shown.display = True
            shown.show_rows()
        self.call_after_refresh(self._after_show, event.tab_id)

    def on_sheet_form_built(self, event: SheetForm.Built) -> None:
        if event.form.ruleset.id == self.active:
            self._after_show(self.active)

    def _after_show(self, rid: str) -> None:
        if rid != self.active:  # focusing a hidden tab's field would switch back to it
            return
        form = self.form(rid)
        if form is None or form.screen is not self.screen:  # a dialog is open: leave focus
            return
        browsing = isinstance(self.focused, TabBar)  # Left/Right on the bar: focus stays there
        if browsing:
            self.release_keys()  # focus stays on the bar: the keys held go there
        else:
            form.resume_focus(self.focused)  # the field left there, or its first
        self.refresh_bindings()  # the fight-loop keys follow the tab
        self.update_status()

    # -- tabs ---------------------------------------------------------------------------
    def show_tab(self, rid: str) -> None:
        """Switch to a ruleset's tab (building it if needed)."""
        self._tab_bar().active = rid

    def action_next_tab(self) -> None:
        """Show the next tab (after the last, the first)."""
        self._tab_bar().action_step(1)

    def action_previous_tab(self) -> None:
        """Show the previous tab (before the first, the last)."""
        self._tab_bar().action_step(-1)

    def action_show_tab(self, number: int) -> None:
        """Show tab ``number`` (1-based)."""
        if 1 <= number <= len(self.ruleset_ids):
            self.show_tab(self.ruleset_ids[number - 1])

    def action_explain(self) -> None:
        """Open the focused row's full explanation in a dialog."""
        from worksheet.ui.screens.explain import ExplainScreen

        form = self.form()
        if form is not None and len(self.screen_stack) == 1:
            self.push_screen(ExplainScreen(form.explain_into))

    def action_toggle_panel(self) -> None:
        """Show or hide the rule panel."""
        self.screen.toggle_class("-no-panel")

    # -- edits, undo, status --------------------------------------------------------------
    def on_sheet_form_changed(self, event: SheetForm.Changed) -> None:
        self.update_status()
        self.recovery.edited()
        frame_hold(self).release_soon()  # a keystroke's one frame (``frame_hold``)
        if self.variants_made is not None:  # the step effects, if shown, after this frame
            self.variants_made.changed()

    def action_undo(self) -> None:
        """Undo the last change in this tab."""
        form = self.form()
        if form is not None and not form.undo():
            messages.NOTHING_TO_UNDO.show(self.notify)

    def action_redo(self) -> None:
        """Redo the last undone change in this tab."""
        form = self.form()
        if form is not None and not form.redo():
            messages.NOTHING_TO_REDO.show(self.notify)

    def action_reset_tab(self) -> None:
        """Put this tab back to its defaults (Ctrl+Z undoes it)."""
        form = self.form()
        if form is not None:
            form.reset()
            messages.TAB_RESET.show(self.notify)

    def update_status(self, width: int | None = None) -> None:
        """Show the active tab's status line again (``StatusLine`` repaints only a change)."""
        form = self.form()
        if form is None:
            return
        others = [rulesets.short_title(rid) for rid, other in self._forms.items()
                  if rid != self.active and other.dirty]
        self._status_line.show(form, self.presets.get(self.active), others,
                               width or self.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self.update_status(event.size.width)  # what fits changed (before App's handler)

    # -- help, palette, quit ------------------------------------------------------------
    def action_help(self) -> None:
        """Show this tab's own keys and rules, then every key binding."""
        from worksheet.ui.screens.help import HelpScreen
        from worksheet.ui.screens.tab_help import tab_rows

        if not isinstance(self.screen, HelpScreen):
            form = self.form()
            odds = next(key_names(b) for b in SheetForm.BINDINGS if b.action == "odds")
            tab = (form.ruleset.title, tab_rows(form.ruleset, odds)) if form is not None \
                else None
            self.push_screen(HelpScreen(help_rows(self.key_bindings()), tab))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        from worksheet.ui.app.palette import PALETTE

        yield from PALETTE.system_commands(self)

    def copy_to_clipboard(self, text: str) -> None:
        """Copy through OSC 52, wrapped for tmux or screen when one is in between (every
        copy of the app, the text fields' Ctrl+C included)."""
        from worksheet.ui.terminal.clipboard import for_terminal  # at the first copy

        copy_through_driver(self, text, for_terminal(text, os.environ))

    async def action_quit(self) -> None:
        """Quit; asks first when a tab has unsaved edits (Save and quit, Quit without saving,
        Cancel). A clean quit clears recovery."""
        self.quitting.quit()

    # -- the end of a session ---------------------------------------------------------------
    def handle_uncaught(self, error: Exception) -> None:
        """A bug: the edits are kept and one line is left for the command line."""
        self.recovery.handle_uncaught(error)

    @property
    def failure(self) -> str | None:
        """One line for the player when the app ended on an unexpected error (``cli``)."""
        return self.recovery.failure
