"""Presets: a character, an attacker or a whole fight saved as a TOML file of inputs.

``format`` reads, validates and writes one file; ``names`` maps preset names to safe file names;
``kinds`` says which inputs a character, an attacker or a fight preset holds and replaces;
``locations`` knows where presets live and how a name finds its file; ``saving`` writes them
atomically and refuses to overwrite a file that changed since it was loaded.

Each name here loads its module on first use, not with the package: the app opens without a
preset far more often than with one, and reading one needs ``tomllib`` and the validation code
(a fifth of the app's own import time); saving (with ``tempfile``, ``fcntl`` and ``glob``) is
only ever needed later. ``from worksheet.presets import read_preset`` works as before.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from worksheet.presets.errors import PresetConflict, PresetError, printable
    from worksheet.presets.format import (FORMAT_VERSION, MAX_PRESET_BYTES, Preset, check_file, coerce_inputs,
                         dump_preset, fingerprint, parse_preset, read_bytes, read_preset)
    from worksheet.presets.locations import (Listed, Location, bundled_dir, find_preset, is_path, list_presets,
                            locate_preset, location_of, preset_files, shared_dir, user_dir)
    from worksheet.presets.kinds import KINDS, kind_words, to_load, to_save
    from worksheet.presets.names import check_name, file_name_for, slug, stem_for
    from worksheet.presets.saving import delete_preset, save_preset, write_preset

_MODULE_OF = {
    **dict.fromkeys(("PresetConflict", "PresetError", "printable"), "errors"),
    **dict.fromkeys(("FORMAT_VERSION", "MAX_PRESET_BYTES", "Preset", "check_file",
                     "coerce_inputs", "dump_preset", "fingerprint", "parse_preset", "read_bytes",
                     "read_preset"), "format"),
    **dict.fromkeys(("Listed", "Location", "bundled_dir", "find_preset", "is_path",
                     "list_presets", "locate_preset", "location_of", "preset_files",
                     "shared_dir", "user_dir"), "locations"),
    **dict.fromkeys(("KINDS", "kind_words", "to_load", "to_save"), "kinds"),
    **dict.fromkeys(("check_name", "file_name_for", "slug", "stem_for"), "names"),
    **dict.fromkeys(("delete_preset", "save_preset", "write_preset"), "saving"),
}
"""Each public name and the module that defines it (loaded when the name is first asked for).
``locations()`` is not among them: importing the ``locations`` module makes
``worksheet.presets.locations`` that module; ask ``worksheet.presets.locations`` for it."""

__all__ = list(_MODULE_OF)


def __getattr__(name: str) -> Any:
    """A public name, importing its module on first use (see the module docstring)."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value
