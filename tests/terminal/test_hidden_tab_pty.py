"""A tab left and shown again is as the player left it, in the real program on a real
terminal, where a hidden tab drops its rows (memory) and makes them again when shown."""

from __future__ import annotations

import re
import signal

import pytest

from pty_app import round_rows, to_character

NEXT_TAB, PREVIOUS_TAB = "\x1b[6;5~", "\x1b[5;5~"  # Ctrl+PageDown, Ctrl+PageUp


def test_typed_values_and_marks_come_back_with_the_tab(run_worksheet, folders):
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past Stance and Encumbrance
    app.press("42")  # the field's text is selected on focus: typing replaces it
    app.wait_for(r"Evade DS vs melee 31 ")
    app.wait_for(r"▸1 Base value .*42 \(was 0\)")
    for _ in range(2):  # twice: rows made again are dropped again
        app.press(NEXT_TAB)
        app.wait_for(r"Level +1 ")  # Rise
        app.press(PREVIOUS_TAB)
        app.wait_for(r"Dodge ranks +42 ")
        app.wait_for(r"▸1 Base value .*42 \(was 0\)")
        app.wait_for(r"Evade DS vs melee 31 ")
    app.press("7")  # focus is back in the field left, its text selected: replaced
    app.wait_for(r"Dodge ranks +7 ")
    app.wait_for(r"Evade DS vs melee 5 ")


def test_an_edit_made_before_a_tab_switch_survives_a_hangup(run_worksheet, folders):
    """Typed, tabs switched away and back in the same burst, then the connection drops: the
    tab's rows were dropped and made again, and the edit still reaches the recovery file."""
    first = run_worksheet("gemstone4")
    to_character(first, "gemstone4")  # Dodge ranks, past Stance and Encumbrance
    first.press("73", NEXT_TAB, PREVIOUS_TAB)  # one burst: type, next tab, back
    first.wait_for(r"Dodge ranks +73 ")
    first.wait_for(r"Evade DS vs melee 54 ")
    first.signal(signal.SIGHUP)
    assert first.wait_exit() == 128 + signal.SIGHUP
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"
    second = run_worksheet("gemstone4")
    second.wait_for(r"Restore unsaved edits\?")
    second.press("enter")
    second.wait_for(r"Evade DS vs melee 54 .*Evade DS vs ranged 81")


@pytest.mark.parametrize("downs, field", [(2, "Intuition bonus"), (9, "Attacker AS")],
                         ids=["in the first view", "below it"])
def test_focus_comes_back_to_the_field_left_when_the_tab_is_shown_again(
        run_worksheet, downs, field):
    """Found in tmux at 80×24: a player who looked at another tab and came back had focus in
    the tab's first field, so the number typed next changed Dodge ranks, not the field they
    had left. A field below the first view is built again down to it."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past Stance and Encumbrance
    app.press(*["ctrl+down"] * downs)
    app.wait_for(rf"Input · {field}")
    app.press(NEXT_TAB)
    app.wait_for(r"Level +1 ")  # Rise
    app.press(PREVIOUS_TAB)
    app.wait_for(rf"Input · {field}")
    app.settle()
    app.press("backspace", "3")
    app.wait_for(rf"{field} +3 ")
    app.press(*["ctrl+up"] * downs)
    app.wait_for(r"Input · Dodge ranks")
    app.settle()  # its row is made again above the view (far rows are dropped), then shown
    assert re.search(r"Dodge ranks +0 ", app.text()), \
        f"the first field was typed into:\n{app.text()}"


def test_keys_typed_in_the_burst_of_a_tab_switch_reach_the_field_left(run_worksheet):
    """Found in tmux: "Ctrl+PageDown Ctrl+PageUp 5" in one burst, then 6. The 5 was read while
    nothing had focus (the tab's rows were being made again): it went to the rows being
    dropped, and the field focused after it took the 6 alone, or the 6 went to Dodge ranks.
    Keys read during a switch now wait until focus is back, then go there in order."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past Stance and Encumbrance
    app.press("ctrl+down", "ctrl+down")
    app.wait_for(r"Input · Intuition bonus")
    app.press(NEXT_TAB, PREVIOUS_TAB, "5")  # one write
    app.wait_for(r"Intuition bonus +5 ")
    app.press("6")
    app.wait_for(r"Intuition bonus +56 ")
    assert re.search(r"Dodge ranks +0 ", app.text()), "a key went to the first field"


def test_keys_after_a_burst_of_tab_switches_go_where_the_same_keys_typed_slowly_go(
        run_worksheet):
    """Found in tmux at 80×24: after edits and a burst through every tab and back, "F8 F8 Tab
    Tab 3" in one write (to Shadowrun, shown before) put the 3 into Previous defenses, in the
    round group, instead of two fields below the one focus comes back to, where it is
    refused. Rise, on the way, was resumed twice (as shown, and once its
    rows were built); the second resume released the keys again after F8 had begun to hold
    them for Shadowrun, so Tab Tab 3 went to a tab still being built."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past Stance and Encumbrance
    app.press("ctrl+down", "ctrl+down", "7")
    app.wait_for(r"Intuition bonus +7 ")
    app.press(NEXT_TAB, PREVIOUS_TAB, "5")
    app.wait_for(r"Intuition bonus +5 ")
    app.press("6")
    app.wait_for(r"Intuition bonus +56 ")
    app.press(*[NEXT_TAB] * 4, *[PREVIOUS_TAB] * 4)  # one write: every tab and back
    app.wait_for(r"GemStone IV — Evade DS")
    app.settle()
    app.press("backspace", "9")
    app.wait_for(r"Intuition bonus +9 ")
    app.press(NEXT_TAB, NEXT_TAB, "tab", "tab", "3")  # one write
    app.wait_for(r"Shadowrun 4A — Defense Test")
    app.settle()
    # Shadowrun's focus comes back to its first field, Previous defenses (issue 42: its first
    # round input); Tab Tab: Full defense, Prone, a switch, which refuses the 3.
    assert "Previous defenses    3" not in app.text(), "the 3 went into the round group"
    assert re.search(r"\n Input · Prone\b", app.text()), "focus is not on Prone"
    assert re.search(r"\n▌ Prone +▐.▌ no", app.text()), app.text()


def test_a_tab_left_and_shown_again_while_its_rows_mount_does_not_crash(run_worksheet):
    """Found in tmux at 80×24 on Rise: F8 F7 4 in one burst. Keys wait for a tab's focus, so
    F7 came while Shadowrun's rows were still mounting; they were removed under a drop-down
    being set up, and the program ended ("NoMatches: '#label' on SelectCurrent", 2 runs in
    3). Now a drop-down whose label is already gone is left alone."""
    app = run_worksheet("rise")
    app.wait_for(r"Input · Level")
    app.press("backspace", "1", "2", "tab", "tab", "3")
    app.wait_for(r"Dexterity +3 ")
    app.press("\x1b[19~", "\x1b[18~", "4")  # F8, F7 and 4 in one write
    app.wait_for(r"Dexterity +4 ")  # back on the field left, its text selected: replaced
    app.settle()
    assert app.process.poll() is None, app.after_exit()
    assert re.search(r"Rise — Defenses · ● unsaved edits", app.text())


@pytest.mark.parametrize("switches, first_field", [(1, "Previous defenses"), (2, "Mode")],
                         ids=["shadowrun4", "vtm-revised"])
def test_a_tab_shown_for_the_first_time_focuses_its_first_field(
        run_worksheet, switches, first_field):
    """Found in tmux at 80×24: Ctrl+PageDown from Rise to Shadowrun (or on to Vampire) left
    nothing focused, because the round group fills the first view and the character's first
    field was not built yet; PageDown then scrolled nothing and the next Tab was lost. Now the
    first field is the first round input (issue 42), as when started on that tab."""
    app = run_worksheet("rise")
    app.wait_for(r"Input · Level")
    app.press_slowly(*[NEXT_TAB] * switches)
    app.wait_for(rf"Input · {first_field}")
    app.wait_for(rf"▌ {first_field} ")  # on screen, under the round group
    app.wait_for(r"Round  ·  ")
    app.settle()
    shown = app.text()
    app.press("pagedown")
    app.wait_until(lambda: app.text() != shown, "PageDown to scroll the form")


@pytest.mark.parametrize("tab, first_field, character", [
    ("vtm-revised", "Mode", "Maneuver"), ("shadowrun4", "Previous defenses", "Aware")])
def test_a_sheet_opened_on_a_tab_shows_the_field_focused(run_worksheet, tab, first_field,
                                                         character):
    """Found in tmux at 80×24: opened on Vampire, focus was on Maneuver (the rule panel said
    so) but the view stayed on the round group: the row, built just before it was focused,
    had no place yet when the form scrolled to it. Since issue 42 the sheet opens on its first
    round input, with the round group; Ctrl+↓ past the round rows reaches the character's
    first field, below the first view, and scrolls to it."""
    app = run_worksheet(tab)
    app.wait_for(rf"Input · {first_field}")
    app.wait_for(rf"▌ {first_field} ")
    app.wait_for(r"Round  ·  ")
    app.press(*["ctrl+down"] * len(round_rows(tab)))
    app.wait_for(rf"Input · {character}")
    app.wait_for(rf"▌ {character} ")  # scrolled down to the row focused


def test_tabs_switched_back_and_forth_in_one_burst_still_answer(run_worksheet):
    """Shadowrun and Vampire shown, hidden and shown again in one write, before their rows
    are built or removed: the program must still answer and focus the field it shows."""
    app = run_worksheet("rise")
    app.wait_for(r"Input · Level")
    app.press(NEXT_TAB, NEXT_TAB, PREVIOUS_TAB, PREVIOUS_TAB, NEXT_TAB, NEXT_TAB,
              PREVIOUS_TAB)  # one write: ends on Shadowrun
    app.wait_for(r"Defense pool \d+ *\n")
    app.wait_for(r"Input · Previous defenses")
    app.press("ctrl+z")
    app.wait_for(r"Nothing to undo in this tab\.")
    assert app.process.poll() is None, app.after_exit()
