"""Pilot tests of the fight view (F10, issue 42): the strip, the round inputs and the Odds step
on one screen at 80×24. F10 from a field the view hides focuses the first round input, or on
Rise, which has no round row but its list of conditions, the Odds step's first input."""

from __future__ import annotations

import pytest

from worksheet.ui import WorksheetApp
from worksheet.ui.form.body import FormBody
from worksheet.ui.form.focus import FocusTargets
from worksheet.ui.form.sheet_form import SheetForm
from waits import until

SIZE = (80, 24)


def focused_id(app) -> str | None:
    return getattr(app.screen.focused, "id", None)


@pytest.mark.parametrize("size", [SIZE, (80, 12)])
async def test_f10_from_level_with_an_attack_entered_opens_the_view_at_the_round(size):
    """Found in tmux at 80×24 after a restore: with Accuracy entered, F10 from Level focused
    Accuracy and scrolled the Odds heading to the top, as Ctrl+G does; the odds below fill
    the view, so the round heading went above it. The fight view opens at its top; in a
    terminal too short for the round and Accuracy both, Accuracy is in view."""
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: focused_id(app) == "level", "Level focused at start")
        form = app.query_one("#rise", SheetForm)
        form.load_entries({"accuracy": "12"})
        await until(pilot, lambda: "hit 100.0 %" in str(app.query_one("#rise ResultStrip")
                                                        .render()), "the odds in the strip")
        await pilot.press("f10")
        body = app.query_one("#rise FormBody", FormBody)
        await until(pilot, lambda: focused_id(app) == "accuracy", "Accuracy focused")
        await pilot.pause()

        def placed() -> bool:
            row = body.row_of(app.screen.focused)  # a row's place is in the body's lines
            fits = row.virtual_region.bottom <= body.size.height
            return (body.scroll_y == 0) is fits and body.can_view_entire(app.screen.focused)

        await until(pilot, placed, "Accuracy in view, the view at its top if it fits there",
                    deadline=5)
        assert (body.scroll_y == 0) is (size == SIZE)


async def test_f10_on_rise_focuses_a_shown_field_when_the_odds_editor_is_late(monkeypatch):
    """F10 from Level (which the fight view hides) waits, within a bound, for the Odds
    step's editor to focus it. Found by making it never come: Textual let go of the hidden
    Level, nothing had focus, the rule panel still named Level, and what was typed next went
    nowhere. At the bound a field the fight view shows takes the focus and the key."""
    monkeypatch.setattr(FocusTargets, "_odds_editor_made", lambda self: False)
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: focused_id(app) == "level", "Level focused at start")
        await pilot.press("f10")
        form = app.query_one("#rise", SheetForm)
        await until(pilot, lambda: app.screen.focused in app.screen.focus_chain
                    and form in app.screen.focused.ancestors
                    and app.screen.focused.region.height > 0,
                    "a field the fight view shows has focus")


async def test_the_odds_rows_place_in_the_whole_form_is_not_taken_for_the_fight_views():
    """CI once found the view at the form's end after F10 on Rise: the Odds step's scroll
    was chosen from the Odds row's place in the whole form, before the fight view's layout
    (the row is shown in both, so it had a place all along). The choice waits until the
    rows the view hides have left the layout."""
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: focused_id(app) == "level", "Level focused at start")
        form = app.query_one("#rise", SheetForm)
        form.build_all()
        await until(pilot, lambda: form._odds_row() is not None
                    and form._odds_row().virtual_region.height, "the Odds row laid out")
        odds = form._odds_row()
        form.add_class("-fight-view")  # as F10 does, before Textual lays it out anew
        assert odds.virtual_region.height, "its place in the whole form is still there"
        assert not form._laid_out_as_fight_view(odds)
        await until(pilot, lambda: form._laid_out_as_fight_view(odds),
                    "the fight view laid out")
        body = app.query_one("#rise FormBody", FormBody)
        assert odds.virtual_region.bottom <= body.size.height  # at 80×24 it fits at the top
