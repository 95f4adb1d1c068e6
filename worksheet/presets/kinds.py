"""What a preset holds: the character, the attacker's side, or the whole fight (its ``kind``).

A sheet's inputs fall in three parts. The **round** inputs are the ruleset's fight loop: the
inputs it shows together at the top of the form and the ones its actions clear (what was rolled
or spent for the last exchange). The **attacker's side** describes who attacks and with what
(the odds' pool, Shadowrun's kind of attack and burst, …): :data:`ATTACKER`. Everything else is
the **character**. A record list the fight loop splits by a field (Rise's ``modifiers``: the
records of type ``condition`` are the round's) is the character's except for those records.

A preset's ``kind`` says which parts it holds, and so which parts loading it replaces:

- ``character``: the character's inputs only; loading it leaves the round inputs and the
  attacker's side as they are (a player who loads a character mid-fight keeps the attack);
- ``attacker``: the attacker's side only; loading it changes nothing else;
- ``fight`` (and a preset without ``kind``, written before kinds existed): every input; loading
  it replaces the whole sheet, the inputs it leaves out taking their defaults, as before.

Within the parts it replaces, a preset's missing inputs take their defaults. Headless: the app,
``worksheet calc`` and the validation all use these functions, so they cannot disagree.
"""

from __future__ import annotations

from typing import Any, Mapping

from worksheet.engine import RecordsInput, Ruleset

KINDS = ("character", "attacker", "fight")
"""The values of a preset's ``kind`` key, in the order a dialog offers them."""

CHARACTER, ATTACKER_KIND, FIGHT = KINDS

PARTS = {CHARACTER: ("character",), ATTACKER_KIND: ("attacker",),
         FIGHT: ("character", "round", "attacker")}
"""The parts of the sheet a preset of each kind holds and replaces."""

ATTACKER: dict[str, tuple[str, ...]] = {
    "exalted2e": ("attack_pool",),
    "gemstone4": ("attacker_as", "avd"),
    "rise": ("accuracy",),
    "shadowrun4": ("attack", "attacker_distance", "burst", "shotgun_spread", "area_attack",
                   "attack_pool"),
    "vtm-revised": ("attack", "damage_type", "attack_pool", "attack_difficulty"),
}
"""Each ruleset's attacker's side: the inputs that say who attacks and with what, so that
"orc archer, 8 dice" is one preset. Not the attack's rolled hits (``attacker_hits``: spent, a
round input) and not GemStone's ``other_ds`` (the defender's own block and parry DS)."""


def part_of(ruleset: Ruleset, name: str) -> str:
    """``round``, ``attacker`` or ``character``: the part of the sheet an input belongs to.

    A record list that the fight loop splits by a field belongs to the character here; its
    round records are told apart by :func:`round_record`.
    """
    if name in ATTACKER.get(ruleset.id, ()):
        return "attacker"
    loop = ruleset.fight_loop
    if loop is not None:
        if name in loop.round_inputs and not (loop.record_kind and _is_records(ruleset, name)):
            return "round"
        if name in loop.cleared(ruleset):
            return "round"
    return "character"


def _is_records(ruleset: Ruleset, name: str) -> bool:
    return isinstance(ruleset.inputs.get(name), RecordsInput)


def split_records(ruleset: Ruleset) -> str | None:
    """The record list whose records are split between the character and the round (Rise's
    ``modifiers``), or ``None``."""
    loop = ruleset.fight_loop
    if loop is None or not loop.record_kind:
        return None
    return next((name for name in loop.round_inputs if _is_records(ruleset, name)), None)


def round_record(ruleset: Ruleset, record: Mapping[str, Any]) -> bool:
    """True when a record of :func:`split_records` is the round's (Rise: a condition)."""
    loop = ruleset.fight_loop
    if loop is None or not loop.record_kind:
        return False
    field, wanted = loop.record_kind
    return record.get(field) == wanted


def names_of(ruleset: Ruleset, kind: str | None) -> tuple[str, ...]:
    """The inputs a preset of ``kind`` holds and a load of it replaces, in the ruleset's order
    (``None``, an old preset: every input)."""
    parts = PARTS.get(kind or FIGHT, PARTS[FIGHT])
    return tuple(name for name in ruleset.inputs if part_of(ruleset, name) in parts)


def to_save(ruleset: Ruleset, kind: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The values a preset of ``kind`` stores, from a sheet's values (a character's split
    record list without its round records)."""
    kept = {name: values[name] for name in names_of(ruleset, kind) if name in values}
    split = split_records(ruleset)
    if kind == CHARACTER and split in kept and kept[split] is not None:
        kept[split] = tuple(r for r in kept[split] if not round_record(ruleset, r))
    return kept


def to_load(ruleset: Ruleset, kind: str | None, inputs: Mapping[str, Any],
            current: Mapping[str, Any]) -> dict[str, Any]:
    """The new values of the inputs a load of a ``kind`` preset replaces.

    Args:
        ruleset: the preset's ruleset.
        kind: the preset's kind (``None``: an old preset, every input).
        inputs: the preset's inputs (those it gives).
        current: the sheet's values now (a character load keeps the round records of the split
            record list: Rise's conditions stay).

    Returns:
        Every input of the kind's parts: the preset's value or the input's default. The other
        inputs are not in it: they keep their values.
    """
    new = {name: inputs.get(name, ruleset.inputs[name].default)
           for name in names_of(ruleset, kind)}
    split = split_records(ruleset)
    if kind == CHARACTER and split in new:
        kept = tuple(r for r in current.get(split) or () if round_record(ruleset, r))
        new[split] = tuple(new[split] or ()) + kept
    return new


def misplaced(ruleset: Ruleset, kind: str | None, inputs: Mapping[str, Any]
              ) -> list[tuple[str, int | None, str]]:
    """The inputs (and records) a preset of ``kind`` may not hold: ``(input, record index or
    None, why)``. A character preset that held the fight would bring stale counters back."""
    if kind in (None, FIGHT):
        return []
    allowed = set(names_of(ruleset, kind))
    found: list[tuple[str, int | None, str]] = []
    attacker = ", ".join(ATTACKER.get(ruleset.id, ())) or "none"
    for name, value in inputs.items():
        if name not in allowed:
            part = part_of(ruleset, name)
            if kind == ATTACKER_KIND:
                why = (f"an attacker preset holds only the attacker's side ({attacker}); "
                       f"this is a {part} input")
            else:
                why = (f"a character preset leaves out the {_part_words(part)} "
                       f'(kind = "fight" keeps them)')
            found.append((name, None, why))
        elif kind == CHARACTER and name == split_records(ruleset):
            for index, record in enumerate(value or ()):
                if round_record(ruleset, record):
                    field, wanted = ruleset.fight_loop.record_kind  # type: ignore[union-attr]
                    found.append((name, index, f"a record with {field} = {wanted!r} is a round "
                                  'input; a character preset leaves it out (kind = "fight" '
                                  "keeps it)"))
    return found


def _part_words(part: str) -> str:
    return "round inputs" if part == "round" else "attacker's side"


def kind_words(kind: str | None) -> str:
    """How a listing names a kind: ``character``, ``attacker``, ``fight``; an old preset
    without ``kind`` holds everything, as a fight does: ``all``."""
    return kind or "all"
