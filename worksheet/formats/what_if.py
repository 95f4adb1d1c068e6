"""``worksheet calc … --what-if``: one step of every input, as JSON, text or Markdown
(``shared/spec/compare.md``, "What-if").

JSON is ``calc``'s document plus ``what_if``: every variant with all its values, exact, so a
reader computes any difference itself. Text and Markdown lead with what a player came for: the
variants that move a headline or the best chance to be hit, best for the defender first (see
:func:`worksheet.engine.variant_reading.ranked`), each with its signed differences; refused
variants with their problem; and one closing line counting the variants that change nothing.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from worksheet.engine import Sheet
from worksheet.engine.percent import percent
from worksheet.engine.variant_reading import (Effect, headline_label, headline_names,
                                              option_label, ranked, shown, signed,
                                              signed_points)


def change_words(base: Any, outcome: Any) -> str:
    """``Dodge ranks 60 → 61``: each changed input by its label, from its start value."""
    ruleset = base.ruleset
    return ", ".join(f"{ruleset.inputs[name].title} {input_text(ruleset, name, base.inputs[name])}"
                     f" → {input_text(ruleset, name, value)}"
                     for name, value in outcome.changes.items())


def input_text(ruleset: Any, name: str, value: Any) -> str:
    """An input's value as ``--set`` takes it; a numbered choice with its label
    (``12 — brigandine``)."""
    spec = ruleset.inputs[name]
    if value is None:
        return "empty"
    if spec.kind == "choice" and isinstance(value, int):  # a number alone says little
        return spec.label_of(value)
    return spec.to_text(value) or "(none)"


def effect_words(base: Any, item: Effect) -> str:
    """``Dodge DV +1, Parry DV −1; best hit −4.3 pp (dodge)``."""
    ruleset = base.ruleset
    before, now = base.values, item.outcome.values
    parts = [_moved(headline_label(ruleset, name), before.get(name), now.get(name))
             for name in item.headlines]
    words = ", ".join(parts)
    if item.chance_moved:
        was = item.best_before[1] if item.best_before else None
        is_ = item.best_now[1] if item.best_now else None
        option = f" ({option_label(item.best_now[0])})" if item.best_now else ""
        chance = f"best hit {signed_points(was, is_)}{option}"
        words = f"{words}; {chance}" if words else chance
    return words


def _moved(label: str, before: Any, now: Any) -> str:
    """``Dodge DV +1``; a text that appears or goes (why a maneuver is not allowed) reads
    ``Why not: with no room…`` or ``Why not: none``."""
    if before is None and isinstance(now, str):
        return f"{label}: {now}"
    if now is None and isinstance(before, str):
        return f"{label}: none"
    return f"{label} {signed(before, now)}"


def summary(ruleset: Any, values: dict) -> str:
    """``Dodge DV 5, Parry DV 4; best chance to be hit 58.0 % (dodge)``: the start, in one line."""
    from worksheet.engine.variant_reading import best_chance

    words = ", ".join(f"{headline_label(ruleset, name)} {shown(values.get(name))}"
                      for name in headline_names(ruleset) if values.get(name) is not None)
    best = best_chance(ruleset, values)
    if best:
        words += f"; best chance to be hit {percent(best[1])} ({option_label(best[0])})"
    return words


def sections(base: Any, outcomes: Sequence[Any]) -> tuple[list[Effect], list[Any], int]:
    """The ranked effects that change something, the refused outcomes, and how many change
    nothing."""
    effects = ranked(base, outcomes)
    moving = [item for item in effects if item.changes_something]
    refused = [outcome for outcome in outcomes if not outcome.valid]
    return moving, refused, len(effects) - len(moving)


def nothing_line(count: int, total: int) -> str:
    """The closing line: how many variants change no headline and no chance."""
    if not total:
        return "No input has a step to try."
    noun = "variant changes" if count == 1 else "variants change"
    return f"{count} of {total} {noun} no headline and no chance to be hit."


def to_text(sheet: Sheet, base: Any, outcomes: Sequence[Any]) -> str:
    """The what-if as plain text, best for the defender first."""
    ruleset = sheet.ruleset
    moving, refused, same = sections(base, outcomes)
    lines = [f"What if: {ruleset.title} ({ruleset.id}), one step of each input",
             f"Now: {summary(ruleset, base.values)}", ""]
    if moving:
        lines.append("Best for the defender first:")
        lines.extend(f"  {change_words(base, item.outcome)}: {effect_words(base, item)}"
                     for item in moving)
    if refused:
        lines.append("Refused:")
        lines.extend(f"  {change_words(base, outcome)}: {outcome.problems[0].message}"
                     for outcome in refused)
    lines.append(nothing_line(same, len(outcomes)))
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(sheet: Sheet, base: Any, outcomes: Sequence[Any]) -> str:
    """The what-if as a Markdown table, best for the defender first."""
    ruleset = sheet.ruleset
    moving, refused, same = sections(base, outcomes)
    rows = [f"## What if: {ruleset.title}", "", f"Now: {_cell(summary(ruleset, base.values))}",
            "", "| change | effect |", "|---|---|"]
    rows.extend(f"| {_cell(change_words(base, item.outcome))} | {_cell(effect_words(base, item))} |"
                for item in moving)
    rows.extend(f"| {_cell(change_words(base, outcome))} | refused: "
                f"{_cell(outcome.problems[0].message)} |" for outcome in refused)
    rows.extend(["", nothing_line(same, len(outcomes))])
    return "\n".join(rows)


def to_json(sheet: Sheet, base: Any, outcomes: Sequence[Any]) -> str:
    """``calc``'s JSON document with ``what_if``: each variant's input, value, all values and
    problems (compare.md)."""
    from worksheet.formats.report import document

    result = document(sheet)
    result["what_if"] = [variant_json(outcome) for outcome in outcomes]
    return json.dumps(result, indent=2, ensure_ascii=False)


def variant_json(outcome: Any) -> dict:
    """One one-input variant as compare.md shows it."""
    ((name, value),) = outcome.changes.items()
    return {"input": name, "value": outcome.ruleset.inputs[name].to_json(value),
            "values": outcome.json_values(), "problems": outcome.json_problems()}


FORMATS = {"text": to_text, "json": to_json, "markdown": to_markdown}
"""The formats ``--what-if`` prints, by name."""
