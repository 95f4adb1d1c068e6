"""The odds in ``worksheet calc``'s three formats (text, json, markdown)."""

from __future__ import annotations

import json

import pytest

from worksheet import cli

EXALTED = ["exalted2e", "--set", "attack_pool=8", "--set", "dodge=3"]


def run(capsys, *argv: str) -> tuple[int, str]:
    status = cli.main(["calc", *argv])
    return status, capsys.readouterr().out


def test_text_shows_the_model_the_fraction_and_the_percentage(capsys):
    status, out = run(capsys, *EXALTED)
    assert status == 0
    assert "[Odds] Chance to be hit through Dodge DV (p_hit_dodge) = 9064/15625" in out
    assert "= P(successes of 8d10 > 3) = 9064/15625 = 58.0 %" in out
    assert "7–9 and 2 on a 10" in out  # the model: which dice, what counts, what wins
    odds = out.splitlines()[-1]
    assert odds.startswith("Odds: p_hit_dodge 9064/15625 = 58.0 %")
    assert "best_defense dodge" in odds


def test_text_says_what_to_enter_without_an_attack(capsys):
    status, out = run(capsys, "shadowrun4")
    assert status == 0
    assert out.splitlines()[-1] == ("Odds: no attack yet: enter attack_pool "
                                    "to see the odds")


def test_markdown_rows_carry_the_percentage(capsys):
    status, out = run(capsys, *EXALTED, "--format", "markdown")
    assert status == 0
    row = next(line for line in out.splitlines() if "`p_hit_dodge`" in line)
    assert row.startswith("| Odds |") and "**9064/15625 = 58.0 %**" in row
    assert out.splitlines()[-1].startswith("Odds: p_hit_dodge")


@pytest.mark.parametrize("argv, name, expected", [
    (EXALTED, "p_hit_parry", "60629/78125"),
    (["rise", "--set", "accuracy=60"], "p_hit_armor", 1),
    (["exalted2e", "--set", "attack_pool=0"], "p_hit_dodge", 0),
])
def test_json_probabilities_are_exact(capsys, argv, name, expected):
    status, out = run(capsys, *argv, "--format", "json")
    assert status == 0 and json.loads(out)["values"][name] == expected


def test_json_chart_is_exact_strings(capsys):
    status, out = run(capsys, *EXALTED, "--format", "json")
    chart = json.loads(out)["values"]["extra_successes"]
    assert chart["title"] == "extra successes through the dodge DV 3"
    assert chart["bars"][0] == {"label": "1", "p": "5103/25000"}
    assert [bar["label"] for bar in chart["bars"]][-1] == "8+"
