"""Exalted 2e Defense Value — the tables: character types, Charm limits, penalties, roundings.

Kept apart from ``exalted2e`` so the rules module reads as the steps A–F and nothing else.
Every limit is built from :class:`~worksheet.engine.Term` values, so the sheet shows the formula
used for the character type with its numbers, as one evaluation.
"""

from __future__ import annotations

from typing import Any, Callable

from worksheet.engine import Term, ceil, floor, half_up, named

CITE = "Sutured DV / Likely Canonical (a fan reading of the Exalted 2e core DV rules)"
CITE_ROUNDING = "Exalted 2e core (rounding of DV) as the Anathema character generator applies it"

CHARACTER_TYPES = ("solar", "lunar", "dragon-blooded", "sidereal", "abyssal", "infernal",
                   "alchemical", "mortal")
TYPE_LABELS = {
    "solar": "Solar Exalted", "lunar": "Lunar Exalted", "dragon-blooded": "Dragon-Blooded",
    "sidereal": "Sidereal Exalted", "abyssal": "Abyssal Exalted", "infernal": "Infernal Exalted",
    "alchemical": "Alchemical Exalted", "mortal": "mortal (no Essence-user Charms)",
}

DEFENSES = ("dodge", "parry")
DEFENSE_LABELS = {"dodge": "Dodge", "parry": "Parry"}

# Penalties subtracted in step C, in the order the sheet shows them, and the defenses each one
# touches. The order follows the source's list of non-magical modifiers.
PENALTIES = (
    ("action_penalty", ("dodge", "parry")),
    ("wound_penalty", ("dodge", "parry")),
    ("mobility_penalty", ("dodge",)),
    ("shield_mobility_penalty", ("dodge",)),
    ("onslaught", ("dodge", "parry")),
    ("terrain_penalty", ("dodge", "parry")),
)
IGNORABLE = tuple(name for name, _ in PENALTIES) + ("low_ground",)
"""The names ``ignored_penalties`` accepts."""

GROUND = {"level": 0, "high": 1, "low": -1}
GROUND_LABELS = {"level": "level ground (±0)", "high": "high ground (+1)",
                 "low": "low ground (−1)"}

ROUNDING_CHOICES = ("by-type", "up", "half-up", "down")
ROUNDING_LABELS = {"by-type": "up for Essence users, down for mortals", "up": "ceiling",
                   "half-up": "nearest, halves up", "down": "floor"}
ROUNDERS: dict[str, Callable[[Any], Term]] = {"up": ceil, "half-up": half_up, "down": floor}


def rounding_for(rounding: str, character_type: str) -> tuple[str, str]:
    """The rounding actually used and why: ``by-type`` is up except for mortals (down)."""
    if rounding != "by-type":
        return rounding, f"rounding chosen explicitly: {rounding}"
    if character_type == "mortal":
        return "down", "by-type: a mortal's DV rounds down"
    return "up", f"by-type: {character_type} is an Essence user, so DV rounds up"


def type_limit(character_type: str, defense: str, dexterity: Term, ability: Term,
               specialties: Term, essence: Term) -> Term:
    """The Charm limit L of one defense for a character type, as an exact term.

    Args:
        character_type: one of :data:`CHARACTER_TYPES`.
        defense: ``dodge`` or ``parry`` (only names the ability in the mortal case).
        dexterity, ability, specialties, essence: the character's traits; ``ability`` is Dodge
            for the Dodge DV and the combat Ability for the Parry DV, ``specialties`` likewise.
    """
    if character_type in ("solar", "abyssal", "infernal"):
        return (dexterity + ability) / 2
    if character_type in ("lunar", "alchemical"):
        return dexterity / 2
    if character_type == "dragon-blooded":
        return (ability + specialties) / 2
    if character_type == "sidereal":
        return essence / 2
    if character_type == "mortal":
        return named(0, "0 (mortal)")
    raise ValueError(f"unknown character type {character_type!r} for {defense}")


LIMIT_WORDS = {
    "solar": "(Dexterity + Ability) / 2", "abyssal": "(Dexterity + Ability) / 2",
    "infernal": "(Dexterity + Ability) / 2", "lunar": "Dexterity / 2",
    "alchemical": "Dexterity / 2", "dragon-blooded": "(Ability + specialties) / 2",
    "sidereal": "Essence / 2", "mortal": "0",
}
"""The limit formula per type, in words (for the rule text)."""


def successes(faces: tuple[int, ...]) -> tuple[int, list[str]]:
    """Count d10 successes: 7–9 is one, a 10 is two, 1–6 none. Returns the count and one
    ``face→successes`` text per face."""
    count, parts = 0, []
    for face in faces:
        hits = 2 if face == 10 else 1 if face >= 7 else 0
        count += hits
        parts.append(f"{face}→{hits}")
    return count, parts
