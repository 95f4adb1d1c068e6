"""Validating preset text, collecting every problem rather than stopping at the first.

``worksheet presets check`` lists all the problems of a file; :func:`parse_preset` raises the
first. Each problem names the file, the key and — where it can be found in the text — the line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Mapping

from worksheet import rulesets
from worksheet.engine import InputError, RecordsInput, Ruleset
from worksheet.engine.numbers import MAX_DIGITS
from worksheet.engine.quote import clip, quote
from worksheet.engine.shown import SHOWN_LENGTH, show_value
from worksheet.presets.errors import PresetError
from worksheet.presets.kinds import KINDS, misplaced
from worksheet.presets.names import control_character

FORMAT_VERSION = 1
"""The preset format version this program reads and writes."""

TOP_KEYS = ("worksheet", "ruleset", "kind", "name", "description", "inputs")

MAX_DESCRIPTION_LENGTH = 4000
"""The longest description accepted, in characters."""


@dataclass
class Checked:
    """What validation found: the preset's fields when valid, and every problem.

    Attributes:
        ruleset: the ruleset id, when it is a known one.
        kind: ``character``, ``attacker`` or ``fight``; ``None`` when the file has no ``kind``
            (an old preset: every input, as a fight).
        name: the preset's name.
        description: its description.
        inputs: the input values that are valid, in the engine's form.
        problems: every problem found, in file order where possible.
    """

    ruleset: str | None = None
    kind: str | None = None
    name: str = ""
    description: str = ""
    inputs: dict[str, Any] = field(default_factory=dict)
    problems: list[PresetError] = field(default_factory=list)


def _control_character(text: str, allow: str = "") -> str | None:
    for character in text:
        if character in allow:
            continue
        if control_character(character, unassigned=False) or \
                character in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069":
            return f"U+{ord(character):04X}"
    return None


def _brief(value: Any) -> str:
    """A TOML value as a message quotes it: short, and never a deep or huge repr."""
    if isinstance(value, str):
        return quote(value, SHOWN_LENGTH)
    if isinstance(value, (list, tuple)):
        return f"a list [{clip(show_value(value), SHOWN_LENGTH)}]"
    if isinstance(value, dict):
        return "a table"
    return clip(show_value(value), SHOWN_LENGTH)


def check_text(text: str, file: str = "<text>") -> Checked:
    """Validate preset text and collect every problem.

    A file that is not TOML, or whose format version is not one this program reads, has that
    one problem: nothing else in it can be trusted.
    """
    checked = Checked()
    problems = checked.problems

    def problem(key: str, message: str, line: int | None) -> None:
        problems.append(PresetError(file, key, message, line))

    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        # tomllib's message may repeat a key of the file (``Cannot declare ('k…',) twice``).
        problem("", f"not valid TOML ({clip(str(error), keep_end=True)})",
                int(match.group(1)) if match else None)
        return checked
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        problem("", "not a preset: values are nested too deeply (a preset's values are "
                "numbers, text, yes/no, lists of those and record tables)", None)
        return checked
    except ValueError:  # tomllib's int() refuses integers of over 4,300 digits
        problem("", "not a preset: a number in it is far too long to read (numbers have at "
                f"most {MAX_DIGITS} digits)", None)
        return checked
    locate = Locator(text)
    version = document.get("worksheet")
    if isinstance(version, bool) or not isinstance(version, int):
        shown = "is missing" if version is None else f"is {_brief(version)}"
        problem("worksheet", f"the format version {shown}; it must be the whole number "
                f"{FORMAT_VERSION}", locate.top("worksheet"))
    elif version > FORMAT_VERSION:
        problem("worksheet", f"format version {_brief(version)} is newer than this program reads "
                f"({FORMAT_VERSION}); upgrade worksheet", locate.top("worksheet"))
        return checked
    elif version < 1:
        problem("worksheet", f"format version {_brief(version)} does not exist",
                locate.top("worksheet"))
        return checked
    for key in document:
        if key not in TOP_KEYS:
            problem(key, "unknown key; allowed: " + ", ".join(TOP_KEYS), locate.top(key))
    ruleset_id = document.get("ruleset")
    if isinstance(ruleset_id, str) and ruleset_id in rulesets.ids():
        checked.ruleset = ruleset_id
    else:
        shown = "is missing" if ruleset_id is None else f"{_brief(ruleset_id)} is unknown"
        problem("ruleset", f"the ruleset {shown}; known: " + ", ".join(rulesets.ids()),
                locate.top("ruleset"))
    kind = document.get("kind")
    if kind is not None:
        if isinstance(kind, str) and kind in KINDS:
            checked.kind = kind
        else:
            problem("kind", f"must be one of {', '.join(KINDS)} (got {_brief(kind)}); leave it "
                    "out for a preset of every input", locate.top("kind"))
    for key in ("name", "description"):
        value = document.get(key, "")
        if not isinstance(value, str):
            problem(key, f"must be text (got {_brief(value)})", locate.top(key))
            continue
        bad = _control_character(value, "\n\t" if key == "description" else "")
        if bad:
            problem(key, f"holds a control character ({bad})", locate.top(key))
        elif key == "name" and len(value.strip()) > 100:
            problem(key, "a preset name is at most 100 characters", locate.top(key))
        elif key == "description" and len(value) > MAX_DESCRIPTION_LENGTH:
            problem(key, f"a description is at most {MAX_DESCRIPTION_LENGTH} characters",
                    locate.top(key))
        else:
            setattr(checked, key, value.strip() if key == "name" else value)
    raw_inputs = document.get("inputs", {})
    if not isinstance(raw_inputs, dict):
        problem("inputs", "must be a table of input values", locate.top("inputs"))
    elif checked.ruleset is not None:
        ruleset = rulesets.get(checked.ruleset)
        checked.inputs = _check_inputs(ruleset, raw_inputs, file, locate, problems)
        for name, index, why in misplaced(ruleset, checked.kind, checked.inputs):
            line = locate.input(name) if index is None else locate.record(name, index)
            key = f"inputs.{name}" + (f"[{index}]" if index is not None else "")
            problem(key, why, line)
    problems.sort(key=lambda found: (found.line is None, found.line or 0))
    return checked


def _check_inputs(ruleset: Ruleset, raw: Mapping[str, Any], file: str, locate: "Locator",
                  problems: list[PresetError]) -> dict[str, Any]:
    inputs: dict[str, Any] = {}
    for key, value in raw.items():
        spec = ruleset.inputs.get(key)
        if spec is None:
            problems.append(PresetError(file, f"inputs.{key}", f"unknown input for "
                                        f"{ruleset.id}; inputs: " + ", ".join(ruleset.inputs),
                                        locate.input(key)))
            continue
        if isinstance(spec, RecordsInput) and isinstance(value, list) \
                and len(value) <= spec.max_count:
            # Check record by record so that every bad record is reported.
            records, bad = [], False
            for index, item in enumerate(value):
                try:
                    records.append(spec.coerce_record(index, item))
                except InputError as error:
                    bad = True
                    problems.append(_input_problem(file, key, spec, error, locate))
            if not bad:
                inputs[key] = tuple(records)
            continue
        try:
            inputs[key] = spec.coerce(value)
        except InputError as error:
            problems.append(_input_problem(file, key, spec, error, locate))
    return inputs


def _input_problem(file: str, key: str, spec: Any, error: InputError,
                   locate: "Locator") -> PresetError:
    line = locate.input(key)
    record = re.match(rf"{re.escape(key)}\[(\d+)\]", error.input)
    if record and isinstance(spec, RecordsInput):
        line = locate.record(key, int(record.group(1))) or line
    return PresetError(file, f"inputs.{error.input}", error.message, line)


def coerce_inputs(ruleset: Ruleset, raw: Mapping[str, Any], file: str,
                  locate: "Locator | None" = None) -> dict[str, Any]:
    """Check raw input values against a ruleset's declarations.

    Raises:
        PresetError: the first bad input (unknown, wrong type or out of range).
    """
    problems: list[PresetError] = []
    inputs = _check_inputs(ruleset, raw, file, locate or Locator(""), problems)
    if problems:
        raise problems[0]
    return inputs


class Locator:
    """Finds the line of a key in preset text (tomllib reports lines only for syntax errors).

    The text is indexed in one pass, so a file with thousands of bad keys is still checked in
    time proportional to its size (a search per problem would take minutes on a large file).
    """

    _ASSIGN = re.compile(r"\s*(?:\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_.\-]+))\s*=")
    _TABLE = re.compile(r"\s*\[\s*([^\[\]]*?)\s*\]")
    _ARRAY = re.compile(r"\s*\[\[\s*([^\[\]]*?)\s*\]\]")

    def __init__(self, text: str):
        self.keys: dict[str, int] = {}
        self.inputs: dict[str, int] = {}
        self.tables: dict[str, int] = {}
        self.records: dict[str, list[int]] = {}
        in_inputs = False
        for number, line in enumerate(text.splitlines(), start=1):
            array = self._ARRAY.match(line)
            if array:
                self.records.setdefault(array.group(1), []).append(number)
                continue
            table = self._TABLE.match(line)
            if table:
                self.tables.setdefault(table.group(1), number)
                in_inputs = in_inputs or table.group(1) == "inputs"
                continue
            assign = self._ASSIGN.match(line)
            if assign:
                key = next(group for group in assign.groups() if group is not None)
                self.keys.setdefault(key, number)
                if in_inputs:
                    self.inputs.setdefault(key, number)

    def top(self, key: str) -> int | None:
        """The line that sets a top-level key or opens its table."""
        return self.keys.get(key) or self.tables.get(key)

    def input(self, key: str) -> int | None:
        """The line that sets ``inputs.<key>``."""
        return (self.inputs.get(key) or self.keys.get(f"inputs.{key}")
                or self.record(key, 0))

    def record(self, key: str, index: int) -> int | None:
        """The line that opens record ``index`` of ``inputs.<key>``."""
        lines = self.records.get(f"inputs.{key}", [])
        return lines[index] if 0 <= index < len(lines) else None
