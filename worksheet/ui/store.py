"""The app's side of the preset store and the recovery file.

Thin wrappers over :mod:`worksheet.presets` so that the screens do not care which version of
the preset API is installed: with ``save_preset`` (conflict detection, safe names, shared
folder) when present, else a plain atomic write into the user's folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .. import presets as _presets
from ..presets import Preset, PresetError, list_presets, shared_dir, user_dir

PresetConflict = getattr(_presets, "PresetConflict", None)
"""Raised when a save would overwrite a file that changed; ``None`` with an older API."""


class _NoConflict(Exception):
    """Stands in for PresetConflict with an older preset API (never raised)."""


CONFLICT: type[Exception] = PresetConflict or _NoConflict


def can_share() -> bool:
    """True when the server names a shared preset folder."""
    return shared_dir() is not None


def file_for(name: str, where: str = "user") -> Path:
    """The file a preset of this name is saved to."""
    folder = shared_dir() if where == "shared" else user_dir()
    if folder is None:
        raise PresetError("shared", "", "no shared preset folder is configured")
    file_name_for = getattr(_presets, "file_name_for", None)
    if file_name_for is not None:
        return folder / file_name_for(name)
    stem = _presets.slug(name)
    if not stem:
        raise PresetError(name, "", "a preset name needs at least one letter or digit")
    return folder / f"{stem}.toml"


def save(preset: Preset, where: str = "user", *, expect: str | None = None,
         force: bool = False) -> Path:
    """Save a preset under its name; see :func:`worksheet.presets.save_preset`.

    Raises:
        PresetError: a bad name, no permission, a failed write.
        CONFLICT: the file changed since ``expect`` (only with the newer API).
    """
    save_preset = getattr(_presets, "save_preset", None)
    if save_preset is not None:
        return save_preset(preset, where, expect=expect, force=force)
    return _presets.write_preset(preset, file_for(preset.name, where))


def fingerprint_of(preset: Preset | None) -> str | None:
    """The fingerprint a preset was read or saved with, if the API keeps one."""
    return getattr(preset, "fingerprint", None) if preset is not None else None


def listing() -> tuple[list[Any], list[PresetError]]:
    """Every readable preset with where it lives, and the problems with unreadable ones."""
    return list_presets()


class _NoRecovery:
    """Stands in for the recovery store when the preset API has none."""

    def save(self, state: dict) -> None:
        """Do nothing."""

    def load(self) -> dict | None:
        """Nothing to recover."""
        return None

    def clear(self) -> None:
        """Do nothing."""


def recovery() -> Any:
    """The recovery store (``worksheet.recovery.Recovery``), or a stand-in that keeps nothing."""
    if os.environ.get("WORKSHEET_NO_RECOVERY"):
        return _NoRecovery()
    try:
        from ..recovery import Recovery
    except ImportError:
        return _NoRecovery()
    return Recovery()
