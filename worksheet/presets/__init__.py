"""Presets: a character or a situation saved as a TOML file of inputs.

``format`` reads, validates and writes one file; ``names`` maps preset names to safe file names;
``locations`` knows where presets live and how a name finds its file; ``saving`` writes them
atomically and refuses to overwrite a file that changed since it was loaded.

``saving`` (with ``tempfile``, ``fcntl`` and ``glob``) is imported on the first use of one of
its names here, not with the package: the app reads presets at start-up and saves only later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import PresetConflict, PresetError, printable
from .format import (FORMAT_VERSION, MAX_PRESET_BYTES, Preset, check_file, coerce_inputs,
                     dump_preset, fingerprint, parse_preset, read_bytes, read_preset)
from .locations import (Listed, Location, bundled_dir, find_preset, is_path, list_presets,
                        locate_preset, location_of, locations, preset_files, shared_dir,
                        user_dir)
from .names import check_name, file_name_for, slug, stem_for

if TYPE_CHECKING:
    from .saving import delete_preset, save_preset, write_preset

_SAVING = ("delete_preset", "save_preset", "write_preset")
"""The names re-exported from ``saving`` when first asked for."""

__all__ = [
    "PresetConflict", "PresetError", "printable",
    "FORMAT_VERSION", "MAX_PRESET_BYTES", "Preset", "check_file", "coerce_inputs", "dump_preset",
    "fingerprint", "parse_preset", "read_bytes", "read_preset",
    "Listed", "Location", "bundled_dir", "find_preset", "is_path", "list_presets", "locate_preset",
    "location_of", "locations", "preset_files",
    "shared_dir", "user_dir",
    "check_name", "file_name_for", "slug", "stem_for",
    *_SAVING,
]


def __getattr__(name: str) -> Any:
    """The saving functions, importing ``saving`` on first use (see the module docstring)."""
    if name in _SAVING:
        from . import saving

        return getattr(saving, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
