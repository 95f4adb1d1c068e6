"""What changed: after an edit or an action, each derived value that changed shows what it was
(``Dodge DV 5 (was 6)``, or for a probability the difference, ``41.0 % (+6.2)``) until the next
edit; unchanged rows stay quiet.

The marks come from the engine's changed set (:class:`~worksheet.engine.graph.Changes`, each
name with its status before), never from comparing text on screen. Typing several characters
into one field is one edit here as it is one undo step: the marks compare with the value before
the first character. An input that an action, a load or an undo changed is marked too (the
player did not type it); the field being typed into is not. Headless: no Textual here, so it
is tested without the app.
"""

from __future__ import annotations

from typing import Iterable

from worksheet.engine import NodeStatus, Sheet, State, format_value
from worksheet.engine.percent import is_chance, percent, points


def differs(before: NodeStatus, now: NodeStatus) -> bool:
    """True when a player would see a different value or state (not just a new formula)."""
    if before.state is not now.state:
        return True
    if now.state is State.OK:
        return type(before.value) is not type(now.value) or before.value != now.value
    return before.waiting_for != now.waiting_for


def is_probability(name: str, status: NodeStatus) -> bool:
    """True for an odds node (``p_…``) holding a chance: the app shows it as a percentage."""
    return status.state is State.OK and is_chance(name, status.value)


def was_text(name: str, before: NodeStatus, now: NodeStatus) -> str:
    """How a changed value says what it was: ``was 6``, ``was waiting``, or for a probability
    node (``p_…``) the change in percentage points, ``+6.2``, or ``was 4.0 %`` once it has no
    chance to compare with — in percent like the value beside it, never a raw fraction."""
    if before.state is State.BLOCKED:
        return "was waiting"
    if before.state is State.ERROR:
        return "was ✗"
    if is_probability(name, before):
        if is_probability(name, now):
            return points(before.value, now.value)
        return f"was {percent(before.value)}"
    shown = before.derivation.result if before.derivation else format_value(before.value)
    return f"was {shown}"


class ChangeMarks:
    """The derived values marked as changed by the last edit, with their status before it.

    Args:
        nodes: the names that can be marked (a ruleset's derived nodes).
    """

    def __init__(self, nodes: Iterable[str]):
        self._nodes = frozenset(nodes)
        self.before: dict[str, NodeStatus] = {}
        """Marked node → its status before the edit."""
        self.inputs: frozenset[str] = frozenset()
        """The inputs the last update changed without being typed (an action, a load)."""
        self._run: str | None = None

    def update(self, changes: frozenset[str], sheet: Sheet, run: str | None = None) -> set[str]:
        """Take the changed set of a new edit; returns the names whose mark to show again.

        Args:
            changes: what the edit changed (a ``Changes``; a plain set marks nothing).
            sheet: the sheet after the edit.
            run: the field being typed into; an edit in the same run as the previous one
                keeps comparing with the value before the run began.
        """
        previous = getattr(changes, "previous", {})
        base = dict(self.before) if run is not None and run == self._run else {}
        for name, status in previous.items():
            if name in self._nodes:
                base.setdefault(name, status)
        self._run = run
        marked = {name: status for name, status in base.items()
                  if differs(status, sheet.status(name))}
        inputs = frozenset() if run is not None else frozenset(
            name for name in previous if name not in self._nodes)
        touched = set(self.before) | set(marked) | self.inputs | inputs
        self.before, self.inputs = marked, inputs
        return touched

    def end_run(self) -> None:
        """The next edit compares with the values then, even in the same field."""
        self._run = None

    def was(self, name: str, sheet: Sheet) -> str | None:
        """What a marked value shows beside it, or ``None`` when it is not marked."""
        before = self.before.get(name)
        return None if before is None else was_text(name, before, sheet.status(name))
