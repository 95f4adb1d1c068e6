"""Escape and the next key typed at once do what they do typed slowly, except the app's own
Alt keys on the sheet.

Over SSH "Esc" and the key after it arrive in one read, which the terminal parser takes as
one key: "Esc 5" as ``∞`` (macOS's Option+5), "Esc Enter" as a plain Enter, "Esc q" as
Alt+Q. Found in tmux at 80×24 on GemStone, compared with the same keys typed slowly: "4, F1,
Esc 5" left the help open and the 5 went nowhere; "4, Ctrl+Q, Esc 5" left the quit question
open; on the sheet "Esc 6" typed ``§`` into a number field. Only the app's own Alt keys on
the sheet stay what the terminal sent: Alt+5 goes to the fifth tab.
"""

from __future__ import annotations

import re

import pytest
from pty_app import keys


@pytest.mark.parametrize("opener, shown", [("f1", r"Worksheet — keys"),
                                           ("ctrl+q", r"Quit with unsaved edits\?"),
                                           ("f3", r"Allowed: a whole number from 0 to 500\s+█")])
def test_escape_and_a_digit_in_one_read_close_the_dialog_then_type(run_worksheet, opener,
                                                                   shown):
    """"4", the dialog, then "Esc 5" in one write: the dialog closes and Dodge ranks reads
    45."""
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Dodge ranks")
    app.settle(0.3)
    app.send("4")
    app.wait_for(r"Dodge ranks +4 ")
    app.press(opener)
    app.wait_for(shown)
    app.settle(0.3)
    app.send(keys("escape", "5"))  # one write: one read
    app.wait_for(r"Dodge ranks +45 ")
    app.settle(0.5)
    assert not re.search(shown, app.text()), app.text()
    assert app.process.poll() is None, app.after_exit()


def test_escape_and_enter_in_one_read_close_a_list_then_open_it_again(run_worksheet):
    """Vampire, Maneuver: Enter opens its list; "Esc Enter" in one write closes it (nothing
    chosen) and opens it again, as typed slowly; a plain Enter would have chosen the option
    under the cursor and closed the list."""
    app = run_worksheet("vtm-revised")
    app.wait_for(r"Input · Maneuver")
    app.settle(0.3)
    app.press("enter")
    app.wait_for(r"Maneuver +dodge +▲")
    app.press("down")  # the cursor on the next option: a plain Enter would choose it
    app.settle(0.3)
    app.send(keys("escape", "enter"))  # one write: one read
    app.settle(0.8)
    assert re.search(r"Maneuver +dodge +▲", app.text()), app.text()  # open again, unchanged
    app.press("escape")
    app.wait_for(r"Maneuver +dodge +▼")
    assert app.process.poll() is None, app.after_exit()


def test_alt_and_a_digit_on_the_sheet_still_go_to_that_tab(run_worksheet):
    """On the sheet, with nothing for Escape to close, ESC 5 is Alt+5 as the terminal sent
    it: the fifth tab (Vampire)."""
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Dodge ranks")
    app.settle(0.3)
    app.send(b"\x1b5")
    app.wait_for(r"Defense pool \d+")
    assert app.process.poll() is None, app.after_exit()


def test_escape_and_a_key_on_the_sheet_are_escape_then_that_key(run_worksheet):
    """On the sheet, Escape closes nothing, and only Alt+1 … Alt+5 are the app's: "Esc 6"
    at once typed ``§`` (Option+6) into Dodge ranks, and "Esc Tab" (read as Shift+Tab) went
    back a field. As typed slowly: 6 is typed, Tab goes forward."""
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Dodge ranks")
    app.settle(0.3)
    app.send("4")
    app.wait_for(r"Dodge ranks +4 ")
    app.send(keys("escape", "6"))  # one write: one read
    app.wait_for(r"Dodge ranks +46 ")
    app.send(keys("escape", "tab"))  # one write: one read
    app.wait_for(r"Input · Agility bonus")
    app.settle(0.3)
    assert "§" not in app.text(), app.text()
    assert app.process.poll() is None, app.after_exit()
