"""Shadowrun 4A odds: the chance an attack of ``attack_pool`` dice hits, per full-defense choice.

Implements the ``shadowrun4`` part of ``shared/spec/odds.md``. Every die is a d6 and a 5 or 6 is
a hit; the attacker's dice never explode; with Edge on the defense the defender's 6s do (the Rule
of Six, exact: see :mod:`worksheet.engine.odds`). The attack hits when the attacker's hits
exceed the defender's; with no defense or a pool of 0, when it scores any hit at all.

Each full-defense choice is worked out with everything else unchanged by calling the sheet's own
``base_pool`` and ``defense_pool`` rules, so the odds can never disagree with the pool shown.
"""

from __future__ import annotations

from worksheet.engine import Problem, explained
from worksheet.engine.odds_text import (ODDS_STEP, best_of, chart, declare, distribution, probability,
                                 raw, waiting)
from worksheet.rulesets import shadowrun4 as sheet
from worksheet.rulesets.shadowrun4 import BOOK, CITE, FULL, RULESET

rule = RULESET.rule
CITE_ODDS = f"{BOOK}, “Hits”, “Opposed Tests”, “Edge” (Rule of Six); {CITE}"
WANTED = "attack_pool"  # the app says its label
CHOICES = ("none", "full-dodge", "full-parry", "gymnastics-dodge")


def _model(edge: bool) -> str:
    model = ("every die is a d6 and a 5 or 6 is a hit; the attack hits when the attacker's hits "
             "exceed the defender's (ties go to the defender)")
    if edge:
        model += ("; with Edge each defender die's 6 is a hit and is rolled again: j hits with "
                  "probability 2/3 for j = 0 and (10/6)·(1/6)^j for j ≥ 1")
    return model


def _p_hit(attack_pool, pool, no_defense, edge_dice, label):
    if attack_pool is None:
        return waiting(WANTED)
    from worksheet.engine import odds    # icepool: only once there is an attack to compute

    dice, pool, edge = int(attack_pool), int(raw(pool)), bool(edge_dice) and raw(pool) > 0
    p = odds.sr_p_hit(dice, pool, edge)
    if no_defense or pool == 0:
        why = "no defense test" if no_defense else "a defense pool of 0"
        return probability(p, "P(attacker's hits ≥ 1)", f"{why}: 1 − (2/3)^{dice}",
                           ["a success test: any hit lands"])
    return probability(p, "P(hits on attack_pool d6 > hits on defense_pool d6)",
                       f"{label}P(hits on {dice}d6 > hits on {pool}d6"
                       f"{' with 6s exploding' if edge else ''})", [_model(edge)])


@rule(ODDS_STEP, "Chance to be hit as set", "The chance the attacker's hits exceed the "
      "defender's with the defense as set on the sheet.", cite=CITE_ODDS)
def p_hit(attack_pool, defense_pool, no_defense, edge_dice):
    return _p_hit(attack_pool, defense_pool, no_defense, edge_dice, "")


def _with(choice: str):
    def odds(attack_pool, attack, reaction, dodge, melee_skill, gymnastics, melee_defense,
             modifier_total, no_defense, edge_dice):
        if attack_pool is None:
            return waiting(WANTED)
        try:
            base = sheet.base_pool(attack, reaction, dodge, melee_skill, gymnastics,
                                   melee_defense, choice)
        except Problem:
            return explained(None, "full parry is melee only")
        pool = sheet.defense_pool(raw(base.value), modifier_total, no_defense, edge_dice).value
        return _p_hit(attack_pool, pool, no_defense, edge_dice, f"{choice}: pool {raw(pool)}, ")

    return odds


for _choice in CHOICES:
    _name = "p_hit_" + ("no_full_defense" if _choice == "none" else _choice.replace("-", "_"))
    _label = "no full defense" if _choice == "none" else _choice.replace("-", " ")
    declare(RULESET, _name, f"Chance to be hit with {_label}",
            f"The chance to be hit with full_defense = {_choice}, everything else unchanged"
            + (" (full parry is melee only)." if _choice == "full-parry" else "."),
            f"{CITE_ODDS}; {FULL}", _with(_choice))


@rule(ODDS_STEP, "Best full defense", "The full-defense choice least likely to be hit (none, "
      "full dodge, full parry, gymnastics dodge, in that order for ties). Any full defense "
      "costs the defender's next action.", cite=FULL)
def best_full_defense(p_hit_no_full_defense, p_hit_full_dodge, p_hit_full_parry,
                      p_hit_gymnastics_dodge):
    return best_of(list(zip(CHOICES, (p_hit_no_full_defense, p_hit_full_dodge,
                                      p_hit_full_parry, p_hit_gymnastics_dodge))),
                   "full-defense choice")


@rule(ODDS_STEP, "Net hits of a hit", "How many net hits a hit has (they add to the damage), "
      "with the defense as set on the sheet.", cite=CITE_ODDS)
def net_hits_chart(attack_pool, defense_pool, edge_dice):
    if attack_pool is None:
        return waiting(WANTED)
    from worksheet.engine import odds

    dice, pool = int(attack_pool), int(defense_pool)
    margins = odds.sr_net_hits(dice, pool, bool(edge_dice) and pool > 0)
    return distribution(chart("net hits", margins), "P(attacker's hits − defender's = k), k ≥ 1",
                        f"{dice}d6 against {pool}d6")


RULESET.odds = ("p_hit", "p_hit_no_full_defense", "p_hit_full_dodge", "p_hit_full_parry",
                "p_hit_gymnastics_dodge", "best_full_defense", "net_hits_chart")
