"""Pilot tests: the tabs, the generated forms and switching tabs from the keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio
from textual.widgets import DataTable, Select

from worksheet import rulesets
from worksheet.ui.widgets.ids import kebab
from worksheet.ui import WorksheetApp
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.widgets.tab_bar import TabBar
from worksheet.ui.app import worksheet_app
from shared_apps import app_pool
from waits import DEADLINE, until

APP_FOLDER = Path(worksheet_app.__file__).parent

SIZE = (120, 40)

pytestmark = pytest.mark.asyncio(loop_scope="module")  # the shared apps' loop (``running``)


def shared(rid: str):
    """A ruleset for a test run on the app of that ruleset shared on one worker (``running``)."""
    return pytest.param(rid, marks=pytest.mark.xdist_group(f"tabs-{rid}"))


ON_SHARED_GEMSTONE = pytest.mark.xdist_group("tabs-gemstone4")
"""A test that only looks at the GemStone app, or puts back what it changes: it runs on the
one shared by these tests (``running``)."""


async def on_the_sheet(app, pilot) -> None:
    """Put back what an earlier test left: dialogs closed, its tab's defaults, the rule
    panel shown."""
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.screen.remove_class("-no-panel")
    app.form().reset()
    await pilot.pause()
    assert len(app.screen_stack) == 1 and app.form().inputs == app.form().ruleset.defaults()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def running(tmp_path_factory):
    """``await running(rid)``: the app opened on ruleset ``rid`` and its pilot, started once
    for the tests of this module that look at it (five launches of GemStone before)."""
    async with app_pool(tmp_path_factory, SIZE, lambda rid: WorksheetApp(ruleset=rid),
                        on_the_sheet) as get:
        yield get


async def test_each_ruleset_has_a_tab_with_its_id_and_title():
    app = WorksheetApp()
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(TabBar)
        assert bar.tabs == tuple((rid, rulesets.short_title(rid)) for rid in rulesets.ids())
        assert [title for _, title in bar.tabs] == [
            "Exalted 2e", "GemStone IV", "Rise", "Shadowrun 4A", "Vampire"]
        for rid in rulesets.ids():
            app.show_tab(rid)
            title = rulesets.get(rid).title
            for _ in range(20):  # a tab built now shows its status once built (under load: frames)
                await pilot.pause()
                status = str(app.query_one("#status").render())
                if status.startswith(title):
                    break
            assert status.startswith(title), "the full title is in the status"


@pytest.mark.parametrize("rid", [shared(rid) for rid in rulesets.ids()])
@pytest.mark.every_row
async def test_form_has_an_editor_per_input_and_a_value_widget_per_node(rid, running):
    app, _ = await running(rid)
    pane = app.query_one(f"#{rid}", SheetForm)
    ruleset = rulesets.get(rid)
    for name in ruleset.inputs:
        assert pane.query_one(f"#{kebab(name)}")
    for name in ruleset.rules:
        assert pane.query_one(f"#value-{kebab(name)}")
    ours = [w for w in pane.query("*") if w.id and not any(
        isinstance(a, (Select, DataTable)) for a in w.ancestors)]  # Textual's own insides
    ids = [widget.id for widget in ours]
    assert len(ids) == len(set(ids))


async def test_only_the_visible_tab_is_built_at_start():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE):
        assert [form.id for form in app.query(SheetForm)] == ["gemstone4"]


async def test_switching_tabs_by_keyboard_builds_and_focuses_the_tab():
    app = WorksheetApp()
    ids = rulesets.ids()
    async with app.run_test(size=SIZE) as pilot:
        assert app.active == ids[0]
        await pilot.press("ctrl+pagedown")
        await pilot.pause()
        assert app.active == ids[1 % len(ids)]
        await pilot.press("ctrl+pageup")
        await pilot.pause()
        assert app.active == ids[0]
        await pilot.press("f7")
        await pilot.pause()
        assert app.active == ids[-1]
        await pilot.press(f"alt+{len(ids)}")
        await pilot.pause()
        assert app.active == ids[-1]
        await pilot.press("alt+1")
        await pilot.pause()
        assert app.active == ids[0]
        assert app.query(f"SheetForm#{ids[-1]}"), "a tab shown once is built"
        shown = [form.id for form in app.query(SheetForm) if form.display]
        assert shown == [ids[0]], "only the active tab's form is shown"
        assert app.focused is not None and app.form() in app.focused.ancestors


async def test_opening_on_a_preset_selects_its_tab():
    from worksheet.presets import find_preset

    preset = find_preset("example-1", "gemstone4")
    app = WorksheetApp(preset=preset)
    async with app.run_test(size=SIZE):
        assert app.active == "gemstone4"
        form = app.form()
        for name, value in preset.inputs.items():
            assert form.value(name) == value
        assert not form.dirty


@ON_SHARED_GEMSTONE
@pytest.mark.every_row
async def test_help_screen_lists_every_app_binding(running):
    from worksheet.ui.keys import help_rows
    from worksheet.ui.screens.help import HelpScreen

    app, pilot = await running("gemstone4")
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    listed = {str(key.render()) for key in app.screen.query(".help-key")}
    for keys, _ in help_rows(WorksheetApp.key_bindings()):
        assert keys in listed
    assert {"a, Insert", "e, Enter", "d, Delete", "Shift+↑, [", "Shift+↓, ]"} <= listed
    await pilot.press("escape")
    await pilot.pause()
    assert not isinstance(app.screen, HelpScreen)


@ON_SHARED_GEMSTONE
@pytest.mark.every_row
async def test_question_mark_is_help_outside_text_fields_only(running):
    from worksheet.ui.screens.help import HelpScreen

    app, pilot = await running("gemstone4")
    pane = app.query_one("#gemstone4")
    pane.query_one("#dodge-ranks").focus()
    await pilot.press("question_mark")
    await pilot.pause()
    assert not isinstance(app.screen, HelpScreen)
    pane.query_one("#shield").focus()
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)


@ON_SHARED_GEMSTONE
@pytest.mark.every_row
async def test_command_palette_offers_every_action(running):
    app, _ = await running("gemstone4")
    titles = {command.title for command in app.get_system_commands(app.screen)}
    for title in ("Save preset", "Open preset", "Undo", "Redo", "Reset tab", "Next tab",
                  "Previous tab", "Help", "Toggle rule panel", "Quit"):
        assert title in titles


@pytest.mark.every_row
async def test_rule_panel_follows_focus_and_f3_shows_it_whole():
    from worksheet.ui.screens.explain import ExplainScreen
    from worksheet.ui.widgets import RulePanel
    from worksheet.ui.widgets.rule_panel import MORE

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=(80, 24)) as pilot:
        row = app.query_one("#gemstone4 #value-melee-ds")
        row.focus()
        await pilot.pause()
        panel = app.query_one("#gemstone4 RulePanel")
        title = str(panel.children[0].render())
        assert "Evade DS vs melee" in title
        assert "GemStone IV wiki" in str(panel.children[2].render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExplainScreen)
        copy = app.screen.query_one(RulePanel)
        assert str(copy.children[0].render()) == title.removesuffix(MORE)  # no hint: all
        assert str(copy.children[2].render()).startswith("Source: GemStone IV wiki")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ExplainScreen)


@ON_SHARED_GEMSTONE
@pytest.mark.every_row
async def test_f2_hides_and_shows_the_rule_panel(running):
    app, pilot = await running("gemstone4")
    panel = app.query_one("#gemstone4 RulePanel")
    assert panel.display and panel.region.width
    await pilot.press("f2")
    await pilot.pause()
    assert panel.region.width == 0
    await pilot.press("f2")
    await pilot.pause()
    assert panel.region.width


def bar_lines(bar: TabBar) -> list[str]:
    """The two lines the tab bar shows, as plain text."""
    return [str(line) for line in bar.render().split("\n")]


async def test_tab_bar_shows_every_title_and_marks_the_active_one_at_80_columns():
    app = WorksheetApp(ruleset="gemstone4")
    ids = rulesets.ids()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(TabBar)
        for rid in ids:
            app.show_tab(rid)
            await pilot.pause()
            titles, rule = bar_lines(bar)
            assert len(titles) == len(rule) == 80
            title = rulesets.short_title(rid)
            for other in ids:
                assert f" {rulesets.short_title(other)} " in titles, "every tab is readable"
            start = titles.index(title)
            # the rule is broken just before and just after the active title, nowhere else
            assert rule[start:start + len(title)] == "━" * len(title)
            assert set(rule.replace("╸", "").replace("╺", "")) == {"━"}
            if start > 0:
                assert rule[start - 1] == "╸"
            if start + len(title) < 80:
                assert rule[start + len(title)] == "╺"


async def test_tab_bar_left_right_when_focused_and_a_click_selects():
    app = WorksheetApp()
    ids = rulesets.ids()
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(TabBar)
        bar.focus()
        await pilot.press("left")
        await pilot.pause()
        assert app.active == ids[-1], "Left wraps from the first tab to the last"
        assert app.focused is bar, "browsing the tabs keeps focus on the bar"
        await pilot.press("right")
        await pilot.pause()
        assert app.active == ids[0]
        start, _ = bar.spans()[2]
        await pilot.click(TabBar, offset=(start + 2, 0))
        await pilot.pause()
        assert app.active == ids[2]
        assert app.query_one(f"SheetForm#{ids[2]}").display
        await pilot.press("tab")
        assert app.focused is app.form().first_editor(), "Tab goes from the bar into the form"


async def test_a_tab_shown_again_gives_focus_back_to_the_field_left_there():
    """Not the first field: a look at another tab must not send the next number elsewhere."""
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:  # Stance → Encumbrance, Dodge ranks, Agility
        # bonus, Intuition bonus
        await pilot.press("ctrl+down", "ctrl+down", "ctrl+down", "ctrl+down")
        await pilot.pause()
        left = app.focused
        assert left is not None and left.id == "intuition-bonus"
        await pilot.press("ctrl+pagedown")
        await pilot.pause()
        assert app.active == "rise"
        await pilot.press("ctrl+pageup")
        await pilot.pause()
        assert app.active == "gemstone4"
        assert app.focused is not None and app.focused.id == "intuition-bonus"
        await pilot.press("3", "4")
        await pilot.pause()
        assert app.form().entries["intuition_bonus"] == "34"
        assert app.form().entries["dodge_ranks"] == "0"


class StartWatched(WorksheetApp):
    """The app, noting when it has answered its form's ``Built``: it focuses the first field
    then, and lets the keys held for it go after a refresh, with the number of the hold on at
    that moment (``FocusTargets.release_keys_after_refresh``). A hold a test begins before
    that answer is let go by it; one begun after it is not (the number has moved on)."""

    CSS_PATH = [str(APP_FOLDER / path) for path in WorksheetApp.CSS_PATH]  # not beside this test
    built_answered = False

    def on_sheet_form_built(self, event: SheetForm.Built) -> None:
        # Textual calls this class's handler, then WorksheetApp's, for the same message, with
        # nothing else running in between: by the time a test sees the flag, the answer is done.
        if event.form.ruleset.id == self.active:
            self.built_answered = True


async def start_over(pilot, app: StartWatched) -> None:
    """Wait until the start is over: the form built, the app's answer given, focus on the
    first field and no hold on (a test's own hold then lasts until its release or bound)."""
    await until(pilot, lambda: app.built_answered and not app.is_holding(app.holds)
                and app.focused is not None and app.focused.id == "level",
                "the start (form built, first field focused, keys let go)")


async def test_held_keys_are_handed_on_in_order_within_the_bound():
    """``KeyGate``: keys held for a tab that never reports its focus back still arrive, in
    the order typed, after ``HOLD_SECONDS`` at most."""
    from worksheet.ui.terminal.key_gate import HOLD_SECONDS

    app = StartWatched(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        await start_over(pilot, app)
        assert app.focused is not None and app.focused.id == "level"
        app.hold_keys()
        hold = app.holds
        await pilot.press("4", "2")
        await pilot.pause()
        assert app.form().entries["level"] == "1", "held: not typed yet"
        await until(pilot, lambda: not app.is_holding(hold), "the hold reached its bound",
                    deadline=HOLD_SECONDS + DEADLINE)
        await until(pilot, lambda: len(app.form().entries["level"]) == 2,
                    "both held keys handed on")
        assert app.form().entries["level"] == "42"


async def test_keys_read_while_held_keys_are_let_go_come_after_them():
    """``KeyGate``: a hold ends in a widget's callback, while later keys of the same burst
    may already wait in the app's queue. The held keys were handed back all at once, behind
    those: "4 2", the 4 held and the 2 queued as the hold ended, was typed as "24"."""
    from textual import events

    app = StartWatched(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        await start_over(pilot, app)
        assert app.focused is not None and app.focused.id == "level"
        app.hold_keys()
        app.post_message(events.Key("4", "4"))
        await pilot.pause()
        assert app.form().entries["level"] == "1", "held: not typed yet"
        app.post_message(events.Key("2", "2"))  # read, not yet taken by the app
        app.release_keys()  # as a widget's callback lets the hold go
        await pilot.pause()
        app.post_message(events.Key("7", "7"))
        await until(pilot, lambda: len(app.form().entries["level"]) == 3,
                    "the three keys typed")
        assert app.form().entries["level"] == "427"
