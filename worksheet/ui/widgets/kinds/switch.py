"""The yes/no kind: a switch that says its state in words (``editors.YesNo``).

Until the switch is made the row draws it as Textual's compact ``ToggleButton`` draws it
unfocused: ``▐X▌`` in the button's colours, then its label.
"""

from __future__ import annotations

from typing import Callable

from textual.content import Content
from textual.style import Style

from worksheet.engine import InputSpec
from worksheet.ui.widgets.editors import YesNo, parsed_entry
from worksheet.ui.widgets.kinds.base import EditorKind, StandIn


def switch_editor(spec: InputSpec, text: str, widget_id: str, cursor_blink: bool) -> YesNo:
    """The switch, on when ``text`` says yes."""
    return YesNo(bool(parsed_entry(spec, text)), id=widget_id)


def _readable(spec: InputSpec, text: str) -> bool:
    """A text the switch cannot read gets its editor at once (it shows no for it)."""
    return parsed_entry(spec, text) is not None


def _drawing(spec: InputSpec, text: str, width: int, style: Callable[[str], Style]) -> Content:
    field = style("input-cell--switch")
    on = bool(parsed_entry(spec, text))
    button = style("input-cell--switch-on" if on else "input-cell--switch-off")
    side = Style(foreground=button.background, background=field.background)
    label = f" {YesNo.label_for(on)} "
    rest = max(0, width - 3 - len(label))
    return Content.assemble(("▐", side), ("X", button), ("▌", side), (label, field),
                            (" " * rest, field))


KINDS = (EditorKind("bool", switch_editor, StandIn(_readable, _drawing)),)
