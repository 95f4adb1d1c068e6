"""The results strip: what a player looks at first, always in sight above the form.

Mid-fight a player edits an input far down the form and still reads the defense at the top.
The strip shows the ruleset's declared headline (``Ruleset.headline``) and nothing else: the
intermediate values stay in the form, so the numbers that matter fit two lines at 80 columns.
Each entry shows its value, or — never a stale number — briefly what it waits for. An outcome
not known yet (nothing rolled, an optional input left empty) is left out instead of shown as
``—``.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Region
from textual.widgets import Static

from worksheet.engine import Ruleset, Sheet, State
from worksheet.engine.percent import percent
from worksheet.engine.ruleset import Headline
from worksheet.ui.speaker import Speaker
from worksheet.ui.textual_internals import RepaintWithoutMessages
from worksheet.ui.widgets.no_links import NoLinks
from worksheet.ui.widgets.row_visual import content_lines

SEPARATOR = "  ·  "
STYLES = {State.OK: "bold $text-success", State.BLOCKED: "$text-warning"}


def entry_text(entry: Headline, label: str, sheet: Sheet, speaker: Speaker) -> tuple[str, str]:
    """``(label, value)`` of one headline entry now; ``("", "")`` when it is left out.

    The value is empty when the words stand alone (``the attack lands``).
    """
    if entry.unless and sheet.status(entry.unless).ok \
            and sheet.value(entry.unless) is not None:
        return "", ""
    status = sheet.status(entry.name)
    if status.state is not State.OK:
        label = entry.waiting or label
    if status.state is State.BLOCKED:
        return label, "waits for " + speaker.names(status.waiting_for)
    if status.state is State.ERROR:
        return label, "✗ " + speaker.names(status.waiting_for)
    value = status.value
    if value is None:
        return "", ""
    if entry.words and value in entry.words:
        return entry.words[value], ""
    if entry.percent:
        return label, percent(value)
    text = status.derivation.result if status.derivation else str(value)
    if entry.clause and entry.clause in text:
        first, *more = text.split(entry.clause)
        text = f"{first} (+{len(more)} more)"
    return label, text


def _reason(value: str) -> str:
    """What a blocked or refused entry waits for, without the verb."""
    return value.removeprefix("waits for ").removeprefix("wait for ")


class ResultStrip(NoLinks, RepaintWithoutMessages, Static):
    """One line (wrapping) of ``label value`` for each headline entry of a ruleset.

    Args:
        ruleset: the ruleset whose headline is shown.
        speaker: names in labels, for what a value waits for.
    """

    def __init__(self, ruleset: Ruleset, speaker: Speaker | None = None):
        super().__init__("", classes="result-strip", markup=False)
        self.entries = ruleset.headline
        """The entries shown, in order."""
        self.names = frozenset(name for entry in self.entries
                               for name in (entry.name, entry.unless) if name)
        """The nodes whose change may change the strip."""
        self._labels = {entry.name: entry.label or ruleset.rules[entry.name].label
                        for entry in self.entries}
        self._speaker = speaker or Speaker(ruleset)
        self._shown = ""

    def parts(self, sheet: Sheet) -> list[tuple[Headline, str, str, State]]:
        """``(entry, label, value, state)`` of each entry shown now, in order.

        Neighbours that wait for the same inputs are said once: ``Hit, Net hits wait for
        Defender faces``.
        """
        shown: list[tuple[Headline, str, str, State]] = []
        for entry in self.entries:
            label, value = entry_text(entry, self._labels[entry.name], sheet, self._speaker)
            if not (label or value):
                continue
            state = sheet.status(entry.name).state
            if entry.attach and state is not State.OK:
                continue  # what it is attached to already says what it waits for
            if shown and state is not State.OK and shown[-1][3] is state \
                    and _reason(shown[-1][2]) == _reason(value):
                before = shown.pop()
                label = f"{before[1]}, {label}"
                value = value.replace("waits for ", "wait for ", 1)
            shown.append((entry, label, value, state))
        return shown

    def text(self, sheet: Sheet) -> str:
        """The strip's text now, on one line (what a player reads; tests check it)."""
        return self._content(sheet).plain

    def _units(self, sheet: Sheet) -> list[Content]:
        """Each entry shown, with the note attached to it (``Armor 13 (hit 30.0 %)``)."""
        units: list[Content] = []
        attached = False
        for entry, label, value, state in self.parts(sheet):
            if attached:
                units[-1] += Content(")")
            attached = entry.attach and bool(units)
            style = STYLES.get(state, "$text-error")
            if not value:  # words that say the outcome alone
                piece = Content.styled(label, style)
            else:
                piece = Content.assemble(Content(label + " "), Content.styled(value, style))
            if attached:
                units[-1] += Content(" (") + piece
            else:
                units.append(piece)
        if attached:
            units[-1] += Content(")")
        return units

    def _content(self, sheet: Sheet, width: int = 0) -> Content:
        """The strip's content; with a ``width``, a line ends between entries, never inside one
        that would fit on a line of its own.

        Textual wraps at any space, non-breaking ones included, so left to itself a label
        (``Remaining successes``) could end one line and its number start the next. An entry
        wider than the strip still wraps where Textual wraps it.
        """
        units = self._units(sheet)
        whole = Content(SEPARATOR).join(units)
        if not width or whole.cell_length <= width:
            return whole
        lines: list[Content] = []
        line: Content | None = None
        for unit in units:
            if line is None:
                line = unit
                continue
            candidate = line + Content(SEPARATOR) + unit
            whole_on_last = candidate.wrap(width)[-1].plain.endswith(SEPARATOR + unit.plain)
            if whole_on_last or unit.cell_length > width:
                line = candidate
            else:
                lines.append(line)
                line = unit
        if line is not None:
            lines.append(line)
        return Content("\n").join(lines)

    @property
    def shown(self) -> str:
        """The text on screen now, as last shown (what a player reads)."""
        return self._shown

    def show(self, sheet: Sheet) -> None:
        """Show the current headline."""
        self._sheet = sheet
        width = self.content_size.width
        content = self._content(sheet, width)
        if content.plain != self._drawn:
            # Same lines at this width: a repaint, not a new layout of the whole screen.
            same = bool(width) and self.is_mounted and content_lines(
                Content(self._drawn), self.styles, width) == content_lines(
                content, self.styles, width)
            self._shown = self.text(sheet)
            self._drawn = content.plain
            self._content_only = same
            try:
                self.update(content, layout=not same)
            finally:
                self._content_only = False

    def on_resize(self) -> None:
        """Break the lines again for the new width (between entries, see ``_content``)."""
        if self._sheet is not None:
            self.show(self._sheet)

    _sheet: Sheet | None = None
    """The sheet last shown, for breaking its lines again when the width changes."""
    _drawn = ""
    """The text last drawn, line breaks included."""

    _content_only = False
    """``show`` is updating the text in place (same lines at this width)."""

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False):
        if self._content_only and not (regions or layout or recompose):
            # The text only: the border under it stays as the terminal shows it (a whole
            # line of the screen, sent again on every keystroke otherwise).
            regions = (self.content_size.region,)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
