"""Vampire (Revised): when a defensive maneuver may not be used, and why, in the spec's order.

One function shared by the sheet's rule 1 (``allowed`` and ``reason`` in ``vtm_revised``) and
the odds (``odds_vtm_revised``, which asks it for every maneuver), so the two never disagree.
"""

from __future__ import annotations

HAND_TO_HAND = ("brawl", "melee")

REASONS = {
    "block_firearms": "a block only deflects hand-to-hand attacks (brawl or melee), "
                      "not firearms",
    "block_damage": "{damage} damage cannot be blocked without Fortitude (1 or more) "
                    "or armor",
    "dodge_room": "with no room to maneuver a {attack} attack cannot be dodged "
                  "(block or parry instead)",
    "parry_firearms": "a parry only stops brawl or melee attacks, not firearms",
    "unknown_attack": "the defender does not know the attack is coming, "
                      "so it cannot be {verb}",
}


def reasons(maneuver: str, attack: str, damage_type: str, fortitude: int, wearing_armor: bool,
            room_to_maneuver: bool, attack_known: bool) -> list[str]:
    """Every reason the maneuver is not allowed, in the spec's order."""
    found = []
    if maneuver == "block":
        if attack not in HAND_TO_HAND:
            found.append(REASONS["block_firearms"])
        if damage_type != "bashing" and fortitude < 1 and not wearing_armor:
            found.append(REASONS["block_damage"].format(damage=damage_type))
        if not attack_known:
            found.append(REASONS["unknown_attack"].format(verb="blocked"))
    elif maneuver == "dodge":
        if attack in HAND_TO_HAND and not room_to_maneuver:
            found.append(REASONS["dodge_room"].format(attack=attack))
    else:
        if attack not in HAND_TO_HAND:
            found.append(REASONS["parry_firearms"])
        if not attack_known:
            found.append(REASONS["unknown_attack"].format(verb="parried"))
    return found
