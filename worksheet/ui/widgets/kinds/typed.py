"""Kinds edited as typed text: whole numbers, exact numbers, dice faces, free text.

The editor keeps exactly what the player typed (``editors.Editor``; no character is filtered
out, see ``editors``), and the declaration parses the whole text. Until the editor is made the
row draws the text as Textual's ``Input`` draws it unfocused: on the field's colour, no cursor.
"""

from __future__ import annotations

from typing import Callable

from textual.content import Content
from textual.style import Style

from worksheet.engine import InputSpec
from worksheet.ui.widgets.editors import Editor
from worksheet.ui.widgets.kinds.base import EditorKind, StandIn

FITS = 12
"""A text waits for its editor only if shorter than the narrow editor column: a longer one
shows its end in an editor (scrolled to the cursor), which the drawing does not."""


def text_editor(spec: InputSpec, text: str, widget_id: str, cursor_blink: bool) -> Editor:
    """A text editor showing ``text`` (``placeholder`` "empty" where empty is allowed)."""
    editor = Editor(text, compact=True, id=widget_id,  # no ``restrict``: see ``editors``
                    placeholder="empty" if spec.optional else "")
    editor.cursor_blink = cursor_blink
    if spec.kind == "text":  # a name, longer than its field: keep its start in view
        editor.show_start = True
        editor.select_on_focus = False  # ``Editor._on_focus`` selects it, from the start
    return editor


def _fits(spec: InputSpec, text: str) -> bool:
    """Drawn exactly: some text, shorter than the column, of one cell per character."""
    return 0 < len(text) < FITS and text.isprintable() and text.isascii()


def _drawing(spec: InputSpec, text: str, width: int, style: Callable[[str], Style]) -> Content:
    return Content.styled(text.ljust(width)[:width], style("input-cell--editor"))


TEXT_STAND_IN = StandIn(_fits, _drawing)
"""The text on the field's colour, as an unfocused ``Input`` draws it."""

KINDS = (
    EditorKind("int", text_editor, TEXT_STAND_IN, steps=True),
    EditorKind("number", text_editor, TEXT_STAND_IN, steps=True),
    EditorKind("faces", text_editor, TEXT_STAND_IN),
    EditorKind("text", text_editor, TEXT_STAND_IN),
)
