"""The choice kind: a select, wide enough for its longest label (``editors.ChoiceEditor``).

Made at once, with no stand-in: a select draws its own field already.
"""

from __future__ import annotations

from worksheet.engine import InputSpec
from worksheet.ui.widgets.editors import ChoiceEditor, parsed_entry
from worksheet.ui.widgets.kinds.base import EditorKind, stepped_width

CHOICE_CHROME = 5
"""Cells a choice's field needs beside its longest label: the closed field's arrow, and the
open list's border, padding and scroll bar (the list is as wide as the field)."""


def choice_width(spec: InputSpec) -> int:
    """The least width of the select, so no label is ever cut, closed or open."""
    return stepped_width(max(len(spec.label_of(choice)) for choice in spec.choices)
                         + CHOICE_CHROME)


def choice_editor(spec: InputSpec, text: str, widget_id: str,
                  cursor_blink: bool) -> ChoiceEditor:
    """The select, on the choice ``text`` names (the first one when it names none)."""
    options = [(spec.label_of(choice), choice) for choice in spec.choices]
    value = parsed_entry(spec, text)
    editor = ChoiceEditor(options, value=value if value is not None else spec.choices[0],
                          allow_blank=False, compact=True, id=widget_id)
    editor.styles.min_width = choice_width(spec)  # every label whole, closed and open
    return editor


KINDS = (EditorKind("choice", choice_editor, width=choice_width),)
