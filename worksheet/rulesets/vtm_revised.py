"""Vampire: The Masquerade (Revised) — block, dodge and parry as a resisted roll.

Implements ``shared/spec/vtm-revised.md``. The sheet says whether the maneuver may be used at all
(and every reason why not, in the spec's order), builds the dice pool and the difficulty, reads
the defender's successes from typed d10 faces (or a typed count), and resolves the attack, the
parry riposte and the cost of aborting to the defense.

Decisions where the spec leaves room (also stated in the rule texts):

* A defense that is not allowed, or whose pool is 0, counts as 0 successes whatever was entered:
  ``defender_net_successes`` is then 0 (known, even with nothing typed) and ``defender_botch`` is
  false (no roll is made, so nothing can botch).
* With a typed count instead of faces, a botch is only known not to have happened when the count
  is at least 1 (some die met the difficulty); a typed 0 leaves the botch unknown (``None``).
* ``defense_pool`` follows its formula even when the maneuver is not allowed; rule 5 is where the
  disallowed defense stops counting.
"""

from __future__ import annotations

from worksheet.engine import (BoolInput, ChoiceInput, FacesInput, IntInput, Problem, Ruleset, explained,
                      tmax, tmin)
from worksheet.engine.ruleset import Headline
from worksheet.engine.fight_loop import ATTACKED_AGAIN, MY_ACTION, Action, Change, Counter, FightLoop
from worksheet.rulesets.vtm_revised_maneuvers import reasons

BOOK = "Vampire: The Masquerade Revised, Ch. Six"
CITE = f"{BOOK}, “Defensive Maneuvers”"
CITE_ACTIONS = f"{BOOK}, “Multiple Actions”; {CITE}"
CITE_OPPONENTS = f"{BOOK}, “Multiple Opponents”; {CITE}"
CITE_DICE = "Vampire: The Masquerade Revised, Ch. Five, “Rolling Dice” (successes, 1s, botches)"

SKILL = {"block": "brawl", "dodge": "dodge", "parry": "melee"}
"""The Ability each maneuver adds to Dexterity."""

MAX_OPPONENT_STEP = 4

ABORT_COST = ("Willpower roll at difficulty 6 (or spend 1 Willpower point); if the roll fails, "
              "the originally declared action is carried out instead")

# The strip's verdict: a sentence, so "attack hits" is not read as a count of the
# attacker's hits (issue 42).
HIT_WORDS = {True: "the attack lands", False: "the attack misses"}
"""How the result strip says the outcome (``Headline.words``)."""

RULESET = Ruleset(
    id="vtm-revised",
    title="Vampire (Revised) — Defensive Maneuvers",
    source="Vampire: The Masquerade Revised, “Defensive Maneuvers”",
    cite=CITE,
    results=("allowed", "raw_pool", "dice_penalty", "defense_pool", "difficulty",
             "defender_net_successes", "defender_botch", "hit", "remaining_successes",
             "riposte_pool"),
    headline=(Headline("reason", "Not allowed:", clause="; ", waiting="Allowed?"),
              Headline("defense_pool", unless="reason"),
              Headline("difficulty", unless="reason"), Headline("hit", words=HIT_WORDS),
              "remaining_successes", Headline("p_hit", "chance to be hit", percent=True)),
    inputs=[
        ChoiceInput("maneuver", "dodge", "the defensive maneuver: block (Dex + Brawl), "
                    "dodge (Dex + Dodge) or parry (Dex + Melee)",
                    choices=("block", "dodge", "parry")),
        ChoiceInput("attack", "brawl", "the incoming attack",
                    choices=("brawl", "melee", "firearms")),
        ChoiceInput("damage_type", "bashing", "the incoming attack's damage",
                    choices=("bashing", "lethal", "aggravated")),
        IntInput("dexterity", 2, "the defender's Dexterity", minimum=1, maximum=10),
        IntInput("brawl", 0, "Brawl dots (block)", minimum=0, maximum=10),
        IntInput("dodge", 0, "Dodge dots (dodge)", minimum=0, maximum=10),
        IntInput("melee", 0, "Melee dots (parry)", minimum=0, maximum=10),
        IntInput("fortitude", 0, "Fortitude dots (lets a block stop lethal or aggravated "
                 "damage)", minimum=0, maximum=10),
        BoolInput("wearing_armor", False, "the defender wears armor (lets a block stop lethal "
                  "or aggravated damage)"),
        BoolInput("room_to_maneuver", True, "there is room to dodge (and, against gunfire, "
                  "cover to reach)"),
        BoolInput("attack_known", True, "the defender knows the attack is coming"),
        ChoiceInput("mode", "single", "a single defense, part of a multiple action, or a whole "
                    "turn spent defending", choices=("single", "multiple-action", "full-defense")),
        IntInput("actions", 2, "multiple-action: the number of actions declared this turn",
                 minimum=2, maximum=10),
        IntInput("position", 1, "which of those actions this defense is; in full defense, "
                 "which defense of the turn", minimum=1, maximum=20),
        IntInput("wound_penalty", 0, "dice lost to wounds", minimum=0, maximum=5),
        IntInput("opponents", 1, "how many opponents the defender faces", minimum=1,
                 maximum=20),
        IntInput("base_difficulty", 6, "the defense roll's difficulty before opponents",
                 minimum=2, maximum=10),
        IntInput("attacker_successes", None, "the attacker's successes (empty: not rolled yet)",
                 minimum=0, maximum=30, optional=True),
        IntInput("defender_successes", None, "the defender's net successes, if counted by hand "
                 "(leave empty when typing faces)", minimum=0, maximum=30, optional=True),
        FacesInput("defender_faces", (), "the defense roll as rolled", sides=10, max_count=30),
        IntInput("strength", 2, "the defender's Strength, for a riposte", minimum=0,
                 maximum=10),
        IntInput("weapon_damage", 1, "the parrying weapon's damage bonus (Strength + this)",
                 minimum=0, maximum=10),
        BoolInput("weapon_lethal", True, "the parrying weapon normally deals lethal damage"),
        BoolInput("riposte_adds_strength", True, "read a riposte's “weapon's base damage” as "
                  "Strength + bonus (off: the bonus alone)"),
        BoolInput("aborting", False, "the defense is an abort from a declared action"),
        BoolInput("willpower_success", False, "spend 1 Willpower for one automatic success on "
                  "the defense roll", label="Willpower success"),
        IntInput("attack_pool", None, "the attacker's dice (empty: no attack yet)",
                 label="Attack dice", minimum=0, maximum=30, optional=True),
        IntInput("attack_difficulty", 6, "the attack roll's difficulty", minimum=2,
                 maximum=10),
    ],
)
rule = RULESET.rule

CITE_TURN = "VtM Revised, “Multiple Actions”"
RULESET.fight_loop = FightLoop(
    round_inputs=("mode", "position", "actions", "opponents", "wound_penalty"),
    actions=(
        Action(ATTACKED_AGAIN, "Attacked again",
               (Change("position", add=1, at_most="actions",
                       bound_when=("mode", "multiple-action"),
                       bound_why="a multiple action has no action left this turn; “my action” "
                       "starts the next turn"),),
               "The next defense this turn: position + 1 (in a multiple action, not past the "
               "actions declared); the last roll's successes, faces and Willpower are cleared.",
               CITE_ACTIONS),
        Action(MY_ACTION, "My action", (Change("position", to=1),),
               "A new turn: position goes back to 1; the last roll is cleared.", CITE_ACTIONS),
    ),
    counters=(
        Counter("position", "+1 per further defense this turn (a multiple action: not past "
                "actions); 1 again on a new turn", CITE_TURN),
    ),
)


@rule("1", "Allowed?", "Block: brawl or melee attacks only; lethal or aggravated damage only "
      "with Fortitude or armor; only a known attack. Dodge: against brawl or melee only with "
      "room to maneuver, against firearms always. Parry: brawl or melee only; only a known "
      "attack.", cite=CITE)
def allowed(maneuver, attack, damage_type, fortitude, wearing_armor, room_to_maneuver,
            attack_known):
    found = reasons(maneuver, attack, damage_type, fortitude, wearing_armor, room_to_maneuver,
                    attack_known)
    notes = []
    if maneuver == "dodge" and attack == "firearms" and not room_to_maneuver:
        notes.append("no room or cover: the dodger drops prone; cover rules then apply "
                     "against further firearms attacks")
    if maneuver == "dodge" and attack_known is False:
        notes.append("attack_known: only block and parry need to see the attack coming")
    if maneuver == "block" and damage_type != "bashing" and not found:
        notes.append(f"{damage_type} damage blocked thanks to "
                     + ("Fortitude" if fortitude >= 1 else "armor"))
    return explained(not found, f"{maneuver} against a {damage_type} {attack} attack",
                     f"{len(found)} reason(s) against it: see Why not" if found
                     else "nothing forbids it", notes)


@rule("1", "Why not", "Every reason that forbids the maneuver, in the order of the rule above; "
      "empty when it is allowed.", cite=CITE)
def reason(maneuver, attack, damage_type, fortitude, wearing_armor, room_to_maneuver,
           attack_known):
    found = reasons(maneuver, attack, damage_type, fortitude, wearing_armor, room_to_maneuver,
                    attack_known)
    if not found:
        return explained(None, "allowed: no reason")
    text = "; ".join(found)
    return explained(text, f"{len(found)} reason(s)", text)


@rule("2", "Raw pool", "Dexterity plus the maneuver's Ability: Brawl to block, Dodge to dodge, "
      "Melee to parry.", cite=CITE)
def raw_pool(maneuver, dexterity, brawl, dodge, melee):
    skill = {"brawl": brawl, "dodge": dodge, "melee": melee}[SKILL[maneuver]]
    unused = [name for name in ("brawl", "dodge", "melee") if name != SKILL[maneuver]]
    return explained(dexterity + skill,
                     notes=[f"{', '.join(unused)}: not used by a {maneuver}"])


@rule("2", "Dice penalty", "Single defense: none. Part of a multiple action: the first action "
      "loses as many dice as there are actions, each later one a die more (actions + position "
      "− 1). A full turn of defense: the first defense has the full pool, each later one loses "
      "a die more (position − 1).", cite=CITE_ACTIONS)
def dice_penalty(mode, actions, position):
    if mode == "single":
        return explained(0, "single defense: no penalty",
                         notes=["actions, position: only for multiple-action or full-defense"])
    if mode == "full-defense":
        return explained(position - 1, notes=["actions: full defense does not use the "
                                              "multiple-action penalty"])
    if position > actions:
        raise Problem("position", f"position {position} is past actions = {actions}: in "
                      "multiple-action mode, position may be at most actions",
                      names=("position", "actions"))
    return actions + position - 1


@rule("2", "Defense pool", "The raw pool less the dice penalty and wound dice, never below 0; "
      "a pool of 0 cannot be rolled and counts as no successes.", cite=CITE_ACTIONS)
def defense_pool(raw_pool, dice_penalty, wound_penalty, allowed):
    pool = tmax(0, raw_pool - dice_penalty - wound_penalty)
    notes = []
    if pool == 0:
        notes.append("0 dice: the defense cannot be rolled and counts as 0 successes")
    if not allowed:
        notes.append("the maneuver is not allowed: this pool cannot be used")
    return explained(pool, notes=notes)


@rule("3", "Difficulty", "The base difficulty plus 1 for each opponent after the first (at most "
      "+4), never above 10.", cite=CITE_OPPONENTS)
def difficulty(base_difficulty, opponents):
    result = tmin(10, base_difficulty + tmin(opponents - 1, MAX_OPPONENT_STEP))
    notes = []
    if opponents - 1 > MAX_OPPONENT_STEP:
        notes.append(f"{opponents} opponents: the increase stops at +{MAX_OPPONENT_STEP}")
    return explained(result, notes=notes)


def _counts(defender_faces, difficulty) -> tuple[int, int]:
    hits = sum(1 for face in defender_faces if face >= difficulty)
    ones = sum(1 for face in defender_faces if face == 1)
    return hits, ones


def _usable(allowed, defense_pool) -> str | None:
    """Why the defense counts as 0 successes, or None when it is rolled normally."""
    if not allowed:
        return "the maneuver is not allowed"
    if defense_pool == 0:
        return "the defense pool is 0"
    return None


@rule("4", "Successes rolled", "Dice at or above the difficulty, less one for each 1, not below "
      "0, plus 1 for a Willpower point spent (never cancelled); or the count typed instead of "
      "the faces (not both), Willpower included. Unknown when nothing is entered.", cite=CITE_DICE)
def rolled_successes(difficulty, defender_successes, defender_faces, willpower_success):
    if defender_successes is not None and defender_faces:
        raise Problem("defender_faces", "give either defender_faces or defender_successes, "
                      "not both; clear one of them")
    if defender_faces:
        hits, ones = _counts(defender_faces, difficulty)
        faces = ", ".join(map(str, defender_faces))
        if willpower_success:
            return explained(max(0, hits - ones) + 1,
                             "max(0, faces ≥ difficulty − faces equal to 1) + 1 (Willpower)",
                             f"max(0, {hits} − {ones}) + 1 from {faces} at difficulty "
                             f"{difficulty}")
        return explained(max(0, hits - ones), "max(0, faces ≥ difficulty − faces equal to 1)",
                         f"max(0, {hits} − {ones}) from {faces} at difficulty {difficulty}")
    if defender_successes is not None:
        notes = ["the typed count is the final count, the Willpower success included"] if (
            willpower_success) else []
        return explained(defender_successes, "defender_successes (typed)",
                         str(defender_successes), notes)
    return explained(None, "no defense roll entered")


@rule("4", "Defender's net successes", "The successes rolled — but a defense that is not allowed "
      "or has 0 dice counts as 0 successes whatever was entered (0 even when nothing was "
      "entered). More faces than the pool has dice cannot have been rolled. Unknown when "
      "nothing is entered for a usable defense.",
      cite=f"{CITE_DICE}; {CITE}")
def defender_net_successes(allowed, defense_pool, rolled_successes, defender_successes,
                           defender_faces):
    if len(defender_faces) > defense_pool:
        shown = ",".join(str(face) for face in defender_faces)
        raise Problem("defender_faces", f"{len(defender_faces)} dice, but the defense pool is "
                      f"{defense_pool}", given=shown, allowed=f"at most {defense_pool} faces")
    forced = _usable(allowed, defense_pool)
    if forced:
        ignored = ["entered successes/faces are ignored"] if (
            defender_successes is not None or defender_faces) else []
        return explained(0, f"{forced}: counts as 0 successes", notes=ignored)
    notes = []
    if defender_faces and len(defender_faces) != defense_pool:
        notes.append(f"{len(defender_faces)} faces typed for a pool of {defense_pool} dice")
    if rolled_successes is None:
        return explained(None, "no defense roll entered")
    return explained(rolled_successes, "rolled_successes", notes=notes)


@rule("4", "Defender's botch", "A botch: no die reaches the difficulty and at least one die shows "
      "1. A typed count of 1 or more rules a botch out; a typed 0 leaves it unknown. A roll with "
      "a Willpower success cannot botch; a defense not allowed or with 0 dice is not rolled, "
      "so it cannot botch.", cite=CITE_DICE)
def defender_botch(rolled_successes, allowed, defense_pool, difficulty, defender_successes,
                   defender_faces, willpower_success):
    forced = _usable(allowed, defense_pool)
    if forced:
        return explained(False, f"{forced}: no roll, no botch")
    if willpower_success:
        return explained(False, "a roll with a Willpower success cannot botch")
    if defender_faces:
        hits, ones = _counts(defender_faces, difficulty)
        botch = hits == 0 and ones >= 1
        notes = []
        if not botch and rolled_successes == 0 and hits:
            notes.append("the successes were cancelled by 1s: a failure, not a botch")
        return explained(botch, "no face ≥ difficulty and at least one 1",
                         f"{hits} face(s) ≥ {difficulty}, {ones} face(s) equal to 1", notes)
    if defender_successes is not None and defender_successes >= 1:
        return explained(False, "a typed count of 1 or more is not a botch",
                         f"{defender_successes} success(es)")
    if defender_successes is not None:
        return explained(None, "a typed 0 may or may not be a botch: type the faces to know")
    return explained(None, "no defense roll entered")


@rule("5", "Attack hits?", "A resisted roll: the attack hits only when the attacker has more "
      "successes than the defender. Unknown until both are known.", cite=CITE)
def hit(attacker_successes, defender_net_successes):
    if attacker_successes is None or defender_net_successes is None:
        missing = [name for name, value in (("attacker_successes", attacker_successes),
                                            ("defender_net_successes", defender_net_successes))
                   if value is None]
        return explained(None, "not known yet: no " + " and no ".join(missing))
    return explained(attacker_successes > defender_net_successes,
                     "attacker_successes > defender_net_successes",
                     f"{attacker_successes} > {defender_net_successes}")


@rule("5", "Remaining successes", "When the attack hits, the attacker keeps only the successes "
      "beyond the defender's; otherwise 0.", cite=CITE)
def remaining_successes(hit, attacker_successes, defender_net_successes):
    if hit is None:
        return explained(None, "the outcome is not known yet")
    if not hit:
        return explained(0, "the attack misses: 0")
    return attacker_successes - defender_net_successes


@rule("6", "Riposte pool", "Parrying a Brawl attack with a weapon that normally deals lethal "
      "damage: if the defender has more successes, the weapon's base damage (Strength + bonus, "
      "or the bonus alone under the other reading) plus the extra successes is rolled as lethal "
      "damage against the attacker. Otherwise there is none.", cite=f"{CITE}, Parry")
def riposte_pool(maneuver, attack, weapon_lethal, riposte_adds_strength, strength,
                 weapon_damage, attacker_successes, defender_net_successes):
    if maneuver != "parry":
        return explained(None, f"no riposte: only a parry can hurt the attacker ({maneuver})")
    if attack != "brawl":
        return explained(None, f"no riposte: only against a brawl attack ({attack})")
    if not weapon_lethal:
        return explained(None, "no riposte: the parrying weapon does not normally deal lethal "
                         "damage")
    if attacker_successes is None or defender_net_successes is None:
        return explained(None, "no riposte yet: both rolls must be known")
    if defender_net_successes <= attacker_successes:
        return explained(None, "no riposte: the defender did not roll more successes",
                         f"{defender_net_successes} ≤ {attacker_successes}")
    extra = defender_net_successes - attacker_successes
    if riposte_adds_strength:
        pool = strength + weapon_damage + extra
    else:
        pool = weapon_damage + extra
    reading = ("strength: added (base damage read as Strength + bonus)" if riposte_adds_strength
               else "strength: not added (base damage read as the bonus alone)")
    return explained(pool, notes=[reading, "the riposte deals lethal damage"])


@rule("6", "Outcome", "The resisted roll in words.", cite=CITE)
def outcome(allowed, reason, hit, remaining_successes, riposte_pool, defender_botch):
    parts = []
    if not allowed:
        parts.append(f"not allowed ({reason})")
    if hit is None:
        parts.append("outcome unknown until both rolls are entered")
    elif hit:
        parts.append(f"the attack hits with {remaining_successes} success(es)")
    else:
        parts.append("the attack misses")
    if defender_botch:
        parts.append("the defense botched")
    if riposte_pool is not None:
        parts.append(f"riposte: {riposte_pool} dice of lethal damage against the attacker")
    text = "; ".join(parts)
    return explained(text, text)


@rule("7", "Abort cost", "Aborting a declared action to defend takes a successful Willpower roll "
      "(difficulty 6) or 1 Willpower point; a failed roll means the declared action goes ahead.",
      cite=CITE)
def abort_cost(aborting):
    if not aborting:
        return explained(None, "not aborting: no cost")
    return explained(ABORT_COST, ABORT_COST)

