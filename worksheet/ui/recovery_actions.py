"""The app's recovery: unsaved edits of every tab are kept (debounced) until a clean quit, and
offered back on the next start.

A mixin of :class:`~worksheet.ui.app.WorksheetApp`, kept apart so each module stays small.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import rulesets
from ..presets import Preset
from . import store
from .screens.confirm import Choose
from .state import entries_from_json, entries_to_json

if TYPE_CHECKING:
    from .app import WorksheetApp

    _Base = WorksheetApp
else:
    _Base = object


class RecoveryActions(_Base):
    """Keep, offer and restore unsaved edits."""

    def watch_hangup(self) -> None:
        """On SIGHUP (the SSH connection dropped) write the unsaved state now, then exit."""
        try:
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGHUP, self._hung_up)
        except (NotImplementedError, RuntimeError, ValueError, AttributeError):
            pass  # no signals here (not the main thread, or not a POSIX system)

    def _hung_up(self) -> None:
        if self._recovery_timer is not None:
            self._recovery_timer.stop()
        self.save_recovery()
        self.exit()

    def recovery_state(self) -> dict[str, Any]:
        """The unsaved state of every tab with edits, as JSON-able data."""
        tabs: dict[str, Any] = {}
        for rid in self.ruleset_ids:
            form = self.form(rid)
            if form is None or not form.dirty:
                continue
            preset = self.presets.get(rid)
            tabs[rid] = {
                "entries": entries_to_json(form.ruleset, form.entries),
                "preset": None if preset is None else {
                    "name": preset.name, "description": preset.description,
                    "path": str(preset.path) if preset.path else None,
                    "fingerprint": store.fingerprint_of(preset)},
            }
        return {"active": self.active, "tabs": tabs}

    def save_recovery(self) -> None:
        """Write the unsaved state now (or clear the file when nothing is unsaved)."""
        self._recovery_timer = None
        state = self.recovery_state()
        try:
            if state["tabs"]:
                self.recovery.save(state)
            else:
                self.recovery.clear()
        except OSError as error:
            self.notify(f"Cannot keep unsaved edits for recovery: {error}", severity="warning")

    def _offer_recovery(self) -> None:
        state = self.recovery.load()
        tabs = (state or {}).get("tabs") or {}
        tabs = {rid: tab for rid, tab in tabs.items() if rid in self.ruleset_ids}
        if not tabs:
            return
        titles = ", ".join(rulesets.title(rid) for rid in tabs)

        def answer(choice: str) -> None:
            if choice == "restore":
                self._pending = tabs
                for rid in tabs:
                    if self.form(rid) is not None:
                        self._restore_tab(rid)
                active = state.get("active")
                if active in tabs:
                    self.show_tab(active)
            else:
                self.recovery.clear()

        self.push_screen(Choose("Restore unsaved edits?", "The last session ended with edits "
                                f"that were not saved, in: {titles}.",
                                [("restore", "Restore"), ("discard", "Discard")]), answer)

    def _restore_tab(self, rid: str) -> None:
        tab = self._pending.pop(rid, None)
        form = self.form(rid)
        if tab is None or form is None:
            return
        entries, problems = entries_from_json(form.ruleset, tab.get("entries") or {})
        form.load_entries(entries)
        meta = tab.get("preset")
        if meta:
            preset = Preset(rid, meta.get("name", ""), meta.get("description", ""),
                            path=Path(meta["path"]) if meta.get("path") else None)
            preset.fingerprint = meta.get("fingerprint")
            self.presets[rid] = preset
        self._update_status()
        for problem in problems:
            self.notify(problem, severity="warning")
