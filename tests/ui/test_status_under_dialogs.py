"""The status line belongs to the sheet's screen, under every dialog: the app keeps the widget
(``StatusLine``) instead of looking it up, so what changes while a dialog is open (the
terminal's width) is shown there when the dialog closes, and the app goes on."""

from __future__ import annotations

from worksheet.ui import WorksheetApp
from worksheet.ui.screens.help import HelpScreen
from waits import until


async def test_a_resize_under_the_help_shortens_the_status_line_without_ending_the_app():
    app = WorksheetApp(preset="vtm-revised-nosferatu-full-defense-mob")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        status = app.screen_stack[0].query_one("#status")
        assert str(status.render()).rstrip().endswith("third dodge botches")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: app.screen.size.width == 80, "the help laid out at 80")
        assert app.is_running and isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        narrow = str(status.render()).rstrip()
        assert narrow.endswith("…") and len(narrow) <= 79, narrow
