"""The result on one line, fit for a chat or MUD client: ``Dodge DV 5 · Parry DV 4 · hit chance
41.0 % (dodge)``.

``worksheet calc --format line`` prints it (for scripts and client triggers) and the app copies
it to the clipboard. It holds what the result strip holds, in the same order (the spec's "The
result strip"): the defenses first; then, once rolled, the outcome; then, once the attacker's
side is entered, the chance to be hit. A part whose nodes a ruleset does not have (the odds, on
a build without them) or whose value is not known yet is left out; a headline value that cannot
be computed says which input it waits for, by the label the form shows (``Dodge DV ? (fix
Dexterity)``), so the line never shows a stale number.

Headless: no Textual or Rich.
"""

from __future__ import annotations

from typing import Callable

from worksheet.engine import Sheet, State, format_value
from worksheet.engine.percent import percent  # one rule for the app, the copy and calc

SEPARATOR = " · "


def _shown(sheet: Sheet, name: str) -> str:
    """A headline value as the sheet shows it, or what it waits for (never a stale number)."""
    status = sheet.status(name)
    if status.state is State.OK:
        return status.derivation.result if status.derivation else format_value(status.value)
    return "? (fix " + ", ".join(label(sheet, n) for n in status.waiting_for) + ")"


def label(sheet: Sheet, name: str) -> str:
    """An input's or node's label, as the form shows it: the line is the player's."""
    ruleset = sheet.ruleset
    if name in ruleset.inputs:
        return ruleset.inputs[name].title
    return ruleset.rules[name].label if name in ruleset.rules else name


def _known(sheet: Sheet, name: str):
    """The value of a node the ruleset may not have, or ``None`` when absent or not known."""
    if name not in sheet.ruleset.rules and name not in sheet.ruleset.inputs:
        return None
    status = sheet.status(name)
    return status.value if status.state is State.OK else None


def _chances(sheet: Sheet, options: dict[str, str], best: str | None = None) -> list[str]:
    """``hit chance …`` from the odds nodes: the best option's chance when the ruleset names a
    best, else each option's. Empty while the odds are absent or not entered."""
    known = {label: _known(sheet, node) for label, node in options.items()}
    known = {label: p for label, p in known.items() if p is not None}
    if not known:
        return []
    choice = _known(sheet, best) if best else None
    if choice in known:
        return [f"hit chance {percent(known[choice])} ({choice})"]
    if choice == "equal" and len(set(known.values())) == 1:
        return [f"hit chance {percent(next(iter(known.values())))} ({' or '.join(known)})"]
    if len(known) == 1:
        return [f"hit chance {percent(next(iter(known.values())))}"]
    return ["hit chance " + ", ".join(f"{label} {percent(p)}" for label, p in known.items())]


def _exalted(sheet: Sheet) -> list[str]:
    return [f"Dodge DV {_shown(sheet, 'dodge_dv')}", f"Parry DV {_shown(sheet, 'parry_dv')}",
            *_chances(sheet, {"dodge": "p_hit_dodge", "parry": "p_hit_parry"}, "best_defense")]


def _gemstone(sheet: Sheet) -> list[str]:
    return [f"Evade DS melee {_shown(sheet, 'melee_ds')}",
            f"ranged {_shown(sheet, 'ranged_ds')}",
            *_chances(sheet, {"melee": "p_hit_melee", "ranged": "p_hit_ranged"})]


RISE_DEFENSES = ("armor", "brawn", "fortitude", "reflex", "mental")


def _rise(sheet: Sheet) -> list[str]:
    parts = [f"{d.capitalize()} {_shown(sheet, d + '_defense')}" for d in RISE_DEFENSES]
    return parts + _chances(sheet, {d.capitalize(): f"p_hit_{d}" for d in RISE_DEFENSES})


def _outcome(sheet: Sheet, extra: str, extra_words: str) -> list[str]:
    """``hit, 2 net hits`` / ``miss`` once both rolls are in."""
    hit = _known(sheet, "hit")
    if hit is None:
        return []
    if not hit:
        return ["miss"]
    count = _known(sheet, extra)
    return [f"hit, {count} {extra_words}" if count is not None else "hit"]


def _shadowrun(sheet: Sheet) -> list[str]:
    if _known(sheet, "no_defense"):
        parts = ["no defense (unaware)"]
    else:
        parts = [f"Defense pool {_shown(sheet, 'defense_pool')}"]
    parts += _outcome(sheet, "net_hits", "net hits")
    glitch = _known(sheet, "defender_glitch")
    if glitch in ("glitch", "critical"):
        parts.append("critical glitch" if glitch == "critical" else "glitch")
    return parts + _chances(sheet, {"": "p_hit"}) + _better(
        sheet, "full_defense", "best_full_defense",
        {"none": "p_hit_no_full_defense", "full-dodge": "p_hit_full_dodge",
         "full-parry": "p_hit_full_parry", "gymnastics-dodge": "p_hit_gymnastics_dodge"})


def _better(sheet: Sheet, chosen: str, best: str, options: dict[str, str]) -> list[str]:
    """``best parry 50.0 %`` when the odds name a better option than the one on the sheet."""
    better = _known(sheet, best)
    p = _known(sheet, options.get(better, "")) if better in options else None
    if p is None or better == _known(sheet, chosen):
        return []
    return [f"best {better} {percent(p)}"]


def _vampire(sheet: Sheet) -> list[str]:
    maneuver = str(_known(sheet, "maneuver") or "defense").capitalize()
    allowed = _known(sheet, "allowed")
    if allowed is False:
        reason = _known(sheet, "reason")
        parts = [f"{maneuver} not allowed" + (f": {reason}" if reason else "")]
    else:
        parts = [f"{maneuver} {_shown(sheet, 'defense_pool')} dice at difficulty "
                 f"{_shown(sheet, 'difficulty')}"]
    parts += _outcome(sheet, "remaining_successes", "remain")
    if _known(sheet, "defender_botch"):
        parts.append("botch")
    riposte = _known(sheet, "riposte_pool")
    if riposte is not None:
        parts.append(f"riposte {riposte} dice")
    return parts + _chances(sheet, {"": "p_hit"}) + _better(
        sheet, "maneuver", "best_maneuver",
        {"block": "p_hit_block", "dodge": "p_hit_dodge", "parry": "p_hit_parry"})


LINES: dict[str, Callable[[Sheet], list[str]]] = {
    "exalted2e": _exalted, "gemstone4": _gemstone, "rise": _rise,
    "shadowrun4": _shadowrun, "vtm-revised": _vampire,
}
"""Ruleset id → the parts of its one-liner."""


def one_line(sheet: Sheet) -> str:
    """The sheet's result on one line (see the module docstring)."""
    parts = LINES.get(sheet.ruleset.id)
    if parts is None:  # a ruleset without its own line: its results, in order
        return SEPARATOR.join(f"{sheet.ruleset.rules[n].label} {_shown(sheet, n)}"
                              for n in sheet.ruleset.results)
    return SEPARATOR.join(parts(sheet))
