"""Text typed while a value row has focus is refused aloud, on a real terminal: Tab stops on
values too, so a player's "Tab Tab 7 5" sent in one burst used to lose the 7 and the 5 without
a word. Now one message names what was typed and the row, and nothing changes."""

from __future__ import annotations

import re
import signal
import time

from pty_app import PtyWorksheet, keys, to_character

from worksheet.ui.widgets.refuse_typed import BURST_SECONDS


def toast_words(app: PtyWorksheet) -> str:
    """The message shown, with the status line's and key bar's words (``message_words``)."""
    return app.message_words()


def test_text_typed_on_a_value_in_one_burst_is_refused_once_and_changes_nothing(
        run_worksheet):
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Stance")  # the first field: the first round input (issue 42)
    app.wait_for(r"Evade DS vs melee 0 ")
    # one write: ten Tabs (Encumbrance, Dodge ranks, then eight more), then text
    app.send(keys(*["tab"] * 10, "7", "5", "[", "/", "]"))
    app.wait_for(r"Step 2 · Armor group")  # the focused row: a value, not an input
    app.wait_until(lambda: "Not entered" in toast_words(app), "the refusal")
    app.settle(BURST_SECONDS)  # a later refusal would come after its own burst's wait
    words = toast_words(app)
    assert "Not entered: “75[/]”. Step 2 · Armor group is worked out, not typed; " \
           "Ctrl+Down goes to the next input." in words, words
    assert words.count("Not entered") == 1, words  # one message for the burst
    assert re.search(r"Evade DS vs melee 0 {2}· {2}Evade DS vs ranged 0 ", app.text())
    # The burst built rows below the view: the warning still goes when its 4 s are up
    # (it stayed painted before ``RepaintWhatARebuiltMapMoves``).
    app.wait_until(lambda: "Not entered" not in toast_words(app), "the warning to go",
                   timeout=4 + 4)
    # no edit (the status line shows again once the two-row message is gone)
    assert re.search(r"GemStone IV — Evade DS · saved · defau", app.text())
    assert app.process.poll() is None, app.after_exit()


def test_a_key_with_a_job_on_a_value_still_does_it(run_worksheet):
    """Enter explains the value and ? opens the help, as before: they are not refused."""
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Stance")
    app.send(keys(*["tab"] * 10))  # Encumbrance, Dodge ranks, then eight more
    app.wait_for(r"Step 2 · Armor group")
    app.send(keys("?"))
    app.wait_for(r"Worksheet — keys")
    app.send(keys("escape"))
    app.wait_gone(r"Worksheet — keys")
    assert "Not entered" not in toast_words(app)


def test_a_paste_on_a_value_is_refused_and_cut_short_in_the_message(run_worksheet):
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Stance")
    app.send(keys(*["tab"] * 10))  # Encumbrance, Dodge ranks, then eight more
    app.wait_for(r"Step 2 · Armor group")
    app.send(b"\x1b[200~" + b"1234567890" * 5 + b"\x1b[201~")  # a bracketed paste of 50
    app.wait_until(lambda: "Not entered" in toast_words(app), "the refusal")
    words = toast_words(app)
    assert "Not entered: “123456789012345678901234…”. Step 2 · Armor group" in words, words
    assert re.search(r"Evade DS vs melee 0 {2}· {2}Evade DS vs ranged 0 ", app.text())


def test_text_typed_on_a_yes_no_switch_sets_it_or_is_refused_and_space_still_switches_it(
        run_worksheet):
    """Found in tmux: "x" and "y" typed on Rise's Armor proficient switch vanished without a
    word (a burst of Ctrl+Down and digits can land there as on a value). Now y and n set it
    (its help says yes/no) and other text is refused aloud."""
    app = run_worksheet("rise")
    app.wait_for(r"Input · Level")
    app.send(keys(*["ctrl+down"] * 4, "x", "y"))  # one write: to the switch, then text
    app.wait_for(r"Input · Armor proficient")
    app.wait_until(lambda: "Not entered" in toast_words(app), "the refusal")
    app.settle(BURST_SECONDS)  # a later refusal would come after its own burst's wait
    words = toast_words(app)
    assert "Not entered: “x”. Armor proficient is a yes/no switch: y or n sets it, Space or " \
           "Enter switches it; Ctrl+Down goes to the next input." in words, words
    assert words.count("Not entered") == 1
    assert re.search(r"Armor proficient +▐.▌ yes", app.text())  # y: it was yes already
    app.wait_until(lambda: "Not entered" not in toast_words(app), "the warning to go",
                   timeout=4 + 4)  # a two-row message takes the status line's row
    assert re.search(r"Rise — Defenses · saved · defaults", app.text())  # no edit
    app.send(keys("n", "o"))  # one write: "no"
    app.wait_for(r"Armor proficient +▐.▌ no")
    app.wait_for(r"unsaved edits")
    app.send(keys("space"))
    app.wait_for(r"Armor proficient +▐.▌ yes")


def test_letters_typed_on_a_list_of_names_in_a_burst_are_refused_and_space_ticks(
        run_worksheet):
    """Found in tmux: letters typed on Exalted's Ignored penalties vanished without a word.
    They are refused aloud, and each Space of the same burst ticks or unticks the name the
    highlight is on (letters never move it, so no Space can land on another name)."""
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · Action penalty")  # the first field (issue 42): 5 round rows, 16 more
    app.send(keys(*["ctrl+down"] * 21))
    app.wait_for(r"Input · Ignored penalties")
    app.send(keys("l", "o", "space", "o", "n"))  # one write: letters around a Space
    app.wait_until(lambda: "Not entered" in toast_words(app), "the refusal")
    app.settle(BURST_SECONDS)  # a later refusal would come after its own burst's wait
    words = toast_words(app)
    # The Space's tick is painted at once, so the letters may be named in one message or in
    # two (on a loaded machine "loo" and "n"); every letter is named, in order, once.
    refused = re.findall(r"Not entered: “(\w+)”", words)
    assert "".join(refused) == "loon", words
    assert "Ignored penalties is a list to tick: ↑ ↓ move, Space ticks or unticks; " \
           "Ctrl+Down goes to the next input." in words, words  # the last toast, whole
    app.wait_for(r"▐.▌ ✓ action penalty")  # the Space ticked the highlighted name…
    app.wait_for(r"unsaved edits")
    assert app.text().count("✓") == 1, app.text()  # …and no other
    assert app.process.poll() is None, app.after_exit()


def test_each_space_of_a_burst_ticks_the_name_it_was_typed_on(run_worksheet):
    """Found in tmux: "↓ ↓ Space ↓ ↓ Space" in one burst on Exalted's Ignored penalties
    ticked nothing (Textual ticked whatever was highlighted when its message was handled,
    after the later arrows: the fifth name twice). Each Space ticks its own name."""
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · Action penalty")  # the first field (issue 42): 5 round rows, 16 more
    app.send(keys(*["ctrl+down"] * 21, "down", "down", "space", "down", "down", "space",
                  "up", "space", "space"))  # one write; the last two Spaces cancel out
    app.wait_for(r"Input · Ignored penalties")
    app.wait_for(r"▐.▌ ✓ mobility penalty")
    app.wait_for(r"▐.▌ ✓ onslaught")
    app.settle()
    assert app.text().count("✓") == 2, app.text()  # not shield mobility penalty
    app.wait_for(r"unsaved edits")
    assert app.process.poll() is None, app.after_exit()


def test_a_name_typed_on_a_closed_choice_chooses_it_and_other_text_is_refused(run_worksheet):
    """Found in tmux: "parry" typed on Vampire's Maneuver (a closed choice) vanished
    without a word and the maneuver stayed dodge. Now it chooses as a native select does."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver (dodge), past the round rows
    app.settle()
    app.send(keys("p", "a", "r", "r", "y"))  # one write: the burst spells one name
    app.wait_for(r"Maneuver +parry")
    app.wait_for(r"unsaved edits")  # an edit like any other: Ctrl+Z undoes it
    assert "Not entered" not in toast_words(app)
    app.send(keys("ctrl+z"))
    app.wait_for(r"Maneuver +dodge")
    app.send(keys("7", "x"))  # starts no option: refused aloud, the choice unchanged
    app.wait_until(lambda: "Not entered" in toast_words(app), "the refusal")
    app.settle(BURST_SECONDS)  # a later refusal would come after its own burst's wait
    words = toast_words(app)
    assert "Not entered: “7x”. Maneuver is one of block, dodge, parry: type the start of " \
           "one, or Enter opens the list; Ctrl+Down goes to the next input." in words, words
    assert re.search(r"Maneuver +dodge", app.text())
    assert app.process.poll() is None, app.after_exit()


def test_a_burst_that_opens_and_closes_a_choice_does_what_the_same_keys_do_typed_slowly(
        run_worksheet):
    """Found in tmux: "Enter ↓ Enter Enter ↑ ↑ Enter" typed at once on Vampire's Maneuver
    (dodge) left the list open on dodge and changed nothing; typed slowly the same keys choose
    parry, then block. Every key of the burst went to the closed select, because focus moves
    to the list (and back) only after the key that opens (closes) it is handled."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver (dodge), past the round rows
    app.settle()
    app.send(keys("enter", "down", "enter", "enter", "up", "up", "enter"))  # one write
    app.wait_for(r"Maneuver +block +▼")
    app.wait_for(r"unsaved edits")
    app.send(keys("enter", "down", "down", "enter", "tab", "5"))  # parry, then the next field
    app.wait_for(r"Maneuver +parry +▼")
    app.wait_for(r"Input · Attack")
    app.settle()
    assert re.search(r"Maneuver +parry +▼", app.text()), app.text()
    assert "▲" not in app.text(), app.text()  # no list left open
    assert app.process.poll() is None, app.after_exit()



def test_a_burst_across_a_choice_survives_the_program_being_stopped_mid_burst(run_worksheet):
    """A burst across a choice, the program stopped (SIGSTOP) just after the keys are
    written and continued once the kernel has stopped it: each round opens the list, moves
    one down and chooses. Stopped in the middle of a frame, the program crashed in the screen diff when continued (Textual's
    SIGCONT handler ran inside the frame and started the full-screen mode a second time)."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver (dodge), past the round rows
    app.settle()
    cycle = ["parry", "block", "dodge"]  # one down from each, the list wrapping at its end
    for round_number, delay in enumerate([0.0, 0.003, 0.006, 0.01, 0.015, 0.02]):
        app.send(keys("enter", "down", "enter"))
        time.sleep(delay)
        app.process.send_signal(signal.SIGSTOP)
        app.wait_stopped()  # stopped wherever it was: in a frame, or between two
        app.process.send_signal(signal.SIGCONT)
        expected = cycle[round_number % 3]
        app.wait_for(rf"Maneuver +{expected} +▼")
        app.settle()
        assert re.search(rf"Maneuver +{expected} +▼", app.text()), app.text()
        assert "▲" not in app.text(), app.text()  # no list left open
        assert "Input · Maneuver" in app.text(), app.text()
    assert app.process.poll() is None, app.after_exit()


def test_a_section_sign_typed_on_a_choice_is_refused_aloud(run_worksheet):
    """Found in tmux: "§" (macOS Option+6; also what Textual reads for Alt+6 from xterm)
    typed on Vampire's Maneuver did nothing and said nothing: it was bound to "show tab 6",
    and there are five tabs. Only the tabs there are have Alt+digit keys now, so "§" is text,
    refused aloud like any other on a choice."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver (dodge), past the round rows
    app.settle()
    app.send("§")
    app.wait_until(lambda: "Not entered: “§”" in toast_words(app), "the refusal")
    assert "unsaved edits" not in app.text(), app.text()  # the choice unchanged
    app.send(keys("ctrl+z"))  # nothing was changed: nothing to undo
    app.wait_until(lambda: "Nothing to undo in this tab." in toast_words(app), "no undo")
    assert app.process.poll() is None, app.after_exit()


def test_a_burst_split_across_two_reads_is_refused_once(run_worksheet):
    """``.ci/run`` on a loaded machine: "7x" written at once was refused as "7", then "x" -
    the x reached the app a moment after the 7 had been refused and said. Over SSH a burst
    often comes in two reads. The refusal now waits until no key was refused for a moment."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver (dodge), past the round rows
    app.settle()
    app.settle()
    app.send("7")
    time.sleep(0.02)  # the rest of the burst, one read later
    app.send("x")
    app.wait_until(lambda: "Not entered" in toast_words(app), "the refusal")
    app.settle(BURST_SECONDS)  # a later refusal would come after its own burst's wait
    words = toast_words(app)
    assert "Not entered: “7x”." in words, words
    assert words.count("Not entered") == 1, words
    assert app.process.poll() is None, app.after_exit()
