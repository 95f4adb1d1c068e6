"""The app's preset actions: open (asking before loading over unsaved edits), save (asking
before overwriting, and on a conflict: overwrite, save under a new name, or cancel).

A controller the app composes (its ``action_open_preset`` and ``action_save_preset`` call
it). Which preset each tab holds is the app's (``Host.presets``): the status line and recovery
read it too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from worksheet import presets
from worksheet.engine.quote import quote
from worksheet.presets import PresetConflict, PresetError
from worksheet.presets.kinds import names_of
from worksheet.ui import messages, store
from worksheet.ui.controllers.host import Host
from worksheet.ui.form.entries import entries_from_values

KEPT = {"character": "the round inputs and the attack are kept",
        "attacker": "only the attacker's side changed"}
"""What a load of each kind left as it was, as its message says (a fight says nothing)."""

if TYPE_CHECKING:
    from worksheet.presets import Preset
    from worksheet.ui.form.sheet_form import SheetForm
    from worksheet.ui.screens.presets import SaveRequest


class PresetController:
    """Ctrl+O and Ctrl+S, and loading a preset on its tab.

    Args:
        host: the app (see :class:`~worksheet.ui.controllers.host.Host`).
        written: called once a preset is written, so the recovery file forgets the tab's edits
            (``RecoveryController.save``).
    """

    def __init__(self, host: Host, written: Callable[[], object]):
        self.host = host
        self._written = written

    def open(self) -> None:
        """Pick a preset and load it on its ruleset's tab."""
        from worksheet.ui.screens.presets import OpenPreset    # the dialogs load when first opened

        self.host.push_screen(OpenPreset(self.host.active), self._opened)

    def _opened(self, preset: Preset | None) -> None:
        if preset is not None:
            self.load_preset(preset)

    def load_preset(self, preset: Preset, *, ask: bool = True) -> None:
        """Load a preset on its tab, replacing only the inputs of its kind.

        A character replaces the character's inputs and keeps the round inputs and the
        attacker's side as they are (loading a character mid-fight keeps the current attack);
        an attacker replaces only the attacker's side, and the tab keeps the name of the
        preset it holds; a fight, or an older preset without a kind, replaces every input. One
        undo step either way. It asks first when the tab has unsaved edits, except for an
        attacker, which changes no edit of the character (Ctrl+Z brings the attack back).
        """
        host = self.host
        host.show_tab(preset.ruleset)
        form = host.ensure_form(preset.ruleset)
        attacker = preset.kind == "attacker"

        def load(answer: str = "load") -> None:
            if answer != "load":
                return
            was_saved = not form.dirty
            new = presets.to_load(form.ruleset, preset.kind, preset.inputs, form.inputs)
            entries = entries_from_values(form.ruleset, new)
            form.load_entries({name: entries[name] for name in new}, saved=not attacker)
            if attacker:
                if was_saved:  # the character's edits are as they were: still saved
                    form.mark_saved()
            else:
                host.presets[preset.ruleset] = preset
            host.update_status()
            messages.loaded(preset.name, KEPT.get(preset.kind, "")).show(host.notify)

        if ask and form.dirty and not attacker and self._unsaved(form, preset):
            from worksheet.ui.screens.confirm import Choose    # the dialogs load when first opened

            kept = KEPT.get(preset.kind, "")
            host.push_screen(Choose("Load over unsaved edits?",
                                    f"This tab has edits that are not saved. Loading "
                                    f"{quote(preset.name)} replaces them"
                                    f"{' (' + kept + ')' if kept else ''} (Ctrl+Z brings them "
                                    "back).",
                                    [("cancel", "Keep editing"), ("load", "Load preset")]), load)
        else:
            host.call_after_refresh(load)

    def _unsaved(self, form, preset: Preset) -> bool:
        """True when an input the load would replace differs from the tab's preset as loaded
        or saved (its defaults when it has none): the round and the attack a character load
        keeps are no reason to ask."""
        current = self.host.presets.get(form.ruleset.id)
        base = presets.to_load(form.ruleset, current.kind if current else None,
                               current.inputs if current else {}, form.inputs)
        expected = entries_from_values(form.ruleset, base)
        names = presets.to_load(form.ruleset, preset.kind, preset.inputs, form.inputs)
        return any(form.entries.get(name) != expected[name] for name in names)

    def save(self) -> None:
        """Save this tab's inputs as a preset (asks for a name and where)."""
        host = self.host
        form = host.form()
        if form is None:
            return
        if self._refused(form, "character"):  # in every kind but an attacker's
            return
        current = host.presets.get(host.active)
        from worksheet.ui.screens.presets import SavePreset

        # What to keep starts at "the character", whatever was loaded: keeping the fight is
        # asked for each time, never carried over.
        host.push_screen(SavePreset(host.active, current.name if current else "",
                                    current.description if current else ""), self._save)

    def _refused(self, form: SheetForm, kind: str) -> bool:
        """Say what to fix and answer True when an input a preset of ``kind`` keeps is in
        error: a round input typed wrong mid-fight does not stop saving the character,
        which does not keep it."""
        kept = set(names_of(form.ruleset, kind))
        problems = [p for p in form.problems if p.input in kept]
        if problems:
            messages.fix_first(form.speaker.error(p) for p in problems).show(self.host.notify)
        return bool(problems)

    def _save(self, request: SaveRequest | None, force: bool = False) -> None:
        if request is None:
            return
        host = self.host
        rid = host.active
        form = host.form(rid)
        if self._refused(form, request.kind):  # keeping the fight or the attack: it is wrong
            from worksheet.ui.screens.presets import SavePreset

            host.push_screen(SavePreset(rid, request.name, request.description, request.kind),
                             self._save)  # what was typed in the dialog is kept
            return
        preset = presets.Preset(rid, request.name, request.description,
                                presets.to_save(form.ruleset, request.kind, form.inputs),
                                kind=request.kind)
        current = host.presets.get(rid)
        try:
            target = store.file_for(request.name, request.where)
        except PresetError as error:
            messages.no_place_to_save(str(error)).show(host.notify)
            return
        # Saving over the file the tab came from needs no question, unless an attacker would
        # replace it (the tab holds a character: an attacker's file is never the tab's).
        same_file = current is not None and current.path is not None and \
            Path(current.path).resolve() == target.resolve() and request.kind != "attacker"
        if target.exists() and not same_file and not force:
            self._ask_overwrite(request, "Overwrite preset?", f"{target} already exists. "
                                "Replace it with this tab's inputs, or save under a new name?")
            return
        try:
            path = store.save(preset, request.where,
                              expect=store.fingerprint_of(current) if same_file else None,
                              force=force)
        except PresetConflict as conflict:
            self._conflict(request, conflict)
            return
        except PresetError as error:
            messages.save_failed(str(error)).show(host.notify)
            return
        if request.kind != "attacker":  # the tab still holds its character, now saved
            host.presets[rid] = preset
            form.mark_saved()
            self._written()
        host.update_status()
        messages.saved(preset.name, path).show(host.notify)

    def _conflict(self, request: SaveRequest, conflict: PresetConflict) -> None:
        self._ask_overwrite(request, "Preset changed on disk",
                            f"{conflict.path}: {conflict.reason}.")

    def _ask_overwrite(self, request: SaveRequest, title: str, body: str) -> None:
        """Ask what to do about a file in the way: overwrite it, save under a new name (the
        save dialog again, with a name that is free), or cancel."""
        from worksheet.ui.screens.presets import SavePreset

        def answer(choice: str) -> None:
            if choice == "overwrite":
                self._save(request, force=True)
            elif choice == "rename":
                self.host.push_screen(SavePreset(self.host.active, free_name(request),
                                                 request.description, request.kind), self._save)

        from worksheet.ui.screens.confirm import Choose

        self.host.push_screen(Choose(title, body, [("cancel", "Cancel"),
                                                   ("rename", "Save under a new name"),
                                                   ("overwrite", "Overwrite")]), answer)


def free_name(request: SaveRequest) -> str:
    """The request's name with the first ``(2)``, ``(3)``… whose file does not exist yet."""
    for number in range(2, 100):
        name = f"{request.name} ({number})"
        try:
            if not store.file_for(name, request.where).exists():
                return name
        except PresetError:
            break
    return request.name + " (2)"
