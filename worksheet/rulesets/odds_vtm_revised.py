"""Vampire (Revised) odds: the chance an attack of ``attack_pool`` dice hits, per maneuver.

Implements the ``vtm-revised`` part of ``shared/spec/odds.md``. Each d10 at or above its roll's
difficulty is a success and each 1 cancels one; a roll's successes are never below 0; a
Willpower point adds one success that is never cancelled. The attack hits when the attacker's
successes exceed the defender's; a maneuver that is not allowed, or a pool of 0, is not rolled.

Each maneuver is worked out with everything else unchanged by calling the sheet's own rules
(``reasons``, ``raw_pool``, ``defense_pool``), so the odds never disagree with the sheet.
"""

from __future__ import annotations

from worksheet.engine import explained
from worksheet.engine.odds_text import (ODDS_STEP, best_of, chart, declare, distribution, probability,
                                raw, waiting)
from worksheet.rulesets import vtm_revised as sheet
from worksheet.rulesets.vtm_revised import CITE, CITE_DICE, RULESET
from worksheet.rulesets.vtm_revised_maneuvers import reasons

rule = RULESET.rule
CITE_ODDS = f"{CITE_DICE}; {CITE}"
WANTED = "attack_pool"  # the app says its label
MANEUVERS = ("block", "dodge", "parry")
MODEL = ("a d10 at or above the roll's difficulty is a success and each 1 cancels one "
         "(never below 0); the attack hits when the attacker's successes exceed the defender's")


def _p_hit(attack_pool, attack_difficulty, allowed, pool, difficulty, willpower_success,
           label=""):
    if attack_pool is None:
        return waiting(WANTED)
    from worksheet.engine import odds    # icepool: only once there is an attack to compute

    dice, pool = int(attack_pool), int(raw(pool))
    rolled = bool(allowed) and pool > 0
    p = odds.vtm_p_hit(dice, int(attack_difficulty), pool if rolled else 0, int(difficulty),
                       bool(willpower_success) and rolled)
    attacker = f"{dice}d10 at {attack_difficulty}"
    if not rolled:
        why = "the maneuver is not allowed" if not allowed else "a defense pool of 0"
        return probability(p, "P(attacker's successes > 0)",
                           f"{label}{why}, not rolled: P(successes of {attacker} > 0)",
                           [MODEL, "a defense that is not rolled has 0 successes (and no "
                            "Willpower success)"])
    willpower = " + 1 (Willpower)" if willpower_success else ""
    return probability(p, "P(successes of attack_pool at attack_difficulty > successes of "
                       "defense_pool at difficulty)",
                       f"{label}P(successes of {attacker} > successes of {pool}d10 at "
                       f"{difficulty}{willpower})", [MODEL])


@rule(ODDS_STEP, "Chance to be hit as set", "The chance the attacker's successes exceed the "
      "defender's with the maneuver as set on the sheet (not allowed or 0 dice: no roll, no "
      "successes).", cite=CITE_ODDS)
def p_hit(attack_pool, attack_difficulty, allowed, defense_pool, difficulty, willpower_success):
    return _p_hit(attack_pool, attack_difficulty, allowed, defense_pool, difficulty,
                  willpower_success)


def _with(maneuver: str):
    def odds(attack_pool, attack_difficulty, attack, damage_type, fortitude, wearing_armor,
             room_to_maneuver, attack_known, dexterity, brawl, dodge, melee, dice_penalty,
             wound_penalty, difficulty, willpower_success):
        if attack_pool is None:
            return waiting(WANTED)
        found = reasons(maneuver, attack, damage_type, fortitude, wearing_armor,
                        room_to_maneuver, attack_known)
        if found:
            return explained(None, f"{maneuver} is not allowed: " + "; ".join(found))
        raw_pool = raw(sheet.raw_pool(maneuver, dexterity, brawl, dodge, melee).value)
        pool = sheet.defense_pool(raw_pool, dice_penalty, wound_penalty, True).value
        return _p_hit(attack_pool, attack_difficulty, True, pool, difficulty,
                      willpower_success, f"{maneuver}: pool {raw(pool)}, ")

    return odds


for _maneuver in MANEUVERS:
    declare(RULESET, f"p_hit_{_maneuver}", f"Chance to be hit with a {_maneuver}",
            f"The chance to be hit with maneuver = {_maneuver}, everything else unchanged; "
            "none when that maneuver is not allowed.", CITE_ODDS, _with(_maneuver))


@rule(ODDS_STEP, "Best maneuver", "The allowed maneuver least likely to be hit (block, dodge, "
      "parry, in that order for ties). A Willpower success is spent whichever is taken.",
      cite=CITE)
def best_maneuver(p_hit_block, p_hit_dodge, p_hit_parry):
    return best_of(list(zip(MANEUVERS, (p_hit_block, p_hit_dodge, p_hit_parry))), "maneuver")


@rule(ODDS_STEP, "Remaining successes of a hit", "How many successes a hit keeps beyond the "
      "defender's (they add to the damage), with the maneuver as set on the sheet.",
      cite=CITE_ODDS)
def remaining_chart(attack_pool, attack_difficulty, allowed, defense_pool, difficulty,
                    willpower_success):
    if attack_pool is None:
        return waiting(WANTED)
    from worksheet.engine import odds

    dice, pool = int(attack_pool), int(defense_pool)
    rolled = bool(allowed) and pool > 0
    margins = odds.vtm_remaining(dice, int(attack_difficulty), pool if rolled else 0,
                                 int(difficulty), bool(willpower_success) and rolled)
    return distribution(chart("remaining successes", margins),
                        "P(attacker's successes − defender's = k), k ≥ 1",
                        f"{dice}d10 at {attack_difficulty} against "
                        + (f"{pool}d10 at {difficulty}" if rolled else "no roll"))


RULESET.odds = ("p_hit", "p_hit_block", "p_hit_dodge", "p_hit_parry", "best_maneuver",
                "remaining_chart")
