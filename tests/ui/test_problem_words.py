"""The app words a problem from its fields and the form's labels, never from the engine's text.

The engine's message (``worksheet calc``'s words) is made by one function,
:func:`worksheet.engine.faults.engine_words`. Reworded here to something no parser could read
back, the app's words stay the same, on a row, in a record's editor and in a saved-sheet
refusal: rewording a message cannot break a label.
"""

from __future__ import annotations

import pytest

from tests.engine.test_faults import RULE_PROBLEMS
from worksheet import rulesets
from worksheet.engine import RecordsInput, Sheet, State, faults
from worksheet.ui import WorksheetApp
from worksheet.ui.speaker import Speaker

BAD_TEXTS = ("abc", "-99999", "99999", "3/2", "5,3,99", "x'y", "1e5000", "foo,bar", "")


def reword(monkeypatch) -> None:
    """The engine's messages become ``REWORDED[input]``: nothing of the old shape is left."""
    monkeypatch.setattr(faults, "engine_words", lambda fault: f"REWORDED[{fault.input}]")


def the_apps_words(rid: str) -> dict[str, str]:
    """What the app says for every problem of a sheet with each bad text, and each rule's
    problem, by where it is shown."""
    ruleset = rulesets.get(rid)
    speaker = Speaker(ruleset)
    sheets: list[tuple[str, Sheet]] = []
    for name, spec in ruleset.inputs.items():
        if isinstance(spec, RecordsInput):
            sheets += [(f"{name}={raw!r}", Sheet(ruleset, {name: [raw]}))
                       for raw in ({"bogus": 1}, {}, "not a table")]
            continue
        for text in BAD_TEXTS:
            sheet = Sheet(ruleset)
            sheet.set_text(name, text)
            sheets.append((f"{name}={text!r}", sheet))
    sheets += [(repr(values), Sheet(ruleset, values)) for id_, values, _ in RULE_PROBLEMS
               if id_ == rid]
    said = {}
    for where, sheet in sheets:
        for node in (*ruleset.inputs, *ruleset.order):
            status = sheet.status(node)
            if status.state is State.ERROR:
                said[f"{where} → {node}"] = speaker.status(status).message
        said[f"{where} → refused save"] = "; ".join(speaker.error(p) for p in sheet.problems)
    for name, spec in ruleset.inputs.items():
        if isinstance(spec, RecordsInput):  # the record editor's own speaker
            editor = Speaker(labels={field.name: field.title for field in spec.fields})
            for field in spec.fields:
                for text in BAD_TEXTS:
                    try:
                        field.parse_text(text)
                    except ValueError as error:
                        said[f"{name}.{field.name}={text!r}"] = editor.problem(error.fault)
    return said


@pytest.mark.parametrize("rid", rulesets.ids())
def test_rewording_the_engine_leaves_the_apps_words_as_they_were(rid, monkeypatch):
    before = the_apps_words(rid)
    assert any(" = " in words for words in before.values()), "the usual words were tried"
    reword(monkeypatch)
    after = the_apps_words(rid)
    assert after == before
    assert not any("REWORDED" in words for words in after.values())


@pytest.mark.every_row
async def test_a_row_shows_the_same_words_when_the_engine_is_reworded(monkeypatch):
    reword(monkeypatch)
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=(120, 40)) as pilot:
        editor = app.query_one("#gemstone4 #dodge-ranks")
        editor.focus()
        await pilot.press("1", "x", "2")
        await pilot.pause()
        form = app.form()
        assert form.status("dodge_ranks").message == "REWORDED[dodge_ranks]", "the engine's"
        allowed = form.ruleset.inputs["dodge_ranks"].allowed()
        assert editor.parent.render().message.plain == \
            f"✗ Dodge ranks = '1x2': not a whole number; allowed: {allowed}"
