"""One value's whole derivation as a fixed-width block, to paste where the game is played.

A player asked "why is my DV 5?" pastes this: every step the value comes from, in evaluation
order, with its result and its formula with the numbers, and the inputs it rests on. It is read
from the same :class:`~worksheet.engine.Sheet` the app shows (never a second code path). What a
value waits for is said by its label (the first line is the copy's toast); the formulas and the
inputs line keep the names they are written with.
Headless: no Textual or Rich.
"""

from __future__ import annotations

import textwrap

from worksheet.engine import Sheet, State
from worksheet.formats.oneline import label

LABEL_WIDTH = 28
"""The label column's width, so the block stays narrow: a longer label wraps within it, onto
lines of its own under the label (issue 42: ``[D] Dodge X (after non-Charm mag 1.5`` was cut
and ran into the result)."""


def _result(sheet: Sheet, name: str) -> str:
    status = sheet.status(name)
    if status.state is State.OK:
        return status.derivation.result if status.derivation else str(status.value)
    waits = ", ".join(label(sheet, n) for n in status.waiting_for)  # as the form labels them
    return f"waiting for {waits}" if status.state is State.BLOCKED else f"✗ fix {waits}"


def _sources(sheet: Sheet, name: str) -> tuple[list[str], list[str]]:
    """The nodes (evaluation order) and inputs (declaration order) a node comes from."""
    ruleset = sheet.ruleset
    seen, stack = {name}, [name]
    while stack:
        for param in ruleset.rules[stack.pop()].params:
            if param not in seen:
                seen.add(param)
                if param in ruleset.rules:
                    stack.append(param)
    return ([n for n in ruleset.order if n in seen], [n for n in ruleset.inputs if n in seen])


def derivation_block(sheet: Sheet, name: str) -> str:
    """The block for a node, or a one-line block for an input (its value)."""
    ruleset = sheet.ruleset
    if name in ruleset.inputs:
        spec = ruleset.inputs[name]
        status = sheet.status(name)
        shown = spec.to_text(status.value) if status.ok else f"✗ {status.message}"
        return f"{ruleset.title}\n{spec.title} ({name}) = {shown or 'empty'}"
    nodes, inputs = _sources(sheet, name)
    rules = [ruleset.rules[n] for n in nodes]
    label_w = min(LABEL_WIDTH, max(len(r.label) for r in rules))
    step_w = max(len(r.step) for r in rules) + 2
    results = {n: _result(sheet, n) for n in nodes}
    result_w = max(len(r) for r in results.values() if len(r) <= 12) if any(
        len(r) <= 12 for r in results.values()) else 1
    lines = [f"{ruleset.title}: {ruleset.rules[name].label} = {results[name]}"]
    for rule in rules:
        status = sheet.status(rule.name)
        formula = ""
        if status.ok and status.derivation is not None:
            d = status.derivation
            formula = d.substituted or d.formula
            if formula == d.result:
                formula = ""
        first, *more = textwrap.wrap(rule.label, label_w) or [""]
        lines.append(f"{'[' + rule.step + ']':<{step_w}} {first:<{label_w}} "
                     f"{results[rule.name]:>{result_w}}" + (f"  {formula}" if formula else ""))
        lines.extend(" " * (step_w + 1) + part for part in more)
    used = []
    for input_name in inputs:
        status = sheet.status(input_name)
        text = ruleset.inputs[input_name].to_text(status.value) if status.ok else "✗"
        used.append(f"{input_name}={text or 'empty'}")
    line = "inputs:"
    for item in used:  # wrapped at 78 columns
        if len(line) + 1 + len(item) > 78:
            lines.append(line)
            line = "       "
        line += " " + item
    lines.append(line)
    return "\n".join(line.rstrip() for line in lines)
