"""Exact arithmetic and the named roundings every ruleset uses.

Rules never touch ``float``: a tabletop number such as ``0.94`` or ``15/2`` is kept as an
``int`` or a :class:`fractions.Fraction` until a rule explicitly rounds it, and each rounding
has a name so the derivation can say which one was applied. The rounding helpers accept plain
numbers and :class:`~worksheet.engine.explain.Term` values alike (see ``explain``), so a rule
written with them explains itself.
"""

from __future__ import annotations

import functools
import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Union

Number = Union[int, Fraction]
"""An exact number: what every rule computes with."""


MAX_DIGITS = 30
"""The most digits a number may have, before and after the point together (``123.45`` has 5).

No tabletop value comes near it; the bound is checked on the text (or on a TOML decimal's
digits and exponent) before any big number is built, so ``1e999999999`` or a 5,000-digit integer
is refused at once instead of hanging the program while a billion-digit number is made.
"""

NUMBER_FORMS = "a number written like 5, -3, 3/2 or 1.5"
"""The spec's number grammar in words, for messages."""

_GRAMMAR = re.compile(r"([+\-\u2212]?)(?:([0-9]+)/([0-9]+)|([0-9]*)\.([0-9]+)|([0-9]+))")
"""The spec's grammar: an integer (``5``, ``-3``), a fraction (``3/2``) or a decimal (``1.5``,
``.5``), with an optional sign (the Unicode minus ``−`` is a minus). No exponents, no ``_``
separators, no ``nan`` or ``inf``: Python's own number grammar is wider than the spec's."""

_LIMIT = 10**MAX_DIGITS


class NumberError(ValueError):
    """Text or a value that is not an exact number the program accepts.

    Attributes:
        problem: what is wrong, in words that fit after the input's name and value.
        form: true when the text is not in the grammar at all (so a whole-number input can
            say "not a whole number" instead).
    """

    def __init__(self, problem: str, form: bool = False):
        self.problem = problem
        self.form = form
        super().__init__(problem)


def _too_many_digits(count: int) -> NumberError:
    return NumberError(f"{count} digits is too many (numbers have at most {MAX_DIGITS})")


def _not_in_grammar() -> NumberError:
    return NumberError(f"not {NUMBER_FORMS}", form=True)


def parse_number(text: str) -> Number:
    """Parse a number by the spec's grammar, refusing any text too long to be a sheet value.

    The grammar is matched in time linear in the text, and the digits are counted before
    anything is converted, so no number of more than :data:`MAX_DIGITS` digits is ever built
    (``int()`` of a billion-digit text would run for minutes, out of reach of any timer).

    Args:
        text: ``5``, ``-3``, ``3/2``, ``1.5``; surrounding spaces are ignored.

    Returns:
        An ``int`` when the value is whole, otherwise a ``Fraction``.

    Raises:
        NumberError: the text is empty, not in the grammar, has too many digits, or divides by 0.
    """
    if not isinstance(text, str):
        raise NumberError(f"not text (got {type(text).__name__})")
    text = text.strip()
    if not text:
        raise NumberError("empty text is not a number", form=True)
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)  # plain digits, what a player types most: the grammar's integer form
    match = _GRAMMAR.fullmatch(text)  # linear in the text: no backtracking to speak of
    if match is None:
        raise _not_in_grammar()
    digits = len(text) - len(match.group(1)) - (1 if "/" in text or "." in text else 0)
    if digits > MAX_DIGITS:  # before int(): a long text never becomes a big number
        raise _too_many_digits(digits)
    sign, top, bottom, whole, places, integer = match.groups()
    negative = sign in ("-", "\u2212")
    if integer is not None:
        value: Number = int(integer)
    elif top is not None:
        if int(bottom) == 0:
            raise NumberError("a fraction cannot divide by 0")
        value = normalize(Fraction(int(top), int(bottom)))
    else:
        value = normalize(Fraction(int((whole or "0") + places), 10 ** len(places)))
    return -value if negative else value


def check_size(value: Number) -> Number:
    """Refuse an exact number with more than :data:`MAX_DIGITS` digits (cheap for any size).

    Raises:
        NumberError: the number (or its denominator) is too large.
    """
    if isinstance(value, int):
        if -_LIMIT < value < _LIMIT:
            return value
        raise _too_many_digits(_digit_count(value))
    if -_LIMIT < value.numerator < _LIMIT and value.denominator < _LIMIT:
        return value
    raise _too_many_digits(max(_digit_count(value.numerator), _digit_count(value.denominator)))


def _digit_count(value: int) -> int:
    """About how many decimal digits ``value`` has, without converting it to text."""
    return max(1, abs(value).bit_length() * 30103 // 100000 + 1)  # log10(2) ≈ 0.30103


def _decimal(value: Decimal) -> Number:
    """A finite Decimal (as TOML decimals are read) as an exact number, bounded first."""
    if not value.is_finite():
        raise NumberError(f"{value} is not a finite number")
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    significant = len(digits)
    whole_digits = significant + exponent  # digits before the point (may be <= 0)
    places = max(0, -exponent)
    if max(whole_digits, 0) + places > MAX_DIGITS:
        raise _too_many_digits(max(whole_digits, 0) + places)
    return normalize(Fraction(value))


def exact(value: object) -> Number:
    """Convert a literal to an exact number, refusing anything inexact.

    Text is read by :func:`parse_number` and a Decimal is checked before it is converted, so
    neither can build a huge number. An ``int`` or ``Fraction`` already built is taken as it is:
    a rule may compute with big numbers (``6**60`` outcomes of sixty dice);
    :func:`input_number` is what bounds a value entering the program.

    Args:
        value: an ``int``, ``Fraction``, ``Decimal`` (a TOML decimal, read exactly) or a string
            such as ``"3/2"``, ``"1.5"`` or ``"-4"``. A ``float`` is refused: it already lost
            exactness.

    Returns:
        An ``int`` when the value is whole, otherwise a ``Fraction``.

    Raises:
        NumberError: (a ``ValueError``) the value is not an exact number within the bound.
    """
    if isinstance(value, bool):
        raise NumberError(f"{value!r} is a yes/no value, not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return normalize(value)
    if isinstance(value, Decimal):
        return _decimal(value)
    if isinstance(value, str):
        return parse_number(value)
    if isinstance(value, float):
        raise NumberError("floating-point values are not exact; write it as 3/2 or \"1.5\"")
    raise NumberError(f"not a number (got {type(value).__name__})")


def input_number(value: object) -> Number:
    """A number entering the program — typed, given with ``--set``, read from a preset or a
    record row — as an exact number within :data:`MAX_DIGITS` digits.

    Every input declaration reads its numbers here, so one grammar and one size bound hold
    for every way a number enters.

    Raises:
        NumberError: not an exact number, or too many digits.
    """
    return check_size(exact(value))


def normalize(value: Number) -> Number:
    """Return ``value`` as an ``int`` when it is whole, so ``Fraction(4, 2)`` reads as ``2``."""
    if type(value) is int:  # the hot path: checked by type, not by the slower ABC isinstance
        return value
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


def _raw(value):
    """The plain number inside a value that may be a Term (avoids importing explain here)."""
    return getattr(value, "value", value)


def trunc_raw(value: Number) -> int:
    """Cut toward zero: ``-7/2`` becomes ``-3``."""
    return math.trunc(_raw(value))


def floor_raw(value: Number) -> int:
    """Round toward minus infinity: ``-7/2`` becomes ``-4``."""
    return math.floor(_raw(value))


def ceil_raw(value: Number) -> int:
    """Round toward plus infinity: ``-7/2`` becomes ``-3``, ``129/2`` becomes ``65``."""
    return math.ceil(_raw(value))


def half_up_raw(value: Number) -> int:
    """Round to nearest, halves upward: ``floor(x + 1/2)``, so ``-7/2`` becomes ``-3``."""
    return math.floor(Fraction(_raw(value)) + Fraction(1, 2))


def format_number(value: Number) -> str:
    """Show an exact number the way a player reads it.

    Whole numbers print as integers; fractions with a short finite decimal form print as a
    decimal (``47/50`` → ``0.94``); every other fraction prints as ``a/b`` so nothing is hidden
    by rounding for display.
    """
    if type(value) is int:
        return str(value)
    if type(value) is not Fraction:  # e.g. a bool, shown as it always was
        value = normalize(value)
        if isinstance(value, int):
            return str(value)
    denominator = value.denominator
    if denominator == 1:
        return str(value.numerator)
    return _format_fraction(value.numerator, denominator)


@functools.lru_cache(maxsize=4096)
def _format_fraction(numerator: int, denominator: int) -> str:
    """``format_number`` for a fraction in lowest terms, cached: a sheet shows the same few
    values over and over. Keyed by the two integers, because hashing a ``Fraction`` costs
    about as much as formatting it."""
    places_denominator = denominator
    twos = fives = 0
    while places_denominator % 2 == 0:
        places_denominator //= 2
        twos += 1
    while places_denominator % 5 == 0:
        places_denominator //= 5
        fives += 1
    places = max(twos, fives)
    if places_denominator == 1 and places <= 4:
        scaled = numerator * 10**places // denominator  # exact: denominator divides 10**places
        sign = "-" if scaled < 0 else ""
        digits = str(abs(scaled)).rjust(places + 1, "0")
        return f"{sign}{digits[:-places]}.{digits[-places:]}"
    return f"{numerator}/{denominator}"


def json_number(value: Number) -> int | str:
    """Encode an exact number for JSON: an integer stays one, a fraction becomes ``"15/2"``."""
    value = normalize(value)
    if isinstance(value, int):
        return value
    return f"{value.numerator}/{value.denominator}"
