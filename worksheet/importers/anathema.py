"""Exalted 2e: an Anathema character (``.ecg``).

XML (released versions declare ISO-8859-1), root ``<ExaltedCharacter>``; under
``<Statistics>``: the rule set, ``<CharacterType>``, ``<Essence>``, ``<Attributes>`` grouped
as ``<Physical>``/``<Social>``/``<Mental>`` and ``<Abilities>``. A trait's value is its
``experiencedValue`` when experience was spent on it, else its ``creationValue``;
``import.md`` has the mapping.
"""

from __future__ import annotations

import re

from worksheet.engine.quote import quote
from worksheet.importers.reading import Node, parse_root
from worksheet.importers.result import Filling, Imported

SOURCE = "anathema"

TYPES = {"solar": "solar", "lunar": "lunar", "dragonblooded": "dragon-blooded",
         "terrestrial": "dragon-blooded", "sidereal": "sidereal", "abyssal": "abyssal",
         "infernal": "infernal", "alchemical": "alchemical", "mortal": "mortal"}
"""Anathema's character types (letters only, lower-cased) → the sheet's ``character_type``."""

COMBAT = ("Melee", "MartialArts")
"""The Abilities whose higher value is the one used to parry."""

SPECIALTY_WARNING = ("specialties: every Dodge and parrying-ability specialty was added; only "
                     "those that apply to this defense count — check them")


def read(data: bytes, origin: str) -> Imported:
    """Fill ``dexterity``, ``dodge``, ``essence``, ``combat_ability``, the specialties and
    ``character_type`` from an Anathema character."""
    root = parse_root(data, origin, "ExaltedCharacter", "an Anathema character")
    filling = Filling("exalted2e", SOURCE, origin)
    statistics = root.child("Statistics")
    if statistics is None:
        raise filling.refuse("no <Statistics> element: not an Anathema character")
    _check_rules(filling, statistics)
    _character_type(filling, statistics)
    essence = next((node for node in statistics.iter("Essence") if _has_value(node)), None)
    if essence is not None:
        _fill_trait(filling, "essence", essence)
    for attributes in statistics.named("Attributes"):
        for dexterity in attributes.iter("Dexterity"):
            _fill_trait(filling, "dexterity", dexterity)
    abilities = _abilities(statistics)
    for dodge in abilities.get("Dodge", ()):
        _fill_trait(filling, "dodge", dodge)
        _specialties(filling, "dodge_specialties", dodge)
    combat = [(filling.number(_value(node), "combat_ability", _where(node)), tag, node)
              for tag in COMBAT for node in abilities.get(tag, ()) if _has_value(node)]
    if combat:
        value, tag, node = max(combat, key=lambda found: found[0])
        names = " and ".join(_words(found[1]) for found in combat)
        filling.fill("combat_ability", value, f"{_where(node)}, the higher of {names}"
                     if len(combat) > 1 else _where(node))
        _specialties(filling, "parry_specialties", node)
    return filling.done()


def _abilities(statistics: Node) -> dict[str, list[Node]]:
    found: dict[str, list[Node]] = {}
    for group in statistics.named("Abilities"):
        for tag in ("Dodge", *COMBAT):
            found.setdefault(tag, []).extend(node for node in group.iter(tag)
                                             if _has_value(node))
    return found


def _check_rules(filling: Filling, statistics: Node) -> None:
    for rules in statistics.named("Rules"):
        for ruleset in rules.iter("RuleSet"):
            name = ruleset.attrib.get("name", "")
            if name and name != "SecondEdition":
                raise filling.refuse(f"a character for the rule set {quote(name, 40)}, not Exalted "
                                     "Second Edition (SecondEdition)")


def _character_type(filling: Filling, statistics: Node) -> None:
    node = statistics.child("CharacterType")
    if node is None or not node.text.strip():
        return
    written = node.text.strip()
    key = re.sub(r"[^a-z]", "", written.lower())
    if key in TYPES:
        filling.fill("character_type", TYPES[key], f"line {node.line} (<CharacterType>)")
    else:
        filling.warn(f"character type {quote(written, 40)} is not one the sheet knows: character "
                     "type left as it is")


def _has_value(node: Node) -> bool:
    return "creationValue" in node.attrib or "experiencedValue" in node.attrib


def _value(node: Node) -> str:
    return node.attrib.get("experiencedValue", node.attrib.get("creationValue", ""))


def _where(node: Node) -> str:
    which = "experienced" if "experiencedValue" in node.attrib else "creation"
    return f"line {node.line} (<{node.tag}> {which} value)"


def _words(tag: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", tag)


def _fill_trait(filling: Filling, name: str, node: Node) -> None:
    if _has_value(node):
        filling.fill(name, filling.number(_value(node), name, _where(node)), _where(node))


def _specialties(filling: Filling, name: str, ability: Node) -> None:
    found = [node for node in ability.iter("Specialty") if node is not ability]
    if not found:
        return
    dots = sum(filling.number(_value(node) or "1", name, _where(node)) for node in found)
    if dots > 3:
        filling.warn(f"{dots} specialty dots on {_words(ability.tag)}: at most 3 count, so 3 "
                     "were filled")
        dots = 3
    filling.fill(name, dots, f"line {ability.line} ({len(found)} specialt"
                 f"{'y' if len(found) == 1 else 'ies'} of {_words(ability.tag)})")
    filling.warn(SPECIALTY_WARNING)
