"""What a player reads off a variant first: its headline values, each option's chance to be
hit, the best of them, and how far each moved (``shared/spec/compare.md``, common rules).

The headline values are the ruleset's Results that its result strip shows (``Ruleset.headline``
without the chances): Dodge DV and Parry DV, Evade DS vs melee and vs ranged, the five Rise
defenses, a defense pool… The options are the odds' ``p_hit_…`` nodes (one per defense, per
maneuver, per full defense), or ``p_hit`` alone where there is no other; the best chance is the
lowest of those the sheet allows (ties to the option listed first, as ``odds.md`` says).

Differences are exact: a number's is ``now − before`` written signed (``+1``, ``−1/2``); a
chance's is in percentage points through :func:`worksheet.engine.percent.points` from the two
exact fractions, so ``−4.3 pp`` is never the difference of two rounded percentages.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping

from worksheet.engine.explain import format_value
from worksheet.engine.numbers import format_number
from worksheet.engine.percent import points
from worksheet.engine.ruleset import Ruleset

MINUS = "−"


def headline_names(ruleset: Ruleset) -> tuple[str, ...]:
    """The headline values' node names, in strip order (no chances)."""
    return tuple(entry.name for entry in ruleset.headline if not entry.percent)


def headline_label(ruleset: Ruleset, name: str) -> str:
    """A headline value's label as the strip words it (``Armor``, ``Dodge DV``)."""
    for entry in ruleset.headline:
        if entry.name == name and entry.label and not entry.label.endswith(":"):
            return entry.label
    return ruleset.rules[name].label


def chance_options(ruleset: Ruleset) -> tuple[str, ...]:
    """The nodes holding each option's chance to be hit, in the odds' order."""
    options = tuple(name for name in ruleset.odds if name.startswith("p_hit_"))
    return options or tuple(name for name in ruleset.odds if name == "p_hit")


def option_label(name: str) -> str:
    """An option's short name: ``p_hit_full_dodge`` → ``full dodge``, ``p_hit`` → ``hit``."""
    return name[len("p_hit_"):].replace("_", " ") if name.startswith("p_hit_") else "hit"


def best_chance(ruleset: Ruleset, values: Mapping[str, Any]) -> tuple[str, Any] | None:
    """``(option node, chance)`` of the lowest chance to be hit the sheet allows, or ``None``
    while no option has one (no attack entered, every option refused)."""
    best = None
    for name in chance_options(ruleset):
        chance = values.get(name)
        if _is_number(chance) and (best is None or chance < best[1]):
            best = (name, chance)
    return best


def first_number_headline(ruleset: Ruleset, values: Mapping[str, Any]) -> str | None:
    """The first headline that holds a number (what ranks variants without an attack)."""
    return next((name for name in headline_names(ruleset) if _is_number(values.get(name))),
                None)


def _is_number(value: Any) -> bool:
    return type(value) in (int, Fraction)


def signed(before: Any, now: Any) -> str:
    """How a value moved: ``+1``, ``−1/2`` for numbers; ``7 → 6`` or ``— → 3`` otherwise."""
    if _is_number(before) and _is_number(now):
        delta = now - before
        return ("+" if delta >= 0 else MINUS) + format_number(abs(delta))
    return f"{shown(before)} → {shown(now)}"


def signed_points(before: Any, now: Any) -> str:
    """How a chance moved, in percentage points from the exact values: ``−4.3 pp``; a chance
    that appears or goes away reads ``— → 58.0 %`` style through :func:`shown`."""
    if _is_number(before) and _is_number(now):
        return points(before, now) + " pp"
    from worksheet.engine.percent import percent

    return (f"{percent(before) if _is_number(before) else '—'} → "
            f"{percent(now) if _is_number(now) else '—'}")


def shown(value: Any) -> str:
    """A value as the sheet shows it, ``—`` for none."""
    return "—" if value is None else format_value(value)


def changed_headlines(ruleset: Ruleset, before: Mapping[str, Any],
                      now: Mapping[str, Any]) -> list[str]:
    """The headline values that differ between two outcomes' values, in strip order."""
    return [name for name in headline_names(ruleset) if before.get(name) != now.get(name)]


@dataclass(frozen=True)
class Effect:
    """What one variant does to the start, as a player reads it.

    Attributes:
        outcome: the variant (a :class:`~worksheet.engine.variants.Outcome`).
        headlines: the headline values that moved, in strip order.
        best_before: the start's best ``(option, chance)`` or ``None``.
        best_now: the variant's best ``(option, chance)`` or ``None``.
    """

    outcome: Any
    headlines: tuple[str, ...]
    best_before: tuple[str, Any] | None
    best_now: tuple[str, Any] | None

    @property
    def chance_moved(self) -> bool:
        """The best chance to be hit is not what it was (or appeared, or went away)."""
        before = self.best_before[1] if self.best_before else None
        now = self.best_now[1] if self.best_now else None
        return before != now

    @property
    def changes_something(self) -> bool:
        """A headline or the best chance moved (what the text lists one line each)."""
        return bool(self.headlines) or self.chance_moved


def effect(base: Any, outcome: Any) -> Effect:
    """The :class:`Effect` of ``outcome`` on ``base`` (two outcomes of one ruleset)."""
    ruleset = base.ruleset
    return Effect(outcome, tuple(changed_headlines(ruleset, base.values, outcome.values)),
                  best_chance(ruleset, base.values), best_chance(ruleset, outcome.values))


def ranked(base: Any, outcomes: Iterable[Any]) -> list[Effect]:
    """Each valid outcome's :class:`Effect`, best for the defender first (compare.md).

    With an attack entered (the start has a best chance), the largest drop of the best chance
    to be hit comes first; without one, the largest rise of the first headline that holds a
    number. Ties go to the next headlines' rises, then to the order given. Refused outcomes
    are left out (the caller lists them with their problems).
    """
    ruleset = base.ruleset
    numbers = [name for name in headline_names(ruleset) if _is_number(base.values.get(name))]
    first = first_number_headline(ruleset, base.values)
    start = best_chance(ruleset, base.values)
    infinity = Fraction(10 ** 9)

    def rise(values: Mapping[str, Any], name: str) -> Any:
        now = values.get(name)
        return -(now - base.values[name]) if _is_number(now) else infinity

    def key(item: Effect) -> tuple:
        values = item.outcome.values
        rises = tuple(rise(values, name) for name in numbers)
        if start is not None:
            now = item.best_now[1] if item.best_now else infinity
            return (now - start[1], *rises)
        return (rise(values, first) if first else 0, *rises)

    return sorted((effect(base, outcome) for outcome in outcomes if outcome.valid), key=key)


__all__ = ["Effect", "effect", "ranked", "best_chance", "chance_options", "changed_headlines", "first_number_headline",
           "headline_label", "headline_names", "option_label", "shown", "signed",
           "signed_points"]
