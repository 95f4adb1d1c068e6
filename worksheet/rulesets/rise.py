"""Rise — the five defenses, with the §3.5 Calculation Guidelines applied to their modifiers.

Implements ``shared/spec/rise.md``. Bases (steps 1–4) are written out per defense because each
has its own formula; steps 5–9 are the same for all five, so they are generated once per defense
from :func:`_pipeline`, which uses the shared stacking decisions in ``rise_stacking``. Every
fraction is rounded down toward −∞ as its own visible step, and every modifier that does not
count is listed beside the node it would have changed, with the reason.

The decisions taken where the spec is open are listed in ``rise_stacking``'s docstring and in
the rule texts below.
"""

from __future__ import annotations

from worksheet.engine import (REQUIRED, BoolInput, ChoiceInput, IntInput, NamesInput, RecordsInput,
                      Ruleset, Term, TextInput, explained, floor, named, tmax, tmin, total)
from worksheet.engine.ruleset import Headline
from worksheet.engine.fight_loop import FightLoop
from worksheet.rulesets import rise_stacking as guide

CITE = "Rise rulebook"
CITE_DEFENSES = f"{CITE} §3.2 Defenses; Equipment: Armor"
CITE_STACKING = f"{CITE} §3.5.1 Stacking Rules"
CITE_LIMITS = f"{CITE} §3.5.2 Minimum and Maximum Modifiers"
CITE_DOUBLING = f"{CITE} §3.5.3 Doubling and Halving; §3.5.5 Rounding"
CITE_ROUNDING = f"{CITE} §3.5.5 Rounding"

BODY_ARMOR = {
    # name: (defense bonus, halves Dexterity in the Armor defense)
    "none": (0, False), "buff-leather": (2, False), "mail-shirt": (2, False),
    "rawhide": (2, False), "leather-lamellar": (4, True), "scale": (4, True),
    "brigandine": (4, True), "breastplate": (5, True), "half-plate": (5, True),
    "full-plate": (5, True),
}
SHIELDS = {"none": (0, False), "buckler": (1, False), "standard": (2, True), "tower": (3, True)}
TARGETS = ("all",) + guide.DEFENSES


def _label(table: dict, name: str) -> str:
    bonus, halves = table[name]
    if name == "none":
        return "none"
    return f"+{bonus}" + (", halves Dex" if halves else "")


def _check_modifier(record):
    if record["maximum"] is not None and record["value"] <= 0:
        return "value", "must be greater than 0 when a maximum is set (a capped bonus)"
    if not record["defenses"]:
        return "defenses", "names no defense"
    return None


def _check_multiplier(record):
    if not record["defenses"]:
        return "defenses", "names no defense"
    return None


def _defenses_field() -> NamesInput:
    return NamesInput("defenses", ("all",), "the defenses it affects, or all", choices=TARGETS)


RULESET = Ruleset(
    id="rise",
    title="Rise — Defenses",
    source="Rise rulebook §3.5 “Calculation Guidelines” (with §3.2 defenses and the armor table)",
    cite=CITE,
    results=("half_level", "armor_dex", "armor_defense", "brawn_defense", "fortitude_defense",
             "reflex_defense", "mental_defense"),
    headline=tuple(entry for defense in guide.DEFENSES for entry in (
        Headline(f"{defense}_defense", defense.capitalize()),
        Headline(f"p_hit_{defense}", "hit", percent=True, attach=True))),
    inputs=[
        IntInput("level", 1, "character level", minimum=1, maximum=21),
        IntInput("strength", 0, "Strength attribute", minimum=-10, maximum=10),
        IntInput("dexterity", 0, "Dexterity attribute", minimum=-10, maximum=10),
        IntInput("constitution", 0, "Constitution attribute", minimum=-10, maximum=10),
        IntInput("willpower", 0, "Willpower attribute", minimum=-10, maximum=10),
        IntInput("armor_class_bonus", 0, "the class's base Armor defense bonus",
                 minimum=0, maximum=10),
        IntInput("brawn_class_bonus", 0, "the class's base Brawn defense bonus",
                 minimum=0, maximum=10),
        IntInput("fortitude_class_bonus", 0, "the class's base Fortitude defense bonus",
                 minimum=0, maximum=10),
        IntInput("reflex_class_bonus", 0, "the class's base Reflex defense bonus",
                 minimum=0, maximum=10),
        IntInput("mental_class_bonus", 0, "the class's base Mental defense bonus",
                 minimum=0, maximum=10),
        ChoiceInput("body_armor", "none", "body armor worn", choices=tuple(BODY_ARMOR),
                    labels={n: _label(BODY_ARMOR, n) for n in BODY_ARMOR}),
        ChoiceInput("shield", "none", "shield carried (adds to Armor and Reflex)",
                    choices=tuple(SHIELDS), labels={n: _label(SHIELDS, n) for n in SHIELDS}),
        BoolInput("armor_proficient", True,
                  "proficient with the body armor; if not, only half its bonus (rounded down)"),
        BoolInput("shield_proficient", True,
                  "proficient with the shield; if not, only half its bonus (rounded down)"),
        RecordsInput("modifiers", (), "bonuses and penalties from abilities, items, conditions",
                     check=_check_modifier, fields=(
                         TextInput("name", REQUIRED, "what grants it; same names do not stack"),
                         _defenses_field(),
                         IntInput("value", 0, "the bonus (+) or penalty (−)"),
                         ChoiceInput("type", "untyped", "enhancement bonuses do not stack",
                                     choices=guide.TYPES),
                         IntInput("maximum", None, "this bonus cannot raise the defense above it",
                                  optional=True),
                         IntInput("minimum", None, "the defense is at least this, applied last",
                                  optional=True),
                     )),
        RecordsInput("multipliers", (), "effects that double or halve a defense",
                     check=_check_multiplier, fields=(
                         TextInput("name", REQUIRED, "what doubles or halves; a repeated name "
                                   "counts once"),
                         _defenses_field(),
                         ChoiceInput("op", REQUIRED, "double or halve", choices=guide.OPS),
                     )),
        IntInput("accuracy", None, "the attacker's accuracy with the attack (empty: no attack "
                 "yet)", minimum=-30, maximum=60, optional=True),
    ],
)
rule = RULESET.rule

RULESET.fight_loop = FightLoop(
    round_inputs=("modifiers",), record_kind=("type", "condition"),
    note="A condition gained or lost in the fight is a modifier of type condition; F4 goes to "
         "the list.")


@rule("1", "Half level", "Half the character level, rounded down.", cite=f"{CITE} §3.2 Defenses")
def half_level(level):
    return floor(level / 2)


def _halvers(body_armor, shield) -> list[str]:
    return [name for name, table in ((body_armor, BODY_ARMOR), (shield, SHIELDS))
            if table[name][1]]


@rule("2", "Dexterity in Armor", "Heavier armor and larger shields halve Dexterity in the Armor "
      "defense, rounded down toward −∞ (−3 becomes −2); otherwise Dexterity counts in full.",
      cite=f"{CITE_DEFENSES}; {CITE_ROUNDING}")
def armor_dex(dexterity, body_armor, shield):
    halvers = _halvers(body_armor, shield)
    if not halvers:
        return explained(dexterity, notes=["no worn armor or shield halves Dexterity"])
    return explained(floor(dexterity / 2),
                     notes=[f"halved by: {', '.join(halvers)}"])


def _equipment(table: dict, item: str, proficient: bool, what: str):
    if item == "none":
        return explained(0, f"no {what}", "0")
    bonus = named(table[item][0], f"{item} bonus")
    if proficient:
        return bonus
    return explained(floor(bonus / 2), notes=[f"not proficient with the {what}: half the bonus"])


@rule("3", "Body armor bonus", "The armor's defense bonus from the armor table; a wearer "
      "without proficiency gets half of it, rounded down.", cite=CITE_DEFENSES)
def body_armor_bonus(body_armor, armor_proficient):
    return _equipment(BODY_ARMOR, body_armor, armor_proficient, "body armor")


@rule("3", "Shield bonus", "The shield's bonus, added to both Armor and Reflex; without "
      "proficiency only half of it, rounded down.", cite=CITE_DEFENSES)
def shield_bonus(shield, shield_proficient):
    return _equipment(SHIELDS, shield, shield_proficient, "shield")


NO_CAPPED_BONUSES = ("no capped bonuses",)
"""Step 7's note when no capped bonus affects the defense."""
NO_MINIMUM = ("no minimum",)
"""Step 8's note when no minimum affects the defense."""
ZERO = Term.of(0)
"""Step 9's floor, made once: a literal reads the same in every derivation it is in."""


def _pipeline(defense: str, base_text: str, base_function) -> None:
    """Declare one defense's nodes: its base (step 4), then steps 5–9 shared by all five."""
    title = defense.capitalize()
    base = f"{defense}_base"
    rule("4", f"{title} base", base_text, cite=CITE_DEFENSES, name=base)(base_function)

    def stacked(modifiers):
        records = guide.pool(modifiers, defense, capped=False)
        verdicts = guide.stack(records)
        counted = [named(v.record["value"], v.record["name"]) for v in verdicts if v.counts]
        notes = [f"{guide.describe(v.record)}: does not count — {v.reason}"
                 for v in verdicts if not v.counts]
        notes += [f"{guide.describe(r)}: a capped bonus, applied in step 7"
                  for r in guide.pool(modifiers, defense, capped=True)]
        return explained(total(counted, empty="no modifiers"), notes=notes)

    rule("5", f"{title} modifiers (stacked)",
         "Uncapped modifiers that affect this defense, after the stacking rules: only the "
         "largest enhancement bonus and the largest enhancement penalty may count; then, of "
         "each name (case-insensitive), only the largest bonus and the largest penalty; the "
         "rest add up. A repeated condition counts once because it has the same name. On a "
         "tie the first listed counts.", cite=CITE_STACKING, name=f"{defense}_modifiers")(stacked)

    def factor(multipliers):
        found = guide.multipliers(multipliers, defense)
        notes = [f"doubled by “{r['name']}”" for r in found.doublings]
        notes += [f"halved by “{r['name']}”" for r in found.halvings]
        notes += [f"“{r['name']}” ({r['op']}): does not count — same name as “{first['name']}”,"
                  f" counted once" for r, first in found.repeats]
        if not found.doublings and not found.halvings:
            return explained(1, "no doubling or halving", "1", notes)
        value = ((1 + named(len(found.doublings), "doublings"))
                 / (1 + named(len(found.halvings), "halvings")))
        return explained(value, notes=notes)

    rule("6", f"{title} multiplier",
         "With D doubling and H halving effects, the defense is multiplied by (1 + D)/(1 + H): "
         "two doublings triple it, two halvings leave a third. Effects of the same name and "
         "kind count once.", cite=CITE_DOUBLING, name=f"{defense}_multiplier")(factor)

    def multiplied(base_term, modifiers_term, factor_term):
        value = base_term + modifiers_term
        if factor_term == 1:
            return value
        return floor(value * factor_term)

    rule("6", f"{title} after doubling/halving",
         "Base plus stacked modifiers, times the multiplier, rounded down toward −∞.",
         cite=CITE_DOUBLING, name=f"{defense}_after_multipliers",
         deps={"base_term": base, "modifiers_term": f"{defense}_modifiers",
               "factor_term": f"{defense}_multiplier"})(multiplied)

    def capped(value, modifiers):
        if not modifiers:  # the usual case, on every keystroke that changes this defense
            return explained(value, notes=NO_CAPPED_BONUSES)
        found = guide.caps(int(value), guide.pool(modifiers, defense, capped=True))
        notes = [f"{guide.describe(r)}: does not count — {why}" for r, why in found.skipped]
        if not found.applied:
            return explained(value, notes=notes or NO_CAPPED_BONUSES)
        added = total(named(r["value"], r["name"]) for r in found.applied)
        lowest = next(r for r in found.applied if r["maximum"] == found.lowest)
        ceiling = named(found.lowest, f"max of {lowest['name']}")
        return explained(tmin(value + added, ceiling), notes=notes)

    rule("7", f"{title} after capped bonuses",
         "Bonuses with a maximum come last, after the same stacking rules among themselves "
         "(apart from the uncapped modifiers of step 5). "
         "One whose maximum the defense already reaches is ignored with its maximum; the rest "
         "are added and the defense cannot exceed the lowest of their maximums.",
         cite=CITE_LIMITS, name=f"{defense}_after_caps",
         deps={"value": f"{defense}_after_multipliers"})(capped)

    def minimum(value, modifiers):
        record = guide.largest_minimum(modifiers, defense)
        if record is None:
            return explained(value, notes=NO_MINIMUM)
        return tmax(value, named(record["minimum"], f"minimum of {record['name']}"))

    rule("8", f"{title} after minimum",
         "After everything else, the defense is at least the largest minimum that affects it "
         "(whether or not that record's own value counted).", cite=CITE_LIMITS,
         name=f"{defense}_after_minimum", deps={"value": f"{defense}_after_caps"})(minimum)

    def final(value):
        return tmax(value, ZERO)

    rule("9", f"{title} defense", "A defense is never below 0.", cite=CITE,
         name=f"{defense}_defense", deps={"value": f"{defense}_after_minimum"})(final)


def _armor_base(half_level, armor_dex, armor_class_bonus, body_armor_bonus, shield_bonus):
    return half_level + armor_dex + armor_class_bonus + body_armor_bonus + shield_bonus


def _brawn_base(half_level, strength, brawn_class_bonus):
    return half_level + strength + brawn_class_bonus


def _fortitude_base(half_level, constitution, fortitude_class_bonus):
    return half_level + constitution + fortitude_class_bonus


def _reflex_base(half_level, dexterity, reflex_class_bonus, shield_bonus):
    return half_level + dexterity + reflex_class_bonus + shield_bonus


def _mental_base(half_level, willpower, mental_class_bonus):
    return half_level + willpower + mental_class_bonus


_pipeline("armor", "Half level + Dexterity (halved by heavy armor or a large shield) + class "
          "bonus + body armor + shield.", _armor_base)
_pipeline("brawn", "Half level + Strength + class bonus.", _brawn_base)
_pipeline("fortitude", "Half level + Constitution + class bonus.", _fortitude_base)
_pipeline("reflex", "Half level + full Dexterity + class bonus + shield.", _reflex_base)
_pipeline("mental", "Half level + Willpower + class bonus.", _mental_base)

