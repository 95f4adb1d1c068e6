"""``worksheet calc … --sweep``: one row per value of one input (``shared/spec/compare.md``).

Text shows the headline values that move across the sweep as columns (the ones that stay
the same are said once above the table) and each option's chance to be hit as a percentage
and a bar; every bar has the same number of cells, so all are on one scale
(:func:`worksheet.engine.percent.bar`) and the curve reads at a glance. The bars get what is
left of :data:`WIDTH` columns, between :data:`MIN_CELLS` and :data:`MAX_CELLS` cells. The row
of the sheet's own value is marked ``▸``. JSON is ``calc``'s document plus ``sweep``.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from worksheet.engine import Sheet
from worksheet.engine.percent import bar, percent
from worksheet.engine.variant_reading import (chance_options, headline_label, headline_names,
                                              option_label, shown)
from worksheet.formats.what_if import input_text

WIDTH = 80
"""The columns a text sweep fits in (as long as its labels allow)."""
MIN_CELLS, MAX_CELLS = 3, 20
"""The shortest and longest bar, in cells."""
CHANCE = 7
"""The widest percentage: ``100.0 %``."""
GAP = 2
MARK = "▸ "
REASON = 24
"""The fewest characters of a refused row's reason shown."""


class Table:
    """The columns of one sweep: which headlines move, which options have a chance, widths."""

    def __init__(self, ruleset: Any, name: str, rows: Sequence[Any], width: int = WIDTH):
        self.ruleset, self.name, self.rows, self.width = ruleset, name, rows, width
        names = headline_names(ruleset)
        self.moving = [n for n in names
                       if len({_key(row.values.get(n)) for row in rows}) > 1]
        self.steady = [n for n in names if n not in self.moving
                       and rows and rows[0].values.get(n) is not None]
        self.options = [n for n in chance_options(ruleset)
                        if any(row.values.get(n) is not None for row in rows)]
        self.values = [input_text(ruleset, name, row.changes[name]) for row in rows]
        self.first = max([len(MARK) + len(v) for v in self.values]
                         + [len(ruleset.inputs[name].title)])
        least = sum(GAP + max(CHANCE + 1 + MIN_CELLS, len(option_label(n)))
                    for n in self.options)
        while self.moving and self._fixed(rows) + least > width:  # the chances come first
            self.moving.pop()
        fixed = self._fixed(rows)
        room = (width - fixed) // max(len(self.options), 1) - GAP - CHANCE - 1
        self.cells = min(max(room, MIN_CELLS), MAX_CELLS)
        self.option_width = max([CHANCE + 1 + self.cells]
                                + [len(option_label(n)) for n in self.options])

    def _fixed(self, rows: Sequence[Any]) -> int:
        """The columns the value and the moving headlines take (sets their widths)."""
        self.widths = [max([len(headline_label(self.ruleset, n))]
                           + [len(shown(row.values.get(n))) for row in rows])
                       for n in self.moving]
        return self.first + sum(GAP + w for w in self.widths)

    def header(self) -> str:
        cells = [self.ruleset.inputs[self.name].title.ljust(self.first)]
        cells += [headline_label(self.ruleset, n).rjust(w) for n, w in zip(self.moving, self.widths)]
        cells += [option_label(n).ljust(self.option_width) for n in self.options]
        return (" " * GAP).join(cells).rstrip()

    def line(self, row: Any, value: str, current: bool) -> str:
        cells = [((MARK if current else " " * len(MARK)) + value).ljust(self.first)]
        cells += [shown(row.values.get(n)).rjust(w) for n, w in zip(self.moving, self.widths)]
        for n in self.options:
            p = row.values.get(n)
            cell = "—" if p is None else f"{percent(p):>{CHANCE}} {bar(p, self.cells)}"
            cells.append(cell.ljust(self.option_width))
        line = (" " * GAP).join(cells).rstrip()
        if not row.valid:  # the reason, cut to the width left (the JSON has it whole)
            reason = "refused: " + row.problems[0].message
            room = self.width - len(line) - GAP
            if room < REASON:  # on a line of its own, under the row
                line, room = line + "\n" + " " * len(MARK), self.width - len(MARK) - GAP
            line += " " * GAP + (reason if len(reason) <= room else reason[:room - 1] + "…")
        return line


def _key(value: Any) -> Any:
    return (type(value).__name__, str(value))


def to_text(sheet: Sheet, base: Any, name: str, rows: Sequence[Any], width: int = WIDTH) -> str:
    """The sweep as a plain-text table with bars, readable at ``width`` (80) columns."""
    ruleset = sheet.ruleset
    table = Table(ruleset, name, rows, width)
    current = base.inputs.get(name)
    lines = [f"Sweep of {ruleset.inputs[name].title} ({name}): {ruleset.title} ({ruleset.id}),"
             f" {len(rows)} rows"]
    if table.steady:
        lines.append("In every row: " + ", ".join(
            f"{headline_label(ruleset, n)} {shown(rows[0].values.get(n))}" for n in table.steady))
    if table.options:
        lines.append("Chance to be hit; every bar on one scale, full = 100 %")
    else:
        lines.append("No chance to be hit: enter the attack (--set) to see it")
    lines.append("")
    lines.append(table.header())
    lines.extend(table.line(row, value, row.changes[name] == current)
                 for row, value in zip(rows, table.values))
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(sheet: Sheet, base: Any, name: str, rows: Sequence[Any]) -> str:
    """The sweep as a Markdown table (percentages; the bars are for a terminal)."""
    ruleset = sheet.ruleset
    table = Table(ruleset, name, rows)
    head = [ruleset.inputs[name].title] + [headline_label(ruleset, n) for n in table.moving] \
        + [f"hit: {option_label(n)}" for n in table.options] + ["problems"]
    lines = [f"## Sweep of {ruleset.inputs[name].title}: {ruleset.title}", "",
             "| " + " | ".join(_cell(h) for h in head) + " |",
             "|" + "---|" * len(head)]
    for row, value in zip(rows, table.values):
        cells = [value] + [shown(row.values.get(n)) for n in table.moving]
        cells += ["—" if row.values.get(n) is None else percent(row.values[n])
                  for n in table.options]
        cells.append("; ".join(p.message for p in row.problems))
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines)


def to_json(sheet: Sheet, base: Any, name: str, rows: Sequence[Any]) -> str:
    """``calc``'s JSON document with ``sweep``: the input and one row per value."""
    from worksheet.formats.report import document

    result = document(sheet)
    spec = sheet.ruleset.inputs[name]
    result["sweep"] = {"input": name, "rows": [
        {"value": spec.to_json(row.changes[name]), "values": row.json_values(),
         "problems": row.json_problems()} for row in rows]}
    return json.dumps(result, indent=2, ensure_ascii=False)


FORMATS = {"text": to_text, "json": to_json, "markdown": to_markdown}
"""The formats ``--sweep`` prints, by name."""
