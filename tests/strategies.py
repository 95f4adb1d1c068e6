"""Hypothesis strategies built from the ruleset declarations, for any test that fuzzes inputs.

Everything here is derived from what the rulesets declare (their inputs, kinds, bounds and
choices), so a new input or ruleset is fuzzed without touching this file. Import it from a test
module with ``from tests.strategies import ...`` (the repository root on ``sys.path``, as
``python -m pytest`` sets it; :data:`ROOT` helps a module that is run otherwise).

- :func:`every_input` / :data:`INPUTS`: ``(ruleset_id, name, spec)`` for every input that
  ``--set`` accepts, and :data:`FIELDS` for record-list fields.
- :func:`valid_value` / :func:`valid_values`: values the inputs accept, as a sheet or a preset
  takes them (property tests of a ruleset draw whole sheets of inputs with these).
- :func:`valid_text`: text the input accepts; :func:`hostile_text`: text that attacks a parser
  (huge, exponent forms, nan/inf, underscores, other scripts' digits, control bytes, empty).
- :func:`toml_value`: a TOML value literal, well-formed or hostile; :func:`preset_text`: a whole
  preset, often malformed; :func:`preset_bytes`: anything a file can hold.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from hypothesis import strategies as st

from worksheet import rulesets
from worksheet.engine import (BoolInput, ChoiceInput, FacesInput, InputSpec, IntInput,
                              NamesInput, NumberInput, RecordsInput, Ruleset, TextInput)

ROOT = Path(__file__).resolve().parents[1]


def every_input() -> list[tuple[str, str, InputSpec]]:
    """Every input of every ruleset that ``--set`` accepts (record lists are preset-only)."""
    return [(ruleset_id, name, spec) for ruleset_id in rulesets.ids()
            for name, spec in rulesets.get(ruleset_id).inputs.items()
            if not isinstance(spec, RecordsInput)]


def every_field() -> list[tuple[str, str, InputSpec, InputSpec]]:
    """``(ruleset_id, list name, list declaration, field declaration)`` of every record field."""
    return [(ruleset_id, name, spec, field) for ruleset_id in rulesets.ids()
            for name, spec in rulesets.get(ruleset_id).inputs.items()
            if isinstance(spec, RecordsInput) for field in spec.fields]


INPUTS = every_input()
FIELDS = every_field()

HOSTILE_WORDS = (
    "1e999999999", "-1e999999999", "1e-999999999", "1E5", "nan", "NaN", "-nan", "inf", "-inf",
    "+inf", "Infinity", "1_0", "1__0", "_1", "0x10", "0o7", "0b1", "1j", "1.", ".", "/", "1/0",
    "0/0", "3/-2", "--3", "+-3", "1.5.2", "1,5", "١٢", "１２", "𝟙", "½", "\u00a05", "5\u200b",
    "\x00", "\x1b[2J", "\ud800", "true", "yes", "none", "null", "[]", "{}", "'1'", '"1"', "",
    " ", ",", ", ,", "8,,3", "9" * 4301, "-" + "9" * 4301, "1" * 100_000, "1/" + "3" * 5000,
    "0." + "0" * 5000 + "1", "1e" + "9" * 50,
)
"""Texts that attacked a number parser before (each reproduced a hang, a crash or a wrong
acceptance), kept so every run tries them."""


@st.composite
def _exponent_form(draw) -> str:
    mantissa = draw(st.sampled_from(["1", "-1", "9.5", ".5", "0", "12"]))
    exponent = draw(st.integers(-10**9, 10**9))
    return f"{mantissa}{draw(st.sampled_from('eE'))}{exponent}"


@st.composite
def _huge_digits(draw) -> str:
    count = draw(st.integers(25, 20_000))
    digit = draw(st.sampled_from("0123456789"))
    sign = draw(st.sampled_from(["", "-", "+", "−"]))
    tail = draw(st.sampled_from(["", ".5", "/7", "e3"]))
    return f"{sign}1{digit * count}{tail}"


def hostile_text() -> st.SearchStrategy[str]:
    """Text that attacks a parser: every input must refuse it cleanly (or accept it exactly)."""
    return st.one_of(
        st.sampled_from(HOSTILE_WORDS),
        _exponent_form(),
        _huge_digits(),
        st.builds(lambda a, b: f"{a}_{b}", st.integers(0, 999), st.integers(0, 999)),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.text(max_size=40),
        st.text(st.characters(codec="latin-1"), max_size=40),
        st.binary(max_size=40).map(lambda data: data.decode("latin-1")),
        st.lists(st.integers(-5, 99), max_size=70).map(lambda faces: ",".join(map(str, faces))),
    ).map(lambda text: text.replace("\x00", "\\0"))  # argv cannot hold NUL


UNBOUNDED_NUMBER = 20
"""Where :func:`valid_value` stops a number that declares no maximum (a rule's arithmetic is
the same past it; larger numbers are the parser's fuzz, :func:`hostile_text`)."""


def valid_value(spec: InputSpec, records: st.SearchStrategy | None = None
                ) -> st.SearchStrategy[Any]:
    """A value ``spec`` accepts, as the engine holds it: within its bounds and choices, and
    ``None`` too when the input is optional.

    Args:
        spec: the input's declaration.
        records: the strategy for a record list (what its records mean is the ruleset's own,
            so the test that needs them says how to build them).
    """
    if isinstance(spec, IntInput):
        low = spec.minimum if spec.minimum is not None else -10**6
        high = spec.maximum if spec.maximum is not None else 10**6
        values: st.SearchStrategy = st.integers(low, high)
    elif isinstance(spec, NumberInput):
        high = spec.maximum if spec.maximum is not None else UNBOUNDED_NUMBER
        values = st.fractions(min_value=spec.minimum, max_value=high, max_denominator=4)
        if spec.above and spec.minimum is not None:
            values = values.filter(lambda v: v > spec.minimum)
    elif isinstance(spec, ChoiceInput):
        values = st.sampled_from(spec.choices)
    elif isinstance(spec, BoolInput):
        values = st.booleans()
    elif isinstance(spec, FacesInput):
        values = st.lists(st.integers(1, spec.sides), max_size=spec.max_count).map(tuple)
    elif isinstance(spec, NamesInput):
        values = st.lists(st.sampled_from(spec.choices), unique=True).map(tuple)
    elif isinstance(spec, RecordsInput):
        if records is None:
            raise TypeError(f"{spec.name} is a record list: pass the strategy for its records")
        values = records
    elif isinstance(spec, TextInput):
        values = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1,
                         max_size=spec.max_length)
    else:
        raise TypeError(f"no strategy for {type(spec).__name__}")
    return st.none() | values if spec.optional else values


def valid_values(ruleset: Ruleset, records: Mapping[str, st.SearchStrategy] | None = None
                 ) -> st.SearchStrategy[dict[str, Any]]:
    """Every input of ``ruleset`` with a value it accepts (:func:`valid_value`).

    Args:
        ruleset: the ruleset whose declarations the values come from.
        records: the strategy for each record list, by input name.
    """
    records = records or {}
    return st.fixed_dictionaries({name: valid_value(spec, records.get(name))
                                  for name, spec in ruleset.inputs.items()})


def valid_text(spec: InputSpec) -> st.SearchStrategy[str]:
    """Text ``spec`` accepts, drawn from its declaration (bounds, choices, faces, names)."""
    if isinstance(spec, IntInput):
        low = spec.minimum if spec.minimum is not None else -10**6
        high = spec.maximum if spec.maximum is not None else 10**6
        return st.integers(low, high).map(str)
    if isinstance(spec, NumberInput):
        # An unbounded number still has at most MAX_DIGITS digits (numbers.py): stay inside.
        low = spec.minimum if spec.minimum is not None else -10**12
        high = spec.maximum if spec.maximum is not None else 10**12
        return st.fractions(min_value=low, max_value=high,
                            max_denominator=64).filter(
            lambda v: not spec.above or spec.minimum is None or v > spec.minimum).map(_fraction)
    if isinstance(spec, BoolInput):
        return st.sampled_from(["true", "false", "yes", "no", "on", "off", "1", "0"])
    if isinstance(spec, ChoiceInput):
        return st.sampled_from([str(choice) for choice in spec.choices])
    if isinstance(spec, FacesInput):
        return st.lists(st.integers(1, spec.sides), max_size=spec.max_count).flatmap(
            lambda faces: st.sampled_from([",", ", ", " "]).map(
                lambda sep: sep.join(map(str, faces))))
    if isinstance(spec, NamesInput):
        return st.lists(st.sampled_from(spec.choices), unique=True).map(",".join)
    if isinstance(spec, TextInput):
        return st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1,
                       max_size=spec.max_length)
    raise TypeError(f"no strategy for {type(spec).__name__}")


def _fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else \
        f"{value.numerator}/{value.denominator}"


TOML_HOSTILE = (
    "1e999999999", "-1e999999999", "1e-999999999", "nan", "+nan", "-nan", "inf", "+inf", "-inf",
    "9" * 4301, "-" + "9" * 4301, "9" * 40, "1_000", "0x7fffffffffffffff", "0o777", "0b101",
    '"1e999999999"', '"nan"', '"inf"', '"1_0"', '"3/2"', '"1.5"', '"' + "9" * 5000 + '"',
    "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "true", "false", '""', "''",
    '"\\u001b[2J"', "[]", "[1, 2, 3]", "[nan, inf]", "[[1], [2]]", "{}", "{a = 1}",
    "[" * 1000 + "]" * 1000, "[" * 200 + "]" * 200, "{a=" * 1000 + "1" + "}" * 1000,
    "{a=" * 200 + "1" + "}" * 200, "[" + "1," * 5000 + "]", '"' + "x" * 100_000 + '"',
)
"""TOML value literals that attacked the preset reader before."""


def toml_value(spec: InputSpec | None = None) -> st.SearchStrategy[str]:
    """A TOML value literal: hostile, or (given ``spec``) one the input accepts."""
    hostile = st.one_of(
        st.sampled_from(TOML_HOSTILE),
        st.integers().map(str),
        st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
        st.text(max_size=30).map(_toml_string),
        st.lists(st.integers(-3, 12), max_size=8).map(lambda xs: "[" + ", ".join(map(str, xs))
                                                       + "]"),
        st.integers(1, 1500).map(lambda depth: "[" * depth + "]" * depth),
    )
    if spec is None or isinstance(spec, (RecordsInput, TextInput)):
        return hostile
    return st.one_of(hostile, valid_text(spec).map(lambda text: _as_toml(spec, text)))


def _toml_string(text: str) -> str:
    escaped = "".join(ch if ch.isprintable() and ch not in '"\\' else f"\\u{ord(ch):04x}"
                      for ch in text if ord(ch) < 0x10000)
    return f'"{escaped}"'


def _as_toml(spec: InputSpec, text: str) -> str:
    """A valid input text as its TOML form (numbers bare, names and choices quoted)."""
    if isinstance(spec, IntInput):
        return text
    if isinstance(spec, BoolInput):
        return "true" if spec.parse_text(text) else "false"
    if isinstance(spec, ChoiceInput):
        return text if all(isinstance(c, int) for c in spec.choices) else _toml_string(text)
    if isinstance(spec, FacesInput):
        return "[" + ", ".join(map(str, spec.parse_text(text))) + "]"
    if isinstance(spec, NamesInput):
        return "[" + ", ".join(_toml_string(n) for n in spec.parse_text(text)) + "]"
    return _toml_string(text)


@st.composite
def preset_text(draw, ruleset_id: str | None = None) -> str:
    """A preset file's text for one ruleset: a valid header (usually) and inputs drawn from the
    declarations, each valid or hostile, plus the odd unknown key or broken line."""
    ruleset_id = ruleset_id or draw(st.sampled_from(rulesets.ids()))
    ruleset = rulesets.get(ruleset_id)
    header = draw(st.sampled_from([
        f'worksheet = 1\nruleset = "{ruleset_id}"\nname = "Fuzzed"\n',
        f'worksheet = 1\nruleset = "{ruleset_id}"\n',
        f'worksheet = {draw(toml_value())}\nruleset = "{ruleset_id}"\n',
        f'worksheet = 1\nruleset = {draw(toml_value())}\n',
        f'worksheet = 1\nruleset = "{ruleset_id}"\nname = {draw(toml_value())}\n',
    ]))
    names = draw(st.lists(st.sampled_from(sorted(ruleset.inputs)), unique=True, max_size=6))
    lines = [f"{name} = {draw(toml_value(ruleset.inputs[name]))}" for name in names]
    if draw(st.booleans()):
        lines.append(draw(st.sampled_from(["unknown_input = 3", "= 3", "dodge_ranks =",
                                           "[[inputs.effects]]\nvalue = nan", "x = [1, ",
                                           "a.b.c = 1", '"" = 1'])))
    return header + "\n[inputs]\n" + "\n".join(lines) + "\n"


def preset_bytes() -> st.SearchStrategy[bytes]:
    """Anything a preset file can hold: a fuzzed preset, its bytes damaged, or plain binary."""
    text = preset_text().map(lambda t: t.encode("utf-8", "surrogatepass"))
    return st.one_of(
        text,
        st.tuples(text, st.binary(min_size=1, max_size=8), st.integers(0, 200)).map(
            lambda parts: parts[0][:parts[2]] + parts[1] + parts[0][parts[2]:]),
        st.binary(max_size=200),
        st.sampled_from([b"\xff\xfe\x00\x00", b"\xef\xbb\xbfworksheet = 1\n", b"\x00" * 64]),
    )
