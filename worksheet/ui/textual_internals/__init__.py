"""Every use the app makes of Textual's private API, in one place: this package, one module
per area (text fields, a key's way back to the app, shared styles, painting, rendering a
frame, what is kept after a widget goes, the app's end, what is changed for the whole process
while an app runs), each imported from here. What tests read of Textual's private state is
the tests' own (``tests/ui/hooks_probe.py``).

Textual's public API does not offer some of what the app needs at 80×24 over SSH: keys kept
in the order typed, a select whose list waits until it opens, component styles shared by
every row, a repaint without messages, one line instead of a traceback on a crash, a
keystroke that renders only the lines it changes, memory let go when a tab is hidden. Each
hook below says what it buys and what of Textual it relies on; ``docs/performance.md``'s
ledger gives each one's figure measured with it and without it (a hook that bought less
than 5 % of its figure was replaced by Textual's own way). They are written against the Textual version pinned in
``pyproject.toml`` (:data:`PINNED_TEXTUAL`); ``tests/ui/test_hooks_checked.py`` fails,
naming the hook, when another version is installed or a hook's target is gone. The rest of the
UI uses only Textual's public API and these names.

The hooks that replace something of Textual's for the whole process (``Strip``'s constructor,
a ``StylesCache`` method, the driver's terminal parser) are applied only while an app runs,
from its load to its unmount (``process_wide``: :class:`HooksWhileRunning`), and undone then.

A hook that overrides a private method is a mixin here (the override must sit in the class's
MRO); the widget that uses it lists the mixin among its bases and, where it needs to decide
something, implements the hook's public-named method.
"""

from __future__ import annotations

from worksheet.ui.textual_internals.app_end import UncaughtExceptionHook, copy_through_driver, handle_job_control
from worksheet.ui.textual_internals.compositor import (STRIP_CACHES, LineCompositor, RenderSentLinesOnly,
                         RepaintWhatARebuiltMapMoves, lazy_strip_caches)
from worksheet.ui.textual_internals.framed_lines import LeftFramedLines
from worksheet.ui.textual_internals.key_path import (key_names_from_tables, key_stopped,
                                                     mark_keys_typed_after_escape)
from worksheet.ui.textual_internals.process_wide import HooksWhileRunning, install, uninstall
from worksheet.ui.textual_internals.painting import (RepaintWithoutMessages,
                       compact_output, forget_arrangement, layout_pending)
from worksheet.ui.textual_internals.retained import (background_pairs_by_colour, forget_cell_styles,
                       forget_geometry, lay_out_without_painting)
from worksheet.ui.textual_internals.style_sharing import SharedComponentClasses, blend_over, component_classes
from worksheet.ui.textual_internals.text_fields import (DrawnSelectCurrent, LazySelectList, RepaintWhileTextFits,
                          SelectCurrent, SelectOverlay)

PINNED_TEXTUAL = "8.2.8"
"""The Textual version these hooks are written against (``textual==`` in pyproject.toml)."""

__all__ = [
    "PINNED_TEXTUAL", "SelectCurrent", "SelectOverlay", "RepaintWhileTextFits", "LazySelectList",
    "component_classes", "SharedComponentClasses", "blend_over",
    "layout_pending", "key_stopped",
    "mark_keys_typed_after_escape", "key_names_from_tables", "UncaughtExceptionHook",
    "copy_through_driver",
    "handle_job_control",
    "forget_arrangement", "compact_output", "LineCompositor", "RenderSentLinesOnly",
    "lazy_strip_caches", "background_pairs_by_colour", "forget_geometry",
    "RepaintWhatARebuiltMapMoves", "DrawnSelectCurrent", "forget_cell_styles",
    "lay_out_without_painting", "RepaintWithoutMessages",
    "LeftFramedLines", "HooksWhileRunning", "install", "uninstall",
]
