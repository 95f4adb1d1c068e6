"""A live sheet: a ruleset's graph with current values, recomputed incrementally.

Setting an input recomputes only its descendants, in evaluation order, and stops along any path
where a node's value and state did not change (equality cutoff). Every node has an explicit
:class:`State`; an invalid input or a rule's :class:`~worksheet.engine.ruleset.Problem` is an
error *value*, and every node that depends on it is blocked and names the inputs it waits for.
Nothing is raised to the caller for bad input.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Mapping

from .explain import Derivation, Explained, Term, format_value
from .inputs import InputError
from .numbers import normalize
from .ruleset import Problem, Rule, Ruleset


class State(Enum):
    """What a node's value means right now."""

    OK = "ok"
    """The value is current."""
    ERROR = "error"
    """The input's text does not parse, or the rule found a problem (see ``message``)."""
    BLOCKED = "blocked"
    """A dependency is in error; ``waiting_for`` names the inputs to fix."""


@dataclass(slots=True)
class NodeStatus:
    """The state of one input or node. Treat it as immutable: it is a plain slotted dataclass
    rather than a frozen one only because frozen initialisation is slow on the keystroke path.

    Attributes:
        state: OK, ERROR or BLOCKED.
        value: the value when OK, else ``None`` (a stale value is never kept as if current).
        derivation: how a derived value was reached (``None`` for inputs and non-OK nodes).
        message: the error message when ERROR.
        waiting_for: the inputs this node waits for (ERROR: the input to change; BLOCKED: the
            inputs in error upstream).
        given: for an input in error, the text or value that was refused.
        internal: the error is a bug in a rule, not a problem with the inputs.
    """

    state: State
    value: Any = None
    derivation: Derivation | None = None
    message: str = ""
    waiting_for: tuple[str, ...] = ()
    given: Any = None
    internal: bool = False

    @property
    def ok(self) -> bool:
        """True when the value is current."""
        return self.state is State.OK

    def same_outcome(self, other: "NodeStatus | None") -> bool:
        """True when dependents would see no difference (the equality cutoff)."""
        if other is None or self.state is not other.state:
            return False
        if self.state is State.OK:
            return type(self.value) is type(other.value) and self.value == other.value
        return self.waiting_for == other.waiting_for and self.message == other.message


class Changes(frozenset):
    """The names of the inputs and nodes an update changed, each with its status before.

    A ``frozenset`` of names, so every caller that only asks *what* changed is unaffected;
    ``previous`` tells *from what*, so the app can show ``Dodge DV 5 (was 6)`` from the engine's
    own bookkeeping rather than by comparing text on screen. ``a | b`` keeps, for a name in
    both, its status before ``a`` (the earlier update), so one batch made of two updates still
    reports the state before the batch.

    Attributes:
        previous: name → its status before the update.
    """

    previous: dict[str, "NodeStatus"]

    def __new__(cls, previous: Mapping[str, "NodeStatus"] = {}):  # noqa: B006 — read only
        changes = super().__new__(cls, previous)
        changes.previous = dict(previous)
        return changes

    def __or__(self, other):  # type: ignore[override]
        if isinstance(other, Changes):
            return Changes({**other.previous, **self.previous})
        return frozenset(self) | other

    def before(self, name: str) -> "NodeStatus | None":
        """The status a changed name had before the update (``None``: it did not change)."""
        return self.previous.get(name)


@dataclass(frozen=True)
class SheetProblem:
    """A bad input, as ``worksheet calc`` reports it."""

    input: str
    message: str


class Sheet:
    """A ruleset's graph with current input values.

    Args:
        ruleset: the ruleset to evaluate (compiled on first use).
        inputs: values to start from instead of the defaults; validated like any ``set``.
    """

    def __init__(self, ruleset: Ruleset, inputs: Mapping[str, Any] | None = None):
        self.ruleset = ruleset.compile()
        self._status: dict[str, NodeStatus] = {}
        self._arguments: dict[str, Any] = {}
        """Each OK value as its dependents receive it (a Term for numbers), made once per change."""
        for name, spec in ruleset.inputs.items():
            self._store(name, NodeStatus(State.OK, spec.default))
        for name in ruleset.order:
            self._store(name, self._evaluate(ruleset.rules[name]))
        if inputs:
            self.set_many(inputs)

    # -- reading --------------------------------------------------------------------------
    def status(self, name: str) -> NodeStatus:
        """The status of an input or node."""
        return self._status[name]

    def value(self, name: str) -> Any:
        """The current value of an input or node (``None`` when not OK)."""
        return self._status[name].value

    @property
    def inputs(self) -> dict[str, Any]:
        """Every input's current value (``None`` for an input in error)."""
        return {name: self._status[name].value for name in self.ruleset.inputs}

    @property
    def values(self) -> dict[str, Any]:
        """Every derived node's current value, in evaluation order (``None`` when not OK)."""
        return {name: self._status[name].value for name in self.ruleset.order}

    def derivations(self) -> list[tuple[Rule, NodeStatus]]:
        """Every derived node with its status, in evaluation order."""
        return [(self.ruleset.rules[n], self._status[n]) for n in self.ruleset.order]

    @property
    def problems(self) -> list[SheetProblem]:
        """Every bad input and every rule problem, once each, in input order."""
        found: list[SheetProblem] = []
        for name in self.ruleset.inputs:
            status = self._status[name]
            if status.state is State.ERROR:
                found.append(SheetProblem(name, status.message))
        for name in self.ruleset.order:
            status = self._status[name]
            if status.state is State.ERROR:
                problem = SheetProblem(status.waiting_for[0], status.message)
                if problem not in found:
                    found.append(problem)
        rank = {name: i for i, name in enumerate(self.ruleset.inputs)}
        return sorted(found, key=lambda p: rank.get(p.input, len(rank)))

    @property
    def internal_errors(self) -> list[tuple[str, str]]:
        """Nodes whose rule failed unexpectedly (a bug): ``(node, message)``."""
        return [(n, s.message) for n, s in self._status.items() if s.internal]

    # -- writing --------------------------------------------------------------------------
    def set(self, name: str, value: Any) -> Changes:
        """Set one input from a value (as from TOML or code) and recompute its descendants.

        Returns:
            The names of the inputs and nodes whose value, state or derivation changed, each
            with its status before (:class:`Changes`).
        """
        return self.set_many({name: value})

    def set_text(self, name: str, text: str) -> Changes:
        """Set one input from text typed by a user; text that does not parse is an error value."""
        return self.set_many_text({name: text})

    def set_many(self, values: Mapping[str, Any]) -> Changes:
        """Set several inputs at once (a preset load, an undo) with one recompute."""
        return self._apply({n: self._checked(n, lambda spec, v=v: spec.coerce(v), v)
                            for n, v in values.items()})

    def set_many_text(self, texts: Mapping[str, str]) -> Changes:
        """Set several inputs from text with one recompute."""
        return self._apply({n: self._checked(n, lambda spec, t=t: spec.parse_text(t), t)
                            for n, t in texts.items()})

    def reset(self) -> Changes:
        """Put every input back to its default."""
        return self.set_many(self.ruleset.defaults())

    # -- internals ------------------------------------------------------------------------
    def _checked(self, name: str, parse, given: Any) -> NodeStatus:
        spec = self.ruleset.inputs.get(name)
        if spec is None:
            raise KeyError(f"{self.ruleset.id} has no input {name!r}")
        try:
            return NodeStatus(State.OK, parse(spec))
        except InputError as error:
            return NodeStatus(State.ERROR, None, message=error.message, waiting_for=(name,),
                              given=given)

    def _apply(self, new: Mapping[str, NodeStatus]) -> Changes:
        changed: dict[str, NodeStatus] = {}
        queue: list[tuple[int, str]] = []
        queued: set[str] = set()

        def schedule(name: str) -> None:
            for child in self.ruleset.children[name]:
                if child not in queued:
                    queued.add(child)
                    heapq.heappush(queue, (self.ruleset.position[child], child))

        for name, status in new.items():
            old = self._status[name]
            if status == old:
                continue
            self._store(name, status)
            changed[name] = old
            if not status.same_outcome(old):
                schedule(name)
        while queue:
            _, name = heapq.heappop(queue)
            old = self._status[name]
            status = self._evaluate(self.ruleset.rules[name])
            if status != old:
                self._store(name, status)
                changed[name] = old
                if not status.same_outcome(old):
                    schedule(name)
        return Changes(changed)

    def _store(self, name: str, status: NodeStatus) -> None:
        self._status[name] = status
        if status.state is State.OK:
            self._arguments[name] = _as_argument(name, status.value)
        else:
            self._arguments.pop(name, None)

    def _evaluate(self, rule: Rule) -> NodeStatus:
        waiting: list[str] = []
        args = []
        for param in rule.params:
            if param in self._arguments:
                args.append(self._arguments[param])
                continue
            for name in self._status[param].waiting_for:
                if name not in waiting:
                    waiting.append(name)
        if waiting:
            return NodeStatus(State.BLOCKED, waiting_for=tuple(waiting))
        try:
            result = rule.function(*args)
        except Problem as problem:
            return NodeStatus(State.ERROR, message=problem.message, waiting_for=(problem.input,))
        except Exception as error:  # a bug in a rule: shown, never raised into the UI
            message = f"internal error in {rule.name}: {type(error).__name__}: {error}"
            first_input = next((p for p in rule.params if p in self.ruleset.inputs), rule.name)
            return NodeStatus(State.ERROR, message=message, waiting_for=(first_input,),
                              internal=True)
        return _ok(rule, result)


def _as_argument(name: str, value: Any) -> Any:
    kind = type(value)
    if kind is int or kind is Fraction:
        return Term(value, name, None)  # the number as text only if a derivation is read
    return value


def _ok(rule: Rule, result: Any) -> NodeStatus:
    formula = substituted = ""
    if isinstance(result, Explained):
        value, notes, texts_from = result.value, result.notes, result._texts_from
        if texts_from is None:
            formula, substituted = result.formula, result.substituted
    elif type(result) is Term:
        value, notes, texts_from = result.value, (), result
    else:
        value, notes, texts_from = result, (), None
    if type(value) is Term:
        value = value.value
    if type(value) is Fraction:
        value = normalize(value)
    if texts_from is None:
        derivation = Derivation(rule.step, rule.label, formula, substituted, format_value(value),
                                rule.text, rule.cite, notes)
    else:  # the texts of a term: rendered only if a screen or report reads them
        derivation = Derivation.texts_on_read(rule.step, rule.label, texts_from,
                                              format_value(value), rule.text, rule.cite, notes)
    return NodeStatus(State.OK, value, derivation)


__all__ = ["Changes", "Sheet", "State", "NodeStatus", "SheetProblem"]
