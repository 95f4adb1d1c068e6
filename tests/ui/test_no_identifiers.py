"""No program name in the player's words (issue 42): every message the app can show — each toast
and text of ``ui/messages.py``, the fight keys' changes and refusals, the steppers at their
bounds, the Odds step waiting, the result strip, the copied line and block, the words for every
input of every ruleset given a bad value — says the labels the form shows. Identifiers
(``stunt_faces``, ``attack_pool``) belong to ``calc --format json``.

An identifier is any input, record field or node name of any ruleset with an underscore, and a
one-word name that is no word of any label (``effects``: the form says "Magic and Charms"). A
one-word name that is also a label's word (``position``, "Position") cannot be told from the
word, so ``test_labels_in_messages.py`` (Pilot) and ``tests/terminal/test_labels_pty.py``
check those messages whole, at 80×24.
"""

from __future__ import annotations

import inspect
import re
from typing import Iterator

import pytest

from tests.engine.test_faults import RULE_PROBLEMS
from tests.ui.test_problem_words import BAD_TEXTS
from worksheet import rulesets
from worksheet.engine import IntInput, NumberInput, RecordsInput, Sheet, State
from worksheet.engine.fight_loop import Refused, cycle, plan, stepped
from worksheet.formats.derivation_block import derivation_block
from worksheet.formats.oneline import one_line
from worksheet.ui import messages
from worksheet.ui.messages import Toast
from worksheet.ui.speaker import Speaker
from worksheet.ui.widgets.odds import OddsPanel
from worksheet.ui.widgets.result_strip import ResultStrip

WORD = re.compile(r"[A-Za-z0-9_]+")


def _names_and_label_words() -> tuple[set[str], set[str]]:
    names, words = set(), set()
    for rid in rulesets.ids():
        ruleset = rulesets.get(rid)
        for spec in ruleset.inputs.values():
            for one in (spec, *getattr(spec, "fields", ())):
                names.add(one.name)
                words |= set(WORD.findall(one.title.lower()))
        for name, rule in ruleset.rules.items():
            names.add(name)
            words |= set(WORD.findall(rule.label.lower()))
    return names, words


NAMES, LABEL_WORDS = _names_and_label_words()
IDENTIFIERS = frozenset(n for n in NAMES if "_" in n or n not in LABEL_WORDS)


def identifiers_in(text: str) -> list[str]:
    """The identifiers a text says, as whole words."""
    return [word for word in WORD.findall(text) if word in IDENTIFIERS]


def _toast_texts(toast: Toast) -> str:
    return f"{toast.title}\n{toast.message}"


def _bad_sheets(ruleset) -> Iterator[Sheet]:
    """A sheet for each input given each bad text (a record list: bad records), and one for
    each rule's problem."""
    for name, spec in ruleset.inputs.items():
        if isinstance(spec, RecordsInput):
            for raw in ({"bogus": 1}, {}, "not a table",
                        {field.name: "abc" for field in spec.fields}):
                yield Sheet(ruleset, {name: [raw]})
            continue
        for text in BAD_TEXTS:
            sheet = Sheet(ruleset)
            sheet.set_text(name, text)
            yield sheet
    for rid, values, _ in RULE_PROBLEMS:
        if rid == ruleset.id:
            yield Sheet(ruleset, values)


def _faults(ruleset):
    """Every input's and record field's refusal of each bad text (the rows, the editor)."""
    for spec in ruleset.inputs.values():
        for one in (spec, *getattr(spec, "fields", ())):
            for text in BAD_TEXTS:
                try:
                    one.parse_text(text)
                except ValueError as error:
                    yield one, error.fault


def _fight_messages(ruleset, speaker: Speaker) -> Iterator[tuple[str, Toast]]:
    """F5/F6 done and refused at each bound, the stance cycled, steppers at their bounds."""
    loop, inputs = ruleset.fight_loop, ruleset.inputs
    base = Sheet(ruleset).inputs
    for action in (loop.actions if loop else ()):
        spent = {n: inputs[n].parse_text("5" if inputs[n].kind == "faces" else "1")
                 for n in loop.cleared(ruleset) if inputs[n].kind in ("faces", "int")}
        batch = plan(ruleset, action.name, {**base, **spent})
        yield "done", messages.action_done(action.title, batch.moves, speaker, "line")
        for change in action.changes:
            tries = [{change.input: None}]
            spec = inputs[change.input]
            if getattr(spec, "maximum", None) is not None:
                tries.append({change.input: spec.maximum})
            if change.at_most:
                tries += [{change.input: 3, change.at_most: 3, **dict([change.bound_when])},
                          {change.at_most: None, **dict([change.bound_when])}]
            for values in tries:
                try:
                    plan(ruleset, action.name, {**base, **values})
                except Refused as refused:
                    yield "refused", messages.action_refused(action.title, refused.fault,
                                                             speaker)
    if loop is not None and loop.cycle is not None:
        yield "cycled", messages.cycled(cycle(ruleset, base).moves, speaker, "line")
    for spec in inputs.values():
        if not isinstance(spec, (IntInput, NumberInput)):
            continue
        for bound, up in ((spec.maximum, True), (spec.minimum, False)):
            if bound is not None:
                yield "at bound", messages.at_bound(spec.title, up, spec.to_text(bound))
        try:
            stepped(spec, None, 1)
        except Refused as refused:
            yield "step refused", messages.step_refused(refused.fault, speaker)


def every_message(rid: str) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every message the app can show on a ruleset's tab."""
    ruleset = rulesets.get(rid)
    speaker = Speaker(ruleset)
    for spec, fault in _faults(ruleset):
        editor = speaker if spec.name in ruleset.inputs else Speaker(
            labels={f.name: f.title for s in ruleset.inputs.values()
                    for f in getattr(s, "fields", ())}, lists=speaker.lists)
        yield f"problem {spec.name}", editor.problem(fault)
        yield f"stepper {spec.name}", _toast_texts(messages.fix_text_first(fault, editor))
    panel, strip = OddsPanel(ruleset), ResultStrip(ruleset, speaker)
    for sheet in _bad_sheets(ruleset):
        for node in (*ruleset.inputs, *ruleset.order):
            status = sheet.status(node)
            if status.state is not State.OK:
                spoken = speaker.status(status)
                yield f"row {node}", f"{spoken.message} {' '.join(spoken.waiting_for)}"
        said = [speaker.error(problem) for problem in sheet.problems]
        yield "refused save", _toast_texts(messages.fix_first(said))
        line = one_line(sheet)
        yield "copied line", line
        for reach in messages.COPIED:
            yield f"copy {reach}", _toast_texts(messages.copied_line(line, reach))
        for name in ruleset.results:
            block = derivation_block(sheet, name)
            yield "copied block", _toast_texts(messages.copied_block(block, "terminal"))
        yield "odds", "\n".join(panel.lines(sheet))
        yield "strip", strip.text(sheet)
    for where, toast in _fight_messages(ruleset, speaker):
        yield where, _toast_texts(toast)
    for rule in ruleset.rules.values():
        yield "typed on a value", _toast_texts(messages.not_entered(
            "x", f"Step {rule.step} · {rule.label} is worked out, not typed"))
    for spec in ruleset.inputs.values():
        if isinstance(spec, RecordsInput):
            yield "records full", _toast_texts(messages.records_full(spec.title, 3))


COVERED = {
    "action_refused", "nothing_to_change", "moved", "action_done", "cycled", "fix_text_first",
    "step_refused", "at_bound", "copied_line", "copied_block", "records_full", "not_entered",
    "fix_first", "COPIED",
}
"""What :func:`every_message` drives with each ruleset's names; the rest of ``messages`` is
driven once below with a player's own words (a preset's name, a path, an error)."""


def app_wide() -> Iterator[tuple[str, str]]:
    """The messages that carry no input's name: each, with representative words."""
    error = OSError("Permission denied")
    for name, value in inspect.getmembers(messages):
        if isinstance(value, Toast):
            yield name, _toast_texts(value)
    yield "loaded", _toast_texts(messages.loaded("Orc archer"))
    yield "no_place_to_save", _toast_texts(messages.no_place_to_save("No such folder"))
    yield "save_failed", _toast_texts(messages.save_failed(str(error)))
    yield "saved", _toast_texts(messages.saved("Orc archer", "/home/p/orc-archer.toml"))
    yield "party_refused", _toast_texts(messages.party_refused(
        "/srv/party/orc.toml: is a symbolic link, not a preset file"))
    yield "cannot_keep_edits", _toast_texts(messages.cannot_keep_edits(error))
    yield "restore_problem", _toast_texts(messages.restore_problem(
        "Dodge = 'x': not a number", "Onslaught = '99': at most 20"))
    yield "quit_question", " ".join(messages.quit_question(["Exalted 2e — Defense Value"]))
    yield "not_quit", _toast_texts(messages.not_quit("Exalted 2e — Defense Value"))
    yield "not_restorable", messages.not_restorable(error)
    yield "set_aside", _toast_texts(messages.set_aside(["Exalted"], messages.UNREADABLE, None))
    yield "deleted", _toast_texts(messages.deleted({"name": "Shield"}, 0))
    yield "nothing_to_change", _toast_texts(messages.nothing_to_change("My action"))
    yield "pinned", _toast_texts(messages.pinned("Orc archer"))
    yield "pin_refused", _toast_texts(messages.pin_refused("Orc archer"))
    yield "step_applied", _toast_texts(messages.step_applied("Stance → defensive"))
    yield "fix_inputs_first", _toast_texts(messages.fix_inputs_first(
        ["Dodge ranks: 'x' is not a whole number"]))
    yield "STATUS_LINE", " ".join(messages.STATUS_LINE.values())
    yield "NOT_SAVED UNREADABLE", f"{messages.NOT_SAVED} {messages.UNREADABLE}"


def test_every_message_of_the_module_is_driven():
    public = {name for name, value in inspect.getmembers(messages)
              if not name.startswith("_") and inspect.getmodule(value) in (messages, None)
              and (inspect.isfunction(value) or isinstance(value, (Toast, str, dict)))}
    driven = COVERED | {name for name, _ in app_wide()} | {"NOT_SAVED", "UNREADABLE"}
    assert public - driven == set(), "a new message: drive it in every_message or app_wide"


@pytest.mark.parametrize("rid", rulesets.ids())
def test_no_message_on_a_tab_names_an_identifier(rid):
    found = {}
    for where, text in every_message(rid):
        if identifiers_in(text):
            found.setdefault(where, text)
    assert not found, "\n".join(f"{where}: {text!r}" for where, text in found.items())


def test_no_app_wide_message_names_an_identifier():
    found = {where: text for where, text in app_wide() if identifiers_in(text)}
    assert not found, found


def test_the_test_finds_an_identifier():
    assert identifiers_in("onslaught 1 → 2; stunt_faces cleared") == ["stunt_faces"]
    assert identifiers_in("Odds: waiting for attack_pool") == ["attack_pool"]
    assert identifiers_in("Magic and Charms (effects)") == ["effects"]
    assert identifiers_in("Onslaught 1 → 2; Stunt dice cleared") == []


@pytest.mark.parametrize("rid", rulesets.ids())
def test_the_rule_panel_writes_each_formula_in_labels(rid):
    """The rule panel and F3 show a value's formula before its numbers: with the labels
    (``Dodge ranks + Agility bonus + …``), not the names it is declared with; and a row's
    notes say a record by its list's label and place (``Magic and Charms record 1``, not
    ``effects[0]``). Every derived node of every bundled preset of the ruleset, and of its
    defaults."""
    from worksheet import presets

    ruleset = rulesets.get(rid)
    speaker = Speaker(ruleset)  # the form's (``SheetForm.speaker``)
    listed, _ = presets.list_presets(rid, kinds=("bundled",))
    sheets = [Sheet(ruleset)] + [Sheet(ruleset, item.preset.inputs) for item in listed]
    found, formulas = {}, 0
    for sheet in sheets:
        for name in ruleset.rules:
            status = speaker.explained(sheet.status(name))
            formula = status.derivation.formula if status.derivation else ""
            formulas += bool(formula)
            notes = "\n".join(status.derivation.notes) if status.derivation else ""
            # Vampire's "Why not" counts "1 reason(s)": the English word, not its node's name
            if [word for word in identifiers_in(formula + "\n" + notes) if word != "reason"]:
                found[name] = formula + "\n" + notes
    assert formulas, "no formula read: the test would pass whatever the panel shows"
    assert not found, found
