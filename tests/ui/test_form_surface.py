"""The form's public surface (``SheetForm.problems``, ``value``, ``status``, ``inputs``,
``row``, ``dirty``/``mark_saved``): what the app and the tests read instead of the graph and
the form's private rows."""

from __future__ import annotations

from textual.app import App, ComposeResult

from worksheet.engine import IntInput, Problem, Ruleset, State
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.widgets import InputRow, ValueRow


def _ruleset() -> Ruleset:
    ruleset = Ruleset("surface", "Surface", "tests", [
        IntInput("a", 1, "the first", minimum=0, maximum=9), IntInput("b", 2, "the second")],
        results=("total",))

    @ruleset.rule("1", "Total", "a plus b; b may not be 7")
    def total(a, b):
        if b == 7:
            raise Problem("b", "7 is not allowed here")
        return a + b

    return ruleset.compile()


class FormApp(App):
    def compose(self) -> ComposeResult:
        yield SheetForm(_ruleset(), {"a": 3}, id="sheet")


async def test_reading_the_form_after_edits_a_load_and_a_save():
    app = FormApp()
    async with app.run_test(size=(100, 30)) as pilot:
        form = app.query_one(SheetForm)
        assert form.inputs == {"a": 3, "b": 2} and form.value("total") == 5
        assert form.problems == [] and not form.dirty
        row = form.row("a")
        assert isinstance(row, InputRow) and row.spec.name == "a"
        assert isinstance(form.row("total"), ValueRow) and form.row("nothing") is None

        row.editor.focus()
        await pilot.press("backspace", "1", "2")  # 12: over the maximum
        await pilot.pause()
        assert form.dirty and form.value("a") is None and form.inputs["a"] is None
        assert form.status("a").state is State.ERROR
        assert form.status("total").state is State.BLOCKED
        assert [(p.input, p.message) for p in form.problems] == [
            ("a", form.status("a").message)]
        assert "9" in form.status("a").message  # says what is allowed

        form.load_entries({"a": "4", "b": "7"})
        await pilot.pause()
        assert form.value("a") == 4 and form.value("total") is None
        assert [(p.input, p.message) for p in form.problems] == [("b", "7 is not allowed here")]

        form.mark_saved()
        assert not form.dirty
        form.load_entries({"b": "5"})
        assert form.dirty and form.value("total") == 9 and form.problems == []
        assert form.undo() and form.value("b") == 7 and not form.dirty  # back to the saved
        assert form.redo() and form.value("b") == 5
        assert not form.redo(), "nothing left to redo"
