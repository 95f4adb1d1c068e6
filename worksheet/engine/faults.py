"""What is wrong with an input, as fields: the one shape of every problem the engine reports.

A value an input refuses (:class:`~worksheet.engine.inputs.InputError`), a rule's
:class:`~worksheet.engine.ruleset.Problem`, a fight-loop refusal and a rule that failed all carry
a :class:`Fault`: the input to change, the value given, what is wrong, what is allowed. The
engine's own message — what ``worksheet calc`` prints, what a preset's error repeats — is made
from those fields by :func:`engine_words`; the app makes the player's words from the same fields
with the form's labels (``ui/speaker.py``). Either wording can change without breaking the
other, because nothing reads a message back to find the fields in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worksheet.engine.quote import QUOTED_LENGTH, clip, quote
from worksheet.engine.shown import SHOWN_LENGTH, show_value


class _NoValue:
    """The type of :data:`NO_VALUE`."""

    def __repr__(self) -> str:
        return "NO_VALUE"


NO_VALUE: Any = _NoValue()
"""``Fault.given`` of a problem that repeats no value (``choose Virtue channeling or Willpower,
not both``): ``None`` cannot say it, since ``None`` may be what was given."""


@dataclass(frozen=True)
class Fault:
    """One problem with the inputs, in fields.

    Attributes:
        input: the input to change (for a record's field: the record list's name).
        reason: what is wrong, in words that follow the input and the value.
        given: the value as given, repeated back (:data:`NO_VALUE`: none is repeated).
        allowed: what the input allows, in words (empty: not said).
        index: for a record list, the record's position (from 0), else ``None``.
        key: for a record, the field's key (``None``: the record as a whole).
        quoted: the most characters of the value repeated. A value typed or read from a file
            is someone else's text and is cut short beside its field; a rule repeats a value
            already checked by its declaration, and whole.
        names: the inputs the reason names by their names, one-word names included
            (``position would be 3, past actions = 2``), so the app can say their labels.
    """

    input: str
    reason: str
    given: Any = NO_VALUE
    allowed: str = ""
    index: int | None = None
    key: str | None = None
    quoted: int = SHOWN_LENGTH
    names: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        """The input as presets and ``--set`` spell it: ``dodge``, ``effects[2].value``."""
        if self.index is None:
            return self.input
        return f"{self.input}[{self.index}]" + (f".{self.key}" if self.key is not None else "")

    @property
    def shown(self) -> str:
        """The value given as text (a list as ``5,3,2``), not yet quoted nor cut."""
        return self.given if isinstance(self.given, str) else show_value(self.given)

    @property
    def message(self) -> str:
        """The engine's words for it (:func:`engine_words`)."""
        return engine_words(self)


def engine_words(fault: Fault) -> str:
    """The engine's message for a fault, as the command line prints it:
    ``dodge = 'x': not a whole number; allowed: a whole number from 0 to 10``; a problem that
    repeats no value is its reason (and what is allowed, when said).

    Only the headless side reads these words (``worksheet calc``, preset errors, the tests);
    the app words a fault from its fields, so rewording here changes no label there.
    """
    if fault.given is NO_VALUE:
        text = fault.reason
    else:
        # The name may be a record's key as a preset spelled it, the value as typed: both
        # are someone else's text, so both are escaped and cut.
        text = f"{clip(fault.where)} = {quote(fault.shown, fault.quoted)}: {fault.reason}"
    return f"{text}; allowed: {fault.allowed}" if fault.allowed else text


RULE_QUOTED = QUOTED_LENGTH
"""``Fault.quoted`` of a rule's problem: the value it repeats was checked by its input's
declaration (a roll of at most 60 faces), so it is repeated whole."""
