"""A party — every character of a folder against one attack — as rows a gamemaster reads.

The question is *who is most at risk from this attack, and what should each of them do?* Each
row is one preset's sheet, evaluated as ``worksheet calc`` evaluates it; this module says what a
row shows (its headline values, each option's chance to be hit, the best option) and in which
order (the most endangered first), and renders the whole party as text, Markdown or the JSON of
``shared/spec/compare.md``. The options, their labels and the best one are read as what-if
and compare read them (:mod:`worksheet.engine.variant_reading`); the app's party screen shows
the same rows (:func:`row_lines`).

Text from the files (preset names, file names, messages) is someone else's: every piece is
escaped and clipped here before it is printed. Headless: no Textual or Rich.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from worksheet.engine import Ruleset, Sheet, State
from worksheet.engine.percent import bar, percent
from worksheet.engine.quote import clip, printable
from worksheet.engine.variant_reading import best_chance, chance_options, option_label

WIDTH = 80
"""The text's width: every line fits a terminal of 80 columns."""
BAR = 30
"""Cells of a full bar (100 %)."""
NAME = 44
"""The most characters of a preset name a text line shows."""
FILE = 40
"""The most characters of a file name a line shows (its end kept: the ``.toml``)."""
MESSAGE = 200
"""The most characters of a refusal a line shows."""


@dataclass
class Row:
    """One character: the preset's name, its file and its evaluated sheet."""

    preset: str
    file: str
    sheet: Sheet


@dataclass
class Party:
    """What ``worksheet party`` prints.

    Attributes:
        ruleset: the ruleset.
        folder: the folder read (as given, or as found).
        rows: one per preset of the ruleset, in name order.
        refused: ``(file, message)`` for each file that could not be read as a preset.
        skipped: preset files not read beyond the listing's cap.
        truncated: the folder holds more entries than a listing looks at.
        attack: the ``--set`` values applied to every row, as given.
        pending: files not read yet (the app reads a busy folder over several looks).
    """

    ruleset: Ruleset
    folder: str
    rows: list[Row] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    skipped: int = 0
    truncated: bool = False
    attack: dict[str, str] = field(default_factory=dict)
    pending: int = 0


def evaluate(ruleset: Ruleset, inputs: dict[str, Any], texts: dict[str, str]) -> Sheet:
    """A preset's sheet with ``--set`` texts on top, exactly as ``worksheet calc`` makes it
    (:func:`worksheet.engine.variants.start_sheet`, which what-if, sweeps and compare use)."""
    from worksheet.engine.variants import start_sheet

    return start_sheet(ruleset, inputs, texts)


def sort_key(row: Row) -> tuple[str, str, str]:
    """Rows by preset name (``rows`` of the JSON), case aside, then by file."""
    return row.preset.casefold(), row.preset, row.file


def chances(sheet: Sheet) -> list[tuple[str, Fraction | int | None]]:
    """Each option's label and chance to be hit (``None``: no attack, or not allowed)."""
    return [(option_label(n), _known(sheet, n)) for n in chance_options(sheet.ruleset)]


def _known(sheet: Sheet, name: str) -> Any:
    status = sheet.status(name)
    return status.value if status.state is State.OK else None


def best(sheet: Sheet) -> tuple[str, Fraction | int] | None:
    """The best option's label and chance: the lowest chance to be hit the sheet allows (ties
    to the option listed first, ``odds.md``), as what-if and compare read it
    (:func:`~worksheet.engine.variant_reading.best_chance`); ``None`` without an attack."""
    found = best_chance(sheet.ruleset, {n: _known(sheet, n)
                                        for n in chance_options(sheet.ruleset)})
    return (option_label(found[0]), found[1]) if found else None


def danger_key(row: Row) -> tuple[int, Any, tuple[str, str, str]]:
    """The most endangered first: the highest chance to be hit through the best option;
    rows without an attack after, by name."""
    chosen = best(row.sheet)
    if chosen is None:
        return 1, 0, sort_key(row)
    return 0, -chosen[1], sort_key(row)


def headline(sheet: Sheet) -> str:
    """The row's headline values as the result strip and the one-line copy say them, without
    the chances (the row draws those): ``Evade DS melee 43 · ranged 65``."""
    from worksheet.formats.oneline import LINES, SEPARATOR, one_line

    parts = LINES.get(sheet.ruleset.id)
    if parts is None:
        return one_line(sheet)
    # The chance parts of the line (``hit chance …``, ``best …``) are the row's bars here.
    return SEPARATOR.join(part for part in parts(sheet)
                          if not part.startswith(("hit chance", "best ")))


def name_shown(text: str, limit: int = NAME) -> str:
    """A preset's name as a line shows it: escaped, on one line, cut to ``limit`` with ``…``."""
    return _fit(" ".join(text[:4 * limit].split()), limit)


def file_shown(text: str, limit: int = FILE) -> str:
    """A file name as a line shows it: escaped, clipped in the middle (the end kept)."""
    return clip(text, limit, keep_end=True)


def _problem_words(sheet: Sheet, say: Callable[[Any], str] | None = None) -> list[str]:
    """Each problem of the sheet in the engine's words, or ``say``'s (the app's labels)."""
    return [clip(say(problem) if say else problem.message, MESSAGE, keep_end=True)
            for problem in sheet.problems]


# -- JSON ------------------------------------------------------------------------------------

def to_json(party: Party) -> str:
    """The JSON document of ``shared/spec/compare.md`` (plus ``skipped`` and ``truncated``)."""
    from worksheet.formats.report import problems_json, values_json

    document = {
        "ruleset": party.ruleset.id,
        "folder": printable(party.folder),
        "rows": [{"preset": printable(row.preset), "file": printable(row.file),
                  "values": values_json(row.sheet), "problems": problems_json(row.sheet)}
                 for row in sorted(party.rows, key=sort_key)],
        "refused": [{"file": printable(file), "message": printable(message)}
                    for file, message in party.refused],
        "skipped": party.skipped,
        "truncated": party.truncated,
    }
    return json.dumps(document, indent=2, ensure_ascii=False)


# -- text ------------------------------------------------------------------------------------

def _tail(party: Party) -> list[str]:
    """What was not shown as a row: refusals, the files past the cap, a huge folder."""
    import textwrap

    lines = []
    if party.refused:
        lines += ["", f"Refused ({len(party.refused)}):"]
        for file, message in party.refused:
            lines += textwrap.wrap(f"{file_shown(file)}: {printable(message)}", WIDTH,
                                   initial_indent="- ", subsequent_indent="    ")
    if party.skipped:
        lines += ["", f"{party.skipped} more preset file{'s' if party.skipped != 1 else ''} "
                  "not read: a party reads the first files by name."]
    if party.truncated:
        lines += ["The folder holds too many entries; the rest were not looked at."]
    return lines


def _no_attack(party: Party) -> str:
    """What to enter for the chances (the Odds step's own words), when no row has them."""
    from worksheet.formats.report import odds_summary

    for row in party.rows:
        if best(row.sheet) is not None:
            return ""
    return _fit(odds_summary(party.rows[0].sheet)) if party.rows else ""


def _fit(text: str, width: int = WIDTH, keep_end: bool = False) -> str:
    """``text`` escaped and cut to ``width`` characters with ``…`` (its end kept, for a path)."""
    text = printable(text[:4 * width] if not keep_end else text[-4 * width:])
    if len(text) <= width:
        return text
    return "…" + text[-(width - 1):] if keep_end else text[:width - 1] + "…"


def _heading(party: Party) -> list[str]:
    count = len(party.rows)
    head = f"Party: {count} {party.ruleset.id} character{'s' if count != 1 else ''} in "
    lines = [head + _fit(party.folder, WIDTH - len(head), keep_end=True)]
    if party.attack:
        lines.append(_fit("Against: " + ", ".join(f"{k}={v}" for k, v in party.attack.items())))
    return lines


def row_lines(row: Row, width: int = WIDTH, say: Callable[[Any], str] | None = None,
              ) -> list[str]:
    """One character's block within ``width`` columns: its name and best option, its headline
    values, a bar per option (all on one scale), and its problems (worded by ``say``, given a
    sheet's problem, when the app words them with its labels)."""
    chosen = best(row.sheet)
    head = name_shown(row.preset)
    if chosen is not None:
        right = f"best: {chosen[0]} {percent(chosen[1])}"
        head = f"{head:<{width - len(right) - 1}} {right}" if len(head) + len(right) < width \
            else _fit(f"{head} · {right}", width)
    lines = [head, "  " + _fit(headline(row.sheet), width - 2)]
    known = [(label, p) for label, p in chances(row.sheet) if p is not None]
    room = max((len(label) for label, _ in known), default=0)
    cells = min(BAR, width - room - 20)  # the bars narrow rather than wrap
    for label, p in known:
        mark = "  ◀ best" if chosen is not None and label == chosen[0] else ""
        lines.append(f"  {label:<{room}} {bar(p, cells)} {percent(p):>7}{mark}")
    lines += [_fit(f"  problem: {words}", width) for words in _problem_words(row.sheet, say)]
    return lines


def to_text(party: Party) -> str:
    """One block per character, the most endangered first, then what was refused or skipped."""
    lines = _heading(party)
    missing = _no_attack(party)
    if missing:
        lines.append(missing)
    for row in sorted(party.rows, key=danger_key):
        lines += [""] + row_lines(row)
    if not party.rows:
        lines += ["", f"No {party.ruleset.id} preset in this folder."]
    return "\n".join(lines + _tail(party))


# -- Markdown --------------------------------------------------------------------------------

def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(party: Party) -> str:
    """A table, one row per character, the most endangered first; refusals listed after."""
    labels = [option_label(n) for n in chance_options(party.ruleset)]
    lines = [_cell(f"## Party: {party.ruleset.id} in {printable(party.folder)}"), ""]
    lines += ["| preset | file | headline | " + " | ".join(labels) + " | best |",
              "|---|---|---|" + "---|" * len(labels) + "---|"]
    for row in sorted(party.rows, key=danger_key):
        chosen = best(row.sheet)
        # no width to keep in a table: names (≤ 100 characters) and file names whole
        cells = [name_shown(row.preset, 4 * NAME), printable(row.file), headline(row.sheet)]
        cells += [percent(p) if p is not None else "—" for _, p in chances(row.sheet)]
        cells.append(f"{chosen[0]} {percent(chosen[1])}" if chosen else "—")
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        lines += [f"|   | | problem: {_cell(w)} |" + " |" * (len(labels) + 1)
                  for w in _problem_words(row.sheet)]
    missing = _no_attack(party)
    if missing:
        lines += ["", _cell(missing)]
    lines += [_cell(line) if line.startswith(("-", " ")) else _cell(line) + "\n"
              for line in _tail(party)]
    return "\n".join(lines)


FORMATS = {"text": to_text, "json": to_json, "markdown": to_markdown}
"""``worksheet party``'s output formats, by name."""
