"""Exact dice distributions for the odds, from ``icepool``, cached for re-derivation.

This module is imported by an odds node only once there is an attack to compute (never at
start-up, never while the attacker's pool is empty), because icepool costs ~80 ms to import.
Every probability is a :class:`fractions.Fraction`; no float is ever made.

Pools are built one die at a time (``n`` dice = ``n − 1`` dice + one more), and every pool is
cached: a sheet re-derives after a change that moves a pool by a die or two with one small
convolution, and a value it has seen before costs a dictionary look-up.

Shadowrun's Rule of Six has infinitely many outcomes. It is computed exactly by **censoring**:
one die's hits are kept as they are below ``SR_CAP`` and everything from ``SR_CAP`` up is one
outcome with its exact total mass (the tail of a geometric series). Sums of censored dice are
censored again at ``SR_CAP``; every outcome below ``SR_CAP`` keeps its exact probability, since
a die's hits only add. The attacker scores at most ``attack_pool ≤ SR_CAP`` hits, and the attack
hits only when the defender scores *fewer*, so only exact outcomes are ever read. (This is not a
depth-limited explosion: nothing is dropped or approximated.)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import icepool

SR_CAP = 60
"""Defender hits are censored at this count (the attacker's pool is at most 60 dice)."""

EXALTED_DIE = icepool.Die({0: 6, 1: 3, 2: 1})
"""One Exalted d10: 1–6 nothing, 7–9 one success, 10 two."""
HIT_D6 = icepool.Die({0: 4, 1: 2})
"""One Shadowrun d6 without Edge: a 5 or a 6 is a hit."""
ZERO = icepool.Die({0: 1})


def _edge_die() -> icepool.Die:
    """One Shadowrun d6 under the Rule of Six, censored at ``SR_CAP``: ``j`` hits with weight
    ``4·6^(C−1)`` for ``j = 0`` and ``10·6^(C−1−j)`` for ``1 ≤ j < C`` (that is 2/3 and
    (10/6)·(1/6)^j over ``6^C``), and the exact rest, 2, for "``C`` or more"."""
    weights = {0: 4 * 6 ** (SR_CAP - 1)}
    for hits in range(1, SR_CAP):
        weights[hits] = 10 * 6 ** (SR_CAP - 1 - hits)
    weights[SR_CAP] = 6 ** SR_CAP - sum(weights.values())
    return icepool.Die(weights)


def vtm_die(difficulty: int) -> icepool.Die:
    """One Vampire d10 at a difficulty: +1 at or above it, −1 for a 1, else 0."""
    return icepool.Die({-1: 1, 0: difficulty - 2, 1: 11 - difficulty})


@lru_cache(maxsize=None)
def _die(kind: tuple) -> icepool.Die:
    if kind[0] == "exalted":
        return EXALTED_DIE
    if kind[0] == "hits":
        return HIT_D6
    if kind[0] == "edge":
        return _edge_die()
    return vtm_die(kind[1])


@lru_cache(maxsize=None)
def pool(kind: tuple, dice: int) -> icepool.Die:
    """The sum of ``dice`` dice of a kind (``("exalted",)``, ``("hits",)``, ``("edge",)``,
    ``("vtm", difficulty)``), built from the pool one die smaller (both cached)."""
    if dice == 0:
        return ZERO
    total = pool(kind, dice - 1) + _die(kind)
    if kind[0] == "edge":
        total = total.map(lambda hits: min(hits, SR_CAP))
    return total


@lru_cache(maxsize=None)
def vtm_successes(dice: int, difficulty: int) -> icepool.Die:
    """A Vampire roll's successes: successes less ones, not below 0 (0 dice: 0)."""
    return pool(("vtm", difficulty), dice).map(lambda net: max(0, net))


def _items(die: icepool.Die) -> list[tuple[int, int]]:
    return [(int(outcome), int(quantity)) for outcome, quantity in die.items() if quantity]


def p_greater(a: icepool.Die, b: icepool.Die, shift: int = 0) -> Fraction:
    """``P(a > b + shift)`` for independent ``a`` and ``b``, in one sweep over exact integers."""
    below = _items(b)
    total = running = index = 0
    for outcome, quantity in _items(a):
        while index < len(below) and below[index][0] + shift < outcome:
            running += below[index][1]
            index += 1
        total += quantity * running
    return Fraction(total, a.denominator() * b.denominator())


def margins(a: icepool.Die, b: icepool.Die, shift: int = 0) -> tuple[tuple[int, Fraction], ...]:
    """``P(a − b − shift = k)`` for every ``k ≥ 1``: how far a hit gets past the defense."""
    counts: dict[int, int] = {}
    right = _items(b)
    for outcome, quantity in _items(a):
        for other, weight in right:
            margin = outcome - other - shift
            if margin < 1:
                break
            counts[margin] = counts.get(margin, 0) + quantity * weight
    denominator = a.denominator() * b.denominator()
    return tuple((k, Fraction(counts[k], denominator)) for k in sorted(counts))


# -- the rulesets' questions, cached by their numbers ------------------------------------------

@lru_cache(maxsize=4096)
def exalted_p_hit(dice: int, dv: int) -> Fraction:
    """``P(successes > dv)`` for an Exalted attack of ``dice`` d10."""
    return p_greater(pool(("exalted",), dice), ZERO, dv)


@lru_cache(maxsize=1024)
def exalted_extra(dice: int, dv: int) -> tuple[tuple[int, Fraction], ...]:
    """``P(successes − dv = k)``, ``k ≥ 1``: the extra successes of a hit."""
    return margins(pool(("exalted",), dice), ZERO, dv)


def _sr_defense(dice: int, edge: bool) -> icepool.Die:
    return pool(("edge",) if edge else ("hits",), dice)


@lru_cache(maxsize=4096)
def sr_p_hit(attack: int, defense: int, edge: bool) -> Fraction:
    """``P(attacker hits > defender hits)``; a defense of 0 dice scores 0 hits, so that is also
    the success test with no defense (at least one hit)."""
    return p_greater(pool(("hits",), attack), _sr_defense(defense, edge))


@lru_cache(maxsize=1024)
def sr_net_hits(attack: int, defense: int, edge: bool) -> tuple[tuple[int, Fraction], ...]:
    """``P(net hits = k)``, ``k ≥ 1``."""
    return margins(pool(("hits",), attack), _sr_defense(defense, edge))


def _vtm_defense(dice: int, difficulty: int, willpower: bool) -> icepool.Die:
    if dice == 0:  # not rolled: no successes, and no Willpower success either
        return ZERO
    successes = vtm_successes(dice, difficulty)
    return successes + 1 if willpower else successes


@lru_cache(maxsize=4096)
def vtm_p_hit(attack: int, attack_difficulty: int, defense: int, difficulty: int,
              willpower: bool) -> Fraction:
    """``P(attacker's successes > defender's)``; a defense of 0 dice is not rolled."""
    return p_greater(vtm_successes(attack, attack_difficulty),
                     _vtm_defense(defense, difficulty, willpower))


@lru_cache(maxsize=1024)
def vtm_remaining(attack: int, attack_difficulty: int, defense: int, difficulty: int,
                  willpower: bool) -> tuple[tuple[int, Fraction], ...]:
    """``P(remaining successes = k)``, ``k ≥ 1``."""
    return margins(vtm_successes(attack, attack_difficulty),
                   _vtm_defense(defense, difficulty, willpower))
