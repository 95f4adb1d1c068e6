"""A sheet rendered as text, JSON or Markdown for ``worksheet calc``.

Every format lists every derived node in derivation order with its step, formula, substituted
numbers and result — the same :class:`~worksheet.engine.Derivation` the app shows.
"""

from __future__ import annotations

import json
from typing import Any

from .engine import Sheet, State, format_value


def _json_value(value: Any) -> Any:
    from .engine import json_number

    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    return json_number(value)


def to_json(sheet: Sheet) -> str:
    """The JSON document the spec's README defines."""
    ruleset = sheet.ruleset
    inputs = {}
    for name, spec in ruleset.inputs.items():
        status = sheet.status(name)
        inputs[name] = spec.to_json(status.value) if status.ok else None
    document = {
        "ruleset": ruleset.id,
        "inputs": inputs,
        "values": {name: _json_value(value) for name, value in sheet.values.items()},
        "problems": [{"input": p.input, "message": p.message} for p in sheet.problems],
    }
    return json.dumps(document, indent=2, ensure_ascii=False)


def _status_text(sheet: Sheet, name: str) -> str:
    status = sheet.status(name)
    if status.state is State.BLOCKED:
        return "waiting for " + ", ".join(status.waiting_for)
    return "error: " + status.message


def to_text(sheet: Sheet) -> str:
    """A plain-text derivation, one block per node."""
    ruleset = sheet.ruleset
    lines = [f"{ruleset.title} ({ruleset.id})", ""]
    for rule, status in sheet.derivations():
        head = f"[{rule.step}] {rule.label} ({rule.name})"
        if not status.ok:
            lines.append(f"{head}: {_status_text(sheet, rule.name)}")
            continue
        derivation = status.derivation
        lines.append(f"{head} = {derivation.result}")
        if derivation.formula and derivation.formula != derivation.result:
            lines.append(f"    {derivation.formula}")
            if derivation.substituted not in (derivation.formula, derivation.result):
                lines.append(f"    = {derivation.substituted}")
        lines.extend(f"    note: {note}" for note in derivation.notes)
    if ruleset.results:
        lines.append("")
        summary = ", ".join(f"{name} {format_value(sheet.value(name))}"
                            for name in ruleset.results)
        lines.append(f"Result: {summary}")
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(sheet: Sheet) -> str:
    """A Markdown table of the derivation."""
    ruleset = sheet.ruleset
    rows = [f"## {ruleset.title}", "", "| step | value | formula | with numbers | result |",
            "|---|---|---|---|---|"]
    for rule, status in sheet.derivations():
        if status.ok:
            d = status.derivation
            formula = d.formula + "".join(f"<br>{note}" for note in d.notes)
            rows.append(f"| {rule.step} | {_cell(rule.label)} (`{rule.name}`) | {_cell(formula)} "
                        f"| {_cell(d.substituted)} | **{_cell(d.result)}** |")
        else:
            rows.append(f"| {rule.step} | {_cell(rule.label)} (`{rule.name}`) | | | "
                        f"{_cell(_status_text(sheet, rule.name))} |")
    return "\n".join(rows)


def to_line(sheet: Sheet) -> str:
    """The result on one line for a chat or MUD client (see :mod:`worksheet.oneline`)."""
    from .oneline import one_line

    return one_line(sheet)


FORMATS = {"text": to_text, "json": to_json, "markdown": to_markdown, "line": to_line}
"""The output formats of ``worksheet calc``, by name."""
