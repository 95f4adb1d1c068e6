"""The help's first part: the keys and rules of the tab it was opened on.

A player who presses F1 mid-fight wants to know what F5 does here, which key steps the stance
on GemStone, when the onslaught goes back to 0 — not every key of every tab first (issue 42:
GemStone's F9 sat among the general keys). The rows are read from the ruleset's own fight loop
(``Ruleset.fight_loop``) and the keys from the bindings that run them, so help and keys agree.
"""

from __future__ import annotations

from worksheet.engine import Ruleset
from worksheet.engine.odds_text import ODDS_STEP
from worksheet.ui.widgets.round_group import KEYS


def tab_rows(ruleset: Ruleset, odds_key: str = "Ctrl+G") -> list[tuple[str, str]]:
    """``(keys, what they do)`` of this tab's own keys, then its round rules, in the words
    the form shows (labels, never identifiers).

    Args:
        ruleset: the tab's ruleset.
        odds_key: the key that goes to the Odds step, as the help names it.
    """
    label = {name: spec.title for name, spec in ruleset.inputs.items()}
    loop = ruleset.fight_loop
    rows: list[tuple[str, str]] = []
    if loop is not None:
        for action in loop.actions:
            rows.append((KEYS[action.name], f"{action.title}: {action.rule} — {action.cite}"))
        if loop.cycle is not None:
            choices = getattr(ruleset.inputs[loop.cycle], "choices", ())
            order = " → ".join(str(c) for c in choices)
            rows.append((KEYS["cycle"], f"next {label[loop.cycle]}"
                         + (f": {order}, then {choices[0]} again" if choices else "")))
        names = ", ".join(label[n] for n in loop.round_inputs)
        rows.append((KEYS["round"], f"go to the round inputs ({names}), at the top of the "
                                    "form." + (f" {loop.note}" if loop.note else "")))
        rows.append((KEYS["fight_view"], "fight view: the strip, the round inputs and the "
                                         "odds only; again: the whole form"))
    if any(group.step == ODDS_STEP for group in ruleset.step_groups()):
        rows.append((odds_key, "go to the Odds step: the attacker's inputs and the chance to "
                               "be hit"))
    for counter in loop.counters if loop is not None else ():
        rows.append((f"↺ {label[counter.input]}", f"{counter.rule} — {counter.cite}"))
    return rows
