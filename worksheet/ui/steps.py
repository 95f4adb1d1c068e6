"""The form's sections: which inputs and values each step shows, and its heading.

Inputs are grouped by the step they feed (the step of the first rule that uses them); each step
lists its inputs, then its derived values.
"""

from __future__ import annotations

from ..engine import Ruleset
from ..engine.odds_text import ODDS_STEP


def step_groups(ruleset: Ruleset) -> list[tuple[str, list[str], list[str]]]:
    """The form's sections: ``(step, inputs, nodes)`` in evaluation order.

    An input belongs to the step of the first node that uses it; inputs no node uses come last.
    """
    steps: list[str] = []
    nodes: dict[str, list[str]] = {}
    for name in ruleset.order:
        step = ruleset.rules[name].step
        if step not in nodes:
            steps.append(step)
            nodes[step] = []
        nodes[step].append(name)
    inputs: dict[str, list[str]] = {step: [] for step in steps}
    unused: list[str] = []
    for name in ruleset.inputs:
        consumers = ruleset.consumers(name)
        if consumers:
            inputs[ruleset.rules[consumers[0]].step].append(name)
        else:
            unused.append(name)
    groups = [(step, inputs[step], nodes[step]) for step in steps]
    if unused:
        groups.append(("", unused, []))
    return groups


def heading(step: str) -> str:
    """A section's heading: ``Step A``; the odds step says what it answers."""
    if step == ODDS_STEP:
        return "Odds — if they attack me now"
    return f"Step {step}" if step else "Not used by any step"
