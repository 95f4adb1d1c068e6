"""Presets: a character or a situation saved as a TOML file of inputs.

``format`` reads, validates and writes one file; ``locations`` knows where presets live and how
a name finds its file.
"""

from .format import (FORMAT_VERSION, MAX_PRESET_BYTES, Preset, PresetError, coerce_inputs,
                     dump_preset, parse_preset, read_preset)
from .locations import (Listed, Location, bundled_dir, find_preset, is_path, list_presets,
                        locations, shared_dir, slug, user_dir)
from .saving import write_preset

__all__ = [
    "FORMAT_VERSION", "MAX_PRESET_BYTES", "Preset", "PresetError", "coerce_inputs",
    "dump_preset", "parse_preset", "read_preset", "Listed", "Location", "bundled_dir",
    "find_preset", "is_path", "list_presets", "locations", "shared_dir", "slug", "user_dir",
    "write_preset",
]
