"""The Odds step's picture: each defense option's chance to be hit as a percentage and a bar,
the best option marked with what it costs, and a small bar chart of what matters after a hit.

Mid-fight a player asks "if I dodge instead of parry, how likely am I to be hit?"; the value
rows below give the exact fractions and the model, this panel the answer at a glance. It is one
widget drawing plain text: the bars are block characters on a shaded track (``█▌░``), so they
read the same without colour (``NO_COLOR``), and every line fits 80 columns. It is shown again
only when an odds node changed (``names``), so a keystroke elsewhere never redraws it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from textual.content import Content
from textual.widgets import Static

from worksheet.engine import Ruleset, Sheet, State
from worksheet.engine.odds_text import ODDS_STEP, Chart
from worksheet.engine.percent import TRACK, percent
from worksheet.engine.percent import bar as percent_bar
from worksheet.ui.speaker import Speaker

BAR = 30
"""Cells of a full bar (100 %)."""
LABEL = 24
"""The widest option label; longer ones are cut."""
CRIT_BAR = 8
"""Cells a hit's bar gives up to show the critical chance beside it."""

PREFIXES = ("Chance to be hit ", "Chance to be hit")
"""Taken off the node labels: every option row is a chance to be hit."""


def bar(p: Fraction | int, width: int = BAR) -> str:
    """A bar ``width`` cells long filled to ``p`` (0 to 1) on the one scale every bar uses
    (:func:`~worksheet.engine.percent.bar`: a chance above zero shows a sliver, one below
    certainty never a full bar), so an option's bar and a chart's compare at a glance."""
    return percent_bar(p, width)


def option_label(label: str) -> str:
    """``Chance to be hit through Dodge DV`` → ``through Dodge DV``."""
    for prefix in PREFIXES:
        if label.startswith(prefix) and label != prefix:
            label = label[len(prefix):]
            break
    label = label.replace(": chance of a critical hit", ": critical").replace(
        ": chance of a hit", "")
    return label if len(label) <= LABEL else label[:LABEL - 1] + "…"


def best_nodes(value: str, options: list[str]) -> list[str]:
    """The option nodes a ``best_*`` value names (``equal``: all of them)."""
    if value == "equal":
        return options
    key = "no_full_defense" if value == "none" else value.replace("-", "_")
    return [name for name in options if name.endswith("_" + key)]


NOTES = {"gemstone4": "Evading outright is not included (the article gives no formula for it).",
         "rise": "A 10 on the d10 is rolled again and added: high defenses stay reachable."}
"""A line a sheet's odds always carry."""


def cost(ruleset_id: str, best: str | None, sheet: Sheet) -> str:
    """What taking the best option costs, in words (empty when nothing)."""
    if ruleset_id == "shadowrun4":
        words = [] if best in (None, "none") else [
            "full defense uses your next action"]
        if sheet.value("edge_dice"):
            words.append(f"{sheet.value('edge_dice')} Edge spent")
        return "; ".join(words)
    if ruleset_id == "vtm-revised" and sheet.value("willpower_success"):
        return "1 Willpower spent for the automatic success"
    if ruleset_id == "exalted2e" and best is not None:
        return "no cost beyond the defense itself"
    return ""


class OddsPanel(Static):
    """The Odds step's chances, best option and after-hit chart for one sheet.

    Args:
        ruleset: the ruleset (its ``odds`` nodes are drawn).
    """

    DEFAULT_CSS = """
    OddsPanel {
        height: auto;
        padding: 0 1;
        margin: 1 0 0 0;
    }
    """

    def __init__(self, ruleset: Ruleset):
        super().__init__("", classes="odds-panel", markup=False, id="odds-panel")
        self.ruleset = ruleset
        """The sheet's ruleset."""
        self.options = [n for n in ruleset.odds if n.startswith("p_")]
        """The probability nodes, one bar each."""
        self._crits = {n: "p_crit_" + n[len("p_hit_"):] for n in self.options
                       if n.startswith("p_hit_") and "p_crit_" + n[len("p_hit_"):] in ruleset.odds}
        """Rise: each hit's node and its critical hit's, drawn on one line."""
        self.best = next((n for n in ruleset.odds if n.startswith("best_")), None)
        """The node naming the best option, if the sheet has one."""
        self._speaker = Speaker(ruleset)
        """What it waits for, said with the form's labels."""
        self.names = frozenset(ruleset.odds) | {"edge_dice", "willpower_success"}
        """What the panel shows: it is drawn again when one of these changed."""
        self._shown = ""

    def show(self, sheet: Sheet) -> None:
        """Draw the current odds (nothing happens when the text is the same)."""
        text = "\n".join(self.lines(sheet))
        if text != self._shown:
            # As many lines at this width: a repaint, not a new layout of the whole screen,
            # so a keystroke in an attacker field stays as cheap as any other.
            content, width = Content(text), self.content_size.width
            same = bool(width) and self.is_mounted and bool(self._shown) and Content(
                self._shown).get_height(self.styles, width) == content.get_height(
                self.styles, width)
            self._shown = text
            self.update(content, layout=not same)

    def lines(self, sheet: Sheet) -> list[str]:
        """The panel as lines of plain text."""
        statuses = {name: sheet.status(name) for name in self.ruleset.odds}
        first = statuses[self.options[0]]
        if first.state is not State.OK:
            why = ("waiting for " if first.state is State.BLOCKED else "fix ")
            return [f"Odds: {why}{self._speaker.names(first.waiting_for)}"]
        if all(s.value is None for s in statuses.values()):
            return [f"No attack yet: enter {self._attacker()} above to see the odds."]
        best = statuses[self.best].value if self.best else None
        marked = best_nodes(best, self.options) if best else []
        lines = ["Chance to be hit" + (" (and of a critical hit)" if self._crits else "")]
        for name in self.options:
            if name in self._crits.values():
                continue
            if name in self._crits and statuses[self._crits[name]].ok and statuses[name].ok:
                crit = statuses[self._crits[name]].value
                lines.append(self._option(name, statuses[name], name in marked,
                                          BAR - CRIT_BAR) + f"  crit {percent(crit):>7}")
            else:
                lines.append(self._option(name, statuses[name], name in marked))
        if self.ruleset.id in NOTES:
            lines.append(NOTES[self.ruleset.id])
        if self.best:
            spent = cost(self.ruleset.id, best, sheet)
            lines.append(f"Best: {best or 'none allowed'}" + (f" — {spent}" if spent else ""))
        for status in statuses.values():
            if status.ok and isinstance(status.value, Chart):
                lines.extend(self._chart(status.value))
        return lines

    def _attacker(self) -> str:
        """The attacker input the odds wait for, as the form labels it."""
        ruleset, inputs = self.ruleset, self.ruleset.inputs
        name = next((n for n, spec in inputs.items() if spec.optional and any(
            ruleset.rules[user].step == ODDS_STEP for user in ruleset.consumers(n))), None)
        return inputs[name].title if name else "the attack"

    def _option(self, name: str, status: Any, marked: bool, width: int = BAR) -> str:
        label = option_label(self.ruleset.rules[name].label).ljust(LABEL)
        if not status.ok:
            return f"  {label} waiting for {self._speaker.names(status.waiting_for)}"
        if status.value is None:
            why = status.derivation.formula if status.derivation else ""
            text = "not allowed" + (f": {why}" if why else "")
            return f"  {label} " + (text if len(text) <= 45 else text[:44] + "…")
        return (f"  {label} {percent(status.value):>7} {bar(status.value, width)}"
                + (" ◀ best" if marked else ""))

    def _chart(self, chart: Chart) -> list[str]:
        lines = [f"After a hit: {chart.title}"]
        if not chart.bars:
            return lines + ["  (the attack cannot hit)"]
        width = max(len(label) for label, _ in chart.bars)
        for label, p in chart.bars:  # the scale of the chances above: a bar is its chance
            lines.append(f"  {label:>{width}} {percent(p):>7} {bar(p, BAR).rstrip(TRACK)}")
        lines.append("  (each is the chance of that result, on the scale of the bars above)")
        return lines
