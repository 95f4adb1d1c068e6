"""A ruleset's form sections (``Ruleset.step_groups``), headless: which inputs and nodes each
step shows, in which order, for a small ruleset and for every shipped one."""

from __future__ import annotations

import pytest

from worksheet import rulesets
from worksheet.engine import IntInput, Ruleset, StepGroup


def _ruleset() -> Ruleset:
    """Steps declared out of order (2 before 1 in evaluation); ``b`` first used in step 2
    though step 1 also reads it later; ``spare`` used by nothing."""
    ruleset = Ruleset("steps", "Steps", "tests", inputs=[
        IntInput("a", 1), IntInput("b", 2), IntInput("spare", 0), IntInput("c", 3)])

    @ruleset.rule("2", "Sum", "a plus b")
    def total(a, b):
        return a + b

    @ruleset.rule("1", "Late", "total and b and c")
    def late(total, b, c):
        return total + b + c

    @ruleset.rule("2", "Double", "twice the sum")
    def double(total):
        return 2 * total

    return ruleset.compile()


def test_inputs_join_the_step_of_their_first_user_and_unused_inputs_come_last():
    groups = _ruleset().step_groups()
    assert groups == (
        StepGroup("2", ("a", "b"), ("total", "double")),
        StepGroup("1", ("c",), ("late",)),
        StepGroup("", ("spare",), ()),
    )
    assert groups[0].step == "2" and groups[1].inputs == ("c",)  # named fields


def test_a_ruleset_whose_inputs_are_all_used_has_no_unused_group():
    ruleset = Ruleset("used", "Used", "tests", inputs=[IntInput("a", 1)])

    @ruleset.rule("A", "Same", "a")
    def same(a):
        return a

    assert ruleset.step_groups() == (StepGroup("A", ("a",), ("same",)),)  # compiles itself


@pytest.mark.parametrize("rid", rulesets.ids())
def test_every_input_and_node_of_a_shipped_ruleset_is_in_exactly_one_group(rid):
    ruleset = rulesets.get(rid)
    groups = ruleset.step_groups()
    inputs = [name for group in groups for name in group.inputs]
    nodes = [name for group in groups for name in group.nodes]
    assert sorted(inputs) == sorted(ruleset.inputs) and len(set(inputs)) == len(inputs)
    assert sorted(nodes) == sorted(ruleset.order) and len(set(nodes)) == len(nodes)
    assert len({group.step for group in groups}) == len(groups), "each step is one section"
    steps = list(dict.fromkeys(ruleset.rules[n].step for n in ruleset.order))
    assert [g.step for g in groups if g.nodes] == steps, \
        "sections in the order evaluation first reaches their step"
    for group in groups:
        assert all(ruleset.rules[node].step == group.step for node in group.nodes)
        assert sorted(group.nodes, key=ruleset.position.get) == list(group.nodes)
        for name in group.inputs:
            users = ruleset.consumers(name)
            assert (ruleset.rules[users[0]].step if users else "") == group.step, name
