"""The preset dialogs: open one (from every place presets live, or a path) and save one.

Both list each preset's name, ruleset, kind, where it lives (user, shared or bundled) and
description (``preset_table``). Saving returns what the user asked for; the app checks for an
existing file, asks before overwriting and handles a conflict. The dialogs are in
``open_preset`` and ``save_preset``; this module names both, so
``from worksheet.ui.screens.presets import OpenPreset`` works.
"""

from __future__ import annotations

from worksheet.ui.screens.open_preset import OpenPreset
from worksheet.ui.screens.preset_table import PresetTable, _PresetTable, short, table_width, told
from worksheet.ui.screens.save_preset import SavePreset, SaveRequest

__all__ = ["OpenPreset", "PresetTable", "SavePreset", "SaveRequest", "_PresetTable", "short",
           "table_width", "told"]
