"""Values as messages show them: short, never deep, never converted to a huge number.

A message repeats what was given, and what was given may be a megabyte of digits, a TOML list
nested a thousand deep, or ``1e999999999``; printing any of those whole would hang the program
or bury the message. Everything here takes time bounded by :data:`SHOWN_LENGTH`.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any, Mapping

from worksheet.engine.numbers import NumberError, check_size, format_number, normalize

SHOWN_LENGTH = 40
"""The longest value a message repeats whole (``quote(text, SHOWN_LENGTH)``), and the most items
of a list it shows: a value is repeated beside its field, where a line is short; a longer one
is cut, with its length given, so a megabyte of pasted digits stays one readable line."""


def show_value(value: Any, depth: int = 0) -> str:
    """A value as a message shows it; never fails, never deep (nested lists show as ``[…]``)."""
    if isinstance(value, (list, tuple)):
        if depth:
            return "[…]"
        items = [show_value(item, 1) for item in value[:SHOWN_LENGTH]]
        return ",".join(items) + (",…" if len(value) > SHOWN_LENGTH else "")
    if isinstance(value, Mapping):
        return "{…}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return str(value)  # cheap for any exponent; never converted to a big number
    if isinstance(value, Fraction):
        try:
            return format_number(check_size(normalize(value)))
        except NumberError:
            return "a fraction too large to show"
    if isinstance(value, int):
        try:
            check_size(value)
        except NumberError:
            return f"a {value.bit_length()}-bit integer"
        return str(value)
    if isinstance(value, str):
        return value
    return type(value).__name__


def kind_of(raw: Any) -> str:
    """What a value from TOML or code is, in a player's words."""
    if isinstance(raw, Mapping):
        return "a table"
    if isinstance(raw, (list, tuple)):
        return "a list"
    if isinstance(raw, bool):
        return "true/false"
    return type(raw).__name__
