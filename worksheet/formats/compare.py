"""``worksheet compare A B``: two sheets of one ruleset side by side (``shared/spec/compare.md``).

:class:`Comparison` works out what differs — the inputs in declaration order, the values in
derivation order, and the first step where the two derivations part (the first node whose
derivation reads differently, even where the values happen to agree) — and the three
formats show it: JSON as the spec shows, text and Markdown with each differing value's step,
A, B and the signed difference (a chance's in percentage points, from the exact values).
"""

from __future__ import annotations

import json
from typing import Any

from worksheet.engine import Sheet
from worksheet.engine.percent import is_chance, percent
from worksheet.engine.variant_reading import shown, signed, signed_points
from worksheet.engine.variants import json_value
from worksheet.formats.what_if import input_text


class Comparison:
    """Two evaluated sheets of one ruleset and what differs between them.

    Args:
        a, b: the two sheets (``calc``'s, with the same ``--set`` values on both).
        a_name, b_name: how the command line named them (the preset arguments).
    """

    def __init__(self, a: Sheet, b: Sheet, a_name: str, b_name: str):
        self.a, self.b, self.a_name, self.b_name = a, b, a_name, b_name
        self.ruleset = a.ruleset
        a_inputs, b_inputs = a.inputs, b.inputs
        self.inputs_differ = [n for n in self.ruleset.inputs
                              if _input_key(a, n) != _input_key(b, n)]
        a_values, b_values = a.values, b.values
        self.values_differ = [n for n in self.ruleset.order
                              if json_value(a_values[n]) != json_value(b_values[n])]
        self.parting = next((n for n in self.ruleset.order
                             if _reading(a, n) != _reading(b, n)), None)
        """The first node whose derivation differs (``None``: the sheets derive alike)."""
        self._inputs = (a_inputs, b_inputs)

    def side(self, sheet: Sheet, name: str) -> dict:
        """One side as compare.md's JSON shows it."""
        from worksheet.formats.report import document

        result = document(sheet)
        return {"preset": name, "inputs": result["inputs"], "values": result["values"],
                "problems": result["problems"]}

    def to_json(self) -> str:
        return json.dumps({"ruleset": self.ruleset.id, "a": self.side(self.a, self.a_name),
                           "b": self.side(self.b, self.b_name),
                           "inputs_differ": self.inputs_differ,
                           "values_differ": self.values_differ}, indent=2, ensure_ascii=False)

    def input_rows(self) -> list[tuple[str, str, str]]:
        """``(label (name), A, B)`` for each input that differs."""
        return [(f"{self.ruleset.inputs[n].title} ({n})", self._input(self.a, n),
                 self._input(self.b, n)) for n in self.inputs_differ]

    def _input(self, sheet: Sheet, name: str) -> str:
        status = sheet.status(name)
        if not status.ok:
            return f"{shown(status.given)} (refused)"
        return input_text(self.ruleset, name, status.value)

    def value_rows(self) -> list[tuple[str, str, str, str]]:
        """``([step] label (name), A, B, difference)`` for each value that differs."""
        rows = []
        for n in self.values_differ:
            rule, before, now = self.ruleset.rules[n], self.a.value(n), self.b.value(n)
            if is_chance(n, before) or is_chance(n, now):
                cells = (_chance(before), _chance(now), signed_points(before, now))
            else:
                difference = signed(before, now)
                cells = (shown(before), shown(now), "" if "→" in difference else difference)
            rows.append((f"[{rule.step}] {rule.label} ({n})", *cells))
        return rows

    def parting_words(self) -> str:
        """Where the derivations part, in one sentence."""
        if self.parting is None:
            return "The two derivations are the same at every step."
        rule = self.ruleset.rules[self.parting]
        return f"The derivations part at step {rule.step}, {rule.label} ({self.parting})."

    def parting_lines(self) -> list[str]:
        """The parting step as each side derives it."""
        if self.parting is None:
            return []
        return [f"  A: {_reading_text(self.a, self.parting)}",
                f"  B: {_reading_text(self.b, self.parting)}"]

    def to_text(self) -> str:
        ruleset = self.ruleset
        lines = [f"Compare: {ruleset.title} ({ruleset.id})",
                 f"A: {self.a_name}", f"B: {self.b_name}", ""]
        rows = self.input_rows()
        lines.append("Inputs that differ (A → B):" if rows else "No input differs.")
        lines.extend(f"  {label}: {a} → {b}" for label, a, b in rows)
        values = self.value_rows()
        lines.append("Values that differ (A → B, difference):" if values
                     else "No value differs.")
        lines.extend(f"  {label}: {a} → {b}" + (f" ({d})" if d else "")
                     for label, a, b, d in values)
        lines.append(self.parting_words())
        lines.extend(self.parting_lines())
        return "\n".join(lines)

    def to_markdown(self) -> str:
        ruleset = self.ruleset
        lines = [f"## Compare: {ruleset.title}", "", f"A: {_cell(self.a_name)}, "
                 f"B: {_cell(self.b_name)}", "", "| input | A | B |", "|---|---|---|"]
        lines.extend(f"| {_cell(label)} | {_cell(a)} | {_cell(b)} |"
                     for label, a, b in self.input_rows())
        lines += ["", "| value | A | B | difference |", "|---|---|---|---|"]
        lines.extend(f"| {_cell(label)} | {_cell(a)} | {_cell(b)} | {_cell(d)} |"
                     for label, a, b, d in self.value_rows())
        lines += ["", self.parting_words()]
        return "\n".join(lines)


def _input_key(sheet: Sheet, name: str) -> Any:
    """An input as the JSON shows it (a refused one by what was given)."""
    status = sheet.status(name)
    if not status.ok:
        return ("refused", repr(status.given))
    return sheet.ruleset.inputs[name].to_json(status.value)


def _reading(sheet: Sheet, name: str) -> tuple:
    status = sheet.status(name)
    d = status.derivation
    if not status.ok or d is None:
        return (status.state.value, status.message, status.waiting_for)
    return (d.formula, d.substituted, d.result, d.notes)


def _reading_text(sheet: Sheet, name: str) -> str:
    status = sheet.status(name)
    d = status.derivation
    if not status.ok or d is None:
        return status.message or "waiting for " + ", ".join(status.waiting_for)
    if d.substituted and d.substituted != d.result:
        return f"{d.substituted} = {d.result}"
    return d.result


def _chance(value: Any) -> str:
    return "—" if value is None else percent(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


FORMATS = {"text": Comparison.to_text, "json": Comparison.to_json,
           "markdown": Comparison.to_markdown}
"""The formats ``compare`` prints, by name."""
