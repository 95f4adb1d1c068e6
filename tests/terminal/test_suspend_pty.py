"""Suspended (SIGTSTP) and continued (SIGCONT, the shell's ``fg``): the whole screen comes back.

Textual leaves the alternate screen as it suspends and enters it again as it continues, and a
terminal clears the alternate screen on entering it. The screen diff then knew nothing of the
terminal, but Textual sent only what changed after the resume, so the player came back to a
blank screen with a few cells drawn, their numbers gone until something redrew them."""

from __future__ import annotations

import signal
from pathlib import Path

from pty_app import to_character


def stopped(pid: int) -> bool:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T"


def test_a_suspended_program_draws_the_whole_screen_when_continued(run_worksheet):
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.press("42")
    app.wait_for(r"Evade DS vs melee 31 ")
    app.settle()
    app.signal(signal.SIGTSTP)
    app.wait_until(lambda: stopped(app.pid), "the program stopped")
    app.pump(0.3)
    app.stream.feed(b"\x1b[2J\x1b[H")  # the alternate screen, cleared as the terminal enters it
    app.signal(signal.SIGCONT)
    for shown in (r"Exalted 2e +GemStone IV", r"Evade DS vs melee 31 ", r"Dodge ranks +42 ",
                  r"\^q Quit", r"GemStone IV — Evade DS"):
        app.wait_for(shown)
    app.press("7")  # and it still takes keys where it was
    app.wait_for(r"Dodge ranks +427 ")


def threads(pid: int) -> list[str]:
    """The names of the program's threads (Textual's key reader is ``textual-input``)."""
    return sorted((task / "comm").read_text().strip()
                  for task in Path(f"/proc/{pid}/task").iterdir())


def test_a_program_stopped_by_sigstop_and_continued_keeps_one_key_reader_and_its_keys(
        run_worksheet):
    """``kill -STOP`` then ``kill -CONT`` (no SIGTSTP first: an administrator, a debugger, a
    job stopped by the shell). Textual started its full-screen mode again on the SIGCONT: a
    second thread reading keys and a second writing, and, stopped mid-frame, the app
    crashed in the screen diff. Now: the same threads, the whole screen back, the key typed
    while it was stopped taken, and the terminal's own mode given back at the end."""
    import termios
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.press("42")
    app.wait_for(r"Evade DS vs melee 31 ")
    app.settle()
    before = threads(app.pid)
    modes_before = termios.tcgetattr(app.master)
    app.signal(signal.SIGSTOP)
    app.wait_until(lambda: stopped(app.pid), "the program stopped")
    app.press("7")  # typed while it is stopped
    app.stream.feed(b"\x1b[2J\x1b[H")  # as if the shell had written over the screen
    app.signal(signal.SIGCONT)
    for shown in (r"Exalted 2e +GemStone IV", r"Dodge ranks +427 ", r"\^q Quit",
                  r"GemStone IV — Evade DS"):
        app.wait_for(shown)
    app.settle()
    assert threads(app.pid) == before
    app.press("backspace")
    app.wait_for(r"Dodge ranks +42 ")
    assert termios.tcgetattr(app.master)[3] == modes_before[3]  # still the full-screen mode
    app.press("ctrl+q")
    app.wait_for(r"Quit with unsaved edits\?")
    app.press("tab", "enter")  # "Quit without saving"
    assert app.wait_exit() == 0
    assert "Traceback" not in app.after_exit()
    assert termios.tcgetattr(app.master)[3] & termios.ICANON, "the cooked mode given back"


def test_a_continue_waits_for_the_key_reader_to_read_what_was_typed_while_stopped():
    """Leaving the full-screen mode on a SIGCONT after SIGSTOP flushes the terminal's input:
    it waits until the key reader, running again, has read the keys typed meanwhile (a
    SIGCONT handled before the reader read the key lost it: seen once in CI), and no longer
    than its limit when nothing reads them (a shell left the terminal in line mode)."""
    import os
    import pty
    import select
    import threading
    import time
    import tty

    from worksheet.ui.textual_internals.app_end import _typed_keys_read

    master, slave = pty.openpty()
    tty.setraw(slave)  # as the app has it: a key is read as it comes
    try:
        os.write(master, b"7")
        assert select.select([slave], [], [], 5)[0], "typed: waiting on the terminal"
        read: list[bytes] = []
        reader = threading.Timer(0.1, lambda: read.append(os.read(slave, 16)))
        started = time.monotonic()
        reader.start()
        _typed_keys_read(slave, limit=10)
        waited = time.monotonic() - started
        reader.join()
        assert read == [b"7"] and waited >= 0.1, "it returned once the key was read"
        assert waited < 5
        os.write(master, b"8")  # nobody reads it: given up at the limit
        assert select.select([slave], [], [], 5)[0]
        started = time.monotonic()
        _typed_keys_read(slave, limit=0.2)
        assert 0.2 <= time.monotonic() - started < 5
        null = os.open(os.devnull, os.O_RDONLY)
        started = time.monotonic()
        _typed_keys_read(null, limit=10)  # not a terminal: at once
        os.close(null)
        assert time.monotonic() - started < 5
    finally:
        os.close(master)
        os.close(slave)
