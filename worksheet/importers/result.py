"""What an import found, and the two refusals every source shares.

A reader fills inputs one at a time through :class:`Filling`: each value is checked against its
input's declaration (a value out of bounds is refused naming the input's label, the value and
the bounds — never clamped), and a second, different value for an input already filled is
refused naming both places (two INFO outputs pasted together). What is not filled is ``left``,
for the player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from worksheet import rulesets
from worksheet.engine.inputs import InputError
from worksheet.engine.quote import clip, quote

MAX_DIGITS = 12
"""The longest number a source may state: a longer one is out of every input's bounds, and is
never handed to ``int`` (whose time grows with the digits)."""


class ImportRefused(Exception):
    """A source refused: one line naming it and what is wrong; nothing is filled or written.

    Attributes:
        origin: the source as messages name it.
        reason: what is wrong.
    """

    def __init__(self, origin: str, reason: str):
        self.origin, self.reason = origin, reason
        super().__init__(f"{clip(origin, 80, keep_end=True)}: {reason}")


@dataclass
class Imported:
    """An import's outcome.

    Attributes:
        ruleset: the ruleset id.
        source: ``gemstone4-text``, ``chummer4`` or ``anathema``.
        inputs: the filled inputs' values in the engine's form, in the ruleset's order.
        where: where each filled input came from, in the source's words (a line, an element).
        left: the inputs not filled, in the ruleset's order.
        warnings: what the player should check.
    """

    ruleset: str
    source: str
    inputs: dict[str, Any] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)
    left: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The ``--format json`` object of ``import.md``."""
        specs = rulesets.get(self.ruleset).inputs
        return {"ruleset": self.ruleset, "source": self.source,
                "inputs": {name: specs[name].to_json(value) for name, value in self.inputs.items()},
                "from": dict(self.where), "left": list(self.left),
                "warnings": list(self.warnings)}


class Filling:
    """The inputs a reader has filled so far, each checked as it comes.

    Args:
        ruleset_id: the ruleset being filled.
        source: the source's name (:attr:`Imported.source`).
        origin: how messages name the source.
    """

    def __init__(self, ruleset_id: str, source: str, origin: str):
        self.ruleset = rulesets.get(ruleset_id)
        self.source, self.origin = source, origin
        self.values: dict[str, Any] = {}
        self.where: dict[str, str] = {}
        self.warnings: list[str] = []

    def refuse(self, reason: str) -> ImportRefused:
        """A refusal of this source (raise it)."""
        return ImportRefused(self.origin, reason)

    def number(self, text: str, name: str, where: str) -> int:
        """``text`` (an optional sign and digits) as an int; a number too long for any input
        is refused as out of ``name``'s bounds without being converted."""
        digits = text.strip().lstrip("+-")
        if not digits.isdigit() or not digits.isascii():
            raise self.refuse(f"{self._label(name)}: {quote(text, 40)} at {where} is not a whole "
                              "number")
        if len(digits) > MAX_DIGITS:
            raise self._out_of_bounds(name, quote(text.strip(), 40), where)
        return int(text)

    def fill(self, name: str, value: Any, where: str) -> None:
        """Fill ``name`` with ``value``, read at ``where``.

        Raises:
            ImportRefused: the value is out of the input's bounds, or the input already holds a
                different value (from the place named first).
        """
        spec = self.ruleset.inputs[name]
        try:
            value = spec.coerce(value)
        except InputError:
            raise self._out_of_bounds(name, quote(str(value), 40), where) from None
        if name in self.values and self.values[name] != value:
            raise self.refuse(f"two values for {self._label(name)}: "
                              f"{quote(spec.to_text(self.values[name]), 40)} at "
                              f"{self.where[name]} and {quote(spec.to_text(value), 40)} at "
                              f"{where}; paste one character's output")
        if name not in self.values:
            self.where[name] = where
        self.values[name] = value

    def warn(self, text: str) -> None:
        """Add a warning for the player."""
        if text not in self.warnings:
            self.warnings.append(text)

    def done(self, recognised: bool = False) -> Imported:
        """The outcome, in the ruleset's order.

        Args:
            recognised: the source held an output the reader knows, even if it filled nothing
                (a SKILLS list without Dodging: a warning, not a refusal).

        Raises:
            ImportRefused: nothing was filled and nothing recognised.
        """
        if not self.values and not recognised:
            raise self.refuse(NO_CONTENT[self.source])
        order = list(self.ruleset.inputs)
        return Imported(self.ruleset.id, self.source,
                        {name: self.values[name] for name in order if name in self.values},
                        {name: self.where[name] for name in order if name in self.where},
                        [name for name in order if name not in self.values],
                        list(self.warnings))

    def _label(self, name: str) -> str:
        return self.ruleset.inputs[name].title

    def _out_of_bounds(self, name: str, shown: str, where: str) -> ImportRefused:
        spec = self.ruleset.inputs[name]
        return self.refuse(f"{self._label(name)} {shown} at {where} is out of its bounds "
                           f"({spec.allowed(short=True)}); nothing was imported")


NO_CONTENT = {
    "gemstone4-text": "no INFO, SKILLS or ARMOR LIST output found (paste what the game printed "
                      "for those commands)",
    "chummer4": "no attribute, skill or condition monitor that the sheet uses was found",
    "anathema": "no Dexterity, Dodge, Essence, Melee, Martial Arts or character type was found",
}
"""Each source's words for a source with nothing the sheet uses."""
