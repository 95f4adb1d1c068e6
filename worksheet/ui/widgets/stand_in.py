"""What an input row draws where its editor goes, before the editor is made.

At start, in a terminal, the rows of the first view but the focused one are made without their
editors, which are made right after the first frame (``InputRow.make_editor``). Until then the
row draws what the editor would draw unfocused, cell for cell and style for style, so the frame
the editors come with sends nothing. The styles are the screen's component classes (app.tcss,
``SheetScreen > .input-cell--editor`` …), the same colours Textual's ``Input`` and
``ToggleButton`` use (the editors' own parts read as ``-textual-compact`` and unfocused).

Only what can be drawn exactly waits: a text editor whose text fits the narrow column, and a
yes/no switch. A choice (its own drawn field already) and a list of names get their editor at
once.
"""

from __future__ import annotations

from typing import Callable

from textual.content import Content
from textual.style import Style

from worksheet.engine import InputSpec
from worksheet.ui.widgets.editors import YesNo, parsed_entry

STAND_IN_COMPONENTS = frozenset({"input-cell--editor", "input-cell--switch",
                                 "input-cell--switch-off", "input-cell--switch-on"})
"""The component classes the drawings are styled with (shared on the sheet's screen)."""

FITS = 12
"""A text waits for its editor only if shorter than the narrow editor column: a longer one
shows its end in an editor (scrolled to the cursor), which is not drawn here."""


def can_wait(spec: InputSpec, text: str) -> bool:
    """True when ``text`` of input ``spec`` can be drawn as its editor draws it."""
    if spec.kind == "bool":  # a text the switch cannot read gets its editor at once
        return parsed_entry(spec, text) is not None
    return spec.kind not in ("choice", "names") and 0 < len(text) < FITS \
        and text.isprintable() and text.isascii()


def editor_drawing(spec: InputSpec, text: str, width: int,
                   style: Callable[[str], Style]) -> Content:
    """The editor of ``spec`` showing ``text``, unfocused, ``width`` cells wide.

    Args:
        spec: the input (one :func:`can_wait` accepts for ``text``).
        text: its entry.
        width: the editor's column.
        style: the row's ``get_visual_style`` (a component class's whole style).
    """
    if spec.kind != "bool":  # Textual's Input: the text on the field's colour, no cursor
        return Content.styled(text.ljust(width)[:width], style("input-cell--editor"))
    field = style("input-cell--switch")  # Textual's ToggleButton, compact: ▐X▌ and the label
    on = bool(parsed_entry(spec, text))
    button = style("input-cell--switch-on" if on else "input-cell--switch-off")
    side = Style(foreground=button.background, background=field.background)
    label = f" {YesNo.label_for(on)} "
    rest = max(0, width - 3 - len(label))
    return Content.assemble(("▐", side), ("X", button), ("▌", side), (label, field),
                            (" " * rest, field))
