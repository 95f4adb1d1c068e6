"""Pilot tests of the held frame (``widgets/frame_hold``): a keystroke's frame is let go by the
form's path — the status line updated, or an edit that changed nothing — and never held past
the limit, whatever happens to the messages."""

from __future__ import annotations

import pytest
from hooks_probe import frame_held
from worksheet.ui import WorksheetApp
from worksheet.ui.widgets import InputRow
from worksheet.ui.widgets import frame_hold as frame_hold_module
from worksheet.ui.widgets.frame_hold import frame_hold

PRESET = "presets/gemstone4-example-1.toml"


@pytest.mark.every_row
async def test_an_edit_lets_its_frame_go_once_the_status_line_shows_it(monkeypatch):
    monkeypatch.setattr(frame_hold_module, "HOLD_LIMIT", 30.0)  # only the form's path lets go
    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.query_one("#gemstone4 #dodge-ranks")
        editor.focus()
        await pilot.press("end", "backspace")
        await pilot.pause()
        assert not frame_held(frame_hold(app))
        assert "● unsaved edits" in str(app.query_one("#status").render())
        row = app.form().row("dodge_ranks")
        assert isinstance(row, InputRow)
        frame_hold(app).hold()  # an edit that changes nothing (the text is the entry's)
        row.post_message(InputRow.Edited(row, "dodge_ranks"))
        await pilot.pause()
        assert not frame_held(frame_hold(app))


async def test_a_held_frame_is_let_go_at_the_limit():
    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(80, 24)) as pilot:
        hold = frame_hold(app)
        hold.hold()
        assert frame_held(hold) and frame_hold(app) is hold
        await pilot.pause(frame_hold_module.HOLD_LIMIT + 0.2)
        assert not frame_held(hold)
        editor = app.query_one("#gemstone4 #dodge-ranks")
        editor.focus()
        await pilot.press("end", "backspace")  # the screen is drawn again as before
        await pilot.pause()
        assert "Evade DS vs melee 15" in str(app.query_one(".result-strip").render())


async def test_a_field_of_a_dialog_never_holds_a_frame(monkeypatch):
    """The record editor's fields are input rows too, and nothing there lets a frame go: held,
    each keystroke's echo would wait for the limit."""
    monkeypatch.setattr(frame_hold_module, "HOLD_LIMIT", 30.0)
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=(120, 60)) as pilot:
        from worksheet.ui.screens.record_editor import RecordEditor
        from worksheet.ui.widgets.record_list import RecordList

        app.query_one("#rise").query_one(RecordList).table.focus()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, RecordEditor)
        await pilot.press("w")
        await pilot.pause()
        assert app.focused is not None and "w" in app.focused.value
        assert not frame_held(frame_hold(app))
