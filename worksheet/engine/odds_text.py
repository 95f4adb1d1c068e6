"""How odds read: the chart value, and the texts every odds node shares.

Light on purpose (no icepool): the rulesets' odds declarations, the reports and the app import
it at start-up; the distributions themselves are in :mod:`worksheet.engine.odds`, imported only
when there is an attack to compute.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from worksheet.engine.explain import Explained, explained
from worksheet.engine.numbers import format_number, json_number
from worksheet.engine.percent import percent  # the one rule; the odds texts all use it

ODDS_STEP = "Odds"
"""The step label of every odds node: the app's Odds step gathers them and their inputs."""


def raw(p: Any) -> Any:
    """The exact number inside a value a rule received (a Term carries it as ``value``)."""
    return getattr(p, "value", p)


def exact_and_percent(p: Fraction | int) -> str:
    """``9064/15625 = 58.0 %`` (the exact fraction first: it is the value)."""
    return f"{format_number(p)} = {percent(p)}"


@dataclass(frozen=True)
class Chart:
    """A small distribution to draw as bars: what matters after a hit.

    Attributes:
        title: what the bars count, e.g. ``extra successes through the dodge DV``.
        bars: ``(label, probability)`` in order; the probabilities are unconditional.
    """

    title: str
    bars: tuple[tuple[str, Fraction], ...]

    def __str__(self) -> str:
        return ", ".join(f"{label}: {percent(p)}" for label, p in self.bars) or "none"

    def lines(self) -> list[str]:
        """One line per bar with its exact probability, for a derivation's notes."""
        return [f"{self.title}:"] + [f"{label} → {exact_and_percent(p)}"
                                     for label, p in self.bars]

    def to_json(self) -> Any:
        """The chart in JSON: exact probabilities as the README says (strings for fractions)."""
        return {"title": self.title,
                "bars": [{"label": label, "p": json_number(p)} for label, p in self.bars]}


CHART_BARS = 8
"""A chart has bars for 1 … 7 and one for 8 or more, so it fits a screen."""


def chart(title: str, margins: Sequence[tuple[int, Fraction]]) -> Chart:
    """Bars from ``(k, P(k))`` pairs whose last ``k`` may stand for "``k`` or more"
    (:func:`worksheet.engine.odds.margins` lumps them at ``CHART_BARS``)."""
    return Chart(title, tuple((f"{k}+" if k == CHART_BARS else str(k), p) for k, p in margins))


def distribution(value: Chart, formula: str, substituted: str) -> Explained:
    """A chart node's value; each bar's exact probability is a note."""
    return explained(value, formula, substituted, value.lines())


@functools.lru_cache(maxsize=64)
def waiting(what: str) -> Explained:
    """An odds node with no attack yet: null, and the derivation says what to enter.

    One shared (immutable) result per ``what``: every odds node waits until an attack is
    entered and is re-evaluated on each change of a defense, and a status whose rule, result
    and value are the very same objects as before is known unchanged without comparing
    derivations (``NodeStatus.__eq__``)."""
    return explained(None, f"no attack yet: enter {what} to see the odds")


def probability(p: Fraction | int, formula: str, substituted: str,
                notes: Iterable[str] = ()) -> Explained:
    """An odds node's value with its model; the percentage is a note beside the exact value."""
    return explained(p, formula, f"{substituted} = {exact_and_percent(p)}", list(notes))


def best_of(options: Sequence[tuple[str, Fraction | None]], what: str) -> Explained:
    """The allowed option least likely to be hit; ties go to the first listed. Null when no
    option is allowed or there is no attack yet."""
    allowed = [(name, raw(p)) for name, p in options if p is not None]
    if not allowed:
        return explained(None, f"no {what}: no attack yet, or no option is allowed")
    name, low = min(allowed, key=lambda item: item[1])  # min keeps the first of equals
    shown = ", ".join(f"{n} {percent(p)}" for n, p in allowed)
    return explained(name, f"the lowest chance to be hit among the allowed {what}s "
                     "(ties: the first listed)", f"{shown} → {name}")


def declare(ruleset: Any, name: str, label: str, text: str, cite: str,
            function: Callable) -> None:
    """Declare ``function`` as odds node ``name`` of ``ruleset`` (for nodes made in a loop, one
    per defense option); it depends on what its parameters name, like any rule."""
    ruleset.rule(ODDS_STEP, label, text, cite=cite, name=name)(function)
