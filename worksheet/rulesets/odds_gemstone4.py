"""GemStone IV odds: the chance that an attack of a given AS hits through the Evade DS.

Implements the ``gemstone4`` part of ``shared/spec/odds.md``: the endroll is d100 (uniform on
1–100, not open-ended) + AS − (Evade DS + the rest of the DS) + AvD, and the attack hits when
it exceeds 100. One d100 needs no distribution library: P(hit) is the clamped margin over 100.
"""

from __future__ import annotations

from fractions import Fraction

from worksheet.engine import tmax, tmin
from worksheet.engine.odds_text import ODDS_STEP, Chart, distribution, probability, raw, waiting
from worksheet.rulesets.gemstone4 import CITE, RULESET

rule = RULESET.rule
CITE_ODDS = "GemStone IV wiki, “Attack Strength”, “Defensive Strength”, “Endroll”"
WANTED = "attacker_as"  # the app says its label
MODEL = ("endroll = d100 + attacker_as − (Evade DS + other_ds) + avd, the d100 uniform on "
         "1–100 and not open-ended; the attack hits when the endroll exceeds 100")
NOT_EVADE = ("the chance to evade outright is not included: the article gives no formula "
             "for it")
BANDS = ((1, 20), (21, 40), (41, 60), (61, 80), (81, 100), (101, None))
"""How far past 100 a hit's endroll gets (damage grows with it), in bands of 20."""


def _margin(attacker_as, avd, other_ds, ds):
    return attacker_as - (ds + other_ds) + avd


def _p_hit(attacker_as, avd, other_ds, ds, name):
    if attacker_as is None:
        return waiting(WANTED)
    margin = _margin(attacker_as, avd, other_ds, ds)
    p = tmin(tmax(margin, 0), 100) / 100
    formula = f"min(max(attacker_as − ({name} + other_ds) + avd, 0), 100) / 100"
    return probability(raw(p), formula, p.substituted, [MODEL, NOT_EVADE])


HIT_RULE = ("With m = AS − (Evade DS + other DS) + AvD, a d100 endroll hits on more than "
            "100 − m: the chance is m/100, between 0 and 1. Evading outright is not included.")


@rule(ODDS_STEP, "Chance to be hit in melee", HIT_RULE, cite=f"{CITE_ODDS}; {CITE}")
def p_hit_melee(attacker_as, avd, other_ds, melee_ds):
    return _p_hit(attacker_as, avd, other_ds, melee_ds, "melee_ds")


@rule(ODDS_STEP, "Chance to be hit at range", HIT_RULE, cite=f"{CITE_ODDS}; {CITE}")
def p_hit_ranged(attacker_as, avd, other_ds, ranged_ds):
    return _p_hit(attacker_as, avd, other_ds, ranged_ds, "ranged_ds")


@rule(ODDS_STEP, "Endroll of a melee hit", "How far past 100 a melee hit's endroll gets (the "
      "damage grows with it), in bands of 20; each d100 face is 1/100.", cite=CITE_ODDS)
def endroll_margin(attacker_as, avd, other_ds, melee_ds):
    if attacker_as is None:
        return waiting(WANTED)
    margin = int(_margin(attacker_as, avd, other_ds, melee_ds))
    bars = []
    for low, high in BANDS:  # a face d puts the endroll d + m − 100 past 100: m − 99 … m
        top = margin if high is None else min(high, margin)
        faces = max(0, top - max(low, margin - 99) + 1)
        bars.append((f"+{low}–{high}" if high else f"+{low}+", Fraction(faces, 100)))
    return distribution(Chart("endroll above 100 (melee)", tuple(bars)),
                        "P(d100 + m − 100 in each band), m = attacker_as − (melee_ds + "
                        "other_ds) + avd", f"m = {margin}")


RULESET.odds = ("p_hit_melee", "p_hit_ranged", "endroll_margin")
