"""The import dialog's action: open it on the tab's ruleset, apply what it returns as one undo
step. Only the rulesets with a source import (``worksheet.importers.can_import``); the key and
the palette command are offered on those tabs only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worksheet.importers import can_import
from worksheet.ui.controllers.host import Host
from worksheet.ui.form.entries import entries_from_values

if TYPE_CHECKING:
    from worksheet.importers import Imported


def offered(host: Host) -> bool:
    """True on a tab whose ruleset has a source to import from, with no dialog open."""
    return can_import(host.active) and len(host.screen_stack) == 1


def open_import(host: Host) -> None:
    """Ctrl+J: the import dialog for the active tab (nothing on a tab without a source)."""
    if not offered(host):
        return
    from worksheet.ui.screens.import_character import ImportCharacter

    form = host.ensure_form(host.active)
    current = {}
    for name, spec in form.ruleset.inputs.items():
        entry = form.entries.get(name)
        current[name] = entry if isinstance(entry, str) else spec.to_text(form.sheet.inputs[name])
    host.push_screen(ImportCharacter(form.ruleset, current),
                     lambda imported: apply_import(host, form.ruleset.id, imported))


def apply_import(host: Host, ruleset_id: str, imported: Imported | None) -> None:
    """Put the imported inputs into the tab's form: one undo step, unsaved edits."""
    if imported is None or not imported.inputs:
        return
    form = host.ensure_form(ruleset_id)
    entries = entries_from_values(form.ruleset, imported.inputs)
    form.load_entries({name: entries[name] for name in imported.inputs})
    host.update_status()
