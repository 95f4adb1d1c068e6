"""Exalted 2e Defense Value — magical effects and Charms (steps D and E).

An effect record says which step it belongs to, who cast it, what it does to the DV and to
which defense. This module declares the record, checks its value against its operation, and
applies a list of records to one defense in the order the rules prescribe, returning a
:class:`~worksheet.engine.Term` whose formula names every effect applied (``[name]``) and a
note for every effect that is left out, with the reason.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from worksheet.engine import (REQUIRED, BoolInput, ChoiceInput, NumberInput, Record, RecordsInput, Term,
                      TextInput, format_number, named)
from worksheet.rulesets.exalted2e_tables import DEFENSE_LABELS

STEPS = ("charm", "magic")
SOURCES = ("self", "ally", "hostile")
OPS = ("add", "multiply", "divide")
APPLIES = ("both", "dodge", "parry")


def check_effect(record: Record) -> tuple[str, str] | None:
    """The value must fit the operation: add any, multiply 0 or more, divide more than 0."""
    op, value = record["op"], record["value"]
    if op == "multiply" and value < 0:
        return "value", "a multiply needs a value of 0 or more"
    if op == "divide" and value <= 0:
        return "value", ("a divide needs a value greater than 0 (dividing by zero or by a "
                         "negative number is not allowed)")
    return None


EFFECTS = RecordsInput(
    "effects", (), "non-Charm magic (step D) and Charms (step E) that change a DV",
    label="Magic and Charms",
    fields=(
        TextInput("name", REQUIRED, "what the effect is, e.g. a Charm's name"),
        ChoiceInput("step", "charm", "magic: non-Charm magic, step D; charm: a Charm, step E",
                    choices=STEPS),
        ChoiceInput("source", "self", "who uses it: orders the Charm additions in step E",
                    choices=SOURCES),
        ChoiceInput("op", "add", "what it does to the DV", choices=OPS),
        NumberInput("value", REQUIRED, "the amount: add any (negative for a penalty), "
                    "multiply 0 or more, divide more than 0"),
        ChoiceInput("applies_to", "both", "which defense it changes", choices=APPLIES),
        BoolInput("ignores_cap", False, "a Charm that ignores the DV cap: applied in step D"),
    ),
    check=check_effect,
)


def _applies(record: Record, defense: str) -> bool:
    return record["applies_to"] in ("both", defense)


def in_step_d(record: Record) -> bool:
    """Non-Charm magic, and Charms that ignore the cap, belong to step D."""
    return record["step"] == "magic" or record["ignores_cap"]


def _term(record: Record) -> Term:
    return named(record["value"], f"[{record['name']}]")


def _apply(start: Term, records: Iterable[Record]) -> Term:
    result = start
    for record in records:
        value = _term(record)
        if record["op"] == "add":
            result = result + value
        elif record["op"] == "multiply":
            result = result * value
        else:
            result = result / value
    return result


def _describe(index: int, record: Record) -> str:
    sign = {"add": "+", "multiply": "×", "divide": "/"}[record["op"]]
    return f"effects[{index}] [{record['name']}] ({sign}{format_number(record['value'])})"


def _other_defense_note(index: int, record: Record, defense: str) -> str:
    other = DEFENSE_LABELS[record["applies_to"]]
    return (f"{_describe(index, record)}: {other} DV only — not applied to "
            f"{DEFENSE_LABELS[defense]} DV")


def apply_magic(start: Term, effects: Sequence[Record], defense: str) -> tuple[Term, list[str]]:
    """Step D for one defense: every add first (in list order), then every multiply and
    divide in list order. Returns X and the notes."""
    chosen, notes = [], []
    for index, record in enumerate(effects):
        if not in_step_d(record):
            continue
        if not _applies(record, defense):
            notes.append(_other_defense_note(index, record, defense))
            continue
        chosen.append(record)
        if record["step"] == "charm":
            notes.append(f"{_describe(index, record)}: a Charm that ignores the cap — "
                         "applied here, outside the limit")
    adds = [r for r in chosen if r["op"] == "add"]
    scales = [r for r in chosen if r["op"] != "add"]
    if not chosen:
        notes.append("no non-Charm magic or cap-ignoring Charm applies: X is the step-C value")
    return _apply(start, adds + scales), notes


def apply_charms(start: Term, effects: Sequence[Record], defense: str) -> tuple[Term, list[str]]:
    """Step E for one defense: adds from self, then ally, then hostile (each in list order),
    then multiplies, then divides (list order). Returns the DV after Charms and the notes."""
    chosen, notes = [], []
    for index, record in enumerate(effects):
        if in_step_d(record):
            continue
        if not _applies(record, defense):
            notes.append(_other_defense_note(index, record, defense))
            continue
        chosen.append(record)
    ordered = [r for source in SOURCES for r in chosen
               if r["op"] == "add" and r["source"] == source]
    ordered += [r for r in chosen if r["op"] == "multiply"]
    ordered += [r for r in chosen if r["op"] == "divide"]
    if not chosen:
        notes.append("no Charm applies to this defense in step E")
    else:
        notes.append("order: adds from self, ally, hostile; then multiplies; then divides")
    return _apply(start, ordered), notes
