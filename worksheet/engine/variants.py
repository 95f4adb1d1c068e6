"""Variants: the same sheet evaluated again with some inputs changed (``shared/spec/compare.md``).

What-if, sweeps, compare and the party view all ask one question several times: *what would
the sheet say with these inputs instead?* Each answer must agree, value for value, with
``worksheet calc`` run with the same ``--set`` values, so it is worked out here by the same
:class:`~worksheet.engine.Sheet` (same graph, same validation, same odds), never by a copy of
the rules. A variant that an input or a rule refuses is an answer too: it carries its problems
and ``None`` for what cannot be computed, exactly as ``calc`` would show it, and never raises.

The public API, kept stable for the commands and the app that build on it:

- :func:`evaluate` — one sheet from a preset's values and ``--set`` texts (``calc``'s own
  order: the values first, then the texts), optionally with changes on top: an
  :class:`Outcome`.
- :class:`Variants` — one starting sheet and many variants of it (what-if steps, sweep rows),
  each re-derived incrementally from the start and put back, so a hundred variants cost about
  a hundred keystrokes, not a hundred sheets.
- :func:`what_if_steps` — the one-step changes of every input that has a value.
- :func:`json_value` — an engine value in ``calc --format json``'s form.

Headless: no Textual, no formats; the readings a view needs (headlines, the chances to be hit)
are in :mod:`worksheet.engine.variant_reading`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from worksheet.engine.graph import Sheet, SheetProblem
from worksheet.engine.inputs import InputError
from worksheet.engine.numbers import json_number
from worksheet.engine.ruleset import Ruleset
from worksheet.engine.status import State

STEPPED_KINDS = ("int", "number")
"""Input kinds a what-if steps by ±1 (within bounds); booleans flip and choices take every
other choice; every other kind (lists, record lists, text) has no variants."""


def json_value(value: Any) -> Any:
    """An input's or node's engine value as ``calc --format json`` writes it: integers stay
    integers, other rationals become ``"15/2"``, tuples lists, an odds chart its own form."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, tuple):
        return [json_value(item) for item in value]
    if hasattr(value, "to_json"):  # an odds chart: exact probabilities, as strings
        return value.to_json()
    return json_number(value)


@dataclass(frozen=True)
class Outcome:
    """One evaluated sheet: what ``worksheet calc`` with the same ``--set`` values reports.

    Attributes:
        ruleset: the ruleset evaluated.
        changes: the inputs changed on top of the start (name → engine value), in the order
            given; empty for the starting sheet itself.
        inputs: every input's value (``None`` for an input in error), declaration order.
        values: every derived node's value (``None`` when it cannot be computed), in
            derivation order — the engine's values (``int``, ``Fraction``, ``bool``, ``str``…).
        problems: every bad input and rule problem, as ``calc`` lists them.
    """

    ruleset: Ruleset
    changes: Mapping[str, Any]
    inputs: Mapping[str, Any]
    values: Mapping[str, Any]
    problems: tuple[SheetProblem, ...] = field(default=())

    @property
    def valid(self) -> bool:
        """True when ``calc`` would exit 0 for this sheet (no problem)."""
        return not self.problems

    def json_inputs(self) -> dict[str, Any]:
        """``inputs`` as ``calc --format json`` writes them."""
        specs = self.ruleset.inputs
        return {name: None if value is None else specs[name].to_json(value)
                for name, value in self.inputs.items()}

    def json_values(self) -> dict[str, Any]:
        """``values`` as ``calc --format json`` writes them (exact, ``null`` when unknown)."""
        return {name: json_value(value) for name, value in self.values.items()}

    def json_problems(self) -> list[dict[str, str]]:
        """``problems`` as ``calc --format json`` writes them."""
        return [{"input": p.input, "message": p.message} for p in self.problems]


def _outcome(sheet: Sheet, changes: Mapping[str, Any]) -> Outcome:
    return Outcome(sheet.ruleset, dict(changes), sheet.inputs, sheet.values,
                   tuple(sheet.problems))


def start_sheet(ruleset: Ruleset, inputs: Mapping[str, Any] | None = None,
                texts: Mapping[str, str] | None = None) -> Sheet:
    """The sheet ``calc`` evaluates: ``inputs`` (a preset's values) applied, then ``texts``
    (``--set NAME=VALUE`` values, parsed by each input's type) on top."""
    sheet = Sheet(ruleset, inputs or None)
    if texts:
        sheet.set_many_text(texts)
    return sheet


def evaluate(ruleset: Ruleset, inputs: Mapping[str, Any] | None = None,
             texts: Mapping[str, str] | None = None,
             changes: Mapping[str, Any] | None = None) -> Outcome:
    """Evaluate one sheet exactly as ``worksheet calc`` would.

    Args:
        ruleset: the ruleset (``worksheet.rulesets.get(id)``).
        inputs: starting values by input name (a preset's ``inputs``); defaults elsewhere.
        texts: ``--set`` texts by input name, applied after ``inputs``, each parsed as
            ``calc`` parses it (a text that does not parse is a problem, not an exception).
        changes: engine values applied last (a variant's change); an invalid one is a
            problem of the outcome.

    Returns:
        The :class:`Outcome`; check ``outcome.valid`` for ``calc``'s exit status 0.

    Raises:
        KeyError: a name in ``texts`` or ``changes`` that the ruleset has no input for (the
            command line refuses such a ``--set`` before evaluating).
    """
    sheet = start_sheet(ruleset, inputs, texts)
    if changes:
        sheet.set_many(changes)
    return _outcome(sheet, changes or {})


class Variants:
    """One starting sheet and any number of variants of it, each evaluated as ``calc`` would.

    The sheet is built once; a variant is applied to it, read, and undone, so only the nodes
    the changed inputs reach are re-derived (the same incremental path as a keystroke, whose
    results equal a fresh evaluation's). Not thread-safe: one caller at a time.

    Args:
        ruleset: the ruleset.
        inputs: starting values (a preset's ``inputs``).
        texts: ``--set`` texts applied after them.
    """

    def __init__(self, ruleset: Ruleset, inputs: Mapping[str, Any] | None = None,
                 texts: Mapping[str, str] | None = None):
        self.ruleset = ruleset.compile()
        self._inputs = dict(inputs or {})
        self._texts = dict(texts or {})
        self.sheet = start_sheet(self.ruleset, self._inputs, self._texts)
        self.base = _outcome(self.sheet, {})
        """The starting sheet's :class:`Outcome`."""

    def outcome(self, changes: Mapping[str, Any]) -> Outcome:
        """The sheet with ``changes`` (input name → engine value) on top of the start.

        Raises:
            KeyError: a name the ruleset has no input for.
        """
        before = {name: self.sheet.status(name) for name in changes}
        self.sheet.set_many(changes)
        try:
            return _outcome(self.sheet, changes)
        finally:
            self._restore(before)

    def outcomes(self, variants: Iterable[Mapping[str, Any]]) -> list[Outcome]:
        """:meth:`outcome` of each set of changes, in order."""
        return [self.outcome(changes) for changes in variants]

    def _restore(self, before: Mapping[str, Any]) -> None:
        """Put the changed inputs back as the start had them (a refused start value is
        refused again, with the same words)."""
        values, texts = {}, {}
        for name, status in before.items():
            if name in self._texts:
                texts[name] = self._texts[name]
            elif status.state is State.OK:
                values[name] = status.value
            else:  # a starting value the input refused: refuse it again
                values[name] = status.given
        if values:
            self.sheet.set_many(values)
        if texts:
            self.sheet.set_many_text(texts)

    def what_if(self) -> list[Outcome]:
        """Every one-step variant of the start (:func:`what_if_steps`), in that order."""
        return [self.outcome({name: value})
                for name, value in what_if_steps(self.ruleset, self.base.inputs)]

    def sweep(self, name: str, values: Iterable[Any]) -> list[Outcome]:
        """One variant per value of input ``name``, in the order given."""
        return [self.outcome({name: value}) for value in values]


def what_if_steps(ruleset: Ruleset, inputs: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The one-step changes of every input that has a value, in declaration order.

    An integer or exact number: ``value + 1`` then ``value − 1``, each only when the input
    accepts it (inside its bounds); a boolean: the other value; a choice: every other choice,
    in declaration order. An optional input left empty, an input in error, lists, record lists
    and text: none.
    """
    steps: list[tuple[str, Any]] = []
    for name, spec in ruleset.inputs.items():
        value = inputs.get(name)
        if value is None:
            continue
        if spec.kind == "bool":
            steps.append((name, not value))
        elif spec.kind == "choice":
            steps.extend((name, choice) for choice in spec.choices if choice != value)
        elif spec.kind in STEPPED_KINDS:
            for candidate in (value + 1, value - 1):
                try:
                    steps.append((name, spec.coerce(candidate)))
                except InputError:
                    continue
    return steps


__all__ = ["Outcome", "Variants", "evaluate", "json_value", "start_sheet", "what_if_steps"]
