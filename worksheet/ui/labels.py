"""The app speaks in labels: ``waiting for Virtue faces``, not ``waiting for virtue_faces``.

The engine's statuses and messages name inputs by their preset keys, because the command line
and tests read them. The form shows each input by its label, so every message the app shows
is passed through a :class:`Speaker` first: an input's or node's name becomes its label.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable

from ..engine import NodeStatus, Ruleset, State


class Speaker:
    """Turns a ruleset's input and node names into their labels.

    Args:
        ruleset: the ruleset whose names are spoken.
    """

    def __init__(self, ruleset: Ruleset):
        self.labels: dict[str, str] = {name: rule.label for name, rule in ruleset.rules.items()}
        self.labels.update({name: spec.title for name, spec in ruleset.inputs.items()})
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
        """A message with every input and node name in it replaced by its label."""
        head, sep, rest = text.partition(" = ")
        if sep and head in self.labels:  # ``dodge = 'x': …`` starts with the input's name
            text = self.name(head) + sep + rest
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda match: self.labels[match.group(1)], text)

    def status(self, status: NodeStatus) -> NodeStatus:
        """The status as the app shows it: names in its message and waiting list as labels.

        An OK status is returned as it is (nothing to say), so the keystroke path pays nothing.
        """
        if status.state is State.OK:
            return status
        return replace(status, message=self.text(status.message),
                       waiting_for=tuple(self.name(n) for n in status.waiting_for))
