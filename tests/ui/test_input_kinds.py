"""Input kinds (``widgets.kinds``): every input the engine can declare has one, a row draws its
editor cell for cell before the editor is made, and a new kind is its registration alone.

The UI never switches on an input's type: it asks the input's kind. So a type of input the
engine gains without a kind would fail only when a player met it; these tests fail first.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from rich.style import Style as RichStyle
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.content import Content

import worksheet.engine
from worksheet import rulesets
from worksheet.engine import InputSpec, IntInput, Ruleset
from worksheet.ui import WorksheetApp
from worksheet.ui.form.body import FormBody
from worksheet.ui.form.entries import entries_from_json, entries_to_json
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.widgets import InputRow
from worksheet.ui.widgets.editors import Editor
from worksheet.ui.widgets.kinds import KINDS, EditorKind, StandIn, kind_of, register

from waits import until


def engine_input_classes() -> list[type[InputSpec]]:
    """Every input class the engine defines (each of its modules imported), but the base."""
    for module in pkgutil.iter_modules(worksheet.engine.__path__, "worksheet.engine."):
        importlib.import_module(module.name)
    found, todo = [], [InputSpec]
    while todo:
        for cls in todo.pop().__subclasses__():
            todo.append(cls)
            if cls.__module__.startswith("worksheet.engine."):
                found.append(cls)
    return sorted(set(found), key=lambda cls: cls.__name__)


def test_every_input_class_the_engine_defines_has_a_kind():
    classes = engine_input_classes()
    assert len(classes) >= 8, "the search found the engine's input classes"
    unnamed = [cls.__name__ for cls in classes if "kind" not in vars(cls)]
    assert not unnamed, f"each input class names its own kind (InputSpec.kind): {unnamed}"
    missing = [f"{cls.__name__} ({cls.kind})" for cls in classes if cls.kind not in KINDS]
    assert not missing, ("input classes with no kind registered in worksheet.ui.widgets.kinds: "
                         + ", ".join(missing))


def test_every_input_and_record_field_of_every_ruleset_has_a_kind():
    for ruleset in rulesets.all_rulesets():
        for spec in ruleset.inputs.values():
            assert kind_of(spec).name == spec.kind
            for field in getattr(spec, "fields", ()):
                assert kind_of(field).make_editor is not None, (ruleset.id, field.name)


def test_a_kind_is_registered_once_and_a_missing_one_is_named():
    with pytest.raises(ValueError, match="registered already"):
        register(EditorKind("int", make_editor=lambda *args: None))
    with pytest.raises(ValueError, match="one of make_editor and make_row"):
        EditorKind("neither")
    with pytest.raises(LookupError, match="'grade'"):
        kind_of(GradeInput("grade"))


# -- a kind defined here: registered for one test, then removed ---------------------------
GRADES = "ABCDE"


@dataclass(frozen=True)
class GradeInput(InputSpec):
    """A letter grade, A to E: a type of input the engine does not have."""

    default: Any = "C"
    kind: ClassVar[str] = "grade"

    def allowed(self, short: bool = False) -> str:
        return "A to E" if short else "a grade from A to E"

    def _coerce(self, raw: Any) -> str:
        if isinstance(raw, str) and len(raw.strip()) == 1 and raw.strip().upper() in GRADES:
            return raw.strip().upper()
        raise self.fail(raw, "not a grade")


class GradeEditor(Editor):
    """The grade's editor: a text field that shows the grade in capitals."""

    def set_text(self, spec: InputSpec, text: str) -> None:
        super().set_text(spec, text.upper())


def grade_editor(spec: InputSpec, text: str, widget_id: str, cursor_blink: bool) -> Editor:
    return GradeEditor(text.upper(), compact=True, id=widget_id)


def grade_drawing(spec: InputSpec, text: str, width: int, style) -> Content:
    return Content.styled(text.upper().ljust(width), style("input-cell--editor"))


GRADE = EditorKind("grade", grade_editor, StandIn(lambda spec, text: len(text) == 1,
                                                  grade_drawing), width=lambda spec: 12)


@pytest.fixture
def grade_kind():
    register(GRADE)
    try:
        yield GRADE
    finally:
        del KINDS[GRADE.name]


def graded_ruleset() -> Ruleset:
    ruleset = Ruleset("graded", "Graded", "tests", [
        IntInput("level", 1, "the level", minimum=0, maximum=9),
        GradeInput("grade", help="the grade")], results=("score",))

    @ruleset.rule("1", "Score", "the level plus the grade's points (A 5 … E 1)")
    def score(level, grade):
        return level + 5 - GRADES.index(grade)

    return ruleset.compile()


class GradedApp(App):
    def compose(self) -> ComposeResult:
        yield SheetForm(graded_ruleset(), id="sheet")


async def test_a_new_kind_needs_its_registration_and_nothing_else(grade_kind):
    app = GradedApp()
    async with app.run_test(size=(100, 30)) as pilot:
        form = app.query_one(SheetForm)
        row = form.row("grade")
        assert isinstance(row, InputRow) and row.has_class("-grade")
        assert isinstance(row.editor, GradeEditor) and row.editor.id == "grade"
        assert form.value("score") == 4

        row.editor.focus()
        await pilot.press("a")  # focus selected the whole text: "a" replaces it
        await until(pilot, lambda: form.value("score") == 6, "the typed grade in the graph")
        assert form.entries["grade"] == "a" and form.dirty

        form.load_entries({"grade": "e"})  # a load: shown in the editor, as its kind shows it
        await pilot.pause()
        assert row.editor.value == "E" and form.value("score") == 2
        assert form.undo() and row.editor.value == "A" and form.value("score") == 6

        plain = entries_to_json(form.ruleset, form.entries)
        assert entries_from_json(form.ruleset, plain) == (form.entries, [])

        later = InputRow(form.ruleset.inputs["grade"], "b", editor_id="later",
                         defer_editor=True)
        assert later.waits_for_editor, "the kind's stand-in draws it until its editor is made"
        await form.query_one(FormBody).mount(later)
        await later.make_editor()
        assert isinstance(later.editor, GradeEditor) and later.editor.value == "B"


# -- the stand-ins: what a row draws before its editor is the editor, cell for cell ------------
def seen(character: str, style: RichStyle | None) -> tuple:
    """A cell as the player sees it: its character and style, without the mouse's offsets
    (which name the widget drawn there); a blank's colour is its background's alone, unless
    an attribute draws on it (as the terminal output counts it, ``terminal.output``)."""
    style = style.clear_meta_and_links() if style is not None else RichStyle()
    if character == " " and not (style.underline or style.reverse or style.strike
                                 or style.underline2 or style.frame or style.encircle
                                 or style.overline):
        style = RichStyle(bgcolor=style.bgcolor)
    return character, style


def screen_cells(app: App) -> list[list[tuple]]:
    """Every cell of the screen, as the player sees it."""
    return [[seen(character, segment.style) for segment in strip for character in segment.text]
            for strip in app.screen._compositor.render_strips()]


class Samples(Vertical):
    """Rows of inputs the form does not have, above its rows: their edits stop here."""

    DEFAULT_CSS = "Samples { height: auto; }"

    def take_edit(self, row: InputRow) -> bool:
        return False

    def on_input_row_edited(self, event: InputRow.Edited) -> None:
        event.stop()


def samples() -> dict[str, InputSpec]:
    """An input of each kind some ruleset declares (inputs and record fields), by kind."""
    found: dict[str, InputSpec] = {}
    for ruleset in rulesets.all_rulesets():
        for spec in ruleset.inputs.values():
            for one in (spec, *getattr(spec, "fields", ())):
                found.setdefault(one.kind, one)
    return found


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
async def test_a_row_draws_its_editor_cell_for_cell_before_it_is_made(no_color, monkeypatch):
    """At start, in a terminal, the first view's rows wait for their editors (all but the
    focused one's): the screen they draw is the screen the editors draw, on every tab, so the
    frame the editors come with sends nothing. Above each form, a row of each kind with a
    stand-in, showing its example, waits too: every stand-in is drawn, whatever the tabs'
    first views hold."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    make_editors = FormBody.make_editors
    held: list[FormBody] = []
    monkeypatch.setattr(SheetForm, "progressive", True)  # as in a terminal
    monkeypatch.setattr(FormBody, "make_editors", lambda body: held.append(body))
    kinds = {name: spec for name, spec in samples().items() if KINDS[name].stand_in}
    assert set(kinds) == {name for name, kind in KINDS.items() if kind.stand_in}, \
        "every kind with a stand-in is declared by some ruleset"
    for rid in rulesets.ids():
        app = WorksheetApp(ruleset=rid)
        async with app.run_test(size=(200, 50)) as pilot:
            await until(pilot, lambda: held, "the first frame")
            body = held.pop()
            extra = [InputRow(spec, spec.example, editor_id=f"sample-{name}", defer_editor=True)
                     for name, spec in kinds.items()]
            await body.mount(Samples(*extra), before=0)
            waiting = [row for row in app.screen.query(InputRow) if row.waits_for_editor]
            assert {row.spec.kind for row in waiting} >= set(kinds), rid
            await until(pilot, lambda: all(row.region.width for row in waiting),
                        "the rows laid out")
            await pilot.pause()
            before = screen_cells(app)
            make_editors(body)
            for row in extra:
                row.make_editor()
            await until(pilot, lambda: all(row.editor is not None and row.editor.region.width
                                           for row in waiting), "the editors laid out")
            await pilot.pause()
            after = screen_cells(app)
            changed = ["".join(cell[0] for cell in new) for old, new in zip(before, after)
                       if old != new]
            assert changed == [], f"{rid}: the lines the editors changed"
