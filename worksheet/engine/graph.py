"""A live sheet: a ruleset's graph with current values, recomputed incrementally.

Setting an input recomputes only its descendants, in evaluation order, and stops along any path
where a node's value and state did not change (equality cutoff). Every node has an explicit
:class:`State`; an invalid input or a rule's :class:`~worksheet.engine.ruleset.Problem` is an
error *value*, and every node that depends on it is blocked and names the inputs it waits for.
Nothing is raised to the caller for bad input.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from worksheet.engine.explain import Explained, Term
from worksheet.engine.faults import Fault
from worksheet.engine.inputs import InputError
from worksheet.engine.numbers import normalize
from worksheet.engine.ruleset import Problem, Rule, Ruleset
from worksheet.engine.status import Changes, NodeStatus, State

OK = State.OK
derived = NodeStatus.derived
"""Looked up once here rather than on every node a keystroke re-evaluates."""


@dataclass(frozen=True)
class SheetProblem:
    """A bad input, as ``worksheet calc`` reports it.

    Attributes:
        input: the input to change.
        message: what is wrong, in the engine's words.
        fault: the same in fields (what the app words with its labels).
    """

    input: str
    message: str
    fault: Fault | None = None


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
                found.append(SheetProblem(name, status.message, status.fault))
        for name in self.ruleset.order:
            status = self._status[name]
            if status.state is State.ERROR:
                problem = SheetProblem(status.waiting_for[0], status.message, status.fault)
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
                              given=given, fault=error.fault)

    def _apply(self, new: Mapping[str, NodeStatus]) -> Changes:
        """Store the new input statuses, then re-evaluate, in evaluation order, each node a
        changed outcome reaches, stopping along any path where the outcome did not change."""
        children = self.ruleset.children
        changed: dict[str, NodeStatus] = {}
        due: set[str] = set()  # the nodes a dependency's changed outcome obliges to re-evaluate
        for name, status in new.items():
            old = self._status[name]
            if status == old:
                continue
            self._store(name, status)
            changed[name] = old
            if not status.same_outcome(old):
                due.update(children[name])
        if due:
            rules, statuses, arguments = self.ruleset.rules, self._status, self._arguments
            for name in self._reached_from(new):
                if name not in due:
                    continue
                old = statuses[name]
                status = self._evaluate(rules[name])
                value = status.value
                if not value == old.value or status.state is not old.state:
                    # The usual case, answered without comparing derivations: the status
                    # changed, and so did what dependents see. (Folding this into the branch
                    # below, ``status != old`` then ``same_outcome``, made rise's re-derive
                    # ~15% slower: two method calls per node.)
                    kind = type(value)
                    if status.state is OK and (kind is int or kind is Fraction):
                        # _store's usual case, written out: a call per node is a tenth of it
                        statuses[name] = status
                        arguments[name] = Term(value, name, None)
                    else:
                        self._store(name, status)
                    changed[name] = old
                    due.update(children[name])
                elif status != old:
                    self._store(name, status)
                    changed[name] = old
                    if not status.same_outcome(old):
                        due.update(children[name])
        return Changes(changed)

    def _reached_from(self, names: Mapping[str, Any]) -> tuple[str, ...] | list[str]:
        """Every node that depends on one of ``names``, in evaluation order: precomputed per
        input, so a keystroke walks a tuple instead of keeping a priority queue."""
        descendants = self.ruleset.descendants
        if len(names) == 1:
            return descendants[next(iter(names))]
        reached = set().union(*(descendants[name] for name in names))
        return sorted(reached, key=self.ruleset.position.__getitem__)

    def _store(self, name: str, status: NodeStatus) -> None:
        self._status[name] = status
        if status.state is not State.OK:
            self._arguments.pop(name, None)
            return
        value = status.value
        kind = type(value)
        # A number reaches its dependents as a Term named after it; its text is the number,
        # rendered only if a derivation that shows it is read.
        self._arguments[name] = Term(value, name, None) if kind is int or kind is Fraction \
            else value

    def _evaluate(self, rule: Rule) -> NodeStatus:
        try:  # the usual case, every dependency OK, without a loop in Python
            args = list(map(self._arguments.__getitem__, rule.params))
        except KeyError:
            args, waiting = self._arguments_or_waiting(rule)
            if waiting:
                return NodeStatus(State.BLOCKED, waiting_for=tuple(waiting))
        try:
            result = rule.function(*args)
        except Problem as problem:
            return NodeStatus(State.ERROR, message=problem.message, waiting_for=(problem.input,),
                              fault=problem.fault)
        except Exception as error:  # a bug in a rule: shown, never raised into the UI
            first_input = next((p for p in rule.params if p in self.ruleset.inputs), rule.name)
            fault = Fault(first_input, f"internal error in {rule.name}: "
                                       f"{type(error).__name__}: {error}")
            return NodeStatus(State.ERROR, message=fault.message, waiting_for=(first_input,),
                              internal=True, fault=fault)
        kind = type(result)
        value = result.value if kind is Term or isinstance(result, Explained) else result
        kind = type(value)
        if kind is Term:
            value = value.value
            kind = type(value)
        if kind is Fraction:
            value = normalize(value)
        return derived(value, rule, result)  # the derivation: made when read

    def _arguments_or_waiting(self, rule: Rule) -> tuple[list[Any], list[str]]:
        """The OK dependencies' arguments, and the inputs the others wait for (in order)."""
        waiting: list[str] = []
        args = []
        for param in rule.params:
            if param in self._arguments:
                args.append(self._arguments[param])
                continue
            for name in self._status[param].waiting_for:
                if name not in waiting:
                    waiting.append(name)
        return args, waiting


__all__ = ["Changes", "Sheet", "State", "NodeStatus", "SheetProblem"]
