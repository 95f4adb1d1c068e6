"""Rise odds: the chance that an attack of a given accuracy hits, or crits, each defense.

Implements the ``rise`` part of ``shared/spec/odds.md``: the attack result is accuracy plus an
exploding d10 (a 10 is rolled again and added, for as long as it shows 10); it hits at or above
the defense and crits at or above the defense + 10. ``G(t) = P(X ≥ t)`` is exact in closed form
(each explosion is a tenth of the chance of the one before), so no series is ever cut short.
"""

from __future__ import annotations

from fractions import Fraction

from worksheet.engine import explained
from worksheet.engine.odds_text import ODDS_STEP, Chart, declare, distribution, probability, waiting
from worksheet.rulesets.rise import CITE, RULESET
from worksheet.rulesets.rise_stacking import DEFENSES

rule = RULESET.rule
CITE_ODDS = f"{CITE}, attack rolls (1d10 + accuracy, a 10 explodes; critical hits)"
WANTED = "accuracy"  # the app says its label
MODEL = ("result = accuracy + X, X an exploding d10 (a 10 is rolled again and added while it "
         "shows 10); G(t) = P(X ≥ t) = 1 for t ≤ 1, (11 − t)/10 for 2 ≤ t ≤ 10, G(t − 10)/10 "
         "beyond")


def exploding_at_least(t: int) -> Fraction:
    """``G(t) = P(X ≥ t)`` for an exploding d10, exactly."""
    scale = Fraction(1)
    while t > 10:
        t -= 10
        scale /= 10
    return scale if t <= 1 else scale * Fraction(11 - t, 10)


@rule(ODDS_STEP, "Attack against the defenses", "The attacker's accuracy beside the five "
      "defenses it is rolled against; without an accuracy the odds below wait (and a change "
      "to a defense re-derives only this line).", cite=CITE_ODDS)
def attack_against_defenses(accuracy, armor_defense, brawn_defense, fortitude_defense,
                            reflex_defense, mental_defense):
    if accuracy is None:
        return waiting(WANTED)
    defenses = (armor_defense, brawn_defense, fortitude_defense, reflex_defense, mental_defense)
    shown = ", ".join(f"{d.capitalize()} {v}" for d, v in zip(DEFENSES, defenses))
    return explained((int(accuracy),) + tuple(int(v) for v in defenses),
                     "accuracy; armor, brawn, fortitude, reflex, mental defense",
                     f"accuracy {accuracy} against {shown}")


def _node(index: int, defense: str, crit: bool) -> None:
    extra = " + 10" if crit else ""
    label = f"{defense.capitalize()}: chance of a {'critical hit' if crit else 'hit'}"
    text = (f"The attack {'crits' if crit else 'hits'} when accuracy plus the exploding d10 "
            f"reaches the {defense.capitalize()} defense{extra}.")

    def odds(attack_against_defenses):
        if attack_against_defenses is None:
            return waiting(WANTED)
        accuracy, value = attack_against_defenses[0], attack_against_defenses[1 + index]
        t = value + (10 if crit else 0) - accuracy
        return probability(exploding_at_least(t), f"G({defense}_defense{extra} − accuracy)",
                           f"G({value}{extra} − {accuracy}) = G({t})", [MODEL])

    declare(RULESET, f"p_{'crit' if crit else 'hit'}_{defense}", label, text, CITE_ODDS, odds)


for _index, _defense in enumerate(DEFENSES):
    _node(_index, _defense, crit=False)
for _index, _defense in enumerate(DEFENSES):
    _node(_index, _defense, crit=True)


@rule(ODDS_STEP, "Armor: how far a hit gets", "By how much the attack result beats the Armor "
      "defense: 0–9 is a hit, 10–19 a critical hit, 20 or more a critical hit by another 10.",
      cite=CITE_ODDS)
def armor_margin(attack_against_defenses):
    if attack_against_defenses is None:
        return waiting(WANTED)
    accuracy, armor = attack_against_defenses[0], attack_against_defenses[1]
    t = armor - accuracy
    g = exploding_at_least
    bars = (("+0–9", g(t) - g(t + 10)), ("+10–19", g(t + 10) - g(t + 20)), ("+20+", g(t + 20)))
    return distribution(Chart("attack result − Armor", bars), "G(t) − G(t + 10), …, "
                        "t = armor_defense − accuracy", f"t = {armor} − {accuracy} = {t}")


RULESET.odds = (tuple(f"p_hit_{d}" for d in DEFENSES) + tuple(f"p_crit_{d}" for d in DEFENSES)
                + ("armor_margin",))
