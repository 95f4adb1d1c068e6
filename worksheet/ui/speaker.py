"""The app speaks in labels: ``waiting for Virtue faces``, not ``waiting for virtue_faces``.

The engine's statuses and messages name inputs by their preset keys, because the command line
and tests read them. The form shows each input by its label, so every status the app shows is
passed through a :class:`Speaker` first: an input's or node's name becomes its label. A problem
is worded from its fields (:class:`~worksheet.engine.faults.Fault`: the input, the value given,
what is wrong, what is allowed), never by reading the engine's message back, so the engine may
reword its message without the app's words changing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable, Mapping

from worksheet.engine import (NO_VALUE, Fault, NamesInput, NodeStatus, RecordsInput, Ruleset,
                              SheetProblem, State)
from worksheet.engine.quote import clip, quote


def choice_label(choice: str) -> str:
    """A name as a list of names to tick shows it (``low_ground`` → ``low ground``)."""
    return choice.replace("_", " ")


class Speaker:
    """Turns a ruleset's input and node names into their labels.

    Args:
        ruleset: the ruleset whose names are spoken (its inputs' and nodes' labels).
        labels: more ``name → label`` (a record's fields).
        lists: more ``name → choices`` of a list of names to tick (a record's field).
    """

    def __init__(self, ruleset: Ruleset | None = None, labels: Mapping[str, str] = {},
                 lists: Mapping[str, tuple[str, ...]] = {}):
        self.labels: dict[str, str] = {}
        self.lists: dict[str, tuple[str, ...]] = {}
        """Input or field name → the names a list to tick offers (said as it shows them)."""
        self.records: dict[str, RecordsInput] = {}
        """The ruleset's record lists: what one allows is said with its fields' labels."""
        if ruleset is not None:
            self.labels.update({name: rule.label for name, rule in ruleset.rules.items()})
            self.labels.update({name: spec.title for name, spec in ruleset.inputs.items()})
            self.records = {name: spec for name, spec in ruleset.inputs.items()
                            if isinstance(spec, RecordsInput)}
            for spec in ruleset.inputs.values():  # a record's fields too, by their keys
                for one in (spec, *getattr(spec, "fields", ())):
                    self.labels.setdefault(one.name, one.title)
                    if isinstance(one, NamesInput):
                        self.lists[one.name] = one.choices
        self.labels.update(labels)
        self.lists.update(lists)
        # Only names with an underscore are rewritten inside sentences: a one-word name
        # (``dodge``, ``position``) is also a plain word of the message.
        keys = sorted((n for n in self.labels if "_" in n), key=len, reverse=True)
        self._pattern = re.compile(r"\b(" + "|".join(map(re.escape, keys)) + r")\b") \
            if keys else None
        # A record the engine names by its list and place (``effects[0]``) is said as the
        # list's label and its place as the list counts it (``Magic and Charms record 1``).
        self._record_pattern = re.compile(
            r"\b(" + "|".join(map(re.escape, sorted(self.records))) + r")\[(\d+)\]") \
            if self.records else None

    def name(self, name: str) -> str:
        """The label of one input or node (the name itself when it has none)."""
        return self.labels.get(name, name)

    def names(self, names: Iterable[str]) -> str:
        """Labels, comma-separated."""
        return ", ".join(self.name(name) for name in names)

    def text(self, text: str, also: Iterable[str] = ()) -> str:
        """Prose with every input and node name in it replaced by its label: a rule's formula
        and notes, and the reason of a problem, which name other inputs in passing (``give
        either defender_faces or defender_successes``).

        Args:
            text: the prose.
            also: one-word names the prose uses as names (a fault's ``names``), replaced too.
        """
        if self._pattern is not None:
            text = self._pattern.sub(lambda match: self.labels[match.group(1)], text)
        if self._record_pattern is not None and "[" in text:  # ``effects[0]``: a record
            text = self._record_pattern.sub(
                lambda match: f"{self.name(match.group(1))} record {int(match.group(2)) + 1}",
                text)
        words = [name for name in also if "_" not in name and name in self.labels]
        if words:
            text = re.sub(r"\b(" + "|".join(map(re.escape, words)) + r")\b",
                          lambda match: self.labels[match.group(1)], text)
        return text

    def where(self, fault: Fault) -> str:
        """What a problem is about: the input's label; for a record's field, the list's label,
        the record's place as the list counts it and the field's label (``Magic and Charms
        record 3, Value``): a preset's spelling (``effects[2].value``) is the engine's."""
        if fault.index is None:
            return self.name(fault.input)
        where = f"{self.name(fault.input)} record {fault.index + 1}"
        return where if fault.key is None else f"{where}, {self.name(fault.key)}"

    def problem(self, fault: Fault) -> str:
        """The player's words for a problem: ``Dodge = 'x': not a whole number; allowed: …``.

        Made from the fault's fields, never from the engine's message. The value is repeated
        as given (escaped and cut like the engine's, since it is someone else's text), and
        never relabelled: a name typed into a field is the player's text.
        """
        words = self.text(fault.reason, fault.names)
        if fault.given is not NO_VALUE:
            words = f"{clip(self.where(fault))} = {quote(fault.shown, fault.quoted)}: {words}"
        return f"{words}; allowed: {self.allowed(fault)}" if fault.allowed else words

    def allowed(self, fault: Fault) -> str:
        """What the input allows: a list of names to tick says its names as the list shows
        them (not each relabelled as whatever input or node shares its name)."""
        choices = self.lists.get(fault.input if fault.key is None else fault.key)
        if choices is not None:
            return ("names from the list: " + ", ".join(map(choice_label, choices))
                    + " (empty for none)")
        records = self.records.get(fault.input) if fault.key is None else None
        if records is not None:
            return (f"up to {records.max_count} records, each with "
                    + ", ".join(field.title for field in records.fields))
        return self.text(fault.allowed, fault.names)

    def error(self, found: NodeStatus | SheetProblem) -> str:
        """The player's words for a status in error or a sheet's problem (its message as it
        is when it carries no fault: one made by hand, in a test)."""
        return found.message if found.fault is None else self.problem(found.fault)

    def explained(self, status: NodeStatus) -> NodeStatus:
        """:meth:`status` with the formula in labels too (``Dodge ranks + Agility bonus + …``),
        for the rule panel and F3: identifiers belong to ``calc --format json`` only (issue
        42). One row at a time, on focus or when its value changes, so a keystroke pays for
        one substitution at most."""
        status = self.status(status)
        derivation = status.derivation
        if status.state is State.OK and derivation is not None and derivation.formula:
            labelled = self.text(derivation.formula)
            if labelled != derivation.formula:
                status = replace(status, derivation=replace(derivation, formula=labelled))
        return status

    def status(self, status: NodeStatus) -> NodeStatus:
        """The status as the app shows it: names in its message, waiting list and notes as
        labels (the formula keeps the names here, since a row shows the formula with the
        numbers; the rule panel reads :meth:`explained`).

        A status with nothing to say is returned as it is, so the keystroke path pays little.
        """
        if status.state is State.OK:
            derivation = status.derivation
            if derivation is None:
                return status
            if status.value is None and derivation.formula:
                # No value: the "formula" is a sentence saying what to enter, so it speaks
                # in labels too (``no attack yet: enter Attack dice …``).
                derivation = replace(derivation, formula=self.text(derivation.formula),
                                     substituted=self.text(derivation.substituted))
            if derivation.notes:
                derivation = replace(derivation, notes=tuple(self.text(note)
                                                             for note in derivation.notes))
            if derivation == status.derivation:
                return status
            return replace(status, derivation=derivation)
        return replace(status, message=self.error(status),
                       waiting_for=tuple(self.name(n) for n in status.waiting_for))
