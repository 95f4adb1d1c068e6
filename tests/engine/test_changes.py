"""The engine's changed set carries each changed name's status before the update, which the
app's "what changed" display and the fight loop's notifications read."""

from __future__ import annotations

from worksheet import rulesets
from worksheet.engine import Sheet, State
from worksheet.engine.fight_loop import ATTACKED_AGAIN, plan
from worksheet.engine.graph import Changes


def gemstone() -> Sheet:
    return Sheet(rulesets.get("gemstone4"), {"dodge_ranks": 60, "agility_bonus": 20,
                                             "intuition_bonus": 18, "armor_asg": 12,
                                             "shield": "medium", "stance": "advanced"})


def test_an_edit_reports_each_changed_value_with_its_value_before():
    sheet = gemstone()
    assert (sheet.value("melee_ds"), sheet.value("ranged_ds")) == (43, 65)  # Example 1
    changes = sheet.set("shield", "tower")
    assert isinstance(changes, frozenset) and "melee_ds" in changes
    assert changes.before("melee_ds").value == 43 and sheet.value("melee_ds") == 25  # Ex. 2
    assert changes.before("ranged_ds").value == 65 and sheet.value("ranged_ds") == 50
    assert changes.before("shield").value == "medium"
    # Untouched by the shield: not in the set, no previous value.
    assert "base_value" not in changes and changes.before("base_value") is None
    assert "hindrance" not in changes


def test_an_input_in_error_reports_the_value_it_replaced():
    sheet = gemstone()
    changes = sheet.set_text("dodge_ranks", "lots")
    assert changes.before("dodge_ranks").value == 60
    assert changes.before("melee_ds").state is State.OK and changes.before("melee_ds").value == 43
    assert sheet.status("melee_ds").state is State.BLOCKED
    back = sheet.set_text("dodge_ranks", "60")
    assert back.before("melee_ds").state is State.BLOCKED and sheet.value("melee_ds") == 43


def test_the_union_of_two_updates_keeps_the_state_before_both():
    sheet = gemstone()
    first = sheet.set("stance", "defensive")  # 54 × 1.00
    second = sheet.set("shield", "tower")
    both = first | second
    assert isinstance(both, Changes)
    assert both.before("melee_ds").value == 43  # before the first, not 54
    assert both.before("shield").value == "medium"
    assert set(both) == set(first) | set(second)
    assert isinstance(first | frozenset({"x"}), frozenset)


def test_an_action_batch_reports_the_counter_and_the_values_it_moved():
    ruleset = rulesets.get("exalted2e")
    sheet = Sheet(ruleset, {"dexterity": 4, "dodge": 2})  # Dodge DV 3
    changes = sheet.set_many(plan(ruleset, ATTACKED_AGAIN, sheet.inputs).values)
    assert changes.before("onslaught").value == 0
    assert changes.before("dodge_dv").value == 3 and sheet.value("dodge_dv") == 2


def test_nothing_changed_is_an_empty_set():
    sheet = gemstone()
    changes = sheet.set("stance", "advanced")
    assert changes == frozenset() and changes.previous == {}
