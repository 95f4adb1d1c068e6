"""Exact dice distributions for the odds, from ``icepool``, cached for re-derivation.

This module is imported by an odds node only once there is an attack to compute (never at
start-up, never while the attacker's pool is empty), because icepool costs ~80 ms to import.
Every probability is a :class:`fractions.Fraction`; no float is ever made.

Pools are built one die at a time (``n`` dice = ``n − 1`` dice + one more) and kept. The first
use of a kind of die builds every pool a sheet can ask for (see ``WARM``), once per session, so
every later change — a die more, a jump from 6 to 60, a new difficulty — is a look-up plus one
sweep over exact integers (:func:`p_greater`), and each answer is cached by its numbers.

Shadowrun's Rule of Six has infinitely many outcomes. It is computed exactly by keeping the
defender's hit counts below ``SR_CAP`` with their exact probabilities: a die's hits only add, so
every pool outcome below ``SR_CAP`` comes only from die outcomes below it. The attacker scores at
most ``attack_pool ≤ SR_CAP`` hits and the attack hits only when the defender scores *fewer*, so
the outcomes left out are never needed. (This is not a depth-limited explosion: nothing that is
read is dropped or approximated.) That one distribution is convolved here with exact integers
rather than with icepool: measured, icepool's step of 61 × 61 big-integer outcomes took 7–9 ms,
over the 2 ms a re-derivation may take; this one takes well under a millisecond.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import icepool

from worksheet.engine.odds_text import CHART_BARS

SR_CAP = 61
"""Rule-of-Six hit counts are kept exactly below this (the attacker scores at most 60 hits)."""

EXALTED_DIE = icepool.Die({0: 6, 1: 3, 2: 1})
"""One Exalted d10: 1–6 nothing, 7–9 one success, 10 two."""
HIT_D6 = icepool.Die({0: 4, 1: 2})
"""One Shadowrun d6 without Edge: a 5 or a 6 is a hit."""
ZERO = icepool.Die({0: 1})


class ExactBelow:
    """A distribution's outcomes ``0 … SR_CAP − 1`` as integer numerators over one denominator
    (the rest of the mass is not kept); read like an icepool Die by :func:`p_greater` and
    :func:`margins`.

    Attributes:
        counts: the numerator of each outcome, by outcome.
        total: the common denominator.
    """

    __slots__ = ("counts", "total")

    def __init__(self, counts: list[int], total: int):
        self.counts = counts
        self.total = total

    def items(self) -> list[tuple[int, int]]:
        """``(outcome, numerator)`` in increasing order."""
        return list(enumerate(self.counts))

    def denominator(self) -> int:
        """The common denominator."""
        return self.total


WARM = {"exalted": 60, "hits": 70, "vtm": 30}
"""How many dice of a kind are built the first time that kind is needed: every pool a sheet
can ask for (Shadowrun's defense reaches about 70 dice), so a later change — even a jump from
6 dice to 60 — is a look-up (measured: icepool takes about 1 ms per die added, so building 54
dice on a keystroke would take ~60 ms)."""

_SIX_POWERS = [6 ** j for j in range(SR_CAP + 1)]


_edge_chain: list[ExactBelow] = []


def edge_pool(dice: int) -> ExactBelow:
    """The hits of ``dice`` Rule-of-Six dice, exactly, below ``SR_CAP``.

    One die scores ``j`` hits with probability 4/6 for ``j = 0`` and 10/6^(j+1) for ``j ≥ 1``.
    Over the denominator ``6^(SR_CAP − 1 + dice)`` every numerator is an integer (a pool's
    ``s`` hits have a denominator dividing ``6^(s + dice)``), and so is every term of the step
    ``N'(s) = 4·N(s) + Σ_j 10·N(s − j) / 6^j`` (``N(s − j)`` is a multiple of ``6^j``).
    """
    if not _edge_chain:  # built as needed: a die more costs well under a millisecond
        _edge_chain.append(ExactBelow([_SIX_POWERS[SR_CAP - 1]] + [0] * (SR_CAP - 1),
                                      _SIX_POWERS[SR_CAP - 1]))
    while len(_edge_chain) <= dice:
        _edge_chain.append(_one_more_edge_die(_edge_chain[-1]))
    return _edge_chain[dice]


def _one_more_edge_die(pool_before: ExactBelow) -> ExactBelow:
    """The pool one Rule-of-Six die larger (the step in :func:`edge_pool`)."""
    before = pool_before.counts
    counts = []
    for hits in range(SR_CAP):
        total = 4 * before[hits]
        for j in range(1, hits + 1):
            if before[hits - j]:
                total += 10 * (before[hits - j] // _SIX_POWERS[j])
        counts.append(total)
    return ExactBelow(counts, pool_before.total * 6)


def vtm_die(difficulty: int) -> icepool.Die:
    """One Vampire d10 at a difficulty: +1 at or above it, −1 for a 1, else 0."""
    return icepool.Die({-1: 1, 0: difficulty - 2, 1: 11 - difficulty})


@lru_cache(maxsize=None)
def _die(kind: tuple) -> icepool.Die:
    if kind[0] == "exalted":
        return EXALTED_DIE
    if kind[0] == "hits":
        return HIT_D6
    return vtm_die(kind[1])


_chains: dict[tuple, list[icepool.Die]] = {}


def pool(kind: tuple, dice: int) -> icepool.Die:
    """The sum of ``dice`` dice of a kind (``("exalted",)``, ``("hits",)``,
    ``("vtm", difficulty)``), each pool built from the one a die smaller and all kept."""
    chain = _chains.get(kind)
    if chain is None:
        first_vtm = kind[0] == "vtm" and not any(known[0] == "vtm" for known in _chains)
        chain = _chains[kind] = [ZERO]
        if first_vtm:  # all nine difficulties at once: a new difficulty is then a look-up
            for difficulty in range(2, 11):
                pool(("vtm", difficulty), 0)
        needed = max(dice, WARM[kind[0]])
    else:
        needed = dice
    while len(chain) <= needed:
        chain.append(chain[-1] + _die(kind))
    return chain[dice]


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
    """``P(a − b − shift = k)`` for ``k = 1 … CHART_BARS − 1``, and ``P(≥ CHART_BARS)`` as
    ``k = CHART_BARS``: how far a hit gets past the defense, as the chart draws it."""
    counts: dict[int, int] = {}
    right = _items(b)
    for outcome, quantity in _items(a):
        for other, weight in right:
            margin = min(outcome - other - shift, CHART_BARS)
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


def _sr_defense(dice: int, edge: bool) -> icepool.Die | ExactBelow:
    return edge_pool(dice) if edge else pool(("hits",), dice)


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
