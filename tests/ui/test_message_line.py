"""Pilot tests: one message at a time, on a line of its own that covers nothing (issue 42).

After ``F5 F5 F5 F6 F5`` at 80×24 the toasts sat over the tab bar and the result strip, and one
covered the Save dialog's buttons. Now the newest message alone shows on the message line
above the status line, laid out with the rest: nothing else moves or is hidden, except that a
message of two rows takes the status line's row until it goes. While a dialog is open it shows
on the dialog's own line, the screen's last row: the dimmed sheet or the dialog's border.
"""

from __future__ import annotations

import pytest
from textual.geometry import Region

from worksheet.ui import WorksheetApp, messages
from worksheet.ui.screens.presets import SavePreset
from worksheet.ui.widgets.message_line import MessageLine, fitted, message_text
from worksheet.ui.widgets.result_strip import ResultStrip
from worksheet.ui.widgets.tab_bar import TabBar
from hooks_probe import notifications
from waits import until

SMALL = (80, 24)

BURST_MESSAGE = ("Attacked again (Ctrl+Z undoes): Onslaught 0 → 1 — Dodge DV 1 · Parry DV 1")
"""The last of ``F5 F5 F5 F6 F5`` on Exalted's defaults: Onslaught 0 → 1 → 2 → 3, my action
puts it back to 0, and the last attack makes it 1; Dexterity 3 and Dodge 0 give Dodge DV 2 and
Parry DV 2 at the defaults, less the onslaught penalty of 1."""


def sheet_line(app) -> MessageLine:
    return app.screen_stack[0].query_one("#message", MessageLine)


def shown_lines(app) -> list[str]:
    """The words of every message line on screen that shows something."""
    return [line.text for screen in app.screen_stack for line in screen.query(MessageLine)
            if line.text]


def overlaps(one, other) -> bool:
    return one.region.overlaps(other.region)


async def test_a_burst_of_fight_keys_leaves_one_message_on_a_line_that_covers_nothing():
    app = WorksheetApp(ruleset="exalted2e")
    # notifications=True: Pilot would draw toasts (it draws none unless asked)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("f5", "f5", "f5", "f6", "f5")
        line = sheet_line(app)
        await until(pilot, lambda: line.text == BURST_MESSAGE, "the last message shows")
        assert app.form().value("onslaught") == 1
        assert shown_lines(app) == [BURST_MESSAGE]  # the others were replaced, not stacked
        assert not app.screen.query("Toast")
        strip = app.form().query_one(ResultStrip)
        assert strip.shown == "Dodge DV 1  ·  Parry DV 1"
        status = app.query_one("#status")
        for widget in (app.query_one(TabBar), strip, app.focused, status):
            assert not overlaps(line, widget), widget
        assert line.region == Region(0, 21, 80, 1)  # above the status line and the key bar
        assert status.region == Region(0, 22, 80, 1)


async def test_a_long_message_takes_the_status_row_until_it_goes():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        line, status = sheet_line(app), app.query_one("#status")
        words = "A message of many words " * 4
        app.notify(words.strip(), timeout=0.3)
        await until(pilot, lambda: line.size.height == 2, "the message on two rows")
        assert line.text == words.strip()
        assert app.screen.get_widget_at(1, 22)[0] is line  # the status line's row, for now
        await until(pilot, lambda: line.text == "" and line.size.height == 1,
                    "the message gone and its row given back")
        assert app.screen.get_widget_at(1, 22)[0] is status


def test_a_message_longer_than_two_rows_is_cut_with_an_ellipsis():
    text = "word " * 60
    cut = fitted(text, 78)
    assert cut.endswith("…") and len(cut) < len(text)
    assert cut.startswith("word word")
    assert fitted("short", 78) == "short"


@pytest.mark.parametrize("severity, mark", [("error", "✗ "), ("warning", "! "),
                                            ("information", "")])
def test_severity_reads_without_colour(severity, mark):
    from textual.notifications import Notification

    said = message_text(Notification("Fix these first: Dodge = 'x'", "Not saved", severity))
    assert said == f"{mark}Not saved: Fix these first: Dodge = 'x'"


async def test_an_error_reads_apart_with_no_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        messages.save_failed("Permission denied").show(app.notify)
        line = sheet_line(app)
        await until(pilot, lambda: line.text, "the error shows")
        assert line.text == "✗ Not saved: Permission denied"
        assert line.has_class("-error")


async def test_a_message_while_a_dialog_is_open_shows_under_it_never_over_its_buttons():
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await until(pilot, lambda: sheet_line(app).text, "the attack's message")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, SavePreset), "the save dialog")
        dialog = app.screen
        dialog_line = await until(pilot, lambda: next(iter(dialog.query(MessageLine)), None),
                                  "the dialog's message line")
        app.notify("Nothing to undo in this tab.", timeout=30)
        await until(pilot, lambda: dialog_line.text == "Nothing to undo in this tab.",
                    "the message on the dialog's line")
        assert shown_lines(app) == ["Nothing to undo in this tab."]  # not the sheet's too
        box = dialog.query_one(".dialog")
        assert dialog_line.region == Region(0, 23, 80, 1)  # the screen's last row
        assert dialog_line.region.y >= box.region.bottom - 1  # at most the dialog's border
        for button in dialog.query("Button"):
            assert not overlaps(dialog_line, button), button
        await pilot.press("escape")
        await until(pilot, lambda: sheet_line(app).text == "Nothing to undo in this tab.",
                    "the message back on the sheet's line once the dialog is gone")


async def test_tab_reset_names_the_tab_not_the_key():
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: notifications(app), "the reset's message")
        assert notifications(app)[0].message == \
            "This tab is back to its defaults (Ctrl+Z undoes)."
