"""Terms: the formula and the substituted numbers come from the same arithmetic as the value."""

from fractions import Fraction as F

from worksheet.engine import (Term, ceil, explained, floor, half_up, named, tmax, tmin, total,
                              trunc)


def term(name, value):
    return Term(value, name, str(value))


def test_formula_and_numbers_follow_the_arithmetic():
    result = term("a", 60) + term("b", 20) + trunc(term("c", 18) / 4)
    assert result.value == 84
    assert result.formula == "a + b + trunc(c / 4)"
    assert result.substituted == "60 + 20 + trunc(18 / 4 = 4.5)"


def test_parentheses_follow_precedence():
    a, b, c = term("a", 5), term("b", 2), term("c", 1)
    assert (a - (b + c)).formula == "a - (b + c)"
    assert (a - (b + c)).value == 2
    assert ((a + b) * c).formula == "(a + b) × c"
    assert (a * b + c).formula == "a × b + c"
    assert (a / (b * c)).formula == "a / (b × c)"
    assert (a / (b * c)).value == F(5, 2)


def test_negative_numbers_are_parenthesised_where_needed():
    ap = Term(-12, "ap", "-12")
    assert (1 + ap / 200).substituted == "1 + (-12) / 200"
    assert (term("x", 5) - ap).substituted == "5 - (-12)"
    assert (term("x", 5) - ap).value == 17
    assert (ap + 3).substituted == "-12 + 3"


def test_adding_a_negative_literal_reads_as_subtraction():
    assert (term("x", 5) + (-3)).formula == "x - 3"
    assert (term("x", 5) + (-3)).value == 2


def test_roundings_show_the_value_before_rounding():
    assert trunc(term("m", 84) * F(47, 50)).substituted == "trunc(84 × 0.94 = 78.96)"
    assert trunc(term("m", 84) * F(47, 50)).value == 78
    assert ceil(term("r", 43) * F(3, 2)).value == 65
    assert floor(Term(F(-3, 2), "x", "-1.5")).value == -2
    assert half_up(Term(F(5, 2), "x", "2.5")).value == 3
    assert trunc(Term(F(-7, 2), "x", "-3.5")).value == -3


def test_max_min_total_named():
    assert tmax(term("s", 2), term("c", 3)).formula == "max(s, c)"
    assert tmax(term("s", 2), term("c", 3)).value == 3
    assert tmin(term("s", 2), 0).value == 0
    assert total([]).value == 0
    assert total([term("a", 1), term("b", 2)]).formula == "a + b"
    factor = named(F(7, 10), "shield factor")
    assert (term("m", 78) * factor).substituted == "78 × 0.7"


def test_terms_behave_like_numbers_in_conditions():
    essence = term("essence", 2)
    assert essence >= 2 and essence == 2 and not essence < 2
    assert {1: "x", 2: "y"}[int(essence)] == "y"
    assert f"{essence}" == "2"


def test_a_long_sum_renders_its_texts_without_deep_recursion():
    # Texts are rendered when read, from a chain as deep as the sum is long.
    result = total(term(f"m{i}", i % 7 - 3) for i in range(5000))
    assert result.value == sum(i % 7 - 3 for i in range(5000))
    assert result.formula.startswith("m0 + m1 + m2") and result.formula.endswith(" + m4999")
    assert result.substituted.startswith("-3 + (-2) + (-1) + 0 + 1")
    nested = term("x", 1)
    for _ in range(3000):
        nested = -(nested * 2)
    assert nested.formula.startswith("-(-(-(") and "-(-(x × 2) × 2) × 2)" in nested.formula
    assert nested.formula.count("× 2") == 3000
    assert "-((-((-(1 × 2)) × 2)) × 2)" in nested.substituted


def test_a_shared_operand_renders_the_same_in_both_places():
    x = term("x", -2) * 3
    assert (x + x).formula == "x × 3 + x × 3"
    assert (x - -x).substituted == "(-2) × 3 - (-((-2) × 3))"


def test_explained_texts_read_late_are_the_terms_and_survive_replace():
    from dataclasses import replace

    result = explained(term("a", 1) + term("b", -2), notes=["n"])
    changed = replace(result, notes=("m",))
    assert (changed.formula, changed.substituted, changed.notes) == ("a + b", "1 + (-2)", ("m",))
    assert result == explained(term("a", 1) + term("b", -2), notes=["n"])
