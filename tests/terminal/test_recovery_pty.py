"""Unsaved edits survive the ways a session really ends: ``kill -9``, a dropped SSH connection
(SIGHUP) and a shutdown (SIGTERM), in the real program on a real pseudo-terminal.

GemStone IV with Dodge ranks 73 and every other input at its default: the base value is 73, the
melee DS 54 (offensive stance) and the ranged DS 81 (ceil(54 × 1.5)) — the numbers the result
strip shows once the edit is restored, re-derived by the restored program, not read back.
"""

from __future__ import annotations

import re
import signal

import pytest

from pty_app import Folders, PtyWorksheet, in_shell, to_character

RESTORED = r"Evade DS vs melee 54 .*Evade DS vs ranged 81"


def type_dodge_ranks(app: PtyWorksheet, text: str) -> None:
    """Go to GemStone IV's Dodge ranks (past the round rows, its text selected) and type."""
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.press(text)
    app.wait_for(rf"Dodge ranks +{text} ")


def restore(app: PtyWorksheet) -> None:
    app.wait_for(r"Restore unsaved edits\?")
    app.press("enter")  # "Restore" has focus
    app.wait_gone(r"Restore unsaved edits\?")


def assert_restored_73(app: PtyWorksheet, folders: Folders) -> None:
    app.wait_for(RESTORED)
    assert "Dodge ranks          73" in app.text()
    app.wait_for("● unsaved edits")  # the restored edits are still unsaved edits
    assert app.process.poll() is None, "the program is still running after restoring"


def test_typing_after_a_restore_replaces_the_restored_text_whole(run_worksheet, folders):
    """Found in tmux: the selection made for the "0" the field held before the restore covered
    the "7" of the restored "73", so typing 1 gave 13 — a number nobody typed."""
    first = run_worksheet("gemstone4")
    type_dodge_ranks(first, "73")
    first.signal(signal.SIGHUP)
    first.wait_exit()
    second = run_worksheet("gemstone4")
    restore(second)
    assert_restored_73(second, folders)
    to_character(second, "gemstone4")  # focus was on Stance (issue 42): to Dodge ranks
    second.press("1")
    second.wait_for(r"Dodge ranks +1 ")
    second.wait_for(r"Evade DS vs melee 0 ")
    assert "Dodge ranks          13" not in second.text()


@pytest.mark.parametrize("how", ["kill -9", "SIGHUP", "SIGTERM"])
def test_restore_after_the_session_was_killed_shows_the_edit_and_its_values(
        run_worksheet, folders, how):
    first = run_worksheet("gemstone4")
    type_dodge_ranks(first, "73")
    if how == "kill -9":  # cannot be caught: only what the debounced save wrote survives
        first.wait_until(lambda: folders.recovered_entry("gemstone4", "dodge_ranks") == "73",
                         "the recovery save")
        first.signal(signal.SIGKILL)
        assert first.wait_exit() == -signal.SIGKILL
    else:
        signum = signal.SIGHUP if how == "SIGHUP" else signal.SIGTERM
        first.signal(signum)
        assert first.wait_exit() == 128 + signum, "the status of a program ended by the signal"
        assert "Traceback" not in first.after_exit()
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"

    second = run_worksheet("gemstone4")
    restore(second)
    assert_restored_73(second, folders)
    # The file now holds this session's state (the same edit), under this session's name.
    second.wait_until(lambda: [p.name for p in folders.recovery.glob("*.json")]
                      == [f"{_host()}-{second.pid}.json"], "the claimed file renamed")
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"
    second.press("ctrl+q")
    second.wait_for(r"Quit with unsaved edits\?")
    second.press("tab", "enter")  # "Quit without saving"
    assert second.wait_exit() == 0
    assert "Traceback" not in second.after_exit()
    assert folders.recovery_states() == [], "a clean quit clears the recovery file"

    third = run_worksheet("gemstone4")  # nothing offered any more
    third.wait_for(r"Evade DS vs melee 0 ")
    third.settle()
    assert "Restore unsaved edits" not in third.text()


def test_restore_works_every_time_across_repeated_kills(run_worksheet, folders):
    """Each restored session is killed in turn and restored again: the edit stays."""
    app = run_worksheet("gemstone4")
    type_dodge_ranks(app, "73")
    for _ in range(3):
        app.wait_until(lambda: folders.recovered_entry("gemstone4", "dodge_ranks") == "73",
                       "the recovery save")
        app.signal(signal.SIGKILL)
        app.wait_exit()
        app = run_worksheet("gemstone4")
        restore(app)
        assert_restored_73(app, folders)


def test_a_kill_right_after_the_edit_shows_keeps_it(run_worksheet, folders):
    """``kill -9`` as soon as the edit is on the screen, with no wait for the recovery
    file: the file used to be written only after half a second without edits, so the edit
    the player had seen was lost. It is written before the edit is painted."""
    first = run_worksheet("gemstone4")
    type_dodge_ranks(first, "73")  # returns as soon as "Dodge ranks  73" is on the screen
    first.signal(signal.SIGKILL)
    assert first.wait_exit() == -signal.SIGKILL
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"
    second = run_worksheet("gemstone4")
    restore(second)
    assert_restored_73(second, folders)


def asked_after_a_hangup(run_worksheet) -> PtyWorksheet:
    """Type 73 into Dodge ranks, hang up, start again: the program asks to restore."""
    first = run_worksheet("gemstone4")
    type_dodge_ranks(first, "73")
    first.signal(signal.SIGHUP)
    first.wait_exit()
    second = run_worksheet("gemstone4")
    second.wait_for(r"Restore unsaved edits\?")
    return second


def test_discard_clears_the_recovery_file(run_worksheet, folders):
    second = asked_after_a_hangup(run_worksheet)
    second.press("tab", "enter")  # "Discard"
    second.wait_gone(r"Restore unsaved edits\?")
    second.wait_for(r"Evade DS vs melee 0 ")
    second.wait_until(lambda: folders.recovery_states() == [], "the recovery file cleared")


def dialog_words(app: PtyWorksheet) -> str:
    """The text inside the dialog's frame (between its ``█`` sides), as one line."""
    inside = [line[line.index("█") + 1:line.rindex("█")] for line in app.screen.display
              if line.count("█") >= 2]
    return re.sub(r"\s+", " ", " ".join(inside)).strip()


def test_keys_typed_before_the_question_showed_do_not_answer_it(run_worksheet, folders):
    """Found in tmux at 80×24: a player restarting after a hang-up types at once, for the
    sheet. Tab and Enter typed 0.6 s after the start were read before the question was drawn
    and pressed Discard: the edits were gone. Now they are listed as not used, and the
    question waits for a key typed once it is on screen."""
    first = run_worksheet("gemstone4")
    type_dodge_ranks(first, "73")
    first.signal(signal.SIGHUP)
    first.wait_exit()
    second = run_worksheet("gemstone4")
    second.press("7", "tab", "enter")  # at once: nothing is on screen yet
    second.wait_for(r"Restore unsaved edits\?")
    second.wait_until(lambda: "Not used as an answer" in dialog_words(second), "the keys listed")
    second.settle()
    words = dialog_words(second)
    assert "Not used as an answer, typed before this question showed: 7 Tab Enter" in words, \
        words
    assert "Restore unsaved edits?" in words  # still asked
    assert folders.recovery_states() != [], "the edits were discarded by keys typed ahead"
    restore(second)  # a key typed once it shows still answers it
    assert_restored_73(second, folders)


def test_text_typed_on_the_shown_question_is_listed_not_dropped(run_worksheet, folders):
    """Found in tmux at 80×24: "7" typed once the restore question showed (a player typing
    for the sheet) vanished without a word. It is no answer: it is listed under the question,
    which still waits, and an answer typed after it still restores."""
    second = asked_after_a_hangup(run_worksheet)
    second.settle()  # the question is drawn: keys now reach it
    second.press("4", "5", "x")
    second.wait_until(lambda: "Not an answer: “45x”" in dialog_words(second),
                      "the text listed")  # the keys may be drawn one frame each
    words = dialog_words(second)
    assert "Not an answer: “45x”. ← → pick one, Enter takes it, Esc cancels." in words, words
    assert "typed before this question showed" not in words
    assert folders.recovery_states() != []
    restore(second)
    assert_restored_73(second, folders)


def test_escape_on_the_question_offers_the_edits_again_next_time(run_worksheet, folders):
    second = asked_after_a_hangup(run_worksheet)
    second.press("escape")
    second.wait_for("Not restored now")
    second.press("ctrl+q")  # nothing unsaved in this session: it quits at once
    assert second.wait_exit() == 0
    third = run_worksheet("gemstone4")
    restore(third)
    assert_restored_73(third, folders)


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_keys_typed_just_before_a_hangup_are_kept(run_worksheet, folders, signum):
    """The signal comes straight after the keys, well inside the half-second debounce."""
    first = run_worksheet("gemstone4")
    to_character(first, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    first.press("7", "3")
    first.signal(signum)
    first.wait_exit()
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"
    second = run_worksheet("gemstone4")
    restore(second)
    assert_restored_73(second, folders)


@pytest.mark.parametrize("pause", [False, True], ids=["at-once", "after-the-save"])
def test_a_dropped_connection_ends_the_program_and_keeps_the_edit(run_worksheet, folders,
                                                                  pause):
    """The terminal closes and SIGHUP + SIGCONT arrive, as when SSH drops: the program must
    end (it used to redraw into the dead terminal and block for ever) with the edit kept."""
    first = run_worksheet("gemstone4")
    type_dodge_ranks(first, "73")
    if pause:
        first.wait_until(lambda: folders.recovered_entry("gemstone4", "dodge_ranks") == "73",
                         "the recovery save")
    first.hang_up()
    assert first.wait_exit() == 128 + signal.SIGHUP
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"
    second = run_worksheet("gemstone4")
    restore(second)
    assert_restored_73(second, folders)


@pytest.mark.parametrize("delay", [0, 0.01, 0.05])
def test_a_killed_tmux_pane_ends_the_program_and_keeps_the_edit(run_worksheet, folders,
                                                                delay):
    """As ``tmux kill-session`` does: SIGHUP to the pane's processes, then the terminal
    closes (and the kernel adds SIGCONT). The program used to redraw on that SIGCONT into the
    dead terminal, which killed Textual's output thread and blocked it for ever."""
    first = run_worksheet(argv=in_shell("gemstone4"))
    program = first.program_pid()
    to_character(first, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    first.press("7", "3")
    first.hang_up(delay)
    first.wait_program_gone(program)
    assert folders.recovered_entry("gemstone4", "dodge_ranks") in ("73", "7", None)
    second = run_worksheet("gemstone4")
    second.wait_for(r"Input · |Restore unsaved edits\?")
    if folders.recovered_entry("gemstone4", "dodge_ranks") == "73":
        restore(second)
        assert_restored_73(second, folders)


def test_restored_edits_of_a_tab_not_shown_yet_survive_another_hangup(run_worksheet, folders):
    """A restored tab that this session never showed is still in the next save, and shows its
    edit when it is finally opened."""
    first = run_worksheet("gemstone4")
    type_dodge_ranks(first, "73")
    first.send(KEY_F7)  # to Exalted: the last active tab is one without edits
    first.wait_for(r"Input · ")
    first.wait_gone(r"Input · Dodge ranks")
    first.signal(signal.SIGHUP)
    first.wait_exit()
    second = run_worksheet("exalted2e")
    restore(second)  # GemStone IV's edits wait until its tab is built
    second.settle()
    assert "Dodge ranks" not in second.text()
    second.signal(signal.SIGHUP)
    second.wait_exit()
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"
    third = run_worksheet("exalted2e")
    restore(third)
    third.send(KEY_F8)  # to GemStone IV
    assert_restored_73(third, folders)


KEY_F7, KEY_F8 = b"\x1b[18~", b"\x1b[19~"


def _host() -> str:
    from worksheet.recovery import _host as host

    return host()


def test_a_terminal_that_ends_without_a_hangup_signal_ends_the_program(run_worksheet,
                                                                       folders):
    """Not the controlling terminal (``setsid`` and some launchers): closing it sends no
    SIGHUP. The program used to stay, a core busy for ever on empty reads, its edits unsaved;
    now it does what a hang-up does: the edits kept, status 128 + SIGHUP."""
    first = run_worksheet("gemstone4", controlling=False)
    type_dodge_ranks(first, "73")
    first.close_terminal()
    assert first.wait_exit() == 128 + signal.SIGHUP
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"

    second = run_worksheet("gemstone4")
    restore(second)
    assert_restored_73(second, folders)
