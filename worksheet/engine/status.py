"""What each input and node of a live sheet holds right now, and what an update changed.

Kept apart from ``graph`` (which decides *when* to evaluate) because a status is what every
caller reads: the app, ``worksheet calc``, the tests. A derived node's :class:`Derivation` is
made only when first read: a keystroke re-evaluates every node the change reaches, but a screen
shows the derivations of only a few of them, and the equality cutoff needs one only when a
node's value stayed the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping

from worksheet.engine.explain import Derivation, Explained, Term, format_value
from worksheet.engine.faults import Fault
from worksheet.engine.ruleset import Rule


class State(Enum):
    """What a node's value means right now."""

    OK = "ok"
    """The value is current."""
    ERROR = "error"
    """The input's text does not parse, or the rule found a problem (see ``message``)."""
    BLOCKED = "blocked"
    """A dependency is in error; ``waiting_for`` names the inputs to fix."""


_OK = State.OK
_new = object.__new__


@dataclass(slots=True)
class NodeStatus:
    """The state of one input or node. Treat it as immutable: it is a plain slotted dataclass
    rather than a frozen one only because frozen initialisation is slow on the keystroke path.

    Attributes:
        state: OK, ERROR or BLOCKED.
        value: the value when OK, else ``None`` (a stale value is never kept as if current).
        derivation: how a derived value was reached (``None`` for inputs and non-OK nodes).
        message: the error message when ERROR, in the engine's words (made from ``fault``).
        waiting_for: the inputs this node waits for (ERROR: the input to change; BLOCKED: the
            inputs in error upstream).
        given: for an input in error, the text or value that was refused.
        internal: the error is a bug in a rule, not a problem with the inputs.
        fault: when ERROR, the problem in fields, which the app words with its labels.
    """

    state: State
    value: Any = None
    derivation: Derivation | None = None
    message: str = ""
    waiting_for: tuple[str, ...] = ()
    given: Any = None
    internal: bool = False
    fault: Fault | None = None
    _derived_by: tuple[Rule, Any] | None = field(default=None, init=False, repr=False,
                                                 compare=False)
    """For a status made by :meth:`derived`: the rule and what its function returned, from
    which the derivation is made when first read (``derivation`` is left unset till then)."""

    @classmethod
    def derived(cls, value: Any, rule: Rule, result: Any) -> "NodeStatus":
        """An OK status of a derived node whose derivation is made from ``rule`` and its
        function's ``result`` (a Term, an Explained or a plain value) only when read."""
        status = _new(cls)  # module-level names: a re-derive makes one per node changed,
        status.state = _OK  # and looking up ``cls.__new__`` and ``State.OK`` was half of it
        status.value = value
        status.message = ""
        status.waiting_for = ()
        status.given = None
        status.internal = False
        status.fault = None
        status._derived_by = (rule, result)
        return status

    def __getattr__(self, name: str) -> Any:
        # Python calls this only when the ordinary lookup fails: here, for the derivation of a
        # status made by `derived` that nobody has read yet. Once made it is stored, so every
        # later read, ``repr`` and ``dataclasses.replace`` see a plain field.
        if name == "derivation":
            rule, result = self._derived_by  # type: ignore[misc]
            made = derivation(rule, result, self.value)
            self.derivation = made
            if _holds_terms(result):
                # Its texts are in the derivation now: let go of the terms (each keeps the
                # texts rendered for it), which would otherwise outlive the evaluation.
                self._derived_by = None
            return made
        raise AttributeError(f"'NodeStatus' object has no attribute {name!r}")

    def __eq__(self, other: object) -> bool:
        # The dataclass's field-by-field equality, with the derivation compared last so that
        # a changed value or state answers before any derivation is made.
        if other.__class__ is not NodeStatus:
            return NotImplemented
        assert isinstance(other, NodeStatus)
        if not (self.state is other.state and self.value == other.value
                and self.message == other.message and self.waiting_for == other.waiting_for
                and self.given == other.given and self.internal == other.internal
                and self.fault == other.fault):
            return False
        mine, theirs = self._derived_by, other._derived_by
        if mine is not None and theirs is not None and mine[0] is theirs[0] \
                and mine[1] is theirs[1] and self.value is other.value:
            return True  # the very same rule, result and value make the same derivation
        return bool(self.derivation == other.derivation)

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


def _holds_terms(result: Any) -> bool:
    """True for a result that keeps the terms its texts are rendered from."""
    return type(result) is Term or (type(result) is Explained and result._texts_from is not None)


def derivation(rule: Rule, result: Any, value: Any) -> Derivation:
    """How ``rule`` reached ``value``, from what its function returned: a Term lends its texts,
    an Explained its texts and notes, a plain value none. The texts are rendered here: a
    derivation is read to be shown or compared, and both need them."""
    formula = substituted = ""
    notes: tuple[str, ...] = ()
    if isinstance(result, Explained):  # its texts, or its term's (``Explained.__getattr__``)
        formula, substituted, notes = result.formula, result.substituted, result.notes
    elif type(result) is Term:
        formula, substituted = result.formula, result.substituted
    return Derivation(rule.step, rule.label, formula, substituted, format_value(value),
                      rule.text, rule.cite, notes)


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


