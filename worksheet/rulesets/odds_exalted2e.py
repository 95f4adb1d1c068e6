"""Exalted 2e odds: the chance that an attack of ``attack_pool`` dice gets through each DV.

Implements the ``exalted2e`` part of ``shared/spec/odds.md``: each attack die shows 1–10, 7–9
is one success and 10 two, and the attack hits when its successes exceed the final DV. The
distributions come from :mod:`worksheet.engine.odds`, imported only once there is an attack.
"""

from __future__ import annotations

from worksheet.engine.odds_text import ODDS_STEP, best_of, chart, distribution, probability, waiting
from worksheet.rulesets.exalted2e import RULESET, each_defense
from worksheet.rulesets.exalted2e_tables import CITE

rule = RULESET.rule
CITE_ODDS = f"{CITE}; Exalted 2nd ed. core, dice rolls (7+ succeeds, a 10 counts twice)"
MODEL = ("each of the attack_pool d10 scores 1 success on 7–9 and 2 on a 10; the attack hits "
         "when its successes exceed the DV")
WANTED = "attack_pool"  # the app says its label


HIT_RULE = ("The chance that the attack's successes exceed this DV: each die succeeds on 7–9 "
            "and counts twice on a 10; if no successes remain, the attack misses.")


@each_defense(ODDS_STEP, "p_hit_{d}", "Chance to be hit through {D} DV", HIT_RULE, CITE_ODDS,
              deps={"dv": "{d}_dv"})
def _p_hit(defense, attack_pool, dv):
    if attack_pool is None:
        return waiting(WANTED)
    from worksheet.engine import odds    # icepool: only once there is an attack to compute

    p = odds.exalted_p_hit(int(attack_pool), int(dv))
    return probability(p, f"P(successes of attack_pool d10 > {defense}_dv)",
                       f"P(successes of {attack_pool}d10 > {dv})", [MODEL])


@rule(ODDS_STEP, "Best defense", "The DV the attack is less likely to get through; equal when "
      "both chances are the same.", cite=CITE_ODDS)
def best_defense(p_hit_dodge, p_hit_parry):
    if p_hit_dodge is not None and p_hit_dodge == p_hit_parry:
        return best_of([("equal", p_hit_dodge)], "defense")
    return best_of([("dodge", p_hit_dodge), ("parry", p_hit_parry)], "defense")


@rule(ODDS_STEP, "Extra successes of a hit", "How many successes a hit has beyond the DV "
      "(they add to the damage), through the best defense (Dodge when equal).", cite=CITE_ODDS)
def extra_successes(attack_pool, best_defense, dodge_dv, parry_dv):
    if attack_pool is None or best_defense is None:
        return waiting(WANTED)
    from worksheet.engine import odds

    defense = "parry" if best_defense == "parry" else "dodge"
    dv = parry_dv if defense == "parry" else dodge_dv
    bars = chart(f"extra successes through the {defense} DV {dv}",
                 odds.exalted_extra(int(attack_pool), int(dv)))
    return distribution(bars, f"P(successes − {defense}_dv = k), k ≥ 1",
                        f"{attack_pool}d10 against DV {dv}")


RULESET.odds = ("p_hit_dodge", "p_hit_parry", "best_defense", "extra_successes")
