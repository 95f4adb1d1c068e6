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


# -- the one grammar and its size bound -------------------------------------------------------

from worksheet.engine.numbers import MAX_DIGITS, NumberError, input_number, parse_number    # noqa: E402,E501


@pytest.mark.parametrize("text,expected", [
    ("5", 5), ("-3", -3), ("+4", 4), ("\u22123", -3), ("3/2", F(3, 2)), ("-3/2", F(-3, 2)),
    ("1.5", F(3, 2)), (".5", F(1, 2)), ("007", 7), ("4/2", 2), ("1.50", F(3, 2)),
    ("9" * MAX_DIGITS, int("9" * MAX_DIGITS)),
])
def test_parse_number_reads_the_spec_grammar(text, expected):
    value = parse_number(text)
    assert value == expected and type(value) is type(expected)


@pytest.mark.parametrize("text", [
    "1e999999999", "-1e999999999", "1e-999999999", "1e5", "1E5", "nan", "NaN", "inf", "-inf",
    "Infinity", "1_0", "0x10", "1.", "1/", "/2", "3/-2", "1.5.2", "--3", "\u0663", "\uff11",
    "1 000", "3 / 2", "1,5", "\x00", "",
])
def test_parse_number_refuses_what_the_spec_does_not_allow(text):
    with pytest.raises(NumberError) as caught:
        parse_number(text)
    assert caught.value.form


@pytest.mark.parametrize("text", ["9" * (MAX_DIGITS + 1), "1" * 5000, "1" * 1_000_000,
                                  "1." + "5" * MAX_DIGITS, "1/" + "3" * 40, "-" + "7" * 4301])
def test_parse_number_refuses_too_many_digits_before_building_them(text):
    with pytest.raises(NumberError) as caught:
        parse_number(text)
    assert "too many" in caught.value.problem and str(MAX_DIGITS) in caught.value.problem


@pytest.mark.parametrize("value", [Decimal("1e999999999"), Decimal("-1e999999999"),
                                   Decimal("1e-999999999"), Decimal("NaN"), Decimal("Infinity"),
                                   Decimal("-Infinity"), 10**MAX_DIGITS, -10**4000,
                                   F(1, 10**40), F(10**40, 3), "9" * 4301])
def test_input_number_bounds_every_kind_of_number(value):
    with pytest.raises(NumberError):
        input_number(value)


def test_exact_keeps_big_numbers_a_rule_computed():
    assert exact(6**60) == 6**60  # sixty d6: a rule may count outcomes this large
    assert exact(F(1, 6**60)) == F(1, 6**60)
    with pytest.raises(NumberError):
        exact(Decimal("1e999999999"))  # but nothing huge is ever built from a literal


def test_exact_reads_toml_decimals_within_the_bound():
    assert exact(Decimal("1e5")) == 100000
    assert exact(Decimal("0.125")) == F(1, 8)
    assert exact(Decimal("-2.50")) == F(-5, 2)


@pytest.mark.parametrize("text", ["0", "007", "17", " 42 ", "9" * MAX_DIGITS, "0" * MAX_DIGITS])
def test_plain_digits_read_as_the_grammar_reads_them(text):
    # Plain ASCII digits take a short path past the grammar; it must agree with the grammar
    # (leading zeros, the digit bound) and leave every other digit to it (see the refusals).
    assert parse_number(text) == int(text.strip()) == parse_number("+" + text.strip())
    assert type(parse_number(text)) is int
