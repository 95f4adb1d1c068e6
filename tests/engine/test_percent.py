"""The one rule a probability reads by (``worksheet.engine.percent``), over every exact chance:
never 0 % when it can happen, never 100 % when it can fail, never reading smaller as it grows;
bars on one scale; and ``calc``'s text and Markdown saying the same while JSON stays exact."""

from __future__ import annotations

import json
from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from worksheet import rulesets
from worksheet.engine import Sheet
from worksheet.engine.percent import ABOVE, BELOW, bar_eighths, percent, points
from worksheet.formats.report import to_json, to_markdown, to_text

chances = st.fractions(min_value=0, max_value=1, max_denominator=10**12)
"""Exact chances in [0, 1], down to the tiny ones the dice pools give."""


def rank(text: str) -> F:
    """Where a percentage text sits on the line from 0 to 100 (``<0.1 %`` just above 0)."""
    if text == BELOW:
        return F(1, 100)
    if text == ABOVE:
        return F(99999, 1000)
    return F(text.removesuffix(" %"))


@given(chances)
def test_a_chance_reads_zero_or_certain_only_when_it_is(p):
    text = percent(p)
    assert (text == "0.0 %") == (p == 0)
    assert (text == "100.0 %") == (p == 1)
    assert text in (BELOW, ABOVE) or len(text.split(".")[1]) == 3  # one decimal, then " %"


@given(chances, chances)
def test_a_larger_chance_never_reads_smaller(p, q):
    low, high = sorted((p, q))
    assert rank(percent(low)) <= rank(percent(high))


@given(chances, chances, st.integers(min_value=1, max_value=40))
def test_bars_are_on_one_scale_with_a_sliver_and_never_full_unless_certain(p, q, cells):
    full = cells * 8
    eighths = bar_eighths(p, cells)
    assert (eighths == 0) == (p == 0) and (eighths == full) == (p == 1)
    low, high = sorted((p, q))
    assert bar_eighths(low, cells) <= bar_eighths(high, cells)
    assert abs(F(eighths, full) - p) <= F(1, full)  # within an eighth of a cell of the chance


@given(chances, chances)
def test_a_change_in_points_says_which_way_it_went(p, q):
    text = points(p, q)
    assert text[0] == ("+" if q >= p else "−")
    assert (text[1:] == "0.0") == (p == q)


def test_the_edges_and_the_spec_examples():
    assert [percent(p) for p in (0, F(1, 10000), F(1, 2001), F(1, 2000), F(9064, 15625),
                                 F(1999, 2000), 1 - F(1, 10000), 1)] == [
        "0.0 %", "<0.1 %", "<0.1 %", "0.1 %", "58.0 %", ">99.9 %", ">99.9 %",
        "100.0 %"]
    assert (points(F(348, 1000), F(41, 100)), points(1, 0)) == ("+6.2", "−100.0")
    assert (points(F(2, 10000), F(1, 10000)), points(F(1, 10000), F(2, 10000))) == (
        "−<0.1", "+<0.1")


def test_calc_text_and_markdown_say_below_a_tenth_and_json_keeps_the_fraction():
    # Rise: accuracy −30 against Armor 10 → G(40) = 1/10000 (a 10, then three more 10s).
    sheet = Sheet(rulesets.get("rise"), {"armor_class_bonus": 10, "accuracy": -30})
    assert sheet.value("p_hit_armor") == F(1, 10000)
    for text in (to_text(sheet), to_markdown(sheet)):
        assert "0.0001 = <0.1 %" in text and "0.0 %" not in text
    values = json.loads(to_json(sheet))["values"]
    assert values["p_hit_armor"] == "1/10000" and values["p_crit_armor"] == "1/100000"
