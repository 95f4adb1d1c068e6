"""The derivation block copied with Ctrl+T: every step a value comes from, in order, with the
numbers, from the same sheet as the app."""

from __future__ import annotations

from worksheet import rulesets
from worksheet.formats.derivation_block import derivation_block
from worksheet.engine import Sheet

EXAMPLE_1 = {"dodge_ranks": 60, "agility_bonus": 20, "intuition_bonus": 18, "armor_asg": 12,
             "shield": "medium", "stance": "advanced"}


def test_the_block_walks_every_step_of_melee_ds_with_the_numbers():
    block = derivation_block(Sheet(rulesets.get("gemstone4"), EXAMPLE_1), "melee_ds")
    lines = block.splitlines()
    assert lines[0] == "GemStone IV — Evade DS: Evade DS vs melee = 43"
    steps = [line for line in lines if line.startswith("[")]
    assert "trunc(84 × 0.94 = 78.96)" in steps[[i for i, l in enumerate(steps)
                                                if "after armor" in l][0]]
    assert any("trunc(54 × 0.8 = 43.2)" in line and " 43 " in line for line in steps)
    assert not any("Ranged" in line for line in steps)  # not a source of melee_ds
    assert "stance=advanced" in block and "dodge_ranks=60" in block
    results_column = {line.index(" 84 ") for line in steps if " 84 " in line}
    assert len(results_column) == 1  # fixed width: one result column
    assert all(len(line) <= 78 for line in lines if line.startswith(("inputs:", "       ")))


def test_a_value_waiting_for_a_bad_input_says_so_and_an_input_is_one_line():
    sheet = Sheet(rulesets.get("gemstone4"), EXAMPLE_1)
    sheet.set_text("dodge_ranks", "lots")
    block = derivation_block(sheet, "melee_ds")
    # the first line is the copy toast's and a sentence: labels; the inputs line keeps the
    # names its formulas use
    assert block.splitlines()[0].endswith("= waiting for Dodge ranks")
    assert "dodge_ranks=✗" in block
    assert derivation_block(sheet, "stance") == ("GemStone IV — Evade DS\n"
                                                 "Stance (stance) = advanced")


def test_a_long_label_wraps_within_its_column_not_into_the_result():
    """Issue 42: ``[D] Dodge X (after non-Charm mag 1.5`` — the label was cut at 28 columns
    and its last letters touched the result."""
    block = derivation_block(Sheet(rulesets.get("exalted2e"), {}), "dodge_dv")
    lines = block.splitlines()
    at = lines.index("[D] Dodge X (after non-Charm     1.5")
    assert lines[at + 1] == "    magic)"
    # every long label is whole across its lines, and never reaches the result column
    for ruleset_id in rulesets.ids():
        ruleset = rulesets.get(ruleset_id)
        sheet = Sheet(ruleset, {})
        for name, rule in ruleset.rules.items():
            if len(rule.label) <= 28:
                continue
            lines = derivation_block(sheet, name).splitlines()
            start = len(f"[{rule.step}] ")
            at = next(i for i, line in enumerate(lines) if line.startswith(f"[{rule.step}] ")
                      and rule.label.startswith(line[start:start + 28].rstrip()))
            assert lines[at][start + 28] == " ", lines[at]  # the gap before the result
            parts = [lines[at][start:start + 28].rstrip()]
            for line in lines[at + 1:]:
                if line.startswith(("[", "inputs:")):
                    break
                parts.append(line.strip())
            assert " ".join(parts) == rule.label, (ruleset_id, name, parts)
