"""``--sweep NAME=FROM..TO[:STEP]`` and ``--sweep NAME``: which values one sweep tries.

compare.md's rules: a range for an integer or exact-number input (STEP > 0, default 1; FROM,
FROM + STEP, … up to TO); the name alone for a boolean or a choice (every value in declaration
order); at most :data:`MAX_ROWS` rows. Anything else — an unknown input, a bound outside the
input's range, a zero or negative step, an empty range, too many rows — is a
:class:`~worksheet.cli.common.UsageError` (exit status 2) whose message names the argument
(quoted and clipped, so a hostile argument costs a bounded line) and what is allowed. The row
count is worked out from the bounds before any row is made, so a huge range is refused at once.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from worksheet.cli.common import UsageError
from worksheet.engine import InputError
from worksheet.engine.numbers import format_number
from worksheet.engine.quote import quote

MAX_ROWS = 1000
"""The most rows one sweep may have (compare.md)."""

RANGED_KINDS = ("int", "number")
LISTED_KINDS = ("bool", "choice")


def parse_sweep(argument: str, ruleset: Any) -> tuple[str, list[Any]]:
    """The input a ``--sweep`` argument names and the values of its rows, in order.

    Raises:
        UsageError: the argument is refused (see the module docstring).
    """
    shown = f"--sweep {quote(argument)}"
    name, equals, span = argument.partition("=")
    name = name.strip().replace("-", "_")
    spec = ruleset.inputs.get(name) if name else None
    if spec is None:
        sweepable = [n for n, s in ruleset.inputs.items() if s.kind in RANGED_KINDS + LISTED_KINDS]
        raise UsageError(f"{shown}: {ruleset.id} has no input {quote(name)}; expected "
                         "NAME=FROM..TO[:STEP] or NAME; inputs: " + ", ".join(sweepable))
    if not equals:
        if spec.kind == "bool":
            return name, [False, True]
        if spec.kind == "choice":
            return name, list(spec.choices)
        if spec.kind in RANGED_KINDS:
            raise UsageError(f"{shown}: {name} is a number; give a range, e.g. "
                             f"{name}={_example(spec)}")
        raise UsageError(f"{shown}: {name} is a {spec.kind} input; only numbers, booleans "
                         "and choices can be swept")
    if spec.kind not in RANGED_KINDS:
        hint = (f"sweep it without a range: --sweep {name}" if spec.kind in LISTED_KINDS
                else "only numbers, booleans and choices can be swept")
        raise UsageError(f"{shown}: {name} is a {spec.kind} input; {hint}")
    return name, _range(shown, spec, span)


def _example(spec: Any) -> str:
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else low + 10
    return f"{format_number(low)}..{format_number(min(high, low + 10))}"


def _range(shown: str, spec: Any, span: str) -> list[Any]:
    first_text, dots, rest = span.partition("..")
    last_text, colon, step_text = rest.partition(":")
    if not dots or not first_text.strip() or not last_text.strip() \
            or (colon and not step_text.strip()):
        raise UsageError(f"{shown}: expected {spec.name}=FROM..TO or {spec.name}=FROM..TO:STEP")
    first = _bound(shown, spec, "FROM", first_text)
    last = _bound(shown, spec, "TO", last_text)
    step = _step(shown, spec, step_text) if colon else 1
    if last < first:
        raise UsageError(f"{shown}: TO {format_number(last)} is below FROM "
                         f"{format_number(first)}; no rows")
    rows = (last - first) // step + 1
    if rows > MAX_ROWS:
        raise UsageError(f"{shown}: {rows:,} rows; a sweep has at most {MAX_ROWS:,} "
                         "(use a larger STEP or a shorter range)")
    return [spec.coerce(first + k * step) for k in range(int(rows))]


def _bound(shown: str, spec: Any, which: str, text: str) -> Any:
    try:
        value = spec.parse_text(text)
    except InputError as error:
        raise UsageError(f"{shown}: {which} {error.message}") from None
    if value is None:  # an optional input's empty text: not a bound
        raise UsageError(f"{shown}: {which} is empty; {spec.allowed()}")
    return value


def _step(shown: str, spec: Any, text: str) -> Any:
    try:
        step = spec.number(text.strip())
    except InputError:
        raise UsageError(f"{shown}: STEP {quote(text.strip())} is not a number; "
                         f"it must be {'a whole number ' if spec.kind == 'int' else 'a number '}"
                         "greater than 0") from None
    if step <= 0:
        raise UsageError(f"{shown}: STEP {format_number(step)} must be greater than 0")
    if spec.kind == "int" and Fraction(step).denominator != 1:
        raise UsageError(f"{shown}: STEP {format_number(step)} must be a whole number "
                         f"for {spec.name}")
    return int(step) if spec.kind == "int" else step
