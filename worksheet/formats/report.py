"""A sheet rendered as text, JSON or Markdown for ``worksheet calc``.

Every format lists every derived node in derivation order with its step, formula, substituted
numbers and result — the same :class:`~worksheet.engine.Derivation` the app shows.
"""

from __future__ import annotations

import json

from worksheet.engine import Sheet, State, format_value
from worksheet.engine.variants import json_value as _json_value  # calc and variants alike


def to_json(sheet: Sheet) -> str:
    """The JSON document the spec's README defines."""
    return json.dumps(document(sheet), indent=2, ensure_ascii=False)


def document(sheet: Sheet) -> dict:
    """The JSON document as a dict (``--what-if`` and ``--sweep`` add a key to it)."""
    ruleset = sheet.ruleset
    inputs = {}
    for name, spec in ruleset.inputs.items():
        status = sheet.status(name)
        inputs[name] = spec.to_json(status.value) if status.ok else None
    return {
        "ruleset": ruleset.id,
        "inputs": inputs,
        "values": values_json(sheet),
        "problems": problems_json(sheet),
    }


def values_json(sheet: Sheet) -> dict[str, Any]:
    """Every derived node as ``calc``'s JSON ``values`` holds it (``worksheet party``'s rows
    hold the same, so a reader compares them with ``calc`` value for value)."""
    return {name: _json_value(value) for name, value in sheet.values.items()}


def problems_json(sheet: Sheet) -> list[dict[str, str]]:
    """The sheet's problems as ``calc``'s JSON ``problems`` holds them."""
    return [{"input": p.input, "message": p.message} for p in sheet.problems]


def _odds_cell(sheet: Sheet, name: str) -> str:
    """An odds node as a player reads it: ``58.0 % (9064/15625)``, a choice, or a chart."""
    from worksheet.engine.odds_text import exact_and_percent

    value = sheet.value(name)
    if name.startswith("p_") and value is not None and not isinstance(value, bool):
        return exact_and_percent(value)
    return format_value(value)


def odds_summary(sheet: Sheet) -> str:
    """One line of the sheet's odds, or what to enter for them (empty for a sheet without)."""
    names = sheet.ruleset.odds
    if not names:
        return ""
    first = sheet.status(names[0])
    if first.ok and first.value is None and all(sheet.value(n) is None for n in names):
        return "Odds: " + (first.derivation.formula if first.derivation else "no attack yet")
    known = [f"{name} {_odds_cell(sheet, name)}" for name in names if sheet.status(name).ok]
    if not known:  # every odds node waits for an input (or failed): say which
        return "Odds: " + _status_text(sheet, names[0])
    return "Odds: " + ", ".join(known)


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
    odds = odds_summary(sheet)
    if odds:
        lines.append(odds)
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(sheet: Sheet) -> str:
    """A Markdown table of the derivation."""
    ruleset = sheet.ruleset
    rows = [f"## {ruleset.title}", "", "| step | value | formula | with numbers | result |",
            "|---|---|---|---|---|"]
    odds = set(ruleset.odds)
    for rule, status in sheet.derivations():
        if status.ok:
            d = status.derivation
            formula = d.formula + "".join(f"<br>{note}" for note in d.notes)
            result = _odds_cell(sheet, rule.name) if rule.name in odds else d.result
            rows.append(f"| {rule.step} | {_cell(rule.label)} (`{rule.name}`) | {_cell(formula)} "
                        f"| {_cell(d.substituted)} | **{_cell(result)}** |")
        else:
            rows.append(f"| {rule.step} | {_cell(rule.label)} (`{rule.name}`) | | | "
                        f"{_cell(_status_text(sheet, rule.name))} |")
    odds_line = odds_summary(sheet)
    if odds_line:
        rows.extend(["", odds_line])
    return "\n".join(rows)


def to_line(sheet: Sheet) -> str:
    """The result on one line for a chat or MUD client (see :mod:`worksheet.formats.oneline`)."""
    from worksheet.formats.oneline import one_line

    return one_line(sheet)


FORMATS = {"text": to_text, "json": to_json, "markdown": to_markdown, "line": to_line}
"""The output formats of ``worksheet calc``, by name."""
