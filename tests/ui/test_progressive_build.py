"""Pilot tests: in a terminal the form starts with the rows of the first screen and builds the
others as they come within reach (scrolling, Tab, Ctrl+Down). Headless runs build every row at
once, so these force the terminal's behaviour (``SheetForm.progressive``)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from worksheet import rulesets
from worksheet.ui.widgets.ids import kebab
from worksheet.ui import WorksheetApp
from worksheet.ui.form.body import FormBody, take_lines
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.widgets import InputRow, ValueRow
from waits import until

SIZE = (80, 24)


@pytest.fixture
def progressive(monkeypatch):
    monkeypatch.setattr(SheetForm, "progressive", True)


def heading(text: str) -> Static:
    return Static(text, classes="step-heading")


def test_take_lines_takes_rows_until_the_lines_are_filled():
    def rows():
        return iter([heading("Step 1"), Static("a"), Static("b", classes="value-row"),
                     heading("Step 2"), Static("c"), Static("d")])

    assert len(take_lines(rows(), None)) == 6
    assert len(take_lines(rows(), 100)) == 6
    # heading 2 lines, input 1, value row 2: the row that reaches the end is taken too
    assert len(take_lines(rows(), 3)) == 2
    assert len(take_lines(rows(), 4)) == 3
    assert len(take_lines(rows(), 6)) == 4
    assert len(take_lines(rows(), 1)) == 1
    assert take_lines(iter([]), 24) == []
    left = rows()
    take_lines(left, 3)
    assert [r.has_class("value-row") for r in take_lines(left, 2)] == [True]  # resumes


def expected_value_order(rid: str) -> list[str]:
    """The value rows in the order a headless (all at once) build lays them out."""
    return [f"value-{kebab(n)}" for g in rulesets.get(rid).step_groups()
            for n in g.nodes]


def built_value_ids(app: WorksheetApp) -> list[str]:
    body = app.form().query_one(FormBody)
    return [child.id for child in body.children if isinstance(child, ValueRow)]


async def test_the_first_paint_has_the_first_screen_only(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.form().query_one(FormBody)
        assert not body.complete
        built = built_value_ids(app)
        assert 0 < len(built) < len(expected_value_order("gemstone4"))
        assert app.query_one("#dodge-ranks")  # the first input is there to type into


@pytest.mark.parametrize("rid", rulesets.ids())
async def test_scrolling_to_the_end_builds_every_row_in_order(progressive, rid):
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.form().query_one(FormBody)
        seen: list[str] = []  # rows far above the view are dropped as it goes (form.window)
        ids: set[str] = set()  # of every widget built on the way
        for _ in range(80):
            seen += [i for i in built_value_ids(app) if i not in seen]
            ids |= {widget.id for widget in body.query("*") if widget.id}
            if body.complete and body.scroll_y >= body.max_scroll_y:
                break
            body.scroll_page_down(animate=False)  # a page at a time: each row passes by
            await pilot.pause()
        assert body.complete
        await pilot.pause()
        seen += [i for i in built_value_ids(app) if i not in seen]
        ids |= {widget.id for widget in body.query("*") if widget.id}
        ruleset = rulesets.get(rid)
        assert {kebab(name) for name in ruleset.inputs} <= ids
        assert seen == expected_value_order(rid)


async def test_tab_reaches_every_row_of_the_form(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.focused.id == "stance"  # the first round input (issue 42)
        await pilot.press("f4")  # the round group's key keeps it there; Tab through the form
        await pilot.pause()
        assert app.focused.id == "stance"
        seen: list[str] = ["stance"]
        for _ in range(80):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            row = next((n for n in focused.ancestors_with_self
                        if isinstance(n, (InputRow, ValueRow))), None) if focused else None
            if row is not None:
                name = row.spec.name if isinstance(row, InputRow) else row.rule.name
                if name not in seen:
                    seen.append(name)
            if rulesets.get("gemstone4").order[-1] in seen:  # the last row (the Odds step's)
                break
        ruleset = rulesets.get("gemstone4")
        assert set(ruleset.inputs) <= set(seen)
        assert "melee_ds" in seen and "ranged_ds" in seen


async def test_ctrl_down_jumps_to_inputs_not_built_yet(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    ruleset = rulesets.get("gemstone4")
    round_group = list(ruleset.fight_loop.round_inputs)  # first, under the strip
    inputs = round_group + [name for name in ruleset.inputs if name not in round_group]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.focused.id == "stance"
        for _ in inputs[1:]:
            await pilot.press("ctrl+down")
            await pilot.pause()
            await pilot.pause()
        last = kebab(inputs[-1])
        assert app.focused is not None and app.focused.id == last


async def test_a_load_before_a_row_is_built_shows_when_it_is(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.form()
        assert form.row("body_weight") is None  # below the first screen: not made yet
        form.load_entries({"body_weight": "99999", "stance": "defensive"})
        await pilot.pause()
        form.build_all()
        await pilot.pause()
        await pilot.pause()
        later = form.row("body_weight")
        assert later.is_mounted
        assert app.query_one("#body-weight").value == "99999"
        assert later.has_class("-error")
        assert "2000" in later.render().message.plain
        assert form.entries["body_weight"] == "99999"  # no echo of the old text on mount
        assert form.entries["stance"] == "defensive"
        assert str(app.query_one("#stance").value) == "defensive"
        assert "waiting for Body weight" in app.query_one("#value-melee-ds", ValueRow).result


@pytest.mark.parametrize("rid", rulesets.ids())
async def test_a_quit_before_the_editors_are_made_ends_cleanly(progressive, monkeypatch, rid):
    """Found over ``worksheet serve`` (1 run in 5): Ctrl+Q as soon as the sheet showed ended
    the program with status 1 and "unexpected error: MountError". The first view's editors are
    made right after the first frame (``FormBody.make_editors``); once the app is exiting,
    Textual refuses every mount. Made after a quit, they are now left unmade, as are rows."""
    make_editors = FormBody.make_editors
    held: list[FormBody] = []
    monkeypatch.setattr(FormBody, "make_editors", lambda body: held.append(body))
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: held, "the first frame")
        body = held.pop()
        waiting = [row for row in body.query(InputRow) if row.waits_for_editor]
        assert waiting, "the first view has rows whose editors come after the first frame"
        await pilot.press("ctrl+q")  # nothing unsaved: the app ends
        assert app.return_code == 0
        make_editors(body)  # what the first frame's callback does, now after the quit
        assert body.build_more() is None, "no row is built for an app that is ending"
        assert all(row.waits_for_editor for row in waiting), "nothing was mounted"
    assert app.return_code == 0
