"""Every problem the engine reports carries its fields, and its message is made from them.

An input's refusal, a rule's problem, a fight-loop refusal and a rule that failed each carry a
:class:`~worksheet.engine.Fault` (the input to change, the value given, what is wrong, what is
allowed), so the app words them from the fields and its labels instead of parsing the engine's
message (``tests/ui/test_problem_words.py`` rewords the engine and finds the app's words the
same). Here: the fields are there for every kind, over every ruleset's inputs with bad values,
and the engine's message is the one built from them.
"""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import FIELDS, INPUTS, hostile_text, valid_values
from worksheet import rulesets
from worksheet.engine import (NO_VALUE, Fault, InputError, IntInput, Problem, RecordsInput,
                              Ruleset, Sheet, State, engine_words, faults)
from worksheet.engine import fight_loop

RULE_PROBLEMS = [
    ("exalted2e", {"willpower": True, "virtue_faces": (5, 6)}, "willpower"),
    ("vtm-revised", {"mode": "multiple-action", "actions": 2, "position": 3}, "position"),
    ("vtm-revised", {"defender_successes": 1, "defender_faces": (5,)}, "defender_faces"),
    ("vtm-revised", {"defender_faces": (5,) * 30}, "defender_faces"),
    ("shadowrun4", {"attack": "ranged", "full_defense": "full-parry"}, "full_defense"),
    ("shadowrun4", {"defender_hits": 1, "defender_faces": (5,)}, "defender_hits"),
    ("shadowrun4", {"defender_faces": (5,) * 30}, "defender_faces"),
]
"""``(ruleset, inputs, the input blamed)``: one sheet for each ``raise Problem`` in the rulesets
(:func:`test_every_rule_problem_of_the_rulesets_is_tried` keeps the list whole)."""


def assert_faults_whole(sheet: Sheet) -> None:
    """Every status in error, and every problem the sheet lists, carries a fault whose message
    is the status's."""
    ruleset = sheet.ruleset
    for name in (*ruleset.inputs, *ruleset.order):
        status = sheet.status(name)
        if status.state is not State.ERROR:
            assert status.fault is None, name
            continue
        fault = status.fault
        assert isinstance(fault, Fault), f"{name}: an error without its fields"
        assert fault.reason, name
        assert status.message == fault.message == engine_words(fault)
        assert status.waiting_for == (fault.input,), name
        assert fault.input in ruleset.inputs or status.internal, name
        if name in ruleset.inputs:  # a refused value: it is repeated, and what is allowed said
            assert fault.input == name and fault.given is not NO_VALUE and fault.allowed
    for problem in sheet.problems:
        assert problem.fault is not None and problem.fault.message == problem.message
        assert problem.fault.input == problem.input


def _bad_text(spec) -> st.SearchStrategy[str]:
    return hostile_text() | st.text(max_size=12) | st.sampled_from(
        ["abc", "-99999", "99999", "3/2", "x'y", "5,3,99", "foo,bar", "maybe", "\x1b[2J"])


@st.composite
def _sheet_with_a_bad_input(draw) -> Sheet:
    rid = draw(st.sampled_from(rulesets.ids()))
    ruleset = rulesets.get(rid)
    records = {name: st.just(()) for name, spec in ruleset.inputs.items()
               if isinstance(spec, RecordsInput)}
    sheet = Sheet(ruleset, draw(valid_values(ruleset, records)))
    _, name, spec = draw(st.sampled_from([entry for entry in INPUTS if entry[0] == rid]))
    if draw(st.booleans()):
        sheet.set_text(name, draw(_bad_text(spec)))
    else:  # a value as a preset gives it: wrong type, out of bounds, a list, a table
        sheet.set(name, draw(st.sampled_from([-10**40, 10**6, "", [1, "x"], {"a": 1}, 1.5,
                                              True, None, (99,) * 70])))
    return sheet


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_sheet_with_a_bad_input())
def test_every_refusal_and_problem_carries_its_fields(sheet):
    assert_faults_whole(sheet)


@pytest.mark.parametrize("rid, values, blamed", RULE_PROBLEMS)
def test_a_rules_problem_carries_its_fields(rid, values, blamed):
    sheet = Sheet(rulesets.get(rid), values)
    assert [problem.input for problem in sheet.problems] == [blamed]
    assert_faults_whole(sheet)


def _function(rule) -> tuple[str, str]:
    """``(module, name)`` of a rule's function (of the function inside a ``partial``)."""
    function = getattr(rule.function, "func", rule.function)
    return function.__module__, function.__name__


def _raising_functions() -> set[tuple[str, str]]:
    """``(module, function)`` of every function in the rulesets' modules that raises a
    Problem, read from their source."""
    found = set()
    modules = {_function(rule)[0] for rid in rulesets.ids()
               for rule in rulesets.get(rid).rules.values()}
    for module in modules:
        tree = ast.parse(inspect.getsource(importlib.import_module(module)))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            if any(isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                   and getattr(node.exc.func, "id", "") == "Problem"
                   for node in ast.walk(function)):
                found.add((module, function.name))
    return found


def test_every_rule_problem_of_the_rulesets_is_tried():
    """A rule that raises a Problem and no sheet above reaching it fails here, so a new kind
    of problem cannot go without its fields being checked."""
    tried = set()
    for rid, values, _ in RULE_PROBLEMS:
        ruleset = rulesets.get(rid)
        sheet = Sheet(ruleset, values)
        tried |= {_function(rule) for name, rule in ruleset.rules.items()
                  if sheet.status(name).state is State.ERROR and not sheet.status(name).internal}
    raising = _raising_functions()
    assert len(raising) >= 5, f"the reader found too few rules raising a Problem: {raising}"
    assert raising <= tried, f"rules whose problems no sheet here reaches: {raising - tried}"


@pytest.mark.parametrize("rid, list_name, spec, field", FIELDS,
                         ids=lambda value: getattr(value, "name", value))
def test_a_record_fields_refusal_names_the_list_index_and_key(rid, list_name, spec, field):
    bad = {"bogus": 1} if field.name == "bogus" else {field.name: {"a": 1}}
    for raw, key in ((bad, field.name), ({"bogus": 1}, "bogus")):
        with pytest.raises(InputError) as caught:
            spec.coerce_record(2, raw)
        fault = caught.value.fault
        assert (fault.input, fault.index) == (list_name, 2)
        assert fault.key in (key, *(f.name for f in spec.fields)), "a field's key, or the first missing"
        assert caught.value.input == fault.where == f"{list_name}[2].{fault.key}"
        assert caught.value.message == engine_words(fault)
    with pytest.raises(InputError) as caught:
        spec.coerce_record(0, "not a table")
    assert caught.value.fault.key is None and caught.value.input == f"{list_name}[0]"


def test_a_fight_loop_refusal_carries_its_fields():
    ruleset = rulesets.get("vtm-revised")
    values = Sheet(ruleset, {"mode": "multiple-action", "actions": 2, "position": 2}).inputs
    with pytest.raises(fight_loop.Refused) as caught:
        fight_loop.plan(ruleset, fight_loop.ATTACKED_AGAIN, values)
    fault = caught.value.fault
    assert fault.input == caught.value.input == "position"
    assert fault.given is NO_VALUE and caught.value.message == fault.reason == engine_words(fault)


def test_a_rule_that_fails_carries_its_fields():
    ruleset = Ruleset("t", "T", "test", [IntInput("a_b", 1)])

    @ruleset.rule("1", "Broken", "divides by zero")
    def broken(a_b):
        return a_b / 0

    sheet = Sheet(ruleset)
    status = sheet.status("broken")
    assert status.internal and status.fault.input == "a_b"
    assert status.message == status.fault.reason
    assert status.message.startswith("internal error in broken: ZeroDivisionError")


def test_the_engines_message_is_made_from_the_fields(monkeypatch):
    """Rewording the engine is one function: every message, of every kind, follows it."""
    monkeypatch.setattr(faults, "engine_words", lambda fault: f"<{fault.input}|{fault.reason}>")
    ruleset = rulesets.get("gemstone4")
    sheet = Sheet(ruleset)
    sheet.set_text("dodge_ranks", "abc")
    assert sheet.status("dodge_ranks").message == "<dodge_ranks|not a whole number>"
    assert [p.message for p in sheet.problems] == ["<dodge_ranks|not a whole number>"]
    assert str(Problem("dodge_ranks", "too many")) == "dodge_ranks: <dodge_ranks|too many>"


@pytest.mark.parametrize("fault, words", [
    (Fault("dodge", "not a whole number", "x", "a whole number"),
     "dodge = 'x': not a whole number; allowed: a whole number"),
    (Fault("effects", "unknown key", 3, "keys a, b", index=1, key="c"),
     "effects[1].c = '3': unknown key; allowed: keys a, b"),
    (Fault("willpower", "choose one, not both"), "choose one, not both"),
    (Fault("x", "too long", "k" * 50), "x = 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…' "
     "(50 characters): too long"),
    (Fault("x", "shown whole", "6," * 30 + "6", quoted=faults.RULE_QUOTED),
     f"x = '{'6,' * 30}6': shown whole"),
])
def test_the_engines_words(fault, words):
    assert engine_words(fault) == words
