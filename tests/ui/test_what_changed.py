"""The "what changed" marks, headless: from the engine's changed set, per edit, with a typing
run compared with the value before it began."""

from __future__ import annotations

from fractions import Fraction

from worksheet import rulesets
from worksheet.engine import NodeStatus, Sheet, State
from worksheet.ui.form.what_changed import ChangeMarks, was_text


def gemstone() -> tuple[Sheet, ChangeMarks]:
    sheet = Sheet(rulesets.get("gemstone4"), {"dodge_ranks": 60, "agility_bonus": 20,
                                              "intuition_bonus": 18, "armor_asg": 12,
                                              "shield": "medium", "stance": "advanced"})
    return sheet, ChangeMarks(sheet.ruleset.rules)


def test_an_edit_marks_what_it_changed_and_the_next_edit_replaces_the_marks():
    sheet, marks = gemstone()
    touched = marks.update(sheet.set("shield", "tower"), sheet)
    assert {"melee_ds", "ranged_ds"} <= touched and "base_value" not in touched
    assert marks.was("melee_ds", sheet) == "was 43" and marks.was("ranged_ds", sheet) == "was 65"
    assert marks.was("base_value", sheet) is None
    assert "shield" not in marks.before  # inputs are not marked, only derived values
    touched = marks.update(sheet.set("intuition_bonus", 22), sheet)  # trunc(22/4) = 5: +1
    assert "melee_ds" in touched  # to be shown again: now unmarked or marked anew
    assert marks.was("base_value", sheet) == "was 84"
    assert marks.was("shield_factor", sheet) is None  # the shield's marks are gone


def test_a_typing_run_compares_with_the_value_before_the_run():
    sheet, marks = gemstone()
    marks.update(sheet.set_text("dodge_ranks", "6"), sheet, run="dodge_ranks")
    assert marks.was("base_value", sheet) == "was 84"  # 6 + 20 + 4 = 30 now
    marks.update(sheet.set_text("dodge_ranks", "61"), sheet, run="dodge_ranks")
    assert sheet.value("base_value") == 85 and marks.was("base_value", sheet) == "was 84"
    marks.update(sheet.set_text("dodge_ranks", "60"), sheet, run="dodge_ranks")
    assert marks.was("base_value", sheet) is None  # back where the run began: quiet
    marks.end_run()
    marks.update(sheet.set_text("dodge_ranks", "6"), sheet, run="dodge_ranks")
    assert marks.was("base_value", sheet) == "was 84"


def test_a_blocked_value_says_it_was_waiting_and_a_formula_change_alone_is_quiet():
    sheet, marks = gemstone()
    marks.update(sheet.set_text("dodge_ranks", "x"), sheet)
    assert marks.was("melee_ds", sheet) == "was 43"
    marks.update(sheet.set_text("dodge_ranks", "60"), sheet)
    assert marks.was("melee_ds", sheet) == "was waiting"
    changes = sheet.set("encumbrance", 1)  # 1 lb of 150: trunc(43 × 149/150) = 42
    marks.update(changes, sheet)
    assert marks.was("melee_ds", sheet) == "was 43"


def test_a_probability_shows_the_change_in_points():
    ok = lambda value: NodeStatus(State.OK, value)  # noqa: E731
    assert was_text("p_hit", ok(Fraction(348, 1000)), ok(Fraction(41, 100))) == "+6.2"
    assert was_text("p_hit_dodge", ok(Fraction(1, 2)), ok(Fraction(41, 100))) == "−9.0"
    assert was_text("p_hit", ok(1), ok(0)) == "−100.0"
    assert was_text("p_hit", ok(Fraction(2, 10000)), ok(Fraction(1, 10000))) == "−<0.1"
    # no chance to compare with any more (the attack was cleared): what it was, in percent
    assert was_text("p_hit", ok(Fraction(6319, 156250)), ok(None)) == "was 4.0 %"


def test_inputs_changed_by_an_action_are_marked_but_not_the_field_being_typed():
    from worksheet.engine.fight_loop import ATTACKED_AGAIN, plan

    ruleset = rulesets.get("shadowrun4")
    sheet = Sheet(ruleset, {"attacker_hits": 3})
    marks = ChangeMarks(ruleset.rules)
    marks.update(sheet.set_many(plan(ruleset, ATTACKED_AGAIN, sheet.inputs).values), sheet)
    assert marks.inputs == {"previous_defenses", "attacker_hits"}
    assert marks.was("defense_pool", sheet) == "was 3"
    touched = marks.update(sheet.set_text("reaction", "4"), sheet, run="reaction")
    assert marks.inputs == frozenset() and {"previous_defenses", "attacker_hits"} <= touched
