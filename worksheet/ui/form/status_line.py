"""The status line: the active tab's full title, whether it is saved, what is refused, the
preset, and the other tabs with unsaved edits — shortened to fit one line.

At 80 columns everything rarely fits. The line gives up details before essentials: first the
other tabs' names (a count remains), then the ``preset:`` word and the preset's name (cut
with ``…``, then left out), then the problems' names (a count remains), then the long title
(the short one remains). Whether the tab is saved is never left out. The lines tried, in
order, are :data:`CASCADE`; their words are one table, :data:`worksheet.ui.messages.STATUS_LINE`.

The status line, not the tab titles, carries the marks: re-labelling a tab re-lays out the
whole tab bar, which costs more per keystroke than the sheet itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from textual.widgets import Static

from worksheet import rulesets
from worksheet.ui.messages import STATUS_LINE
from worksheet.ui.textual_internals import LeftFramedLines, RepaintWithoutMessages
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


CASCADE = (
    ("long", "names", "preset", "names"),
    ("long", "names", "preset", "count"),
    ("long", "names", "name", "short"),
    ("long", "names", "cut", "short"),
    ("long", "names", "", "short"),
    ("long", "count", "cut", "short"),
    ("long", "count", "", "short"),
    ("short", "count", "cut", "short"),
    ("short", "count", "", "short"),
)
"""The lines tried, longest first, until one fits: each part's form as
``(title, refused, preset, others)``; ``cut`` is the preset's name cut to the room left (tried
only with 8 cells or more), ``""`` leaves the part out. The last line is cut if it still does
not fit. Their words are in :data:`~worksheet.ui.messages.STATUS_LINE`."""


def _forms(title: str, short_title: str, problems: Sequence[str], preset: str | None,
           others: Sequence[str]) -> dict[str, dict[str, str]]:
    """Each part of the line in each of its forms (every form empty where the part has
    nothing to say), in the words of :data:`~worksheet.ui.messages.STATUS_LINE`."""
    words = STATUS_LINE

    def counted(form: str, items: Sequence[str]) -> str:
        return words[form].format(count=len(items), s="s" if len(items) > 1 else "")

    no_preset = words["no preset"]
    return {
        "title": {"long": title, "short": short_title},
        "refused": {"names": words["refused"].format(names=", ".join(problems)),
                    "count": counted("refused count", problems)} if problems else {},
        "preset": {"preset": words["preset"].format(name=preset) if preset else no_preset,
                   "name": words["preset name"].format(name=preset) if preset else no_preset},
        "others": {"names": words["others"].format(names=", ".join(others)),
                   "count": counted("others count", others),
                   "short": counted("others short", others)} if others else {},
    }


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
    forms = _forms(title, short_title, problems, preset, others)
    state = STATUS_LINE["dirty" if dirty else "saved"]

    def line(*parts: str) -> str:
        return SEPARATOR.join(part for part in parts if part)

    text = ""
    for title_form, refused_form, preset_form, others_form in CASCADE:
        head = line(forms["title"][title_form], state, forms["refused"].get(refused_form, ""))
        tail = forms["others"].get(others_form, "")
        if preset_form == "cut":
            room = width - len(line(head, "x", tail)) + 1
            if not preset or room < 8:
                continue
            shown = STATUS_LINE["preset name"].format(name=_cut(preset, room))
        else:
            shown = forms["preset"].get(preset_form, "")
        text = line(head, shown, tail)
        if len(text) <= width:
            return text
    return _cut(text, width)


class StatusLine(NoLinks, LeftFramedLines, RepaintWithoutMessages, Static):
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
