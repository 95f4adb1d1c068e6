"""GemStone IV: the game's own ``INFO``, ``SKILLS`` and ``ARMOR LIST`` output, pasted.

Lines from other commands and the game's prompts in between are ignored; only these shapes
count (as the Lich project's infomon reads them; ``import.md`` has the mapping):

- INFO: ``Agility (AGI):   100 (30)    ...  100 (30)`` — two ``value (bonus)`` pairs, three in
  ``INFO FULL``; the last pair counts (it includes enhancive items).
- SKILLS, after a heading ending ``your current skill bonuses and ranks``:
  ``Dodging....|   136   38`` — the bonus first, then the ranks.
- ARMOR LIST: ``Armored Evasion   evasion   2/5`` — ranks/maximum.
"""

from __future__ import annotations

import re

from worksheet.importers.reading import decode_text
from worksheet.importers.result import Filling, Imported

SOURCE = "gemstone4-text"

_NUMBER = r"[+-]?\d+"
STAT = re.compile(r"^\s*[A-Za-z]+\s+\((?P<abbr>[A-Z]{3})\)\s*:\s*(?P<pairs>.*?)\s*$")
"""An INFO stat line: name, abbreviation, then its ``value (bonus)`` pairs."""
PAIR = re.compile(rf"(?P<value>{_NUMBER})\s*\(\s*(?P<bonus>{_NUMBER})\s*\)")
SEPARATOR = re.compile(r"\s*\.\.\.\s*")

SKILLS_HEADING = re.compile(r"your current skill bonuses and ranks", re.IGNORECASE)
SKILL = re.compile(rf"^\s*(?P<name>[A-Za-z][A-Za-z' ,-]*?)\s*\.{{2,}}\s*\|\s*"
                   rf"(?P<bonus>{_NUMBER})\s+(?P<ranks>{_NUMBER})\s*$")
SKILLS_FULL = re.compile(r"^\s*(?:>\s*)?skills?\s+full\s*$", re.IGNORECASE)
ARMOR = re.compile(rf"^\s*(?P<name>[A-Z][A-Za-z ]*?[a-z])\s+(?P<command>[a-z]+)\s+"
                   rf"(?P<ranks>{_NUMBER})\s*/\s*(?P<most>{_NUMBER})\s*$")

STATS = {"AGI": "agility_bonus", "INT": "intuition_bonus"}
"""The INFO stats the sheet uses: abbreviation → input (its last bonus)."""


def read(data: bytes, origin: str) -> Imported:
    """Fill ``agility_bonus``, ``intuition_bonus``, ``dodge_ranks`` and ``armored_evasion``
    from pasted game output; see the module docstring."""
    text = decode_text(data, origin)
    filling = Filling("gemstone4", SOURCE, origin)
    in_skills = full = False
    skills_seen = False
    dodging = None
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > 400:
            continue  # no line of these outputs is this long
        where = f"line {number}"
        if SKILLS_FULL.match(line):
            full = True
            continue
        stat = STAT.match(line)
        pairs = _pairs(stat.group("pairs")) if stat else None
        if pairs:
            in_skills = False
            name = STATS.get(stat.group("abbr"))
            if name:
                bonus = filling.number(pairs[-1], name, where)
                filling.fill(name, bonus, f"{where} ({stat.group('abbr')}, the last bonus of "
                             f"{len(pairs)})" if len(pairs) > 1 else f"{where} "
                             f"({stat.group('abbr')} bonus)")
            continue
        if SKILLS_HEADING.search(line):
            in_skills = skills_seen = True
            continue
        skill = SKILL.match(line) if in_skills else None
        if skill:
            ranks = skill.group("ranks")
            if not ranks.strip("+-0"):
                full = True  # only SKILLS FULL lists untrained skills
            if skill.group("name").strip().lower() == "dodging":
                dodging = number
                filling.fill("dodge_ranks", filling.number(ranks, "dodge_ranks", where),
                             f"{where} (Dodging ranks)")
            continue
        armor = ARMOR.match(line)
        if armor and armor.group("name").strip().lower() == "armored evasion":
            filling.fill("armored_evasion",
                         filling.number(armor.group("ranks"), "armored_evasion", where),
                         f"{where} (ARMOR LIST, Armored Evasion ranks)")
    if skills_seen and dodging is None:
        if full:
            filling.fill("dodge_ranks", 0, "SKILLS FULL (no Dodging ranks listed)")
        else:
            filling.warn("SKILLS lists trained skills only and has no Dodging line: Dodge ranks "
                         "left as they are (SKILLS FULL would say 0)")
    return filling.done(recognised=skills_seen)


def _pairs(text: str) -> list[str] | None:
    """The bonuses of an INFO line's one to three ``value (bonus)`` pairs, or ``None`` when it
    is not such a line."""
    parts = SEPARATOR.split(text)
    if not 1 <= len(parts) <= 3:
        return None
    matches = [PAIR.fullmatch(part) for part in parts]
    if not all(matches):
        return None
    return [match.group("bonus") for match in matches]
