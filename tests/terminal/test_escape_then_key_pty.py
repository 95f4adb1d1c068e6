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
import time

import pytest
from pty_app import keys, to_character


@pytest.mark.parametrize("opener, shown", [("f1", r"Worksheet — keys"),
                                           ("ctrl+q", r"Quit with unsaved edits\?"),
                                           ("f3", r"Allowed: a whole number from 0 to 500\s+█")])
def test_escape_and_a_digit_in_one_read_close_the_dialog_then_type(run_worksheet, opener,
                                                                   shown):
    """"4", the dialog, then "Esc 5" in one write: the dialog closes and Dodge ranks reads
    45."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.settle()
    app.send("4")
    app.wait_for(r"Dodge ranks +4 ")
    app.press(opener)
    app.wait_for(shown)
    app.settle()
    app.send(keys("escape", "5"))  # one write: one read
    app.wait_for(r"Dodge ranks +45 ")
    app.settle()
    assert not re.search(shown, app.text()), app.text()
    assert app.process.poll() is None, app.after_exit()


def test_escape_and_enter_in_one_read_close_a_list_then_open_it_again(run_worksheet):
    """Vampire, Maneuver: Enter opens its list; "Esc Enter" in one write closes it (nothing
    chosen) and opens it again, as typed slowly; a plain Enter would have chosen the option
    under the cursor and closed the list."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver, past the round rows (issue 42)
    app.settle()
    app.press("enter")
    app.wait_for(r"Maneuver +dodge +▲")
    app.press("down")  # the cursor on the next option: a plain Enter would choose it
    app.settle()
    app.send(keys("escape", "enter"))  # one write: one read
    app.settle()
    assert re.search(r"Maneuver +dodge +▲", app.text()), app.text()  # open again, unchanged
    app.press("escape")
    app.wait_for(r"Maneuver +dodge +▼")
    assert app.process.poll() is None, app.after_exit()


def test_alt_and_a_digit_on_the_sheet_still_go_to_that_tab(run_worksheet):
    """On the sheet, with nothing for Escape to close, ESC 5 is Alt+5 as the terminal sent
    it: the fifth tab (Vampire)."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.settle()
    app.send(b"\x1b5")
    app.wait_for(r"Defense pool \d+")
    assert app.process.poll() is None, app.after_exit()


def test_escape_and_a_key_on_the_sheet_are_escape_then_that_key(run_worksheet):
    """On the sheet, Escape closes nothing, and only Alt+1 … Alt+5 are the app's: "Esc 6"
    at once typed ``§`` (Option+6) into Dodge ranks, and "Esc Tab" (read as Shift+Tab) went
    back a field. As typed slowly: 6 is typed, Tab goes forward."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.settle()
    app.send("4")
    app.wait_for(r"Dodge ranks +4 ")
    app.send(keys("escape", "6"))  # one write: one read
    app.wait_for(r"Dodge ranks +46 ")
    app.send(keys("escape", "tab"))  # one write: one read
    app.wait_for(r"Input · Agility bonus")
    app.settle()
    assert "§" not in app.text(), app.text()
    assert app.process.poll() is None, app.after_exit()


# -- an Escape the parser still waits on when the next Escape comes ---------------------------
# Textual's parser waits 100 ms (its escape delay) after "Esc x" that matches no key, for the
# rest of a sequence. An Escape read meanwhile made it give up with the first Escape as "^"
# and the x alone: "Esc Enter" then a lone Esc 50 ms later chose the option under the list's
# cursor (Enter), and the lone Esc found the list closed.

def _maneuver(app) -> tuple[str, str, str | None]:
    """Vampire's Maneuver as drawn: its value, its arrow (▼ closed, ▲ open) and, while its
    list is open, the option under the list's cursor: the one of the three drawn below the
    field on a background neither of the others has."""
    rows = app.screen.display
    found = next(((y, m) for y, line in enumerate(rows)
                  if (m := re.search(r"Maneuver +(\w+) +([▼▲])", line))), None)
    if found is None:
        return "", "", None
    y, match = found
    value, arrow = match.groups()
    if arrow == "▼" or y + 3 >= len(rows):
        return value, arrow, None
    x = match.start(1)
    options = {rows[y + i][x:].split()[0] if rows[y + i][x:].split() else "":
               app.screen.buffer[y + i][x].bg for i in (1, 2, 3)}
    alone = [name for name, bg in options.items() if list(options.values()).count(bg) == 1]
    return value, arrow, alone[0] if len(alone) == 1 else None


def _open_on_parry(app) -> None:
    """Vampire, Maneuver (dodge): its list open, the cursor on parry (an Enter would choose
    it)."""
    to_character(app, "vtm-revised")  # Maneuver, past the round rows (issue 42)
    app.settle()
    app.press("enter")
    app.wait_until(lambda: _maneuver(app) == ("dodge", "▲", "dodge"), "the list open on dodge")
    app.press("down")
    app.wait_until(lambda: _maneuver(app) == ("dodge", "▲", "parry"), "the cursor on parry")
    app.settle()


def _after_every_key(app) -> tuple[str, str, str | None]:
    """Maneuver once every key sent before has been handled: "↑ ↓" (kept in order after
    them) opens a closed list on its value and moves to the next option (parry), while on a
    list left open it goes up and back. The state waited for is drawn by nothing before."""
    app.press("up", "down")
    return app.wait_until(lambda: (state := _maneuver(app))[1:] == ("▲", "parry") and state,
                          "↑ ↓ handled on a closed list")  # type: ignore[return-value]


@pytest.mark.parametrize("gap", [None, 0.05], ids=["one-write", "50ms"])
def test_a_lone_escape_soon_after_escape_and_enter_closes_the_list_unchanged(run_worksheet,
                                                                             gap):
    """"Esc Enter" in one read, then a lone Esc in the same read or 50 ms later, while the
    parser still waits on the first Escape: the list closes, opens again and closes, dodge
    kept. It closed with parry chosen (the Escape read as ``^``, the Enter choosing)."""
    app = run_worksheet("vtm-revised")
    _open_on_parry(app)
    if gap is None:
        app.send(keys("escape", "enter", "escape"))  # one write: one read
    else:
        app.send(keys("escape", "enter"))  # one write: one read
        time.sleep(gap)  # the subject: the lone Esc within the parser's 100 ms escape delay
        app.press("escape")
    app.wait_for(r"Maneuver +\w+ +▼")
    assert _after_every_key(app) == ("dodge", "▲", "parry"), app.text()
    assert app.process.poll() is None, app.after_exit()


def test_escape_then_enter_50ms_apart_close_the_list_then_open_it_again(run_worksheet):
    """Esc, then Enter 50 ms later (the Esc still waited on): as typed slowly, the list
    closes with nothing chosen and opens again on dodge; a lone Esc then closes it."""
    app = run_worksheet("vtm-revised")
    _open_on_parry(app)
    app.press("escape")
    time.sleep(0.05)  # the subject: Enter within the parser's 100 ms escape delay
    app.press("enter")
    app.wait_until(lambda: _maneuver(app) == ("dodge", "▲", "dodge"), "the list open again")
    app.press("escape")
    app.wait_for(r"Maneuver +\w+ +▼")
    assert _after_every_key(app) == ("dodge", "▲", "parry"), app.text()


@pytest.mark.parametrize("burst", [("escape", "escape"), ("escape", "escape", "enter")],
                         ids=["esc-esc", "esc-esc-enter"])
def test_two_escapes_in_one_read_close_the_list_unchanged(run_worksheet, burst):
    """"Esc Esc" (and then Enter) in one read on the open list: the first Esc closes it, the
    second finds nothing to close (the Enter opens it again): dodge kept."""
    app = run_worksheet("vtm-revised")
    _open_on_parry(app)
    app.send(keys(*burst))  # one write: one read
    app.wait_until(lambda: _maneuver(app)[:2] == ("dodge", "▲" if "enter" in burst else "▼")
                   and _maneuver(app)[2] != "parry", "the list closed (open again) on dodge")
    if "enter" in burst:
        app.press("escape")
        app.wait_for(r"Maneuver +\w+ +▼")
    assert _after_every_key(app) == ("dodge", "▲", "parry"), app.text()


def test_enter_and_escape_in_one_read_open_the_list_then_close_it(run_worksheet):
    """"Enter Esc" in one read on the closed Maneuver (the Esc waited on after the Enter):
    the list opens and the Esc closes it, dodge kept; the keys after find it closed."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver, past the round rows (issue 42)
    app.settle()
    app.send(keys("enter", "escape"))  # one write: one read
    assert _after_every_key(app) == ("dodge", "▲", "parry"), app.text()


def _dodge_ranks_4(app) -> None:
    """GemStone, Dodge ranks: "4" typed, the cursor after it."""
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.settle()
    app.send("4")
    app.wait_for(r"Dodge ranks +4 ")


def _dodge_ranks_after_every_key(app) -> str:
    """Dodge ranks once every key sent before has been handled: "End 5" (kept in order after
    them) types a 5 after what they left there. End first: a 5 read with an Esc still waited
    on would be Alt+5 (the fifth tab), while End's own Escape ends that wait (the Esc alone)
    and moves nothing (the cursor is after the 4). A dialog still open takes both."""
    app.press("end", "5")
    return app.wait_for(r"Dodge ranks +(\S*5) ").group(1)


@pytest.mark.parametrize("gap", [None, 0.0, 0.05], ids=["one-write", "once-shown", "50ms"])
def test_escape_right_after_opening_the_help_closes_it(run_worksheet, gap):
    """F1 then Esc, in one read, as soon as the help is drawn, or 50 ms after: the help
    closes and the next keys go to the sheet (Dodge ranks "4" becomes "45")."""
    app = run_worksheet("gemstone4")
    _dodge_ranks_4(app)
    if gap is None:
        app.send(keys("f1", "escape"))  # one write: one read
    else:
        app.press("f1")
        if gap:
            time.sleep(gap)  # the subject: Esc 50 ms after F1, the help maybe not drawn yet
        else:
            app.wait_for(r"Worksheet — keys")
        app.press("escape")
    assert _dodge_ranks_after_every_key(app) == "45", app.text()
    assert "Worksheet — keys" not in app.text(), app.text()
    assert app.process.poll() is None, app.after_exit()


def test_escape_and_enter_then_a_lone_escape_type_nothing_into_a_field(run_worksheet):
    """On the sheet, "Esc Enter" in one read then a lone Esc 50 ms later typed ``^`` into
    the field (Dodge ranks "4" became "4^"): as typed slowly, nothing is typed and the
    next digit follows the 4."""
    app = run_worksheet("gemstone4")
    _dodge_ranks_4(app)
    app.send(keys("escape", "enter"))  # one write: one read
    time.sleep(0.05)  # the subject: the lone Esc within the parser's 100 ms escape delay
    app.press("escape")
    assert _dodge_ranks_after_every_key(app) == "45", app.text()
    assert app.process.poll() is None, app.after_exit()
