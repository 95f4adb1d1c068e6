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

from worksheet.engine import NO_VALUE, Fault, NodeStatus, Ruleset, SheetProblem, State
from worksheet.engine.quote import clip, quote


class Speaker:
    """Turns a ruleset's input and node names into their labels.

    Args:
        ruleset: the ruleset whose names are spoken (its inputs' and nodes' labels).
        labels: more ``name → label`` (a record's fields).
    """

    def __init__(self, ruleset: Ruleset | None = None, labels: Mapping[str, str] = {}):
        self.labels: dict[str, str] = {}
        if ruleset is not None:
            self.labels.update({name: rule.label for name, rule in ruleset.rules.items()})
            self.labels.update({name: spec.title for name, spec in ruleset.inputs.items()})
        self.labels.update(labels)
        # Only names with an underscore are rewritten inside sentences: a one-word name
        # (``dodge``, ``position``) is also a plain word of the message.
        keys = sorted((n for n in self.labels if "_" in n), key=len, reverse=True)
        self._pattern = re.compile(r"\b(" + "|".join(map(re.escape, keys)) + r")\b") \
            if keys else None

    def name(self, name: str) -> str:
        """The label of one input or node (the name itself when it has none)."""
        return self.labels.get(name, name)

    def names(self, names: Iterable[str]) -> str:
        """Labels, comma-separated."""
        return ", ".join(self.name(name) for name in names)

    def text(self, text: str) -> str:
        """Prose with every input and node name in it replaced by its label: a rule's formula
        and notes, and the reason of a problem, which name other inputs in passing (``give
        either defender_faces or defender_successes``)."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda match: self.labels[match.group(1)], text)

    def where(self, fault: Fault) -> str:
        """What a problem is about: the input's label; for a record's field, the list and the
        index as a preset spells them and the field's label (``effects[2].Value``)."""
        if fault.index is None:
            return self.name(fault.input)
        where = f"{fault.input}[{fault.index}]"
        return where if fault.key is None else f"{where}.{self.name(fault.key)}"

    def problem(self, fault: Fault) -> str:
        """The player's words for a problem: ``Dodge = 'x': not a whole number; allowed: …``.

        Made from the fault's fields, never from the engine's message. The value is repeated
        as given (escaped and cut like the engine's, since it is someone else's text), and
        never relabelled: a name typed into a field is the player's text.
        """
        words = self.text(fault.reason)
        if fault.given is not NO_VALUE:
            words = f"{clip(self.where(fault))} = {quote(fault.shown, fault.quoted)}: {words}"
        return f"{words}; allowed: {self.text(fault.allowed)}" if fault.allowed else words

    def error(self, found: NodeStatus | SheetProblem) -> str:
        """The player's words for a status in error or a sheet's problem (its message as it
        is when it carries no fault: one made by hand, in a test)."""
        return found.message if found.fault is None else self.problem(found.fault)

    def status(self, status: NodeStatus) -> NodeStatus:
        """The status as the app shows it: names in its message, waiting list and notes as
        labels (the formula keeps the names: it is the rule written with them).

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
