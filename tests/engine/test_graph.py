"""The calculation graph: validation, incremental recompute, states and error blocking."""

import pytest

from worksheet.engine import IntInput, Problem, Ruleset, RulesetError, Sheet, State


def make_ruleset():
    """a, b → total = a + b → doubled; c → c_square (independent); check blames b."""
    ruleset = Ruleset("toy", "Toy", "tests", inputs=[
        IntInput("a", 1, minimum=0, maximum=100), IntInput("b", 2, minimum=0, maximum=100),
        IntInput("c", 3, minimum=0, maximum=100)])
    calls = []

    @ruleset.rule("1", "Total", "a plus b")
    def total(a, b):
        calls.append("total")
        return a + b

    @ruleset.rule("2", "Parity", "total is even")
    def parity(total):
        calls.append("parity")
        return int(total) % 2

    @ruleset.rule("3", "After parity", "parity plus ten")
    def after_parity(parity):
        calls.append("after_parity")
        return parity + 10

    @ruleset.rule("1", "Square", "c squared")
    def square(c):
        calls.append("square")
        return c * c

    @ruleset.rule("4", "Checked", "b must not be 13")
    def checked(b, total):
        if b == 13:
            raise Problem("b", "13 is unlucky")
        return total

    @ruleset.rule("5", "Final", "checked doubled")
    def final(checked):
        return checked * 2

    return ruleset, calls


def test_initial_evaluation_and_derivation():
    ruleset, _ = make_ruleset()
    sheet = Sheet(ruleset)
    assert sheet.values == {"total": 3, "parity": 1, "after_parity": 11, "square": 9,
                            "checked": 3, "final": 6}
    derivation = sheet.status("total").derivation
    assert (derivation.formula, derivation.substituted, derivation.result) == ("a + b", "1 + 2", "3")


def test_set_recomputes_only_descendants():
    ruleset, calls = make_ruleset()
    sheet = Sheet(ruleset)
    calls.clear()
    changed = sheet.set("c", 4)
    assert changed == {"c", "square"}
    assert calls == ["square"]
    assert sheet.value("square") == 16


def test_equality_cutoff_stops_where_a_value_is_unchanged():
    ruleset, calls = make_ruleset()
    sheet = Sheet(ruleset)
    calls.clear()
    changed = sheet.set_many({"a": 3, "b": 2})  # total 3 -> 5: parity stays 1
    assert changed == {"a", "total", "parity", "checked", "final"} - {"parity"}
    assert "after_parity" not in calls  # parity did not change, so its dependents did not run
    assert sheet.value("final") == 10


def test_setting_the_same_value_changes_nothing():
    ruleset, calls = make_ruleset()
    sheet = Sheet(ruleset)
    calls.clear()
    assert sheet.set("a", 1) == frozenset()
    assert calls == []


def test_invalid_text_is_an_error_value_that_blocks_dependents():
    ruleset, _ = make_ruleset()
    sheet = Sheet(ruleset)
    changed = sheet.set_text("a", "lots")
    assert sheet.status("a").state is State.ERROR
    assert "a = 'lots': not a whole number" in sheet.status("a").message
    for node in ("total", "parity", "after_parity", "checked", "final"):
        assert sheet.status(node).state is State.BLOCKED
        assert sheet.status(node).waiting_for == ("a",)
        assert sheet.value(node) is None  # never a stale number
        assert node in changed
    assert sheet.value("square") == 9
    assert [p.input for p in sheet.problems] == ["a"]
    sheet.set_text("a", "5")
    assert sheet.value("final") == 14 and sheet.problems == []


def test_two_bad_inputs_are_both_named():
    ruleset, _ = make_ruleset()
    sheet = Sheet(ruleset)
    sheet.set_many_text({"a": "x", "b": "999"})
    assert sheet.status("total").waiting_for == ("a", "b")
    assert [p.input for p in sheet.problems] == ["a", "b"]


def test_rule_problem_blames_its_input_and_blocks_only_dependents():
    ruleset, _ = make_ruleset()
    sheet = Sheet(ruleset)
    sheet.set("b", 13)
    assert sheet.status("checked").state is State.ERROR
    assert sheet.status("checked").message == "13 is unlucky"
    assert sheet.status("final").waiting_for == ("b",)
    assert sheet.value("total") == 14  # not downstream of the problem
    assert [(p.input, p.message) for p in sheet.problems] == [("b", "13 is unlucky")]


def test_unknown_input_name_is_a_programming_error():
    ruleset, _ = make_ruleset()
    with pytest.raises(KeyError):
        Sheet(ruleset).set("nope", 1)


def test_a_rule_bug_is_an_internal_error_not_an_exception():
    ruleset = Ruleset("bug", "Bug", "tests", inputs=[IntInput("a", 0)])

    @ruleset.rule("1", "Broken", "divides by a")
    def broken(a):
        return 1 / a

    sheet = Sheet(ruleset)
    assert sheet.status("broken").internal
    assert "ZeroDivisionError" in sheet.status("broken").message
    assert sheet.internal_errors


def test_unknown_dependency_is_refused():
    ruleset = Ruleset("bad", "Bad", "tests", inputs=[IntInput("a", 0)])

    @ruleset.rule("1", "X", "uses a missing name")
    def x(a, missing):
        return a

    with pytest.raises(RulesetError, match="node 'x' depends on unknown name 'missing'"):
        ruleset.compile()


def test_deps_name_the_dependencies_a_shared_function_reads():
    """One function, two nodes: ``deps`` says which node each parameter receives, so the
    values, the blocking and the recompute follow the declared wiring, not the names."""
    ruleset = Ruleset("deps", "Deps", "tests", inputs=[
        IntInput("left", 1, minimum=0, maximum=9), IntInput("right", 5, minimum=0, maximum=9),
        IntInput("bonus", 10, minimum=0, maximum=99)])

    def plus_bonus(value, bonus):
        return value + bonus

    for side in ("left", "right"):
        ruleset.rule("1", side, "the side plus the bonus", name=f"{side}_total",
                     deps={"value": side})(plus_bonus)
    assert ruleset.rules["right_total"].params == ("right", "bonus")
    sheet = Sheet(ruleset)
    assert sheet.values == {"left_total": 11, "right_total": 15}
    assert sheet.status("right_total").derivation.substituted == "5 + 10"
    assert sheet.set("left", 3) == {"left", "left_total"}
    sheet.set_text("right", "x")
    assert sheet.status("right_total").state is State.BLOCKED
    assert sheet.status("right_total").waiting_for == ("right",)
    assert sheet.value("left_total") == 13


def test_deps_naming_no_parameter_is_refused():
    ruleset = Ruleset("bad", "Bad", "tests", inputs=[IntInput("a", 0)])
    with pytest.raises(RulesetError, match=r"node 'x' maps \['b'\] in deps"):
        ruleset.rule("1", "X", "a typo in deps", name="x", deps={"b": "a"})(lambda value: value)


def test_duplicate_names_are_refused():
    ruleset = Ruleset("dup", "Dup", "tests", inputs=[IntInput("a", 0)])
    with pytest.raises(RulesetError, match="declared twice"):
        @ruleset.rule("1", "A", "shadows the input")
        def a():
            return 1
    with pytest.raises(RulesetError, match="declared twice"):
        Ruleset("dup2", "Dup", "tests", inputs=[IntInput("a", 0), IntInput("a", 1)])


def test_cycle_is_reported_as_a_path():
    ruleset = Ruleset("cyc", "Cycle", "tests", inputs=[IntInput("a", 0)])

    @ruleset.rule("1", "X", "x from z")
    def x(z):
        return z

    @ruleset.rule("1", "Y", "y from x")
    def y(x):
        return x

    @ruleset.rule("1", "Z", "z from y")
    def z(y, a):
        return y

    with pytest.raises(RulesetError) as caught:
        ruleset.compile()
    message = str(caught.value)
    assert "cycle" in message
    path = message.split("cycle ")[1].split(" -> ")
    assert path[0] == path[-1] and set(path) == {"x", "y", "z"}


def test_declaration_order_is_kept_where_dependencies_allow():
    ruleset, _ = make_ruleset()
    assert ruleset.compile().order == ("total", "parity", "after_parity", "square", "checked",
                                       "final")


def test_every_registered_ruleset_builds_and_evaluates_its_defaults():
    from worksheet import rulesets

    for ruleset in rulesets.all_rulesets():
        sheet = Sheet(ruleset)
        assert not sheet.internal_errors, ruleset.id
        for name in ruleset.results:
            assert name in ruleset.rules
