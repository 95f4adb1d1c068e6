"""A ruleset: its input declarations and its derived nodes, validated once when it is built.

A derived node is a plain function whose parameter names are the names of the inputs or nodes it
depends on (as Loman and schedula infer dependencies). Where a parameter's name is not the
dependency's — a function shared by several nodes, e.g. one per defense — ``deps`` maps it to
the node it reads, as Loman's ``kwds`` does; nothing else about the function is rewritten.
Declaring it with :meth:`Ruleset.rule` adds the step label, the rule in the project's own words
and a citation, which the sheet shows beside the value.
"""

from __future__ import annotations

import heapq
import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from worksheet.engine.faults import NO_VALUE, RULE_QUOTED, Fault
from worksheet.engine.inputs import InputSpec


class RulesetError(Exception):
    """A ruleset that cannot be built: unknown names, duplicates or a cycle."""


class Problem(Exception):
    """Raised by a rule when the inputs are individually valid but together not allowed.

    The node that raises it shows the message, its dependents wait for ``input``, and
    ``worksheet calc`` reports it under that input with exit status 2. A rule that repeats the
    value it refuses gives it as ``given`` (and what is allowed as ``allowed``) rather than
    writing ``name = 'value'`` into its words: the message is made from the fields
    (:func:`~worksheet.engine.faults.engine_words`), and the app words them with its labels.

    Attributes:
        fault: the problem in fields.
        input: the input the user should change.
        message: what is wrong, in the engine's words.
    """

    def __init__(self, input: str, reason: str, *, given: Any = NO_VALUE, allowed: str = "",
                 names: tuple[str, ...] = ()):
        self.fault = Fault(input, reason, given, allowed, quoted=RULE_QUOTED, names=names)
        self.input = input
        super().__init__(f"{input}: {self.message}")

    @property
    def message(self) -> str:
        """What is wrong, in the engine's words (made from the fault)."""
        return self.fault.message


@dataclass(frozen=True)
class Rule:
    """A derived node.

    Attributes:
        name: the node's name (the function's name unless given).
        function: computes the value from the dependencies, named by its parameters.
        params: the dependencies, in parameter order.
        step: the step label shown in the sheet.
        label: a short name for the value.
        text: the rule in one line of the project's own words.
        cite: the source page and section.
        details: the full rule text for the rule panel (defaults to ``text``).
    """

    name: str
    function: Callable[..., Any]
    params: tuple[str, ...]
    step: str
    label: str
    text: str
    cite: str
    details: str = ""


@dataclass(frozen=True)
class Headline:
    """One entry of the result strip: a node a player looks at first, and how to show it.

    A ruleset declares its headline (:attr:`Ruleset.headline`) so the sheet, not a layout per
    ruleset, puts the number a player came for at the top. A plain node name is shorthand for
    ``Headline(name)``. An entry whose value is ``None`` (not rolled yet, an optional input left
    empty) is left out of the strip rather than shown as ``—``.

    Attributes:
        name: the node shown.
        label: a short label for the strip (defaults to the node's label).
        words: values shown as words instead of ``label value``, e.g. ``{True: "HIT"}``
            (so a glitch reads ``glitch``, not ``Defender glitch glitch``).
        percent: the value is a probability: shown as a percentage with one decimal.
        unless: another node; while it has a value (not ``None``) this entry is left out and
            that node speaks instead (a pool gives way to why the maneuver is not allowed).
        attach: shown in parentheses after the entry before it, e.g. a defense's chance to
            be hit: ``Armor 13 (hit 30.0 %)``.
        clause: for a text value that lists several things (``"a; b; c"``): the separator;
            the strip shows the first with how many more (``a (+2 more)``), the form all.
        waiting: the label while the entry waits for an input (defaults to ``label``). A
            label that states the value's meaning (``Not allowed:``) must not stand over a
            value not known yet: ``Not allowed: waits for Fortitude`` read as a verdict.
    """

    name: str
    label: str = ""
    words: Mapping[Any, str] = field(default_factory=dict)
    percent: bool = False
    unless: str = ""
    attach: bool = False
    clause: str = ""
    waiting: str = ""

    def __hash__(self) -> int:
        return hash(self.name)


class StepGroup(NamedTuple):
    """One section of a form: a step, the inputs filled in there, and the nodes it derives
    (see :meth:`Ruleset.step_groups`)."""

    step: str
    """The step label (``""`` for the inputs no node uses)."""
    inputs: tuple[str, ...]
    """The inputs whose first user is in this step, in declaration order."""
    nodes: tuple[str, ...]
    """The step's nodes, in evaluation order."""


class Ruleset:
    """One game's defense sheet: inputs, rules, and the order to evaluate them.

    Attributes:
        id: the ruleset id, e.g. ``gemstone4``.
        title: the tab title.
        source: what the rules come from.
        results: the contract node names, in the order a summary shows them.
        headline: what the result strip shows, in order (:class:`Headline` entries; a name
            is shorthand for one); intermediate values stay in the form. Defaults to the
            results.
    """

    def __init__(self, id: str, title: str, source: str, inputs: Iterable[InputSpec],
                 results: Iterable[str] = (), cite: str = "",
                 headline: Iterable[str | Headline] = ()):
        self.id = id
        self.title = title
        self.source = source
        self.cite = cite or source
        self.inputs: dict[str, InputSpec] = {}
        for spec in inputs:
            if spec.name in self.inputs:
                raise RulesetError(f"{id}: input {spec.name!r} is declared twice")
            self.inputs[spec.name] = spec
        self.rules: dict[str, Rule] = {}
        self.results = tuple(results)
        self.headline: tuple[Headline, ...] = tuple(
            entry if isinstance(entry, Headline) else Headline(entry)
            for entry in (headline or self.results))
        self.odds: tuple[str, ...] = ()
        """The odds nodes (``shared/spec/odds.md``), in the order the Odds step lists them:
        contract names too, kept apart from ``results`` so the result strip shows them only
        where it chooses to."""
        self._compiled = False
        self.order: tuple[str, ...] = ()
        self.children: dict[str, tuple[str, ...]] = {}
        self.descendants: dict[str, tuple[str, ...]] = {}
        """Input or node → every node that depends on it, directly or not, in evaluation
        order: what a change to it may have to re-evaluate."""
        self.position: dict[str, int] = {}
        self.fight_loop: Any = None
        """The round inputs and one-key actions (a ``fight_loop.FightLoop``), or ``None``."""

    def rule(self, step: str, label: str, text: str, cite: str = "", details: str = "",
             name: str | None = None,
             deps: Mapping[str, str] | None = None) -> Callable[[Callable], Callable]:
        """Declare the decorated function as a derived node.

        Args:
            step: the step label (``"1"``, ``"C"``).
            label: a short name for the value.
            text: the rule in one line of the project's own words.
            cite: the source page and section; defaults to the ruleset's citation.
            details: a fuller explanation for the rule panel.
            name: the node's name, when it differs from the function's.
            deps: parameter name → the input or node it receives, for the parameters whose
                names are not the dependency's (the others depend on their own name).
        """

        def register(function: Callable) -> Callable:
            node = name or function.__name__
            if node in self.rules or node in self.inputs:
                raise RulesetError(f"{self.id}: node {node!r} is declared twice")
            own = tuple(inspect.signature(function).parameters)
            unknown = set(deps or ()) - set(own)
            if unknown:
                raise RulesetError(f"{self.id}: node {node!r} maps {sorted(unknown)} in deps, "
                                   f"which are not parameters of its function {own}")
            params = tuple((deps or {}).get(param, param) for param in own)
            self.rules[node] = Rule(node, function, params, step, label, text,
                                    cite or self.cite, details or text)
            self._compiled = False
            return function

        return register

    def compile(self) -> "Ruleset":
        """Validate the graph and work out the evaluation order; raise RulesetError if broken."""
        if self._compiled:
            return self
        known = set(self.inputs) | set(self.rules)
        for node in self.rules.values():
            for param in node.params:
                if param not in known:
                    raise RulesetError(
                        f"{self.id}: node {node.name!r} depends on unknown name {param!r}")
        for result in self.results + self.odds:
            if result not in self.rules:
                raise RulesetError(f"{self.id}: result {result!r} is not a node")
        for entry in self.headline:
            for name in (entry.name, entry.unless):
                if name and name not in self.rules:
                    raise RulesetError(f"{self.id}: headline {name!r} is not a node")
        if self.fight_loop is not None:
            try:
                self.fight_loop.check(self)
            except ValueError as error:
                raise RulesetError(str(error)) from None
        order = self._declaration_order()
        if len(order) < len(self.rules):  # Kahn's algorithm leaves out the nodes of a cycle
            raise RulesetError(f"{self.id}: cycle " + " -> ".join(self._cycle()))
        self.order = order
        self.position = {name: i for i, name in enumerate(self.order)}
        children: dict[str, list[str]] = {name: [] for name in known}
        for node in self.order:
            for param in self.rules[node].params:
                children[param].append(node)
        self.children = {name: tuple(kids) for name, kids in children.items()}
        self.descendants = {name: self._reachable_from(name) for name in known}
        self._compiled = True
        return self

    def _reachable_from(self, name: str) -> tuple[str, ...]:
        """The nodes that depend on ``name`` directly or through others, in evaluation order."""
        found: set[str] = set()
        waiting = [name]
        while waiting:
            for child in self.children[waiting.pop()]:
                if child not in found:
                    found.add(child)
                    waiting.append(child)
        return tuple(sorted(found, key=self.position.__getitem__))

    def _declaration_order(self) -> tuple[str, ...]:
        """A topological order that keeps declaration order wherever dependencies allow,
        so derivations read in the order the rules were written (Kahn's algorithm)."""
        rank = {name: i for i, name in enumerate(self.rules)}
        missing = {n: sum(1 for p in r.params if p in self.rules) for n, r in self.rules.items()}
        users: dict[str, list[str]] = {name: [] for name in self.rules}
        for name, node in self.rules.items():
            for param in node.params:
                if param in self.rules:
                    users[param].append(name)
        ready = [(rank[n], n) for n, count in missing.items() if count == 0]
        heapq.heapify(ready)
        order = []
        while ready:
            _, name = heapq.heappop(ready)
            order.append(name)
            for user in users[name]:
                missing[user] -= 1
                if missing[user] == 0:
                    heapq.heappush(ready, (rank[user], user))
        return tuple(order)

    def _cycle(self) -> list[str]:
        """One cycle among the rules as a path of node names, for the error message."""
        import graphlib  # only a broken ruleset needs it, so a sound one never loads it

        try:
            graphlib.TopologicalSorter({n: r.params for n, r in self.rules.items()}).prepare()
        except graphlib.CycleError as error:
            return list(reversed(error.args[1]))
        return []  # not reached: Kahn's order falls short only when there is a cycle

    def defaults(self) -> dict[str, Any]:
        """Every input's default value."""
        return {name: spec.default for name, spec in self.inputs.items()}

    def consumers(self, input_name: str) -> tuple[str, ...]:
        """The nodes that use an input directly, in evaluation order (for grouping a form)."""
        self.compile()
        return self.children[input_name]

    def step_groups(self) -> tuple[StepGroup, ...]:
        """The form's sections in evaluation order: each step's inputs, then its nodes.

        Part of the ruleset, not of the form, so the grouping every view shows (and tests
        walk) is decided once and tested headless. An input belongs to the step of the first
        node that uses it (so it is filled in just before it counts); inputs no node uses
        come last, in a group with the step ``""``.
        """
        self.compile()
        nodes: dict[str, list[str]] = {}
        for name in self.order:
            nodes.setdefault(self.rules[name].step, []).append(name)
        inputs: dict[str, list[str]] = {step: [] for step in nodes}
        unused: list[str] = []
        for name in self.inputs:
            users = self.children[name]
            (inputs[self.rules[users[0]].step] if users else unused).append(name)
        groups = [StepGroup(step, tuple(inputs[step]), tuple(names))
                  for step, names in nodes.items()]
        if unused:
            groups.append(StepGroup("", tuple(unused), ()))
        return tuple(groups)
