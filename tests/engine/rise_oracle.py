"""Rise steps 5–9 on plain integers: the oracle the Rise tests check the sheet against.

The sheet (``worksheet/rulesets/rise.py``) turns ``rise_stacking``'s decisions into
self-explaining terms; this module runs the same decisions with ``int`` and ``Fraction`` only,
so a test can compare the two and check each expected number by hand from the spec's rules.
It lives with the tests because nothing in the product uses it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from worksheet.rulesets.rise_stacking import (Caps, Multipliers, caps, largest_minimum,
                                              multipliers, pool, stack)


def factor(found: Multipliers) -> Fraction:
    """``(1 + D) / (1 + H)`` for the doublings and halvings counted."""
    return Fraction(1 + len(found.doublings), 1 + len(found.halvings))


def added(found: Caps) -> int:
    """The applied capped bonuses added together."""
    return sum(r["value"] for r in found.applied)


def multiply(value: int, by: Fraction) -> int:
    """``value × by`` rounded down toward −∞ (−5 × 1/2 → −3)."""
    return math.floor(value * by)


def capped_value(defense_value: int, found: Caps) -> int:
    """The defense after step 7: plus the applied bonuses, at most their lowest maximum."""
    if not found.applied:
        return defense_value
    return min(defense_value + added(found), found.lowest)


@dataclass(frozen=True)
class Steps:
    """Every number of one defense's steps 5–9, on plain integers."""

    base: int
    modifiers: int
    after_multipliers: int
    after_caps: int
    after_minimum: int
    final: int


def pipeline(base: int, defense: str, modifiers: Sequence[Mapping[str, Any]],
             multiplier_records: Sequence[Mapping[str, Any]] = ()) -> Steps:
    """Steps 5–9 for one defense: stack, multiply, caps, minimum, clamp at 0."""
    stacked = sum(v.record["value"] for v in stack(pool(modifiers, defense, False)) if v.counts)
    multiplied = multiply(base + stacked, factor(multipliers(multiplier_records, defense)))
    after_caps = capped_value(multiplied, caps(multiplied, pool(modifiers, defense, True)))
    lowest = largest_minimum(modifiers, defense)
    after_minimum = after_caps if lowest is None else max(after_caps, lowest["minimum"])
    return Steps(base, stacked, multiplied, after_caps, after_minimum, max(after_minimum, 0))
