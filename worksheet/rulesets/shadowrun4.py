"""Shadowrun 4th edition (20th Anniversary) — the defense test against one attack.

Implements ``shared/spec/shadowrun4.md``. The defender's pool is built in three visible stages:
the base pool (Reaction, plus the melee skill or Dodge, plus any full defense), one node per line
of the defense modifiers table (a modifier that does not apply says why), and the pool itself,
floored at 0. The outcome follows the opposed-test rules: ties go to the defender, and a pool of
0 — or an unaware defender — scores no hits.

Decisions recorded here and in the rule texts:

* With no defense (unaware and not engaged), ``base_pool`` and ``modifier_total`` are still
  worked out — they show what the defender would have rolled had they seen it coming — but
  ``defense_pool`` is 0 and the defender's hits are 0.
* Full parry rolls Reaction + 2 × the melee skill whatever ``melee_defense`` says.
* ``defender_glitch`` is read from the typed faces whenever faces are typed (rule 7), even when
  those faces cannot count as hits (pool 0 or no defense); the sheet notes it.
* Typing both ``defender_hits`` and ``defender_faces`` is reported on ``defender_hits`` (the
  faces carry more: hits and glitch), and blocks only the outcome.
"""

from __future__ import annotations

from worksheet.engine import (BoolInput, ChoiceInput, FacesInput, IntInput, Problem, Ruleset, explained,
                      floor, tmax, total)
from worksheet.engine.ruleset import Headline
from worksheet.engine.fight_loop import ATTACKED_AGAIN, MY_ACTION, Action, Change, Counter, FightLoop

BOOK = "Shadowrun 4th ed. 20th Anniversary"
CITE = f"{BOOK}, Combat, “Defense Modifiers”"
FULL = f"{BOOK}, Combat, “Full Defense”"

BURSTS = {"none": 0, "wide": -2, "long-wide": -5, "full-auto-wide": -9}
SPREADS = {"none": 0, "medium": -2, "wide": -4}

# The strip's verdict: a sentence, so "attack hits" is not read as a count of the
# attacker's hits (issue 42).
HIT_WORDS = {True: "the attack lands", False: "the attack misses"}
GLITCH_WORDS = {"none": "no glitch", "glitch": "glitch", "critical": "critical glitch"}
"""How the result strip says the outcome (``Headline.words``)."""

RULESET = Ruleset(
    id="shadowrun4",
    title="Shadowrun 4A — Defense Test",
    source=f"{BOOK}, “Defense Modifiers” (with full parry and gymnastics dodge)",
    cite=CITE,
    results=("base_pool", "modifier_total", "defense_pool", "no_defense", "hit", "net_hits",
             "defender_glitch"),
    headline=("defense_pool", Headline("hit", words=HIT_WORDS), "net_hits",
              Headline("defender_glitch", words=GLITCH_WORDS),
              Headline("p_hit", "chance to be hit", percent=True)),
    inputs=[
        ChoiceInput("attack", "ranged", "the kind of attack being defended against",
                    choices=("ranged", "melee")),
        IntInput("reaction", 3, "the defender's Reaction attribute", minimum=1, maximum=12),
        IntInput("dodge", 0, "ranks in the Dodge skill", minimum=0, maximum=12),
        IntInput("melee_skill", 0,
                 "the skill used to block or parry (Unarmed Combat, Blades, Clubs)",
                 label="Melee skill", minimum=0, maximum=12),
        IntInput("gymnastics", 0, "ranks in the Gymnastics skill", minimum=0, maximum=12),
        ChoiceInput("melee_defense", "dodge",
                    "against melee: Reaction + Dodge, or Reaction + the melee skill",
                    choices=("dodge", "parry"),
                    labels={"dodge": "Reaction + Dodge", "parry": "Reaction + melee skill"}),
        ChoiceInput("full_defense", "none", "a full defense taken this turn (a Complex Action)",
                    choices=("none", "full-dodge", "full-parry", "gymnastics-dodge"),
                    labels={"full-dodge": "+ Dodge", "full-parry": "Reaction + 2 × melee skill",
                            "gymnastics-dodge": "+ Gymnastics"}),
        BoolInput("aware", True, "false: the defender does not see the attack coming"),
        BoolInput("engaged", False, "already engaged in combat (then unawareness does not "
                  "remove the defense)"),
        IntInput("physical_damage", 0, "boxes filled on the Physical condition monitor",
                 minimum=0, maximum=18),
        IntInput("stun_damage", 0, "boxes filled on the Stun condition monitor",
                 minimum=0, maximum=12),
        IntInput("previous_defenses", 0,
                 "defenses already made since the defender's last action",
                 minimum=0, maximum=20),
        BoolInput("prone", False, "the defender is on the ground"),
        IntInput("attacker_distance", 10, "metres between attacker and defender",
                 minimum=0, maximum=2000),
        BoolInput("running", False, "the defender is running"),
        BoolInput("in_melee", False, "the defender is in melee combat with someone",
                  label="In melee"),
        ChoiceInput("burst", "none", "the attacker fires a wide burst of this kind",
                    choices=tuple(BURSTS)),
        ChoiceInput("shotgun_spread", "none", "the attacker's shotgun spread setting",
                    choices=tuple(SPREADS)),
        BoolInput("area_attack", False, "a blast weapon: grenade, rocket, missile"),
        BoolInput("in_moving_vehicle", False, "the defender is in a moving vehicle"),
        IntInput("other_modifier", 0, "any situational modifier the gamemaster calls",
                 minimum=-20, maximum=20),
        IntInput("edge_dice", 0, "Edge spent on this defense roll: adds dice, and 6s explode "
                 "(Rule of Six)", label="Edge dice", minimum=0, maximum=8),
        IntInput("attacker_hits", None, "hits on the attack roll (empty: not rolled yet)",
                 minimum=0, maximum=60, optional=True),
        IntInput("defender_hits", None, "hits on the defense roll, if not typing the faces",
                 minimum=0, maximum=60, optional=True),
        FacesInput("defender_faces", (), "the defense roll as rolled; gives the hits and the "
                   "glitch", sides=6, max_count=60),
        IntInput("attack_pool", None, "the attacker's dice (empty: no attack yet)",
                 label="Attack dice", minimum=0, maximum=60, optional=True),
    ],
)
rule = RULESET.rule

CITE_PREVIOUS = "SR4A, Combat, “Defender Has Defended Against Previous Attacks”"
CITE_FULL = "SR4A, Combat, “Full Defense”"
RULESET.fight_loop = FightLoop(
    round_inputs=("previous_defenses", "full_defense", "prone", "running", "in_melee",
                  "physical_damage", "stun_damage"),
    actions=(
        Action(ATTACKED_AGAIN, "Attacked again", (Change("previous_defenses", add=1),),
               "Another attack before the defender's next action: one more previous defense "
               "(−1 die each); the last roll's hits, faces and Edge are cleared.",
               CITE_PREVIOUS),
        Action(MY_ACTION, "My action", (Change("previous_defenses", to=0),
                                        Change("full_defense", to="none")),
               "The defender's Action Phase: previous defenses go back to 0 and a full defense "
               "ends (it lasts until the next Action Phase); the last roll is cleared.",
               f"{CITE_PREVIOUS}; {FULL}"),
    ),
    counters=(
        Counter("previous_defenses", "+1 after each defense; 0 again only at the defender's "
                "next action", CITE_PREVIOUS),
        Counter("full_defense", "lasts until the defender's next Action Phase", CITE_FULL),
    ),
)


def _not_applicable(name: str, reason: str, would_apply: bool = True):
    """A modifier that does not count here: value 0, and (when its condition is set) a line
    saying why it is left out."""
    notes = [f"{name}: not applicable — {reason}"] if would_apply else []
    return explained(0, f"{name}: not applicable", f"{reason} → 0", notes)


def _ranged_only(attack: str, name: str, value: int, label: str):
    """A modifier that exists only against ranged attacks."""
    if attack != "ranged":
        return _not_applicable(name, f"{label}, but only ranged attacks count and this is "
                               "melee" if value else "ranged attacks only", bool(value))
    if not value:
        return explained(0, f"{name}: none", f"{label} → 0")
    return explained(value, name, f"{label} → {value:+d}")


# -- 1. Is there a defense test at all? ---------------------------------------------------------

@rule("1", "No defense", "A defender who does not see the attack coming and is not already "
      "engaged in combat gets no defense test: the attack is a plain success test.",
      cite=f"{CITE}, “Defender Unaware of Attack”")
def no_defense(aware, engaged):
    value = not aware and not engaged
    notes = []
    if not aware and engaged:
        notes.append("unaware, but already engaged in combat: the defense test is still made")
    return explained(value, "not aware and not engaged",
                     f"aware = {'yes' if aware else 'no'}, engaged = {'yes' if engaged else 'no'}",
                     notes)


# -- 2. Base pool --------------------------------------------------------------------------------

@rule("2", "Base pool", "Ranged: Reaction. Melee: Reaction + Dodge, or Reaction + the melee skill "
      "to parry. Full dodge adds Dodge, gymnastics dodge adds Gymnastics, full parry (melee only) "
      "rolls Reaction + twice the melee skill whatever the ordinary melee choice. Worked out even "
      "with no defense, to show what the defender would roll.", cite=FULL)
def base_pool(attack, reaction, dodge, melee_skill, gymnastics, melee_defense, full_defense):
    notes = []
    if full_defense == "full-parry":
        if attack == "ranged":
            raise Problem("full_defense", "full parry is melee only and cannot be used against "
                          "a ranged attack; allowed against ranged: none, full-dodge, "
                          "gymnastics-dodge", given=full_defense)
        if melee_defense == "dodge":
            notes.append("melee_defense: replaced — full parry rolls Reaction + 2 × melee skill")
        return explained(reaction + 2 * melee_skill, notes=notes)
    if attack == "ranged":
        pool = reaction
        notes.append("melee_defense: melee only — a ranged attack is dodged with Reaction")
    elif melee_defense == "parry":
        pool = reaction + melee_skill
    else:
        pool = reaction + dodge
    if full_defense == "full-dodge":
        pool = pool + dodge
    elif full_defense == "gymnastics-dodge":
        pool = pool + gymnastics
    return explained(pool, notes=notes)


# -- 3. Defense modifiers, one line each ------------------------------------------------------

@rule("3", "Wounds: physical", "−1 for every 3 boxes filled on the Physical monitor.",
      cite=f"{BOOK}, “Wound Modifiers”; {CITE}, “Defender Wounded”")
def physical_wound_modifier(physical_damage):
    return -floor(physical_damage / 3)


@rule("3", "Wounds: stun", "−1 for every 3 boxes filled on the Stun monitor.",
      cite=f"{BOOK}, “Wound Modifiers”; {CITE}, “Defender Wounded”")
def stun_wound_modifier(stun_damage):
    return -floor(stun_damage / 3)


@rule("3", "Wound modifier", "The two monitors' wound modifiers add up.",
      cite=f"{BOOK}, “Wound Modifiers”; {CITE}, “Defender Wounded”")
def wound_modifier(physical_wound_modifier, stun_wound_modifier):
    return physical_wound_modifier + stun_wound_modifier


@rule("3", "Previous defenses", "−1 for each defense already made since the defender's last "
      "action (the first defense has none).",
      cite=f"{CITE}, “Defender Has Defended Against Previous Attacks”")
def previous_defenses_modifier(previous_defenses):
    return -previous_defenses


@rule("3", "Prone", "−2 against melee; against ranged only when the attacker is 5 m away or "
      "closer.", cite=f"{CITE}, “Defender Prone”")
def prone_modifier(prone, attack, attacker_distance):
    if not prone:
        return explained(0, "prone: no", "not prone → 0")
    if attack == "melee":
        return explained(-2, "prone against melee", "prone, melee attack → -2",
                         ["attacker_distance: not used against melee"])
    if attacker_distance <= 5:
        return explained(-2, "prone against ranged within 5 m",
                         f"prone, ranged from {attacker_distance} m ≤ 5 m → -2")
    return _not_applicable("prone", f"ranged attack from {attacker_distance} m, more than 5 m")


@rule("3", "Running", "+2 when the defender is running.", cite=f"{CITE}, “Defender Running”")
def running_modifier(running):
    if not running:
        return explained(0, "running: no", "not running → 0")
    return explained(2, "running", "running → +2")


@rule("3", "In melee combat", "−3 against a ranged attack while the defender is in melee with "
      "anyone; no effect against melee.", cite=f"{CITE}, “Defender in Melee Combat”")
def in_melee_modifier(in_melee, attack):
    return _ranged_only(attack, "in melee", -3 if in_melee else 0,
                        "in melee" if in_melee else "not in melee")


@rule("3", "Burst", "Against ranged only: wide burst −2, long wide −5, full-auto wide −9.",
      cite=f"{CITE}, “Attacker Firing Burst or Shotgun”")
def burst_modifier(burst, attack):
    return _ranged_only(attack, "burst", BURSTS[burst], f"burst {burst}")


@rule("3", "Shotgun spread", "Against ranged only: medium spread −2, wide spread −4.",
      cite=f"{CITE}, “Attacker Firing Burst or Shotgun”")
def shotgun_modifier(shotgun_spread, attack):
    return _ranged_only(attack, "shotgun", SPREADS[shotgun_spread], f"spread {shotgun_spread}")


@rule("3", "Area attack", "Against ranged only: −2 against a blast weapon.",
      cite=f"{CITE}, “Attacker Using Area Attack Weapon”")
def area_attack_modifier(area_attack, attack):
    return _ranged_only(attack, "area attack", -2 if area_attack else 0,
                        "area attack" if area_attack else "no area attack")


@rule("3", "Moving vehicle", "Against ranged only: +3 when the defender is in a moving vehicle.",
      cite=f"{CITE}, Defense Modifiers Table")
def vehicle_modifier(in_moving_vehicle, attack):
    return _ranged_only(attack, "moving vehicle", 3 if in_moving_vehicle else 0,
                        "in a moving vehicle" if in_moving_vehicle else "not in a vehicle")


@rule("3", "Modifier total", "The sum of every defense modifier above plus the gamemaster's "
      "other modifier; lines that are 0 are left out of the sum. Worked out even with no "
      "defense.", cite=CITE)
def modifier_total(wound_modifier, previous_defenses_modifier, prone_modifier, running_modifier,
                   in_melee_modifier, burst_modifier, shotgun_modifier, area_attack_modifier,
                   vehicle_modifier, other_modifier):
    lines = [wound_modifier, previous_defenses_modifier, prone_modifier, running_modifier,
             in_melee_modifier, burst_modifier, shotgun_modifier, area_attack_modifier,
             vehicle_modifier, other_modifier]
    return total([line for line in lines if line != 0], empty="no modifiers")


# -- 4. The pool --------------------------------------------------------------------------------

@rule("4", "Defense pool", "Base pool plus modifiers plus any Edge dice, never below 0; with "
      "no defense the pool is 0 (Edge cannot help). A pool of 0 fails without a roll.",
      cite=f"{CITE}; {BOOK}, “Edge”")
def defense_pool(base_pool, modifier_total, no_defense, edge_dice):
    if no_defense:
        notes = ["base_pool and modifier_total are shown for reference only"]
        if edge_dice:
            notes.append(f"edge_dice {edge_dice}: Edge cannot help without a defense test")
        return explained(0, "no defense test", "unaware and not engaged → 0", notes=notes)
    pool = tmax(0, base_pool + modifier_total + edge_dice) if edge_dice else tmax(
        0, base_pool + modifier_total)
    notes = []
    if edge_dice:
        notes.append(f"{edge_dice} Edge dice: the defender's 6s explode (Rule of Six)")
    if pool == 0:
        notes.append("pool 0: the defense fails without a roll and scores no hits")
    return explained(pool, notes=notes)


# -- 5. The roll and the outcome ---------------------------------------------------------------

@rule("5", "Defense roll hits", "The hits as typed, or counted from the typed faces: every 5 or "
      "6 is a hit. Typing both is refused.", cite=f"{BOOK}, “Hits”")
def rolled_hits(defender_hits, defender_faces):
    if defender_faces and defender_hits is not None:
        raise Problem("defender_hits", "give the defender's hits or the defender's faces, not "
                      "both", given=f"{defender_hits}", allowed="empty when defender_faces is "
                      "typed (the faces give the hits)")
    if defender_faces:
        hits = sum(1 for face in defender_faces if face >= 5)
        shown = ", ".join(str(face) for face in defender_faces)
        return explained(hits, "count of 5s and 6s in defender_faces", f"[{shown}] → {hits}")
    if defender_hits is not None:
        return explained(defender_hits, "defender_hits", str(defender_hits))
    return explained(None, "not rolled yet", "no hits or faces typed")


@rule("5", "Defender hits", "The hits that count: 0 with no defense or a pool of 0, whatever "
      "was typed; otherwise the roll's hits. More faces than the pool has dice cannot have been "
      "rolled without Edge (exploded 6s add dice).", cite=f"{CITE}; {BOOK}, “Opposed Tests”")
def defender_hit_count(rolled_hits, defense_pool, no_defense, defender_faces, edge_dice):
    if not edge_dice and len(defender_faces) > defense_pool:
        shown = ",".join(str(face) for face in defender_faces)
        raise Problem("defender_faces", f"{len(defender_faces)} dice, but the defense pool is "
                      f"{defense_pool} and without Edge no die is added", given=shown,
                      allowed=f"at most {defense_pool} faces")
    if no_defense or defense_pool == 0:
        reason = "no defense test" if no_defense else "pool 0, no roll"
        notes = []
        if rolled_hits is not None or defender_faces:
            notes.append("the typed defense roll is ignored (" + reason + "); any glitch is "
                         "still read from typed faces")
        return explained(0, reason, f"{reason} → 0", notes)
    if rolled_hits is None:
        return explained(None, "unknown until the defense is rolled", "—")
    notes = []
    if rolled_hits > defense_pool:
        notes.append(f"more hits ({rolled_hits}) than dice in the pool ({defense_pool})")
    if defender_faces and len(defender_faces) != defense_pool:
        notes.append(f"{len(defender_faces)} faces typed for a pool of {defense_pool} dice")
    return explained(rolled_hits, "rolled_hits", str(rolled_hits), notes)


@rule("6", "Hit", "The attack hits when the attacker has more hits than the defender; ties go "
      "to the defender. With no defense any hit at all lands.",
      cite=f"{BOOK}, “Opposed Tests”; {CITE}, “Defender Unaware of Attack”")
def hit(attacker_hits, defender_hit_count, no_defense):
    if attacker_hits is None or defender_hit_count is None:
        missing = "attacker_hits" if attacker_hits is None else "the defender's hits"
        return explained(None, "unknown", f"waiting for {missing}")
    value = attacker_hits > defender_hit_count
    if no_defense:
        return explained(value, "attacker_hits ≥ 1 (success test, no defense)",
                         f"{attacker_hits} ≥ 1 → {'yes' if value else 'no'}")
    return explained(value, "attacker_hits > defender_hit_count",
                     f"{attacker_hits} > {defender_hit_count} → {'yes' if value else 'no'}",
                     [] if value or attacker_hits != defender_hit_count
                     else ["a tie goes to the defender"])


@rule("6", "Net hits", "The attacker's hits minus the defender's when the attack hits, "
      "else 0.", cite=f"{BOOK}, “Opposed Tests”")
def net_hits(attacker_hits, defender_hit_count, hit):
    if hit is None:
        return explained(None, "unknown", "waiting for the outcome")
    if not hit:
        return explained(0, "0 (the attack misses)", "miss → 0")
    return attacker_hits - defender_hit_count


@rule("7", "Defender glitch", "Half or more of the typed dice show 1: a glitch; a glitch with no "
      "hits is a critical glitch. Unknown when no faces are typed.",
      cite=f"{BOOK}, “Glitches”")
def defender_glitch(defender_faces):
    if not defender_faces:
        return explained(None, "no faces typed", "—")
    dice = len(defender_faces)
    ones = sum(1 for face in defender_faces if face == 1)
    hits = sum(1 for face in defender_faces if face >= 5)
    glitch = 2 * ones >= dice
    value = "critical" if glitch and hits == 0 else "glitch" if glitch else "none"
    return explained(value, "2 × ones ≥ dice (critical when also no hits)",
                     f"2 × {ones} = {2 * ones} {'≥' if glitch else '<'} {dice}, {hits} hits "
                     f"→ {value}")

