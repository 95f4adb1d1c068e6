"""The app's side of the preset store and the recovery file: small helpers over
:mod:`worksheet.presets` and :mod:`worksheet.recovery` that the screens share."""

from __future__ import annotations

from pathlib import Path

from typing import TYPE_CHECKING

from worksheet import presets
from worksheet.recovery import Recovery

if TYPE_CHECKING:  # the store's errors load with the first preset read or written
    from worksheet.presets import Listed, Preset, PresetError


def can_share() -> bool:
    """True when the server names a shared preset folder (``WORKSHEET_SHARED_PRESETS``)."""
    return presets.shared_dir() is not None


def file_for(name: str, where: str = "user") -> Path:
    """The file a preset of this name is saved to.

    Raises:
        PresetError: a bad name, or no shared folder configured.
    """
    folder = presets.shared_dir() if where == "shared" else presets.user_dir()
    if folder is None:
        raise presets.PresetError("shared", "", "no shared preset folder is configured "
                          "(the server sets WORKSHEET_SHARED_PRESETS)")
    return folder / presets.file_name_for(name)


def save(preset: Preset, where: str = "user", *, expect: str | None = None,
         force: bool = False) -> Path:
    """Save a preset under its name; see :func:`worksheet.presets.save_preset`."""
    return presets.save_preset(preset, where, expect=expect, force=force)  # loads the saving code


def fingerprint_of(preset: Preset | None) -> str | None:
    """The fingerprint a preset was read or saved with (``None`` for none)."""
    return preset.fingerprint if preset is not None else None


def listing() -> tuple[list[Listed], list[PresetError]]:
    """Every readable preset with where it lives, and the problems with unreadable ones."""
    return presets.list_presets()


def recovery() -> Recovery:
    """This session's recovery store."""
    return Recovery()
