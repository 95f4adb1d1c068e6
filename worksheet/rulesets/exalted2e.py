"""Exalted 2nd edition — Dodge DV and Parry DV side by side, steps A–F ("Sutured DV").

Implements ``shared/spec/exalted2e.md``: each defense goes through its base (A),
inapplicability (B), non-magical modifiers (C), non-Charm magic giving X (D), Charms and the cap
(E), and the clamp and rounding (F). Every value stays an exact fraction until step F, and each
step is its own node so the sheet shows its formula with the numbers. The tables live in
``exalted2e_tables``; the effect records and their ordering in ``exalted2e_effects``.
"""

from __future__ import annotations

from functools import partial
from typing import Mapping

from worksheet.engine import (BoolInput, ChoiceInput, FacesInput, Headline, IntInput, NamesInput, NumberInput,
                      Problem, Ruleset, explained, named, tmax)
from worksheet.engine.fight_loop import (ATTACKED_AGAIN, MY_ACTION, SPENT, Action, Change,
                                 Counter, FightLoop)
from worksheet.rulesets.exalted2e_effects import EFFECTS, apply_charms, apply_magic
from worksheet.rulesets.exalted2e_tables import (CHARACTER_TYPES, CITE, CITE_ROUNDING, DEFENSE_LABELS, GROUND,
                               GROUND_LABELS, IGNORABLE, LIMIT_WORDS, PENALTIES, ROUNDERS,
                               ROUNDING_CHOICES, ROUNDING_LABELS, TYPE_LABELS, rounding_for,
                               successes, type_limit)

RULESET = Ruleset(
    id="exalted2e",
    title="Exalted 2e — Defense Value",
    source="Exalted 2nd ed. core, \u201cSutured DV / Likely Canonical\u201d reading",
    cite=CITE,
    results=("dodge_base", "parry_base", "stunt_successes", "virtue_successes", "dodge_x",
             "parry_x", "dodge_limit", "parry_limit", "dodge_dv", "parry_dv"),
    headline=("dodge_dv", Headline("p_hit_dodge", "hit", percent=True, attach=True),
              "parry_dv", Headline("p_hit_parry", "hit", percent=True, attach=True)),
    inputs=[
        ChoiceInput("character_type", "solar", "sets the Charm limit (step E) and the rounding "
                    "(step F)", choices=CHARACTER_TYPES, labels=TYPE_LABELS),
        IntInput("dexterity", 3, "the Dexterity Attribute", minimum=0, maximum=10),
        IntInput("dodge", 0, "Dodge Ability", minimum=0, maximum=10),
        IntInput("combat_ability", 0, "the Ability used to parry (Melee, Martial Arts, …)",
                 minimum=0, maximum=10),
        IntInput("essence", 1, "added to Dodge DV only at 2 or more", minimum=1, maximum=10),
        IntInput("weapon_defense", 0, "the parrying weapon's Defense", minimum=-5, maximum=5),
        IntInput("dodge_specialties", 0, "applicable specialty dots (at most 3)",
                 minimum=0, maximum=3),
        IntInput("parry_specialties", 0, "applicable specialty dots for the parry (at most 3)",
                 minimum=0, maximum=3),
        IntInput("dodge_adjustment", 0, "rare step-A adjustments, e.g. Hearthstone Bracers +3",
                 minimum=-10, maximum=10),
        IntInput("parry_adjustment", 0, "rare step-A adjustments to the parry",
                 minimum=-10, maximum=10),
        BoolInput("dodge_inapplicable", False, "step B: dodging does not apply here"),
        BoolInput("parry_inapplicable", False, "step B: parrying does not apply here"),
        IntInput("action_penalty", 0, "DV penalty from the character's own actions "
                 "(attack −1, Dash −2, …)", minimum=0, maximum=10),
        IntInput("wound_penalty", 0, "the current wound penalty", minimum=0, maximum=4),
        IntInput("mobility_penalty", 0, "armor; Dodge only", minimum=0, maximum=5),
        IntInput("shield_bonus", 0, "the shield's DV bonus", minimum=0, maximum=5),
        IntInput("shield_mobility_penalty", 0, "the shield's mobility penalty; Dodge only",
                 minimum=0, maximum=5),
        IntInput("cover_bonus", 0, "counts only where it beats the shield bonus",
                 minimum=0, maximum=3),
        IntInput("onslaught", 0, "onslaught penalty from earlier attacks this tick",
                 minimum=0, maximum=20),
        IntInput("terrain_penalty", 0, "difficult terrain", minimum=0, maximum=5),
        ChoiceInput("ground", "level", "high +1, low −1", choices=tuple(GROUND),
                    labels=GROUND_LABELS),
        NamesInput("ignored_penalties", (), "penalties that a Charm lets the defender ignore",
                   choices=IGNORABLE),
        FacesInput("stunt_faces", (), "the stunt dice as rolled (7–9 one success, 10 two)",
                   sides=10, max_count=3),
        FacesInput("virtue_faces", (), "Virtue channeling dice as rolled (7–9 one success, "
                   "10 two)", sides=10, max_count=5),
        BoolInput("willpower", False, "spend 1 Willpower for +1 DV, in lieu of Virtue "
                  "channeling"),
        EFFECTS,
        NumberInput("charm_limit", None, "overrides the Charm limit L of both defenses",
                    minimum=0, optional=True),
        ChoiceInput("rounding", "by-type", "step F: how the final DV is rounded",
                    choices=ROUNDING_CHOICES, labels=ROUNDING_LABELS),
        IntInput("attack_pool", None, "the dice the attacker rolls (empty: no attack yet)",
                 label="Attack dice", minimum=0, maximum=60, optional=True),
    ],
)
rule = RULESET.rule
DEFENSES = tuple(DEFENSE_LABELS)


def each_defense(step: str, name: str, label: str, text: str | Mapping[str, str], cite: str,
                 deps: Mapping[str, str | Mapping[str, str]] | None = None):
    """Declare the decorated ``function(defense, ...)`` once per defense, as one node each.

    Steps B–F (and the odds) do the same thing to both defenses, so each is written once and
    declared twice rather than kept as two copies that could drift apart.

    Args:
        step: the step label.
        name: the node's name, ``{d}`` standing for the defense (``"{d}_b"``).
        label: the value's label, ``{D}`` standing for ``Dodge`` or ``Parry``.
        text: the rule text, or the text per defense where they differ.
        cite: the citation.
        deps: parameter → the input or node it receives, ``{d}`` standing for the defense, or
            a node per defense; parameters left out depend on their own name.
    """

    def register(function):
        for defense in DEFENSES:
            fill = {"d": defense, "D": DEFENSE_LABELS[defense]}
            wiring = {param: node[defense] if isinstance(node, Mapping) else node.format(**fill)
                      for param, node in (deps or {}).items()}
            rule(step, label.format(**fill),
                 text[defense] if isinstance(text, Mapping) else text, cite=cite,
                 name=name.format(**fill), deps=wiring)(partial(function, defense))
        return function

    return register

CITE_ONSLAUGHT = "Exalted 2e core, Combat, “Onslaught Penalty”"
CITE_ACTIONS = "Exalted 2e core, Combat, DV penalties; Sutured DV, step C"
RULESET.fight_loop = FightLoop(
    round_inputs=("action_penalty", "onslaught", "wound_penalty", "willpower", "ground"),
    actions=(
        Action(ATTACKED_AGAIN, "Attacked again", (Change("onslaught", add=1),),
               "Another attack before the defender acts: onslaught + 1 (each attack defended "
               "against leaves −1 DV until the defender's next action); the stunt and Virtue "
               "dice and the Willpower of the last defense are cleared.", CITE_ONSLAUGHT),
        Action(MY_ACTION, "My action", (Change("onslaught", to=0), Change("action_penalty", to=0)),
               "The defender acts: onslaught and the action penalty go back to 0 (then enter "
               "the new action's DV penalty); the last defense's dice and Willpower are cleared.",
               CITE_ACTIONS, then="action_penalty"),
    ),
    counters=(
        Counter("onslaught", "+1 per attack defended against; 0 again at the defender's "
                "next action", CITE_ONSLAUGHT),
        Counter("action_penalty", "lasts until the defender's next action: 0 then, and enter "
                "the new action's penalty", CITE_ACTIONS),
    ),
    clears=("stunt_faces", "virtue_faces", "willpower", *SPENT),
)


# -- A: base ----------------------------------------------------------------------------------
@rule("A", "Dodge base", "Half of Dexterity + Dodge + Essence (only from Essence 2 up) + "
      "specialties + adjustments, kept as an exact fraction.", cite=f"{CITE}, Step A")
def dodge_base(dexterity, dodge, essence, dodge_specialties, dodge_adjustment):
    if essence >= 2:
        return explained((dexterity + dodge + essence + dodge_specialties + dodge_adjustment) / 2,
                         notes=[f"essence {essence} is 2 or more: it counts"])
    return explained((dexterity + dodge + dodge_specialties + dodge_adjustment) / 2,
                     notes=[f"essence {essence} is below 2: it adds nothing to the Dodge DV"])


@rule("A", "Parry base", "Half of Dexterity + combat Ability + the weapon's Defense + "
      "specialties + adjustments, kept as an exact fraction.", cite=f"{CITE}, Step A")
def parry_base(dexterity, combat_ability, weapon_defense, parry_specialties, parry_adjustment):
    return (dexterity + combat_ability + weapon_defense + parry_specialties
            + parry_adjustment) / 2


# -- B: inapplicability ----------------------------------------------------------------------
@each_defense("B", "{d}_b", "{D} after inapplicability", "An inapplicable defense whose base "
              "is above 0 drops to 0; a base of 0 or less stays.", f"{CITE}, Step B",
              deps={"base": "{d}_base", "inapplicable": "{d}_inapplicable"})
def _step_b(defense, base, inapplicable):
    label = DEFENSE_LABELS[defense]
    if not inapplicable:
        return explained(base, notes=[f"{label} applies: the base carries over"])
    if base > 0:
        return explained(0, f"0 ({defense}_inapplicable, {defense}_base > 0)",
                         f"0 ({label} inapplicable, base {base} > 0)")
    return explained(base, notes=[f"{label} is inapplicable, but a base of {base} is not above "
                                  "0: it stays as it is"])


# -- C: non-magical modifiers ------------------------------------------------------------------
def _count(faces, name):
    count, parts = successes(faces)
    if not faces:
        return explained(0, f"successes of {name}", "no dice rolled")
    return explained(count, f"successes of {name} (7–9: 1, 10: 2)", " + ".join(parts))


@rule("C", "Stunt successes", "Each stunt die showing 7–9 is one success and a 10 is two; "
      "they add to both DVs.", cite=f"{CITE}, Step C; d10 successes per the core rules")
def stunt_successes(stunt_faces):
    return _count(stunt_faces, "stunt_faces")


@rule("C", "Virtue successes", "Each Virtue-channeling die showing 7–9 is one success and a "
      "10 is two; they add to both DVs.", cite=f"{CITE}, Step C; d10 successes per the core rules")
def virtue_successes(virtue_faces):
    return _count(virtue_faces, "virtue_faces")


@rule("C", "Willpower", "Spending a Willpower point adds 1 to each DV, but only instead of "
      "channeling a Virtue.", cite=f"{CITE}, Step C")
def willpower_bonus(willpower, virtue_faces):
    if willpower and virtue_faces:
        raise Problem("willpower", "choose Virtue channeling or Willpower, not both "
                      f"(virtue_faces has {len(virtue_faces)} dice and willpower is on)",
                      names=("willpower",))
    if willpower:
        return explained(1, "1 (willpower spent)", "1")
    return explained(0, "0 (no willpower spent)", "0")


@rule("C", "Shield or cover", "The better of the shield bonus and the cover bonus: cover only "
      "replaces the shield where it is higher.", cite=f"{CITE}, Step C")
def shield_or_cover(shield_bonus, cover_bonus):
    notes = []
    if cover_bonus > 0 and cover_bonus <= shield_bonus:
        notes.append(f"cover_bonus {cover_bonus} does not beat shield_bonus {shield_bonus}: "
                     "the cover does not count")
    elif cover_bonus > shield_bonus:
        notes.append(f"cover_bonus {cover_bonus} beats shield_bonus {shield_bonus}: cover "
                     "replaces the shield bonus")
    return explained(tmax(shield_bonus, cover_bonus), notes=notes)


@rule("C", "Ground", "High ground gives +1 DV, low ground −1 (0 if a Charm lets the defender "
      "ignore it), level ground nothing.", cite=f"{CITE}, Step C (ground: core p. 373)")
def ground_modifier(ground, ignored_penalties):
    if ground == "low" and "low_ground" in ignored_penalties:
        return explained(0, "0 (low ground ignored)", "0",
                         notes=["low ground −1: ignored (in ignored_penalties) — counts as 0"])
    return explained(named(GROUND[ground], f"{ground} ground"))


@each_defense("C", "{d}_c", "{D} after modifiers", {
    "dodge": "Subtract the action, wound, mobility, shield-mobility, onslaught and terrain "
             "penalties not ignored; add shield or cover, ground, stunt and Virtue successes "
             "and Willpower.",
    "parry": "Subtract the action, wound, onslaught and terrain penalties not ignored "
             "(mobility touches Dodge only); add shield or cover, ground, stunt and Virtue "
             "successes and Willpower."}, f"{CITE}, Step C", deps={"start": "{d}_b"})
def _step_c(defense, start, action_penalty, wound_penalty, mobility_penalty,
            shield_mobility_penalty, onslaught, terrain_penalty, ignored_penalties,
            shield_or_cover, ground_modifier, stunt_successes, virtue_successes,
            willpower_bonus):
    penalties = dict(action_penalty=action_penalty, wound_penalty=wound_penalty,
                     mobility_penalty=mobility_penalty,
                     shield_mobility_penalty=shield_mobility_penalty, onslaught=onslaught,
                     terrain_penalty=terrain_penalty)
    result, notes = start, []
    for name, touches in PENALTIES:
        value = penalties[name]
        if defense not in touches:
            notes.append(f"{name} {value}: Dodge only — not applied to Parry")
        elif name in ignored_penalties:
            notes.append(f"{name} {value}: ignored (in ignored_penalties) — counts as 0")
        else:
            result = result - value
    result = (result + shield_or_cover + ground_modifier + stunt_successes + virtue_successes
              + willpower_bonus)
    return explained(result, notes=notes)


# -- D: non-Charm magic → X ------------------------------------------------------------------
D_RULE = ("Non-Charm magic and Charms that ignore the cap: all additions first, then "
          "multiplications and divisions in the order listed. The result is X.")


@each_defense("D", "{d}_x", "{D} X (after non-Charm magic)", D_RULE, f"{CITE}, Step D",
              deps={"value": "{d}_c"})
def _step_d(defense, value, effects):
    value, notes = apply_magic(value, effects, defense)
    return explained(value, notes=notes)


# -- E: Charms and the cap -------------------------------------------------------------------
E_RULE = ("Charms in order: the defender's own additions, allies' additions, hostile "
          "additions, then multiplications, then divisions.")


@each_defense("E", "{d}_charms", "{D} after Charms", E_RULE, f"{CITE}, Step E",
              deps={"value": "{d}_x"})
def _step_e(defense, value, effects):
    value, notes = apply_charms(value, effects, defense)
    return explained(value, notes=notes)


Y_RULE = "Y, what the Charms changed: the DV after Charms minus X."


@each_defense("E", "{d}_y", "{D} Charm change Y", Y_RULE, f"{CITE}, Step E",
              deps={"charms": "{d}_charms", "x": "{d}_x"})
def _charm_change(defense, charms, x):
    return charms - x


L_RULE = ("The Charm limit L by character type: " + "; ".join(
    f"{kind} {words}" for kind, words in LIMIT_WORDS.items())
    + ". charm_limit, when given, replaces it. Exact.")


@each_defense("E", "{d}_limit", "{D} Charm limit L", L_RULE, f"{CITE}, Step E",
              deps={"ability": {"dodge": "dodge", "parry": "combat_ability"},
                    "specialties": "{d}_specialties"})
def _limit(defense, character_type, dexterity, ability, specialties, essence, charm_limit):
    by_type = type_limit(character_type, defense, dexterity, ability, specialties, essence)
    if charm_limit is None:
        return explained(by_type, notes=[f"{character_type}: L = {LIMIT_WORDS[character_type]}"])
    return explained(named(charm_limit, "charm_limit"), notes=[
        f"charm_limit {charm_limit} overrides the {character_type} limit "
        f"{by_type.formula} = {by_type.substituted} = {by_type}"])


CAP_RULE = "If Y is greater than L the DV becomes X + L; otherwise it keeps its value."


@each_defense("E", "{d}_capped", "{D} after the cap", CAP_RULE, f"{CITE}, Step E",
              deps={"x": "{d}_x", "charms": "{d}_charms", "y": "{d}_y", "limit": "{d}_limit"})
def _capped(defense, x, charms, y, limit):
    if y > limit:
        return explained(x + limit, notes=[
            f"the cap binds: Y = {y} > L = {limit}, so the DV is X + L"])
    return explained(charms, notes=[
        f"the cap does not bind: Y = {y} ≤ L = {limit}, so the Charms count in full"])


# -- F: clamp and round ----------------------------------------------------------------------
CLAMP_RULE = "A negative DV becomes 0."


@each_defense("F", "{d}_clamped", "{D} clamped", CLAMP_RULE, f"{CITE}, Step F",
              deps={"value": "{d}_capped"})
def _clamp(defense, value):
    notes = [f"{value} is negative: the DV becomes 0"] if value < 0 else []
    return explained(tmax(value, 0), notes=notes)


@rule("F", "Rounding used", "by-type rounds up for every Essence user and down for mortals; "
      "up is the ceiling, half-up is floor(x + 1/2), down is the floor.", cite=CITE_ROUNDING)
def rounding_used(rounding, character_type):
    used, why = rounding_for(rounding, character_type)
    return explained(used, f"rounding {rounding}", why)


ROUND_RULE = "Round the clamped DV with the rounding used: the final Defense Value."


@each_defense("F", "{d}_dv", "{D} DV", ROUND_RULE, f"{CITE}, Step F; {CITE_ROUNDING}",
              deps={"value": "{d}_clamped"})
def _round(defense, value, rounding_used):
    return ROUNDERS[rounding_used](value)

