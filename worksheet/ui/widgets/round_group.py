"""The round group at the top of a form: its heading with the fight-loop keys, and each
counter's reset rule beneath the counter.

Mid-fight a player changes the same few inputs between attacks; the ruleset declares them
(``Ruleset.fight_loop``), and the form shows them first, under the result strip, with the rule
that says when each counter goes up and when it goes back — the thing other tools leave the
player to remember.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import Static

from worksheet.engine import Ruleset
from worksheet.engine.fight_loop import ATTACKED_AGAIN, MY_ACTION

KEYS = {
    ATTACKED_AGAIN: "F5", MY_ACTION: "F6", "round": "F4", "cycle": "F9", "fight_view": "F10",
    "copy_line": "Ctrl+L", "copy_block": "Ctrl+T",
}
"""The fight loop's keys as the form and the notifications name them; the fight bindings
(``controllers.fight_keys.BINDINGS``) are made from these, so the two cannot differ."""

ROUND_ID = "round-inputs"
"""The id of the round group's heading."""


def round_inputs(ruleset: Ruleset) -> tuple[str, ...]:
    """The ruleset's round inputs, in order (none without a fight loop)."""
    loop = ruleset.fight_loop
    return tuple(loop.round_inputs) if loop is not None else ()


def round_heading(ruleset: Ruleset) -> Static:
    """The group's heading, naming the keys that work on this tab: the round's, F4 and F10
    (the fight view, which the key bar shows only from about 100 columns on the tabs with
    F5 and F6). At most 76 cells, so it stays one line at 80 columns."""
    loop = ruleset.fight_loop
    keys = [f"{KEYS[a.name]} {a.title.lower()}" for a in loop.actions]
    if loop.cycle:
        keys.append(f"{KEYS['cycle']} next {loop.cycle}")
    keys.append(f"{KEYS['round']} comes here")
    keys.append(f"{KEYS['fight_view']} fight view")  # at 80 columns the key bar has no room
    return Static("Round  ·  " + " · ".join(keys), id=ROUND_ID,
                  classes="step-heading round-heading", markup=False)


NOTE_EDGE = 5
"""Cells of a round note's row that are not its text (its padding in fight_loop.tcss)."""


class RoundNote(Static):
    """A line beneath a round input (its reset rule, the loop's note), which tells the lines
    it takes before it is built, as the rows do (``form.body.row_lines``): at 80 columns a
    rule wraps to two or three, and counted as one the first paint missed rows it shows."""

    def __init__(self, text: str):
        super().__init__(text, classes="round-rule", markup=False)
        self._text = text

    def lines_at(self, width: int, narrow: bool) -> int:
        """The lines the note takes at ``width`` (its outer width)."""
        return len(Content(self._text).wrap(max(1, width - NOTE_EDGE)))


def round_notes(ruleset: Ruleset, name: str) -> list[Static]:
    """The lines shown beneath a round input: its reset rule with the citation; and after the
    first input, the loop's note (Rise: which modifiers are the round's)."""
    loop = ruleset.fight_loop
    lines = []
    counter = loop.counter(name)
    if counter is not None:
        lines.append(RoundNote(f"↺ {counter.rule} — {counter.cite}"))
    if loop.note and name == loop.round_inputs[0]:
        lines.append(RoundNote(loop.note))
    return lines


def _record_words(record: Any) -> str:
    value = record.get("value", 0)
    defenses = record.get("defenses", ("all",))
    where = ", ".join(defenses) if isinstance(defenses, (list, tuple)) else str(defenses)
    return f"{record.get('name', '?')} {value:+d} ({where})" if isinstance(value, int) \
        else f"{record.get('name', '?')} ({where})"


class RoundRecords(Static):
    """The records of a round input that is a record list and count for the round (Rise's
    conditions), on one line: the list itself stays in its step, where it is edited.

    Args:
        ruleset: the ruleset.
        name: the record list input.
    """

    def __init__(self, ruleset: Ruleset, name: str):
        super().__init__("", classes="round-records", markup=False)
        loop = ruleset.fight_loop
        self._kind = loop.record_kind
        self._title = (f"{self._kind[1].capitalize()}s" if self._kind
                       else ruleset.inputs[name].title)

    def show(self, records: Any) -> None:
        """Show the records that count now (``records`` as the sheet holds them)."""
        field, wanted = self._kind if self._kind else (None, None)
        chosen = [r for r in records or () if field is None or r.get(field) == wanted]
        text = f"{self._title}: " + ("; ".join(_record_words(r) for r in chosen) or "none")
        if text != str(self.content):
            self.update(text)
