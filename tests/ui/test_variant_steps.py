"""The app's step pair (step effects) and sweep range, from the input declarations: within
bounds, a switch both ways, a choice's neighbours; the current value always among the rows."""

from worksheet import rulesets
from worksheet.ui.controllers.variants import SWEEP_STEPS, step_pair, sweep_values


def spec(ruleset, name):
    return rulesets.get(ruleset).inputs[name]


def test_step_pairs_stay_within_bounds():
    dodge = spec("gemstone4", "dodge_ranks")
    assert step_pair(dodge, 60) == [("↑", 61), ("↓", 59)]
    assert step_pair(dodge, 500) == [("↓", 499)]
    assert step_pair(dodge, 0) == [("↑", 1)]
    assert step_pair(spec("gemstone4", "attacker_as"), None) == []  # optional, empty
    assert step_pair(spec("vtm-revised", "willpower_success"), False) == [("⇄", True)]
    stance = spec("gemstone4", "stance")
    choices = list(stance.choices)
    assert step_pair(stance, choices[0]) == [("↑", choices[1])]
    assert step_pair(stance, choices[2]) == [("↑", choices[3]), ("↓", choices[1])]
    assert step_pair(spec("exalted2e", "stunt_faces"), (8, 3)) == []


def test_sweep_ranges_are_around_the_value_within_bounds():
    assert sweep_values(spec("gemstone4", "agility_bonus"), 20) == list(range(10, 31))
    assert sweep_values(spec("exalted2e", "dexterity"), 3) == list(range(0, 11))
    wide = sweep_values(spec("gemstone4", "dodge_ranks"), 62)  # 0–500: a step of 5
    assert wide[0] == 12 and wide[-1] == 112 and len(wide) == 2 * SWEEP_STEPS + 1
    off_step = sweep_values(spec("gemstone4", "dodge_ranks"), 3)  # 0, 5, … and 3 itself
    assert 3 in off_step and off_step == sorted(off_step)
    huge = sweep_values(spec("gemstone4", "attacker_as"), 150)  # −1000–3000: a step of 50
    assert huge[1] - huge[0] == 50 and 150 in huge
    assert sweep_values(spec("vtm-revised", "willpower_success"), True) == [False, True]
    assert sweep_values(spec("gemstone4", "attacker_as"), None) == []
