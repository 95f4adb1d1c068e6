"""``worksheet calc … --sweep``: every row is ``calc --set`` of that value, refusals exit 2 with
a bounded message naming the argument, and the text's bars are on one scale at 80 columns."""

import json

import pytest

from worksheet.cli import main
from worksheet.engine.percent import bar_eighths, percent
from fractions import Fraction

GEMSTONE = ("gemstone4", "--preset", "gemstone4-odds-example-1-against-as-150")


def run(capsys, *argv):
    status = main(["calc", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def document(capsys, *argv):
    status, out, err = run(capsys, *argv, "--format", "json")
    assert out, err
    return status, json.loads(out)


@pytest.mark.parametrize("sheet,sweep", [
    (GEMSTONE, "attacker_as=100..200:25"),
    (("rise", "--preset", "rise-odds-r1-fighter-against-accuracy-5"), "dexterity=-2..4:3"),
    (("exalted2e", "--preset", "exalted2e-odds-eight-dice-against-dv-3"), "rounding"),
    (("shadowrun4", "--preset", "shadowrun4-odds-twelve-dice-against-nine"), "full_defense"),
    (("vtm-revised", "--preset", "vtm-revised-odds-six-dice-against-a-dodge"),
     "willpower_success"),
])
def test_every_row_is_calc_with_that_set(capsys, sheet, sweep):
    status, result = document(capsys, *sheet, "--sweep", sweep)
    assert status == 0
    name = sweep.partition("=")[0]
    assert result["sweep"]["input"] == name
    rows = result["sweep"]["rows"]
    assert len(rows) >= 2
    for row in rows:
        value = row["value"]
        text = str(value).lower() if isinstance(value, bool) else str(value)
        expected_status, expected = document(capsys, *sheet, "--set", f"{name}={text}")
        assert row["values"] == expected["values"], row["value"]
        assert row["problems"] == expected["problems"]
        assert (expected_status == 0) == (row["problems"] == [])


def test_range_values_and_hand_worked_row(capsys):
    status, result = document(capsys, *GEMSTONE, "--sweep", "attacker_as=100..200:25")
    rows = result["sweep"]["rows"]
    assert [row["value"] for row in rows] == [100, 125, 150, 175, 200]
    # odds.md: melee DS 43, other DS 50, AvD 30: m = AS − 93 + 30; AS 150 → 87/100
    assert rows[2]["values"]["p_hit_melee"] == "87/100"
    assert rows[0]["values"]["p_hit_melee"] == "37/100"


def test_text_bars_share_one_scale_and_fit_80_columns(capsys):
    status, out, _ = run(capsys, *GEMSTONE, "--sweep", "attacker_as=100..200:10")
    assert status == 0
    table = out.splitlines()[4:]
    assert len(table) == 12  # the header and 11 rows
    assert all(len(line) <= 80 for line in out.splitlines())
    _, result = document(capsys, *GEMSTONE, "--sweep", "attacker_as=100..200:10")
    for line, row in zip(table[1:], result["sweep"]["rows"]):
        p = Fraction(row["values"]["p_hit_melee"])
        assert percent(p) in line
        cells = line.split(percent(p), 1)[1].split()[0]
        assert len(cells) == 20 and cells.count("█") == bar_eighths(p, 20) // 8
    assert table[6].startswith("▸ 150")  # the sheet's own value is marked


def test_rise_five_options_fit_80_columns(capsys):
    status, out, _ = run(capsys, "rise", "--preset", "rise-odds-r1-fighter-against-accuracy-5",
                         "--sweep", "accuracy=0..12")
    assert status == 0 and max(len(line) for line in out.splitlines()) <= 80
    assert "In every row: Armor 13, Brawn 6, Fortitude 10, Reflex 9, Mental 7" in out
    assert " 30.0 % " in [line for line in out.splitlines() if line.startswith("▸ 5")][0]


@pytest.mark.parametrize("argument,words", [
    ("dodge_ranks=0..600", "TO dodge_ranks = '600': above the maximum 500"),
    ("dodge_ranks=5..1", "TO 1 is below FROM 5"),
    ("dodge_ranks=0..5:0", "STEP 0 must be greater than 0"),
    ("dodge_ranks=0..5:-1", "STEP -1 must be greater than 0"),
    ("dodge_ranks=0..5:1/2", "must be a whole number"),
    ("attacker_as=-1000..3000", "4,001 rows; a sweep has at most 1,000"),
    ("attacker_as=0..999:1", None),
    ("nope=1..2", "has no input 'nope'"),
    ("dodge_ranks", "is a number; give a range"),
    ("stance=1..2", "sweep it without a range: --sweep stance"),
    ("dodge_ranks=1-5", "expected dodge_ranks=FROM..TO"),
])
def test_refusals_exit_2_naming_the_argument(capsys, argument, words):
    status, out, err = run(capsys, *GEMSTONE, "--sweep", argument)
    if words is None:
        assert status == 0 and out.count("\n") > 1000  # exactly 1,000 rows is allowed
        return
    assert status == 2 and out == ""
    assert f"--sweep '{argument}'" in err and words in err, err
    assert len(err) < 1000


def test_one_sweep_and_no_line_format(capsys):
    status, _, err = run(capsys, *GEMSTONE, "--sweep", "stance", "--what-if")
    assert status == 2 and "not allowed with" in err
    status, _, err = run(capsys, *GEMSTONE, "--sweep", "stance", "--format", "line")
    assert status == 2 and "text, json or markdown" in err


def test_markdown_has_one_row_per_value(capsys):
    status, out, _ = run(capsys, *GEMSTONE, "--sweep", "stance", "--format", "markdown")
    assert status == 0
    rows = [line for line in out.splitlines() if line.startswith("| ") and "%" in line]
    assert [row.split(" | ")[0][2:] for row in rows] == [
        "offensive", "advanced", "forward", "neutral", "guarded", "defensive"]
