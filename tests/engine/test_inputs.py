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


# -- hostile values: refused with a message, in bounded time, by every kind of input -----------

BOOL = BoolInput("b", False)
TEXT = TextInput("name", REQUIRED)
ROWS = RecordsInput("rows", fields=(IntInput("value", REQUIRED, minimum=-10, maximum=10),
                                    NumberInput("share", None, optional=True),
                                    ChoiceInput("kind", "a", choices=("a", "b"))))
EVERY_KIND = [RANKS, LIMIT, BOOL, ASG, FACES, NAMES]
HOSTILE_TEXT = ["1e999999999", "-1e999999999", "1e-999999999", "nan", "inf", "-inf", "1_0",
                "9" * 4301, "9" * 1_000_000, "0x1f", "\x00\x01\xff", "\u0663"]
HOSTILE_TOML = [Decimal("1e999999999"), Decimal("-1e999999999"), Decimal("1e-999999999"),
                Decimal("NaN"), Decimal("Infinity"), Decimal("-Infinity"), 10**4000, -10**4000,
                [[[[1]]]], {"a": {"b": 1}}, [Decimal("NaN")], [10**4000], 1.5, None.__class__]


@pytest.mark.parametrize("spec", EVERY_KIND, ids=lambda s: s.kind)
@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=lambda t: t[:12])
def test_hostile_text_is_refused_with_a_short_message(spec, text):
    with pytest.raises(InputError) as caught:
        spec.parse_text(text)
    message = caught.value.message
    assert message.startswith(f"{spec.name} = ") and "allowed: " in message
    assert len(message) < 400  # a megabyte of digits is not repeated back


@pytest.mark.parametrize("spec", EVERY_KIND + [TEXT], ids=lambda s: s.kind)
@pytest.mark.parametrize("raw", HOSTILE_TOML, ids=lambda r: repr(r)[:16])
def test_hostile_toml_values_are_refused(spec, raw):
    with pytest.raises(InputError) as caught:
        spec.coerce(raw)
    assert caught.value.message.startswith(f"{spec.name} = ")
    assert len(caught.value.message) < 400


@pytest.mark.parametrize("raw", HOSTILE_TOML[:8], ids=lambda r: repr(r)[:16])
@pytest.mark.parametrize("key", ["value", "share", "kind"])
def test_hostile_values_in_record_rows_name_the_row_and_key(raw, key):
    row = {"value": 1, key: raw}
    with pytest.raises(InputError) as caught:
        ROWS.coerce([{"value": 2}, row])
    assert caught.value.input == f"rows[1].{key}"


def test_a_huge_integer_names_its_digits_and_the_range():
    with pytest.raises(InputError) as caught:
        RANKS.parse_text("9" * 5000)
    message = caught.value.message
    assert "5000 characters" in message and "too many" in message
    assert "from 0 to 500" in message


@pytest.mark.parametrize("text,value", [("8 3", (8, 3)), ("8, 3", (8, 3)), ("8 ,3", (8, 3)),
                                        (" 8  3  1 ", (8, 3, 1))])
def test_faces_may_be_separated_by_spaces_or_commas(text, value):
    assert FACES.parse_text(text) == value


def test_two_commas_in_a_row_are_still_refused():
    with pytest.raises(InputError):
        FACES.parse_text("8,,3")


def test_names_may_be_separated_by_spaces():
    assert NAMES.parse_text("onslaught wound_penalty") == ("onslaught", "wound_penalty")
    assert NAMES.parse_text("onslaught, wound_penalty") == ("onslaught", "wound_penalty")


@pytest.mark.parametrize("spec", [IntInput("x", 0, minimum=0, maximum=5), RANKS], ids=str)
def test_whole_number_text_in_other_forms(spec):
    assert spec.parse_text("4/2") == 2
    with pytest.raises(InputError) as caught:
        spec.parse_text("6.5")
    assert "not a whole number" in caught.value.message


# -- every help example is valid for its input ---------------------------------------------------

import re  # noqa: E402

from worksheet import rulesets    # noqa: E402


def _every_input():
    for ruleset_id in rulesets.ids():
        for spec in rulesets.get(ruleset_id).inputs.values():
            if isinstance(spec, RecordsInput):
                for field in spec.fields:
                    yield f"{ruleset_id}.{spec.name}.{field.name}", field
            else:
                yield f"{ruleset_id}.{spec.name}", spec


EVERY_INPUT = dict(_every_input())
VALUE_LIKE = re.compile(r"[-+−]?[0-9][0-9.,/ ]*")


def examples_in(text: str) -> list[str]:
    """The value-like examples a help text gives after "e.g." (``8,3,10``, ``3/2 or 1.5``);
    words such as "a Charm's name" are not values and are left out."""
    found = []
    for match in re.finditer(r"e\.g\.\s+([^;)·]+)", text):
        for candidate in match.group(1).split(" or "):
            candidate = candidate.strip().rstrip(".")
            if VALUE_LIKE.fullmatch(candidate):
                found.append(candidate)
    return found


def test_examples_in_finds_the_values():
    assert examples_in("up to 60 d6 faces, e.g. 8,3,10 · hits") == ["8,3,10"]
    assert examples_in("an exact number (e.g. 3/2 or 1.5)") == ["3/2", "1.5"]
    assert examples_in("e.g. Hearthstone Bracers +3") == []


@pytest.mark.parametrize("where", sorted(EVERY_INPUT))
def test_every_declared_example_parses(where):
    spec = EVERY_INPUT[where]
    examples = [spec.example] + examples_in(spec.help) + examples_in(spec.allowed())
    for example in examples:
        if example or spec.optional:
            spec.parse_text(example)  # raises InputError when an example is not allowed


def test_shadowrun_defender_faces_example_is_a_d6_roll():
    spec = rulesets.get("shadowrun4").inputs["defender_faces"]
    assert spec.parse_text(spec.example) == (5, 3, 6)
    assert "e.g. 5,3,6" in spec.allowed()


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_example_the_app_shows_parses(ruleset_id):
    from worksheet.ui.widgets.input_row import describe

    for spec in rulesets.get(ruleset_id).inputs.values():
        if not isinstance(spec, RecordsInput):
            for example in examples_in(describe(spec)):
                spec.parse_text(example)


@pytest.mark.parametrize("spec, words", [
    (IntInput("a", minimum=0, maximum=10), "0 to 10"),
    (IntInput("a", minimum=1), "≥ 1"),
    (IntInput("a", maximum=-1), "≤ -1"),
    (IntInput("a"), "any whole number"),
    (NumberInput("a", minimum=0, above=True), "> 0 (3/2 or 1.5)"),
    (NumberInput("a", minimum=0, maximum=5, above=True), "0 to 5 (3/2 or 1.5)"),
    (NumberInput("a"), "any number (3/2 or 1.5)"),
    (FacesInput("a", sides=6, max_count=60), "up to 60 d6 faces, e.g. 5,3,6"),
    (ChoiceInput("a", choices=("x", "y")), ""),
    (BoolInput("a"), ""),
    (TextInput("a", max_length=12), "non-empty text of at most 12 characters"),
])
def test_an_input_says_what_it_allows_in_a_few_words_for_the_form(spec, words):
    """The form shows these beside the field; a choice, a switch or a list of names shows its
    values itself (empty)."""
    assert spec.allowed(short=True) == words
    if not isinstance(spec, TextInput):  # the full words (messages, rule panel) say more
        assert spec.allowed() not in ("", words)
