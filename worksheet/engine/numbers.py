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
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Union

Number = Union[int, Fraction]
"""An exact number: what every rule computes with."""


def exact(value: object) -> Number:
    """Convert a literal to an exact number, refusing anything inexact.

    Args:
        value: an ``int``, ``Fraction``, ``Decimal`` or a string such as ``"3/2"``, ``"1.5"``
            or ``"-4"``. A ``float`` is refused: it already lost exactness.

    Returns:
        An ``int`` when the value is whole, otherwise a ``Fraction``.

    Raises:
        ValueError: the value is not an exact number.
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is a boolean, not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return normalize(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{value} is not a finite number")
        return normalize(Fraction(value))
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-")
        if not text:
            raise ValueError("empty text is not a number")
        try:
            if "/" in text:
                top, _, bottom = text.partition("/")
                return normalize(Fraction(int(top.strip()), int(bottom.strip())))
            return normalize(Fraction(Decimal(text)))
        except (ValueError, ZeroDivisionError, InvalidOperation, ArithmeticError):
            raise ValueError(f"{value!r} is not an exact number") from None
    raise ValueError(f"{value!r} is not an exact number")


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


ROUNDINGS = {
    "trunc": trunc_raw,
    "floor": floor_raw,
    "ceil": ceil_raw,
    "half-up": half_up_raw,
}
"""The named roundings, by the name a derivation shows."""


def format_number(value: Number) -> str:
    """Show an exact number the way a player reads it.

    Whole numbers print as integers; fractions with a short finite decimal form print as a
    decimal (``47/50`` → ``0.94``); every other fraction prints as ``a/b`` so nothing is hidden
    by rounding for display.
    """
    if type(value) is int:
        return str(value)
    return _format_fraction(value)


@functools.lru_cache(maxsize=4096)
def _format_fraction(value: Fraction) -> str:
    """``format_number`` for fractions, cached: a sheet shows the same few values over and over."""
    value = normalize(value)
    if isinstance(value, int):
        return str(value)
    denominator = value.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    places = max(twos, fives)
    if denominator == 1 and places <= 4:
        scaled = value * 10**places
        sign = "-" if scaled < 0 else ""
        digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
        return f"{sign}{digits[:-places]}.{digits[-places:]}"
    return f"{value.numerator}/{value.denominator}"


def json_number(value: Number) -> int | str:
    """Encode an exact number for JSON: an integer stays one, a fraction becomes ``"15/2"``."""
    value = normalize(value)
    if isinstance(value, int):
        return value
    return f"{value.numerator}/{value.denominator}"
