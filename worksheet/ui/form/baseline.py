"""A pinned baseline: until unpinned, every value shows its difference from the baseline
(``shared/spec/compare.md``, "In the app"), not from the last edit.

This generalises "what changed" (:mod:`worksheet.ui.form.what_changed`): :class:`BaselineMarks`
answers the form's marks the same way (``update``, ``before``, ``inputs``, ``was``), comparing
with a sheet evaluated once from the pinned inputs instead of with each edit's before-state.
An edit still costs only the nodes it changed: ``update`` looks at those alone. Pinning a saved
preset is the in-app compare. Headless: the form's part, ``Pinning``, is
:mod:`~worksheet.ui.form.pinning`'s, which imports this module at the first pin only.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from worksheet.engine import NodeStatus, Sheet, State
from worksheet.engine.percent import is_chance, points
from worksheet.engine.variant_reading import signed
from worksheet.ui.form.what_changed import differs

PIN = "pin"
"""The word a mark ends with: ``+3 vs pin``."""


def pin_text(name: str, pinned: NodeStatus, now: NodeStatus) -> str:
    """How a value differs from the pinned sheet's: ``+3 vs pin``, ``−4.3 vs pin`` for a
    chance (percentage points, from the exact values), ``pin 7`` for what has no difference,
    ``pin waiting`` when the pinned sheet could not compute it."""
    if pinned.state is not State.OK:
        return f"{PIN} waiting"
    if now.state is State.OK and _number(pinned.value) and _number(now.value):
        if is_chance(name, pinned.value) and is_chance(name, now.value):
            return f"{points(pinned.value, now.value)} vs {PIN}"
        if not is_chance(name, pinned.value) and not is_chance(name, now.value):
            return f"{signed(pinned.value, now.value)} vs {PIN}"
    shown = pinned.derivation.result if pinned.derivation else str(pinned.value)
    return f"{PIN} {shown}"


def _number(value: Any) -> bool:
    return type(value).__name__ in ("int", "Fraction")


class BaselineMarks:
    """The form's marks while a baseline is pinned (the interface of ``ChangeMarks``).

    Args:
        ruleset: the form's ruleset.
        values: the pinned inputs (engine values).
        sheet: the form's sheet now (the marks start from it).
        name: what was pinned, for the status (``this sheet`` or a preset's name).
    """

    def __init__(self, ruleset: Any, values: Mapping[str, Any], sheet: Sheet, name: str):
        self.name = name
        self.pinned = Sheet(ruleset, values)
        self._nodes = tuple(ruleset.rules)
        self._input_names = tuple(ruleset.inputs)
        self.before: dict[str, NodeStatus] = {}
        """Marked node → the pinned sheet's status of it."""
        self.inputs: frozenset[str] = frozenset()
        """The inputs whose value is not the pinned one."""
        self.update(frozenset((*self._nodes, *self._input_names)), sheet)

    def update(self, changes: Iterable[str], sheet: Sheet, run: str | None = None) -> set[str]:
        """Compare the changed names with the pinned sheet; the names whose mark to show."""
        touched: set[str] = set()
        inputs = set(self.inputs)
        for name in changes:
            if name in self.pinned.ruleset.inputs:
                if self.pinned.status(name).value != sheet.status(name).value:
                    inputs.add(name)
                else:
                    inputs.discard(name)
                continue
            pinned = self.pinned.status(name)
            if differs(pinned, sheet.status(name)):
                self.before[name] = pinned
                touched.add(name)
            elif self.before.pop(name, None) is not None:
                touched.add(name)
        touched |= inputs ^ self.inputs
        self.inputs = frozenset(inputs)
        return touched

    def end_run(self) -> None:
        """Nothing to end: the baseline does not follow the edits."""

    def was(self, name: str, sheet: Sheet) -> str | None:
        """What a value shows beside it: its difference from the pin, or ``None``."""
        pinned = self.before.get(name)
        return None if pinned is None else pin_text(name, pinned, sheet.status(name))
