"""The list-of-names kind: a list to tick, up to 8 names tall (``editors.NamesEditor``).

Made at once, with no stand-in: its lines are a list's, not a field's.
"""

from __future__ import annotations

from worksheet.engine import InputSpec
from worksheet.ui.widgets.editors import NamesEditor, parsed_entry
from worksheet.ui.widgets.kinds.base import EditorKind, stepped_width

NAMES_CHROME = 5
"""Cells a list of names needs beside its longest name: the tick box and the padding."""

NAMES_SHOWN = 8
"""Names the list shows at most; it scrolls past them (app.tcss: ``max-height``)."""


def names_width(spec: InputSpec) -> int:
    """The least width of the list, so no name is ever cut."""
    return stepped_width(max(len(NamesEditor.prompt(choice, True)) for choice in spec.choices)
                         + NAMES_CHROME)


def names_lines(spec: InputSpec) -> int:
    """The row's lines: one a name, up to :data:`NAMES_SHOWN`."""
    return min(len(spec.choices), NAMES_SHOWN)


def names_editor(spec: InputSpec, text: str, widget_id: str,
                 cursor_blink: bool) -> NamesEditor:
    """The list, with the names ``text`` lists ticked."""
    names = NamesEditor(spec.choices, set(parsed_entry(spec, text) or ()), id=widget_id)
    names.styles.min_width = names_width(spec)
    return names


KINDS = (EditorKind("names", names_editor, width=names_width, lines=names_lines),)
