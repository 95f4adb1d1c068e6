"""Input declarations: parsing from text and from TOML values, and the messages they give."""

from decimal import Decimal
from fractions import Fraction as F

import pytest

from worksheet.engine import (REQUIRED, BoolInput, ChoiceInput, FacesInput, InputError, IntInput,
                              NamesInput, NumberInput, RecordsInput, TextInput)

RANKS = IntInput("dodge_ranks", 0, minimum=0, maximum=500)
LIMIT = NumberInput("charm_limit", None, minimum=0, optional=True)
FACES = FacesInput("stunt_faces", sides=10, max_count=3)
NAMES = NamesInput("ignored", choices=("onslaught", "wound_penalty"))
ASG = ChoiceInput("armor_asg", 1, choices=(1, 2, 5, 12))


@pytest.mark.parametrize("spec,text,value", [
    (RANKS, "5", 5), (RANKS, " 500 ", 500), (RANKS, "+3", 3),
    (IntInput("x", 0, minimum=-5, maximum=5), "-3", -3),
    (IntInput("x", 0, minimum=-5, maximum=5), "−3", -3),
    (LIMIT, "3/2", F(3, 2)), (LIMIT, "1.5", F(3, 2)), (LIMIT, "", None), (LIMIT, "2", 2),
    (BoolInput("b", False), "yes", True), (BoolInput("b", False), "OFF", False),
    (BoolInput("b", False), "1", True), (BoolInput("b", False), "0", False),
    (FACES, "8,3,10", (8, 3, 10)), (FACES, "", ()), (FACES, " 7 , 7 ", (7, 7)),
    (NAMES, "onslaught,wound_penalty", ("onslaught", "wound_penalty")), (NAMES, "", ()),
    (ASG, "12", 12), (ChoiceInput("s", "none", choices=("none", "tower")), "tower", "tower"),
])
def test_parse_text(spec, text, value):
    assert spec.parse_text(text) == value


@pytest.mark.parametrize("spec,text,fragment", [
    (RANKS, "1.5", "not a whole number"), (RANKS, "501", "above the maximum 500"),
    (RANKS, "-1", "below the minimum 0"), (RANKS, "", "not a whole number"),
    (RANKS, "1_000", "not a whole number"), (LIMIT, "-1", "below the minimum 0"),
    (LIMIT, "x", "not an exact number"), (BoolInput("b", False), "maybe", "yes/no"),
    (FACES, "11", "outside 1–10"), (FACES, "0", "outside 1–10"), (FACES, "1,2,3,4", "more than 3"),
    (FACES, "a", "not a die face"), (NAMES, "nope", "not one of the names"),
    (NAMES, "onslaught,onslaught", "repeated"), (ASG, "3", "not one of the choices"),
])
def test_bad_text_names_input_value_and_allowed(spec, text, fragment):
    with pytest.raises(InputError) as caught:
        spec.parse_text(text)
    message = caught.value.message
    assert message.startswith(f"{spec.name} = {text.strip()!r}")
    assert fragment in message
    assert "allowed:" in message


def test_int_message_says_the_range():
    with pytest.raises(InputError) as caught:
        RANKS.parse_text("900")
    assert "a whole number from 0 to 500" in caught.value.message


@pytest.mark.parametrize("raw", [True, 1.5, "five", [1]])
def test_int_from_toml_refuses_other_types(raw):
    with pytest.raises(InputError):
        RANKS.coerce(raw)


def test_number_from_toml_reads_decimals_exactly_and_refuses_float():
    assert LIMIT.coerce(Decimal("0.1")) == F(1, 10)
    assert LIMIT.coerce("3/2") == F(3, 2)
    with pytest.raises(InputError):
        LIMIT.coerce(0.1)


def test_strictly_positive_number():
    divisor = NumberInput("value", 1, minimum=0, above=True)
    with pytest.raises(InputError, match="greater than 0"):
        divisor.coerce(0)
    assert divisor.coerce("1/2") == F(1, 2)


@pytest.mark.parametrize("spec,value", [
    (RANKS, 42), (LIMIT, F(7, 3)), (LIMIT, None), (FACES, (10, 1)), (NAMES, ("onslaught",)),
    (ASG, 12), (BoolInput("b", False), True),
])
def test_text_round_trip(spec, value):
    assert spec.parse_text(spec.to_text(value)) == value


EFFECTS = RecordsInput(
    "effects",
    fields=(TextInput("name", REQUIRED), ChoiceInput("op", "add", choices=("add", "divide")),
            NumberInput("value", REQUIRED)),
    check=lambda r: ("value", "must be greater than 0 to divide")
    if r["op"] == "divide" and r["value"] <= 0 else None,
)


def test_records_fill_defaults_and_coerce_fields():
    (record,) = EFFECTS.coerce([{"name": "Charm", "value": "3/2"}])
    assert dict(record) == {"name": "Charm", "op": "add", "value": F(3, 2)}


@pytest.mark.parametrize("raw,where", [
    ([{"value": 1}], "effects[0].name"),
    ([{"name": "a", "value": 1}, {"name": "b", "value": 1, "colour": "red"}], "effects[1].colour"),
    ([{"name": "a", "value": 1}, {"name": "b", "op": "divide", "value": 0}], "effects[1].value"),
    ([{"name": "a", "op": "times", "value": 1}], "effects[0].op"),
    (["not a table"], "effects[0]"),
])
def test_bad_record_names_index_and_key(raw, where):
    with pytest.raises(InputError) as caught:
        EFFECTS.coerce(raw)
    assert caught.value.input == where


def test_records_to_toml_round_trip():
    value = EFFECTS.coerce([{"name": "x", "op": "divide", "value": "3/2"}])
    assert EFFECTS.coerce(EFFECTS.to_toml(value)) == value
