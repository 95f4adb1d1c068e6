"""Suspended (SIGTSTP) and continued (SIGCONT, the shell's ``fg``): the whole screen comes back.

Textual leaves the alternate screen as it suspends and enters it again as it continues, and a
terminal clears the alternate screen on entering it. The screen diff then knew nothing of the
terminal, but Textual sent only what changed after the resume, so the player came back to a
blank screen with a few cells drawn, their numbers gone until something redrew them."""

from __future__ import annotations

import signal
from pathlib import Path


def stopped(pid: int) -> bool:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T"


def test_a_suspended_program_draws_the_whole_screen_when_continued(run_worksheet):
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Dodge ranks")
    app.press("42")
    app.wait_for(r"Evade DS vs melee 31 ")
    app.settle(quiet=0.5)
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
