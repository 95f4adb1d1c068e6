"""GemStone IV — Evade Defensive Strength against melee and ranged attacks, side by side.

Implements ``shared/spec/gemstone4.md``: every factor is an exact decimal, every truncation is its
own node so the sheet shows it, and encumbrance is applied to the finished DS (the only order
that fits the article's example).
"""

from __future__ import annotations

from fractions import Fraction

from worksheet.engine import (BoolInput, ChoiceInput, Headline, IntInput, Ruleset, ceil, explained,
                      tmin, trunc)
from worksheet.engine.fight_loop import FightLoop

CITE = "GemStone IV wiki, “Evade”"

ARMOR = {
    # ASG: (armor, action penalty from the wiki's armor table, the Evade article's factor)
    1: ("normal clothing", 0, "1.00"), 2: ("robes", 0, "1.00"),
    5: ("light leather", 0, "1.00"), 6: ("full leather", -1, "1.00"),
    7: ("reinforced leather", -5, "0.98"), 8: ("double leather", -6, "0.97"),
    9: ("leather breastplate", -7, "0.97"), 10: ("cuirbouilli leather", -8, "0.96"),
    11: ("studded leather", -10, "0.95"), 12: ("brigandine", -12, "0.94"),
    13: ("chain mail", -13, "0.94"), 14: ("double chain", -14, "0.93"),
    15: ("augmented chain", -16, "0.92"), 16: ("chain hauberk", -18, "0.91"),
    17: ("metal breastplate", -20, "0.90"), 18: ("augmented breastplate", -25, "0.88"),
    19: ("half plate", -30, "0.85"), 20: ("full plate", -35, "0.83"),
}
"""The article's factor is 1 + AP/200 rounded to two decimals (full plate 0.825 → 0.83)."""
SHIELDS = {
    # size: (shield factor, melee size penalty)
    "none": (Fraction(1), 0), "small": (Fraction(78, 100), 0), "medium": (Fraction(70, 100), 0),
    "large": (Fraction(62, 100), 5), "tower": (Fraction(54, 100), 10),
}
STANCES = {
    "offensive": Fraction(75, 100), "advanced": Fraction(80, 100), "forward": Fraction(85, 100),
    "neutral": Fraction(90, 100), "guarded": Fraction(95, 100), "defensive": Fraction(1),
}

RULESET = Ruleset(
    id="gemstone4",
    title="GemStone IV — Evade DS",
    source="GemStone IV wiki, article “Evade”",
    cite=CITE,
    results=("base_value", "hindrance", "melee_ds", "ranged_ds"),
    headline=("melee_ds", Headline("p_hit_melee", "hit", percent=True, attach=True),
              "ranged_ds", Headline("p_hit_ranged", "hit", percent=True, attach=True)),
    inputs=[
        IntInput("dodge_ranks", 0, "ranks trained in Dodging (ranks, not the skill bonus)",
                 minimum=0, maximum=500),
        IntInput("agility_bonus", 0, "AGI stat bonus", label="Agility bonus",
                 minimum=-100, maximum=100),
        IntInput("intuition_bonus", 0, "INT stat bonus", label="Intuition bonus",
                 minimum=-100, maximum=100),
        ChoiceInput("armor_asg", 1, "armor subgroup of the worn armor",
                    label="Armor (ASG)", choices=tuple(ARMOR),
                    labels={asg: name for asg, (name, _, _) in ARMOR.items()}),
        IntInput("armored_evasion", 0, "ranks of the rogue Armored Evasion specialization",
                 minimum=0, maximum=5),
        BoolInput("armor_penalty_may_be_positive", True,
                  "current rule; off clamps the reduced action penalty at 0 (older rule)",
                  label="Reduced penalty may pass 0"),
        BoolInput("exact_hindrance", False, "use 1 + AP/200 even without Armored Evasion "
                  "(the article's table rounds it to two decimals)"),
        ChoiceInput("shield", "none", "size of the shield carried", choices=tuple(SHIELDS)),
        ChoiceInput("stance", "offensive", "combat stance", choices=tuple(STANCES)),
        IntInput("body_weight", 150, "body weight in pounds", minimum=1, maximum=2000),
        IntInput("encumbrance", 0, "encumbered weight in pounds", minimum=0, maximum=5000),
        IntInput("attacker_as", None, "the attacker's Attack Strength (empty: no attack yet)",
                 label="Attacker AS", minimum=-1000, maximum=3000, optional=True),
        IntInput("avd", 0, "the weapon's Attack vs Defense against the defender's armor",
                 label="AvD", minimum=-100, maximum=200),
        IntInput("other_ds", 0, "the rest of the defender's DS (block, parry, generic DS)",
                 label="Other DS", minimum=-1000, maximum=3000),
    ],
)
rule = RULESET.rule

RULESET.fight_loop = FightLoop(round_inputs=("stance", "encumbrance"), cycle="stance")


@rule("1", "Base value", "Dodge ranks plus Agility bonus plus a quarter of the Intuition bonus, "
      "the quarter truncated.", cite=f"{CITE}, Melee Defense")
def base_value(dodge_ranks, agility_bonus, intuition_bonus):
    return dodge_ranks + agility_bonus + trunc(intuition_bonus / 4)


@rule("2", "Armor group", "Subgroups 1–4 are cloth (1), 5–8 leather (2), 9–12 scale (3), "
      "13–16 chain (4), 17–20 plate (5).", cite=f"{CITE}, Armor Hindrance")
def armor_group(armor_asg):
    group = (int(armor_asg) - 1) // 4 + 1
    return explained(group, "group of armor_asg", f"ASG {armor_asg} ({ARMOR[int(armor_asg)][0]})")


@rule("2", "Action penalty", "Each armor subgroup has a fixed action penalty.",
      cite=f"{CITE}, Armor Hindrance")
def action_penalty(armor_asg):
    name, penalty, _ = ARMOR[int(armor_asg)]
    return explained(penalty, "action penalty of armor_asg", f"ASG {armor_asg} ({name})")


@rule("2", "Armored Evasion reduction", "Each Armored Evasion rank cuts the action penalty by "
      "half of (7 − armor group), truncated.", cite=f"{CITE}, Armor Hindrance")
def armored_evasion_reduction(armored_evasion, armor_group):
    return trunc(armored_evasion * (7 - armor_group) / 2)


@rule("2", "Effective action penalty", "The armor's action penalty plus the Armored Evasion "
      "reduction; under the older rule it cannot rise above 0.", cite=f"{CITE}, Armor Hindrance")
def effective_action_penalty(action_penalty, armored_evasion_reduction,
                             armor_penalty_may_be_positive):
    reduced = action_penalty + armored_evasion_reduction
    return reduced if armor_penalty_may_be_positive else tmin(reduced, 0)


@rule("2", "Armor hindrance", "Without Armored Evasion the article's table factor (1 plus "
      "half the action penalty as a percentage, rounded to two decimals); with Armored Evasion, "
      "or when asked for the exact value, 1 plus half the effective action penalty as a "
      "percentage, unrounded.", cite=f"{CITE}, Armor Hindrance")
def hindrance(armor_asg, armored_evasion, exact_hindrance, effective_action_penalty):
    if armored_evasion == 0 and not exact_hindrance:
        name, _, factor = ARMOR[int(armor_asg)]
        return explained(Fraction(factor), "table factor of armor_asg",
                         f"ASG {armor_asg} ({name}) → {factor}",
                         ["no Armored Evasion: the article's rounded table factor is used"])
    return 1 + effective_action_penalty / 200


@rule("3", "Shield factor", "Small 0.78, medium 0.70, large 0.62, tower 0.54; no shield 1.",
      cite=f"{CITE}, Shield Factors")
def shield_factor(shield):
    return explained(SHIELDS[shield][0], "factor of shield", f"{shield} shield")


@rule("3", "Shield size penalty", "Against melee only: large shields −5, tower shields −10.",
      cite=f"{CITE}, Shield Size Penalty")
def shield_size_penalty(shield):
    return explained(SHIELDS[shield][1], "size penalty of shield", f"{shield} shield")


@rule("3", "Stance modifier", "0.75 plus a quarter of the stance percentage: offensive 0.75 "
      "up to defensive 1.00.", cite=f"{CITE}, Stance Modifiers")
def stance_modifier(stance):
    return explained(STANCES[stance], "modifier of stance", f"{stance} stance")


@rule("3", "Melee: after armor", "Base value times armor hindrance, truncated.",
      cite=f"{CITE}, Melee Defense")
def melee_after_armor(base_value, hindrance):
    return trunc(base_value * hindrance)


@rule("3", "After shield", "Times the shield factor, truncated (shared by melee and ranged).",
      cite=f"{CITE}, Melee Defense")
def after_shield(melee_after_armor, shield_factor):
    return trunc(melee_after_armor * shield_factor)


@rule("3", "Melee: after size penalty", "Minus the shield size penalty.",
      cite=f"{CITE}, Shield Size Penalty")
def melee_after_size(after_shield, shield_size_penalty):
    return after_shield - shield_size_penalty


@rule("3", "Melee: after stance", "Times the stance modifier, truncated.",
      cite=f"{CITE}, Melee Defense")
def melee_after_stance(melee_after_size, stance_modifier):
    return trunc(melee_after_size * stance_modifier)


@rule("4", "Ranged: after stance", "Ranged skips the size penalty: the shielded value times "
      "the stance modifier, truncated.", cite=f"{CITE}, Ranged Defense")
def ranged_after_stance(after_shield, stance_modifier):
    return trunc(after_shield * stance_modifier)


@rule("4", "Ranged: ×1.5", "Ranged attacks are harder to evade: times 1.5, rounded up.",
      cite=f"{CITE}, Ranged Defense")
def ranged_before_encumbrance(ranged_after_stance):
    return ceil(ranged_after_stance * Fraction(3, 2))


@rule("5", "Encumbered share", "Encumbered weight over body weight, at most 1.",
      cite=f"{CITE}, Encumbrance Penalty")
def encumbered_share(encumbrance, body_weight):
    return tmin(encumbrance / body_weight, 1)


@rule("5", "Evade DS vs melee", "The finished melee value loses 1% per 1% encumbered, "
      "truncated; never below 0 from encumbrance alone.", cite=f"{CITE}, Encumbrance Penalty")
def melee_ds(melee_after_stance, encumbered_share):
    return trunc(melee_after_stance * (1 - encumbered_share))


@rule("5", "Evade DS vs ranged", "The finished ranged value loses 1% per 1% encumbered, "
      "truncated.", cite=f"{CITE}, Encumbrance Penalty")
def ranged_ds(ranged_before_encumbrance, encumbered_share):
    return trunc(ranged_before_encumbrance * (1 - encumbered_share))

