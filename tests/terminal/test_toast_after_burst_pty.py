"""A message goes away when its time is up, on a real terminal, even when it was raised in the
same burst of keys that moved focus past the rows built so far.

Found in tmux at 80×24 on GemStone: eight Tabs and Ctrl+Z in one ``send-keys`` left "Nothing
to undo in this tab." over the status line for good (3 or 4 runs in 4), although Textual's
timer removed the toast on time (logged): the frame that uncovers its cells never reached the
terminal. It came in with cfba48b (the first paint builds only the rows its view shows; the
Tabs build more during the burst, out of view, which makes Textual rebuild its full map on
demand, and a rebuild between the toast's removal and the next layout hid the removal from
that layout). Fixed by ``textual_internals.RepaintWhatARebuiltMapMoves``.
"""

from __future__ import annotations

import re

from pty_app import keys, to_character

UNDO_TOAST_SECONDS = 2
"""How long "Nothing to undo" is shown (``WorksheetApp.action_undo``)."""


def test_a_toast_raised_in_a_burst_that_scrolls_goes_when_its_time_is_up(run_worksheet):
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.wait_for(r"GemStone IV — Evade DS · saved · defaults")
    app.send(keys(*["tab"] * 8, "ctrl+z"))  # one write: focus moves past the built rows
    app.wait_for(r"Nothing to undo in this tab\.")
    app.wait_gone(r"Nothing to undo", timeout=UNDO_TOAST_SECONDS + 4)
    assert re.search(r"GemStone IV — Evade DS · saved · defaults", app.text())


def test_the_same_toast_without_a_scroll_goes_when_its_time_is_up(run_worksheet):
    """Three Tabs stay within the built rows: the toast goes, as it always did."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.wait_for(r"GemStone IV — Evade DS · saved · defaults")
    app.send(keys(*["tab"] * 3, "ctrl+z"))
    app.wait_for(r"Nothing to undo in this tab\.")
    app.wait_gone(r"Nothing to undo", timeout=UNDO_TOAST_SECONDS + 4)
    assert re.search(r"GemStone IV — Evade DS · saved · defaults", app.text())


def test_a_key_repeated_in_a_burst_shows_one_message_the_newest(run_worksheet):
    """Found in tmux at 80×24 on Rise: six Ctrl+Z in one ``send-keys`` stacked six copies of
    "Nothing to undo in this tab." over half the sheet. The app shows one message at a time:
    the newest ("Nothing to redo"), once, on the message line; the status line stays."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.wait_for(r"GemStone IV — Evade DS · saved · defaults")
    app.send(keys(*["ctrl+z"] * 6, "ctrl+y"))
    app.wait_until(lambda: app.screen.display[-3].strip() == "Nothing to redo in this tab.",
                   "the newest message on the message line")
    screen = app.text()
    assert screen.count("Nothing to redo in this tab.") == 1, screen
    assert "Nothing to undo" not in screen, screen  # replaced, not stacked
    assert re.search(r"GemStone IV — Evade DS · saved · defaults", screen)
    app.wait_gone(r"Nothing to (un|re)do", timeout=UNDO_TOAST_SECONDS + 4)
