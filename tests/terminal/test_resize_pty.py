"""The terminal resized while a field is focused: the field stays in view.

Rows wrap anew at another width while the view keeps its offset in lines, so after a resize
(a tmux pane split and joined, a window dragged) the focused field had slid out of view and
what the player typed went into a field they could not see."""

from __future__ import annotations

import pytest
from pty_app import PtyWorksheet


@pytest.mark.parametrize("sizes", [[(120, 30), (80, 24)], [(20, 5), (200, 50), (80, 24)]],
                         ids=["wider-and-back", "tiny-huge-and-back"])
def test_the_focused_field_stays_in_view_when_the_terminal_is_resized(folders, sizes):
    app = PtyWorksheet(folders, "rise")
    for name in ("COLUMNS", "LINES"):  # else Textual never sees the new size
        app.env.pop(name)
    with app:  # starts it; ends it (and closes the terminal) at the end
        app.wait_for(r"Input · Level")
        app.press("\x07")  # Ctrl+G: the Odds step's Accuracy, far down the form
        app.wait_for(r"Input · Accuracy")
        app.press("12")
        app.wait_for(r"▌ Accuracy +12 ")
        for cols, rows in sizes:
            app.resize(cols, rows)
            app.wait_for(r"\^q Quit" if cols >= 80 else r"f1 Help")  # painted at the size
            app.settle()
        app.wait_for(r"▌ Accuracy +12 ")  # the field's own line, on the form
        app.press("3")
        app.wait_for(r"▌ Accuracy +123 ")  # what is typed goes where the player sees it
