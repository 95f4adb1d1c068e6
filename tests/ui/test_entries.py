"""The headless parts of a tab's state: entries in and out of JSON, and undo history."""

from __future__ import annotations

import json

from worksheet import rulesets
from worksheet.ui.form.entries import (History, entries_from_json, entries_from_values,
                                  entries_to_json)


def test_entries_round_trip_through_json_for_every_ruleset():
    for ruleset in rulesets.all_rulesets():
        entries = entries_from_values(ruleset, ruleset.defaults())
        entries[next(iter(ruleset.inputs))] = "not a value"  # invalid text is kept as typed
        plain = json.loads(json.dumps(entries_to_json(ruleset, entries)))
        restored, problems = entries_from_json(ruleset, plain)
        assert restored == entries and problems == []


def test_entries_from_json_leave_out_what_no_longer_fits():
    ruleset = rulesets.get("gemstone4")
    restored, problems = entries_from_json(ruleset, {"dodge_ranks": "5", "gone": "1",
                                                     "stance": 3})
    assert restored == {"dodge_ranks": "5"}
    assert len(problems) == 2 and "gone" in problems[0]


def test_typing_in_one_field_is_one_undo_step():
    history = History()
    history.record({"a": "1"}, run="a")
    history.record({"a": "12"}, run="a")
    history.record({"a": "123", "b": "0"}, run="b")
    assert history.undo({"a": "123", "b": "9"}) == {"a": "123", "b": "0"}
    assert history.undo({"a": "123", "b": "0"}) == {"a": "1"}
    assert history.undo({"a": "1"}) is None
    assert history.redo({"a": "1"}) == {"a": "123", "b": "0"}


def test_a_new_edit_clears_redo():
    history = History()
    history.record({"a": "1"})
    assert history.undo({"a": "2"}) == {"a": "1"}  # {"a": "2"} is redoable now
    history.record({"a": "1"})
    assert history.redo({"a": "3"}) is None
