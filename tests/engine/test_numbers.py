"""The named roundings and exact-number parsing, including negative numbers."""

from decimal import Decimal
from fractions import Fraction as F

import pytest

from worksheet.engine import exact, format_number, json_number
from worksheet.engine.numbers import ceil_raw, floor_raw, half_up_raw, trunc_raw

CASES = [
    # value, trunc, floor, ceil, half-up
    (F(7, 2), 3, 3, 4, 4),
    (F(-7, 2), -3, -4, -3, -3),
    (F(13, 4), 3, 3, 4, 3),
    (F(15, 4), 3, 3, 4, 4),
    (F(-13, 4), -3, -4, -3, -3),
    (F(-15, 4), -3, -4, -3, -4),
    (F(3, 2) * 43, 64, 64, 65, 65),
    (F(-1, 3), 0, -1, 0, 0),
    (5, 5, 5, 5, 5),
    (-5, -5, -5, -5, -5),
    (0, 0, 0, 0, 0),
]


@pytest.mark.parametrize("value,t,f,c,h", CASES)
def test_roundings(value, t, f, c, h):
    assert (trunc_raw(value), floor_raw(value), ceil_raw(value), half_up_raw(value)) == (t, f, c, h)


@pytest.mark.parametrize("text,expected", [
    ("3/2", F(3, 2)), ("1.5", F(3, 2)), ("-4", -4), (" 0.94 ", F(47, 50)), ("−2", -2),
    ("6/3", 2), ("-1/4", F(-1, 4)),
])
def test_exact_parses_text(text, expected):
    value = exact(text)
    assert value == expected and type(value) is type(expected)


@pytest.mark.parametrize("bad", ["", "abc", "1/0", "1.5.2", "nan", 1.5, True, None, "inf"])
def test_exact_refuses_inexact_or_garbage(bad):
    with pytest.raises(ValueError):
        exact(bad)


def test_exact_reads_decimals_exactly():
    assert exact(Decimal("0.1")) == F(1, 10)


@pytest.mark.parametrize("value,text", [
    (F(47, 50), "0.94"), (F(15, 2), "7.5"), (F(1, 3), "1/3"), (4, "4"), (F(-7, 2), "-3.5"),
    (F(8, 2), "4"), (F(1, 100000), "1/100000"), (F(-1, 20), "-0.05"),
])
def test_format_number(value, text):
    assert format_number(value) == text


def test_json_number():
    assert json_number(F(15, 2)) == "15/2"
    assert json_number(F(4, 2)) == 2
    assert json_number(-3) == -3
