"""The record editor's name field shows its start once Tab leaves it, and when Tab comes back
(issue 42: after Tab the name read ``r the hills``, its end; the player could not see which
record it was)."""

from __future__ import annotations

from worksheet.ui import WorksheetApp
from worksheet.ui.screens.record_editor import RecordEditor
from worksheet.ui.widgets.input_row import InputRow

NAME = "Blessing of the morning sun over the hills"


def name_editor(app):
    return app.screen.query_one("#name")


async def test_the_name_shows_its_start_after_tab_and_typing_replaces_it():
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4", "a")  # the round input: the modifiers list; add one
        await pilot.pause()
        assert isinstance(app.screen, RecordEditor)
        await pilot.press(*[{" ": "space"}.get(c, c) for c in NAME])
        await pilot.pause()
        editor = name_editor(app)
        assert editor.value == NAME and editor.scroll_offset.x > 0  # typing: its end shown
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not editor
        assert editor.scroll_offset.x == 0, "left: the start in view"
        assert NAME.startswith(editor.render_line(0).text.strip())
        await pilot.press("shift+tab")
        await pilot.pause()
        assert app.focused is editor
        assert editor.scroll_offset.x == 0, "back: still its start"
        assert editor.selected_text == NAME, "all of it selected, as any field on Tab"
        await pilot.press("end", "s")  # End: the cursor after it, and a letter appends
        await pilot.pause()
        assert editor.value == NAME + "s" and editor.scroll_offset.x > 0
        await pilot.press("tab", "shift+tab", "W", "a", "r", "d")  # a new name replaces it
        await pilot.pause()
        assert editor.value == "Ward"


async def test_a_record_edited_opens_with_its_name_from_the_start():
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4", "a")
        await pilot.pause()
        await pilot.press(*[{" ": "space"}.get(c, c) for c in NAME], "ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, RecordEditor)
        await pilot.press("e")  # edit the record just added
        await pilot.pause()
        assert isinstance(app.screen, RecordEditor)
        editor = name_editor(app)
        assert app.focused is editor and editor.value == NAME
        assert editor.scroll_offset.x == 0
        assert isinstance(editor.parent, InputRow)
