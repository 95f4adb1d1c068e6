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
        """The strip's text now (what a player reads; tests check it)."""
        return self._content(sheet).plain

    def _content(self, sheet: Sheet) -> Content:
        pieces: list[Content] = []
        attached = False
        for entry, label, value, state in self.parts(sheet):
            if attached:
                pieces.append(Content(")"))
            attached = entry.attach and bool(pieces)
            if pieces:
                pieces.append(Content(" (" if attached else SEPARATOR))
            style = STYLES.get(state, "$text-error")
            if not value:  # words that say the outcome alone
                pieces.append(Content.styled(label, style))
            else:
                pieces.append(Content.assemble(Content(label + " "),
                                               Content.styled(value, style)))
        if attached:
            pieces.append(Content(")"))
        return Content("").join(pieces)

    @property
    def shown(self) -> str:
        """The text on screen now, as last shown (what a player reads)."""
        return self._shown

    def show(self, sheet: Sheet) -> None:
        """Show the current headline."""
        content = self._content(sheet)
        if content.plain != self._shown:
            # Same lines at this width: a repaint, not a new layout of the whole screen.
            width = self.content_size.width
            same = bool(width) and self.is_mounted and content_lines(
                Content(self._shown), self.styles, width) == content_lines(
                content, self.styles, width)
            self._shown = content.plain
            self._content_only = same
            try:
                self.update(content, layout=not same)
            finally:
                self._content_only = False

    _content_only = False
    """``show`` is updating the text in place (same lines at this width)."""

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False):
        if self._content_only and not (regions or layout or recompose):
            # The text only: the border under it stays as the terminal shows it (a whole
            # line of the screen, sent again on every keystroke otherwise).
            regions = (self.content_size.region,)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
