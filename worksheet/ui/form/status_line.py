"""The status line: the active tab's full title, whether it is saved, what is refused, the
preset, and the other tabs with unsaved edits — shortened to fit one line.

At 80 columns everything rarely fits. The line gives up details before essentials: first the
other tabs' names (a count remains), then the ``preset:`` word and the preset's name (cut
with ``…``, then left out), then the problems' names (a count remains), then the long title
(the short one remains). Whether the tab is saved is never left out.

The status line, not the tab titles, carries the marks: re-labelling a tab re-lays out the
whole tab bar, which costs more per keystroke than the sheet itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from textual.widgets import Static

from worksheet import rulesets
from worksheet.ui.textual_internals import ContentAsDrawn, LeftFramedLines, RepaintWithoutMessages
from worksheet.ui.widgets.no_links import NoLinks

if TYPE_CHECKING:
    from worksheet.presets import Preset
    from worksheet.ui.form.sheet_form import SheetForm

SEPARATOR = " · "


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, with ``…`` where it was cut."""
    if len(text) <= width:
        return text
    return text[:max(0, width - 1)].rstrip() + "…" if width > 1 else ""


def status_text(title: str, short_title: str, dirty: bool, problems: Sequence[str],
                preset: str | None, others: Sequence[str], width: int) -> str:
    """The status line for a tab, at most ``width`` cells wide (when it can be).

    Args:
        title: the tab's full title.
        short_title: its short title (used when the full one does not fit).
        dirty: the tab has unsaved edits.
        problems: the labels of the refused inputs.
        preset: the name of the preset the tab was loaded from or saved as.
        others: the short titles of the other tabs with unsaved edits.
        width: the cells available.
    """
    state = "● unsaved edits" if dirty else "saved"
    refused = ("✗ " + ", ".join(problems)) if problems else ""
    shown_preset = f"preset: {preset}" if preset else "defaults"
    also = ("also unsaved: " + ", ".join(others)) if others else ""

    def line(*parts: str) -> str:
        return SEPARATOR.join(part for part in parts if part)

    candidates = [
        lambda: line(title, state, refused, shown_preset, also),
        lambda: line(title, state, refused, shown_preset, f"+{len(others)} unsaved tab"
                     + ("s" if len(others) > 1 else "") if others else ""),
        lambda: line(title, state, refused, preset or "defaults", f"+{len(others)}"
                     if others else ""),
    ]
    for candidate in candidates:
        text = candidate()
        if len(text) <= width:
            return text
    extra = f"+{len(others)}" if others else ""
    if problems and len(line(title, state, refused, extra)) > width:
        refused = f"✗ {len(problems)} input" + ("s" if len(problems) > 1 else "")
    if len(line(title, state, refused, extra)) > width:
        title = short_title
    if preset:
        room = width - len(line(title, state, refused, "x", extra)) + 1
        if room >= 8:
            return line(title, state, refused, _cut(preset, room), extra)
    return _cut(line(title, state, refused, extra), width)


class StatusLine(NoLinks, LeftFramedLines, ContentAsDrawn, RepaintWithoutMessages, Static):
    """The line under the form. It keeps the text it shows, so an update that changes nothing
    repaints nothing; one line high and as wide as the screen, a repaint never needs a new
    layout."""

    def __init__(self, *, id: str | None = None):
        super().__init__("", id=id, markup=False)
        self._shown = ""

    def show(self, form: SheetForm, preset: Preset | None, others: Sequence[str],
             width: int) -> None:
        """Show ``form``'s status in ``width`` cells.

        Args:
            form: the active tab's form.
            preset: the preset it was loaded from or saved as.
            others: the short titles of the other tabs with unsaved edits.
            width: the screen's width.
        """
        rid = form.ruleset.id
        text = status_text(rulesets.title(rid), rulesets.short_title(rid), form.dirty,
                           [form.speaker.name(p.input) for p in form.problems],
                           preset.name if preset else None, others, width - 2)
        if text != self._shown:
            self._shown = text
            self.update(text, layout=False)
