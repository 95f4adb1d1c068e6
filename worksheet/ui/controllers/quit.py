"""Quitting: with unsaved edits the app asks first, and offers to save them.

The question's answers are Save and quit (focused: an Enter typed by habit loses nothing),
Quit without saving, and Cancel (Esc). Save and quit runs the app's own save (Ctrl+S: the
save dialog, its name and its questions) on a tab with unsaved edits, the one shown first;
once the preset is written the quit goes on, which asks again while another tab is unsaved.
A save cancelled or refused calls the quit off, and the message line says so.

A controller the app composes (its ``action_quit`` calls :meth:`QuitController.quit`); the
preset controller tells it when a preset is written (:meth:`QuitController.written`).
"""

from __future__ import annotations

from worksheet import rulesets
from worksheet.ui import messages
from worksheet.ui.controllers.host import Host
from worksheet.ui.controllers.recovery import RecoveryController


class QuitController:
    """Ctrl+Q, and Save and quit.

    Args:
        host: the app (see :class:`~worksheet.ui.controllers.host.Host`).
        recovery: the unsaved edits (which tabs have some; a clean quit clears them).
    """

    def __init__(self, host: Host, recovery: RecoveryController):
        self.host = host
        self.recovery = recovery
        self.saving = ""
        """The title of the tab Save and quit is saving, until it is written or not."""
        self._watching = False

    def quit(self) -> None:
        """Quit; asks first when a tab has unsaved edits (see the module's docstring)."""
        from worksheet.ui.screens.confirm import Choose    # the dialogs load when first opened

        host = self.host
        dirty = self.recovery.unsaved_tabs()
        if not dirty:
            self.recovery.quit_now()
            return
        if isinstance(host.screen, Choose) and getattr(host.screen, "quitting", False):
            return
        dialog = Choose(*messages.quit_question([rulesets.title(rid) for rid in dirty]),
                        [("save", "Save and quit"), ("quit", "Quit without saving"),
                         ("cancel", "Cancel")])
        dialog.quitting = True

        def answer(choice: str) -> None:
            if choice == "quit":
                self.recovery.quit_now()
            elif choice == "save":
                self._save(dirty)

        host.push_screen(dialog, answer)

    def _save(self, dirty: list[str]) -> None:
        """Save a tab with unsaved edits (the one shown, if it has some) as Ctrl+S does."""
        host = self.host
        rid = host.active if host.active in dirty else dirty[0]
        if not self._watching:  # a dialog closing may end the save (``_save_ended``)
            self._watching = True
            host.screen_change_signal.subscribe(
                host, lambda screen: host.call_after_refresh(self._save_ended))
        self.saving = rulesets.title(rid)
        host.show_tab(rid)
        host.ensure_form(rid)
        host.call_after_refresh(self._start_save)

    def _start_save(self) -> None:
        self.host.action_save_preset()
        self._save_ended()  # refused at once (inputs in error): no dialog opened

    def _save_ended(self) -> None:
        """The sheet is on top again and the tab was not written: the quit is called off."""
        if self.saving and len(self.host.screen_stack) == 1:
            title, self.saving = self.saving, ""
            messages.not_quit(title).show(self.host.notify)

    def written(self) -> None:
        """A preset was written: the recovery file forgets its edits; if Save and quit asked
        for it, the quit goes on (and asks again while a tab is still unsaved)."""
        self.recovery.save()
        if self.saving:
            self.saving = ""
            self.host.call_after_refresh(self.quit)
