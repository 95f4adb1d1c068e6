"""Pilot tests: in a terminal a tab keeps built only the rows near its view (``form.window``);
the rows scrolled far away are dropped, a gap as tall stands for them, and they come back
as the view, Tab, Shift+Tab or Ctrl+↑/↓ reach them, as they were and where they were.
Headless runs keep every row, so these force the terminal's behaviour."""

from __future__ import annotations

import pytest

from worksheet import rulesets
from worksheet.ui import WorksheetApp
from worksheet.ui.form.body import FormBody
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.form.window import Gap
from worksheet.ui.widgets import InputRow, ValueRow
from waits import until

SIZE = (80, 24)
MOST_WIDGETS = 45
"""Widgets a tab scrolled to its end may keep in its body at 80×24 (every row: 60–107)."""


@pytest.fixture
def progressive(monkeypatch):
    monkeypatch.setattr(SheetForm, "progressive", True)


def row_places(body: FormBody) -> dict[str, int]:
    """The first line of each input and value row built, by name."""
    return {(row.spec.name if isinstance(row, InputRow) else row.rule.name):
            row.virtual_region.y for row in body.children
            if isinstance(row, (InputRow, ValueRow))}


def settled(body: FormBody) -> bool:
    return not body._building and not body._window_due


async def page(pilot, body: FormBody, key: str) -> bool:
    """Press PageDown or PageUp and wait for the rows to settle; whether the view moved."""
    before = body.scroll_y
    await pilot.press(key)
    await until(pilot, lambda: settled(body), "the rows made and dropped")
    await pilot.pause()
    await until(pilot, lambda: settled(body), "the rows made and dropped")
    return body.scroll_y != before


async def to_the_end(pilot, body: FormBody) -> None:
    for _ in range(60):
        if not await page(pilot, body, "pagedown") and body.complete:
            return


async def to_the_top(pilot, body: FormBody) -> None:
    for _ in range(60):
        if not await page(pilot, body, "pageup"):
            return


async def full_places(rid: str, monkeypatch) -> dict[str, int]:
    """Where every row is when all are built at once (headless)."""
    monkeypatch.setattr(SheetForm, "progressive", False)
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        places = row_places(app.form().query_one(FormBody))
    monkeypatch.setattr(SheetForm, "progressive", True)
    return places


@pytest.mark.parametrize("rid", ["rise", "exalted2e"])
async def test_a_tab_scrolled_to_its_end_keeps_only_the_rows_near_its_view(progressive, rid,
                                                                         monkeypatch):
    places = await full_places(rid, monkeypatch)
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.form().query_one(FormBody)
        await to_the_end(pilot, body)
        assert body.scroll_y == body.max_scroll_y
        assert any(isinstance(child, Gap) for child in body.children)
        assert len(list(body.walk_children())) <= MOST_WIDGETS
        assert body.virtual_size.height == app.form().query_one(FormBody).virtual_size.height
        at_end = row_places(body)
        assert at_end and all(places[name] == y for name, y in at_end.items())
        await to_the_top(pilot, body)
        assert body.scroll_y == 0
        at_top = row_places(body)
        assert at_top and all(places[name] == y for name, y in at_top.items())
        assert len(list(body.walk_children())) <= MOST_WIDGETS


async def test_tab_and_shift_tab_reach_every_input_past_dropped_rows(progressive):
    ruleset = rulesets.get("gemstone4")
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.form().query_one(FormBody)
        assert app.focused.id == "stance"
        await to_the_end(pilot, body)  # the rows below the first field are dropped
        assert isinstance(body.children[body.children.index(body.row_of(app.focused)) + 1],
                          Gap)

        def focused_input() -> str | None:
            row = body.row_of(app.focused)
            return row.spec.name if isinstance(row, InputRow) else None

        forward = ["stance"]
        for _ in range(120):
            await pilot.press("tab")
            name = focused_input()
            if name is not None and name not in forward:
                forward.append(name)
            if set(ruleset.inputs) <= set(forward):
                break
        assert set(ruleset.inputs) <= set(forward)
        await to_the_top(pilot, body)  # focus at the last input: the first rows dropped
        backward: list[str] = [focused_input()]
        for _ in range(120):
            await pilot.press("shift+tab")
            name = focused_input()
            if name is not None and name not in backward:
                backward.append(name)
            if "stance" in backward:
                break
        assert set(forward) == set(backward)


async def test_typed_values_and_marks_survive_their_row_being_dropped(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.form()
        body = form.query_one(FormBody)
        await pilot.press("ctrl+down")  # Encumbrance, then Dodge ranks
        await pilot.press("ctrl+down")
        await pilot.press("ctrl+down")
        name = body.row_of(app.focused).spec.name
        await pilot.press("4", "2")  # the field's text is selected on focus: replaced
        await until(pilot, lambda: form.entries[name] == "42", "the edit taken")
        marked = set(form.marks.before)
        was_marked = form.row(name).has_class("-changed")
        assert marked  # the edit changed values, marked beside them
        await pilot.press("f4")  # focus back on the round group's first input
        await to_the_end(pilot, body)
        assert form.row(name) is None  # dropped
        await to_the_top(pilot, body)
        row = await until(pilot, lambda: form.row(name), "the row made again")
        assert row.text == "42" and row.has_class("-changed") == was_marked
        shown = {n for n, r in form._rows.items() if isinstance(r, ValueRow)
                 and r.has_class("-changed")}
        assert shown == {n for n in marked if n in form._rows}


@pytest.mark.every_row  # the rows all there: the view can leave Level without dropping it
async def test_the_first_field_kept_at_the_top_is_shown_when_the_view_has_left_it():
    """Found by CI through the pty at 80×24: Rise, F10 from Level (the first field, kept at
    the top with the round group) and F10 back focused Level again, but the Odds step's
    scroll, done late, had left the view at the form's end, and the kept field was never
    revealed: typing went to a field off the screen. Here the view leaves it directly, and
    a resize (which reveals the focused field, as F10 back does) must bring the top back."""
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        body = app.query_one("#rise FormBody", FormBody)
        await until(pilot, lambda: app.screen.focused is not None
                    and app.screen.focused.id == "level", "Level focused at start")
        await pilot.pause()  # the start's own scroll home, after a refresh, done

        def level_in_view() -> bool:  # the row is made again once dropped: the one now
            focused = app.screen.focused
            return focused is not None and focused.id == "level" and (
                body.can_view_entire(focused))

        body.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        await until(pilot, lambda: not level_in_view(), "the view off Level")
        await pilot.resize_terminal(81, 24)
        await until(pilot, lambda: level_in_view() and body.scroll_y == 0,
                    "Level in view, the view at its top", deadline=5)
        assert app.screen.focused.id == "level"

