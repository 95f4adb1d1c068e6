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
from worksheet.ui import messages, store
from worksheet.ui.controllers.host import Host

if TYPE_CHECKING:
    from worksheet.presets import Preset
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
        """Load a preset on its tab; asks first when that tab has unsaved edits."""
        host = self.host
        host.show_tab(preset.ruleset)
        form = host.ensure_form(preset.ruleset)

        def load(answer: str = "load") -> None:
            if answer != "load":
                return
            form.load_values(preset.inputs)
            host.presets[preset.ruleset] = preset
            host.update_status()
            messages.loaded(preset.name).show(host.notify)

        if ask and form.dirty:
            from worksheet.ui.screens.confirm import Choose    # the dialogs load when first opened

            host.push_screen(Choose("Load over unsaved edits?",
                                    f"This tab has edits that are not saved. Loading "
                                    f"{quote(preset.name)} replaces them (Ctrl+Z brings them "
                                    "back).",
                                    [("cancel", "Keep editing"), ("load", "Load preset")]), load)
        else:
            host.call_after_refresh(load)

    def save(self) -> None:
        """Save this tab's inputs as a preset (asks for a name and where)."""
        host = self.host
        form = host.form()
        if form is None:
            return
        problems = form.problems
        if problems:
            messages.fix_first(form.speaker.error(p) for p in problems).show(host.notify)
            return
        current = host.presets.get(host.active)
        from worksheet.ui.screens.presets import SavePreset

        host.push_screen(SavePreset(host.active, current.name if current else "",
                                    current.description if current else ""), self._save)

    def _save(self, request: SaveRequest | None, force: bool = False) -> None:
        if request is None:
            return
        host = self.host
        rid = host.active
        form = host.form(rid)
        preset = presets.Preset(rid, request.name, request.description, dict(form.inputs))
        current = host.presets.get(rid)
        try:
            target = store.file_for(request.name, request.where)
        except PresetError as error:
            messages.no_place_to_save(str(error)).show(host.notify)
            return
        same_file = current is not None and current.path is not None and \
            Path(current.path).resolve() == target.resolve()
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
        host.presets[rid] = preset
        form.mark_saved()
        host.update_status()
        self._written()
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
                                                 request.description), self._save)

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
