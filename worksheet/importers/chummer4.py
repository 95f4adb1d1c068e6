"""Shadowrun 4: a Chummer 4 save (``.chum``), as ChummerGenSR4 writes it.

XML, usually UTF-16 with a byte-order mark, sometimes UTF-8; root ``<character>``, with
``<gameedition>SR4</gameedition>`` when present. The attribute's ``totalvalue`` (with
augmentations) and the skill's ``rating`` (not its ``totalvalue``, the pool with the attribute
added) count; ``import.md`` has the mapping.
"""

from __future__ import annotations

from worksheet.engine.quote import quote
from worksheet.importers.reading import Node, parse_root
from worksheet.importers.result import Filling, Imported

SOURCE = "chummer4"

SKILLS = {"Dodge": "dodge", "Gymnastics": "gymnastics"}
MELEE = ("Unarmed Combat", "Blades", "Clubs")
"""The skills whose highest rating is the melee skill used to block or parry."""

MONITORS = {"physicalcmfilled": "physical_damage", "stuncmfilled": "stun_damage"}


def read(data: bytes, origin: str) -> Imported:
    """Fill ``reaction``, ``dodge``, ``gymnastics``, ``melee_skill``, ``physical_damage`` and
    ``stun_damage`` from a Chummer 4 save."""
    root = parse_root(data, origin, "character", "a Chummer save")
    filling = Filling("shadowrun4", SOURCE, origin)
    edition = root.child_text("gameedition")
    if edition is not None and edition != "SR4":
        raise filling.refuse(f"a save for {quote(edition, 20)}, not Shadowrun 4 (SR4); use the "
                             "Chummer for that edition")
    for attributes in root.named("attributes"):
        for attribute in attributes.named("attribute"):
            if attribute.child_text("name") == "REA":
                _fill_from(filling, "reaction", attribute, "totalvalue", "REA")
    melee: list[tuple[int, str, Node]] = []
    for skills in root.named("skills"):
        for skill in skills.named("skill"):
            name = skill.child_text("name")
            if name in SKILLS:
                _fill_from(filling, SKILLS[name], skill, "rating", name)
            elif name in MELEE and skill.child("rating") is not None:
                where = _where(skill, "rating", name)
                melee.append((filling.number(skill.child_text("rating") or "", "melee_skill",
                                             where), name, skill))
    if melee:
        rating, name, skill = max(melee, key=lambda found: found[0])
        filling.fill("melee_skill", rating, _where(skill, "rating", name)
                     + f", the highest of {', '.join(found[1] for found in melee)}")
    for tag, name in MONITORS.items():
        for node in root.named(tag):
            filling.fill(name, filling.number(node.text, name, f"line {node.line}"),
                         f"line {node.line} (<{tag}>)")
    return filling.done()


def _where(node: Node, field: str, name: str) -> str:
    found = node.child(field)
    line = found.line if found is not None else node.line
    return f"line {line} ({name} {field})"


def _fill_from(filling: Filling, input_name: str, node: Node, field: str, name: str) -> None:
    text = node.child_text(field)
    if text is None:
        return
    where = _where(node, field, name)
    filling.fill(input_name, filling.number(text, input_name, where), where)
