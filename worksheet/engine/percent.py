"""The one way a probability reads: a percentage, a change in points, and a bar's length.

A player compares chances across the strip, the Odds panel, the after-hit chart, the marks of
what changed, the copied line and ``worksheet calc``'s text; if one of them rounded 1/10000 to
``0.0 %`` while another said ``<0.1 %``, the player could not trust either. So every place that
shows a probability calls these functions, and they take the exact value (a ``Fraction``) so
that no place rounds twice. Machine-readable output (``calc --format json``) keeps the exact
value and never comes here.

The rule, from ``odds.md`` ("a percentage with one decimal"), rounded half up, except at the
ends: a chance that is not zero never reads ``0.0 %`` (``<0.1 %``) and one that is not certain
never reads ``100.0 %`` (``>99.9 %``). Read in order, the texts never go down as the chance goes
up: ``0.0 %`` < ``<0.1 %`` < ``0.1 %`` < … < ``99.9 %`` < ``>99.9 %`` < ``100.0 %``.

Headless and light: the engine's derivations, the rulesets' odds and the formats import it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

BELOW = "<0.1 %"
"""A chance above zero that one decimal would round to ``0.0 %``."""
ABOVE = ">99.9 %"
"""A chance below certainty that one decimal would round to ``100.0 %``."""


def _exact(p: Any) -> Fraction:
    """The exact number inside ``p`` (a rule's Term carries it as ``value``)."""
    return Fraction(getattr(p, "value", p))


def _tenths(x: Fraction) -> int:
    """``x`` (a fraction of 1) in tenths of a percent, rounded half up: ``floor(1000x + 1/2)``."""
    return (2000 * x.numerator + x.denominator) // (2 * x.denominator)


def is_chance(name: str, value: Any) -> bool:
    """True for an odds node's probability (a node ``p_…`` holding a number in [0, 1]).

    The app shows such a value as :func:`percent` wherever it shows the number, so the
    result column and the mark beside it read in the same unit as the strip.
    """
    return name.startswith("p_") and type(value) in (int, Fraction) and 0 <= value <= 1


def percent(p: Any) -> str:
    """A probability (0 to 1) as a player reads it: ``58.0 %``, ``<0.1 %``, ``>99.9 %``.

    Args:
        p: the exact probability (an int, a ``Fraction``, or a Term holding one).
    """
    p = _exact(p)
    tenths = _tenths(p)
    if tenths <= 0 and p > 0:
        return BELOW
    if tenths >= 1000 and p < 1:
        return ABOVE
    return f"{tenths // 10}.{tenths % 10} %"


def points(before: Any, now: Any) -> str:
    """How far a probability moved, in percentage points: ``+6.2``, ``−9.0``.

    A change is never shown as none: one under 0.05 points reads ``+<0.1`` or ``−<0.1``,
    so a mark beside a changed chance always says which way it went.
    """
    delta = _exact(now) - _exact(before)
    sign = "+" if delta >= 0 else "−"
    tenths = _tenths(abs(delta))
    if tenths == 0 and delta:
        return f"{sign}<0.1"
    return f"{sign}{tenths // 10}.{tenths % 10}"


def bar_eighths(p: Any, cells: int) -> int:
    """A bar's length in eighths of a cell for ``p`` on a bar of ``cells`` cells (full = 1).

    Every bar is on this one scale, so two bars side by side compare as their chances do.
    Rounded to the nearest eighth, except that a chance above zero shows at least a sliver
    and one below certainty never fills the bar.
    """
    p = _exact(p)
    full = cells * 8
    eighths = int(p * full + Fraction(1, 2))
    if 0 < p < 1:
        eighths = min(max(eighths, 1), full - 1)
    return eighths


EIGHTHS = " ▏▎▍▌▋▊▉"
"""Partial blocks, by eighths of a cell."""
TRACK = "░"
"""The empty part of a bar: visible without colour."""


def bar(p: Any, cells: int) -> str:
    """A bar ``cells`` cells long filled to ``p`` (0 to 1) on the one scale of
    :func:`bar_eighths`, in block characters on a shaded track (``█▌░``): it reads the same
    without colour, in the app's Odds panel and in ``worksheet party``'s text alike."""
    full, part = divmod(bar_eighths(p, cells), 8)
    text = "█" * full + (EIGHTHS[part] if part else "")
    return text + TRACK * (cells - len(text))
