"""Restoring the unsaved edits a session that ended uncleanly left: the question at start, and
each tab's edits put back as it is built.

Split from :mod:`~worksheet.ui.controllers.recovery`, which keeps the edits and imports this
only when its file holds some to offer, or a tab with restored edits is built: most sessions
never restore, and keep none of this code (issue 40, memory). Every function takes the
recovery controller, which owns the file and the edits of tabs not built yet (``pending``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from worksheet import presets, rulesets
from worksheet.engine import Sheet
from worksheet.engine.quote import quote
from worksheet.ui import messages
from worksheet.ui.form.entries import entries_from_json, split_entries

if TYPE_CHECKING:
    from worksheet.ui.form.sheet_form import SheetForm

RecoveryController = Any
"""The recovery controller (``controllers.recovery``, which imports this module: naming its
class here would make an import circle, ``tests/test_layers.py``)."""


def offer(recovery: RecoveryController, state: dict[str, Any]) -> None:
    """Offer to restore ``state`` (the recovery file's): Restore, Discard, or Escape for not
    now; what cannot be restored here is kept aside at once."""
    host = recovery.host
    tabs, unreadable = readable_tabs(state, host.ruleset_ids)
    if unreadable:
        set_aside(recovery, unreadable, messages.UNREADABLE)
    if not tabs:
        if unreadable:
            recovery.file.clear()  # what was in it is kept aside
        return
    titles = ", ".join(rulesets.title(rid) for rid in tabs)

    def answer(choice: str) -> None:
        if choice == "restore":
            restore(recovery, tabs, state.get("active"))
        elif choice == "discard":
            recovery.file.clear()
        else:  # Escape: not now, and nothing lost
            recovery.file.later()
            host.call_after_refresh(  # on the sheet, once the question is gone
                messages.NOT_RESTORED_NOW.show, host.notify)
        host.call_after_refresh(host.update_status)

    from worksheet.ui.screens.confirm import Choose

    host.push_screen(Choose("Restore unsaved edits?", "The last session ended with edits "
                            f"that were not saved, in: {titles}.",
                            [("restore", "Restore"), ("discard", "Discard")],
                            unprompted=True), answer)


def restore(recovery: RecoveryController, tabs: dict[str, dict[str, Any]], active: Any) -> None:
    """Restore every tab of a recovery state: built tabs now, the others when shown."""
    recovery.pending = dict(tabs)  # restoring a tab takes it out of this copy, not of ``tabs``
    for rid in tabs:
        if recovery.host.form(rid) is not None:
            restore_tab(recovery, rid)
    if active in tabs:
        recovery.host.show_tab(active)
    recovery.save_now()  # the file says what this session holds from the start


def restore_tab(recovery: RecoveryController, rid: str) -> None:
    """Put a tab's restored edits into its form, once it is built."""
    host = recovery.host
    tab = recovery.pending.get(rid)
    form = host.form(rid)
    if tab is None or form is None:
        return
    try:
        problems = _load_tab(recovery, rid, form, tab)
    except Exception as error:  # noqa: BLE001 — one bad tab must not end the session
        # Kept aside and never offered again: a restore that fails must not fail at every
        # start. The tab keeps what it showed; the message says where the edits are.
        recovery.pending.pop(rid, None)
        set_aside(recovery, {rid: tab}, messages.not_restorable(error))
        return
    recovery.pending.pop(rid, None)
    host.update_status()
    if problems:
        messages.restore_problem(*problems).show(host.notify)


def _load_tab(recovery: RecoveryController, rid: str, form: SheetForm,
              tab: dict[str, Any]) -> list[str]:
    entries, problems = entries_from_json(form.ruleset, tab.get("entries") or {})
    # Tried on a copy of the sheet first: an entry the engine fails on must not leave
    # the tab half loaded (its graph with some of the entries, its editors with none).
    texts, records = split_entries(form.ruleset, entries)
    trial = Sheet(form.ruleset, form.inputs)
    trial.set_many_text(texts)
    trial.set_many(records)
    form.load_entries(entries)
    meta = tab.get("preset")
    if isinstance(meta, dict) and isinstance(meta.get("name"), str):
        path = meta.get("path")
        kind = meta.get("kind")  # what the preset held: a character's stays a character
        preset = presets.Preset(rid, meta["name"], str(meta.get("description") or ""),
                                path=Path(path) if isinstance(path, str) and path else None,
                                kind=kind if kind in presets.KINDS else None)
        fingerprint = meta.get("fingerprint")
        preset.fingerprint = fingerprint if isinstance(fingerprint, str) else None
        recovery.host.presets[rid] = preset
    return problems


def set_aside(recovery: RecoveryController, tabs: dict[str, Any], why: str) -> None:
    """Keep tabs that cannot be restored in a file of their own, and say where."""
    host = recovery.host
    where = recovery.file.set_aside({"active": host.active, "tabs": tabs})
    names = [rulesets.title(rid) if rid in host.ruleset_ids else quote(rid) for rid in tabs]
    messages.set_aside(names, why, where).show(host.notify)


def readable_tabs(state: dict[str, Any], known: list[str]
                  ) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """The tabs of a recovery state that can be restored here, and those that cannot.

    A tab of a ruleset this version does not have, or one whose data is not a table of entries,
    is not offered; it is returned apart so it can be kept aside rather than lost.
    """
    tabs = state.get("tabs")
    if not isinstance(tabs, dict):
        return {}, ({"tabs": tabs} if tabs else {})
    good: dict[str, dict[str, Any]] = {}
    bad: dict[str, Any] = {}
    for rid, tab in tabs.items():
        if (rid in known and isinstance(tab, dict)
                and isinstance(tab.get("entries", {}), dict)):
            good[rid] = tab
        else:
            bad[rid] = tab
    return good, bad
