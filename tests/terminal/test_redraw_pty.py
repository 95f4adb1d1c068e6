"""F12 draws the whole screen again after another program wrote over it.

The screen diff sends only the cells it believes changed. On a shared server an
administrator's ``wall`` (or another user's ``write``) writes straight onto a player's terminal:
the cells it covers never change in the app, so no frame sends them again, and a number under
the message stayed hidden or garbled. F12 forgets what the terminal shows and sends the next
frame whole. The test writes to the terminal device as ``wall`` does.
"""

from __future__ import annotations

from pathlib import Path

from pty_app import PtyWorksheet

PRESETS = Path(__file__).resolve().parents[2] / "presets"
BROADCAST = (b"\x1b[8;1H\r\nBroadcast message from root@server (pts/0): the server reboots "
             b"in 5 minutes\r\n")


def looks(cell) -> tuple:
    """What a player sees of a cell: a blank its background, anything else its character,
    colours and attributes."""
    if cell.data == " " and not (cell.underscore or cell.reverse or cell.strikethrough):
        return (" ", cell.bg)
    return (cell.data, cell.fg, cell.bg, cell.bold, cell.italics, cell.underscore, cell.reverse)


def cells(run: PtyWorksheet) -> list[tuple]:
    """Every cell as a player sees it."""
    return [looks(run.screen.buffer[y][x]) for y in range(run.rows) for x in range(run.cols)]


def test_f12_draws_the_screen_over_what_another_program_wrote(run_worksheet):
    run = run_worksheet("rise", "--preset", str(PRESETS / "rise-r1-fighter.toml"))
    run.wait_for(r"f1 Help")
    run.settle()
    shown = cells(run)
    with open(run.tty_name, "wb", buffering=0) as terminal:
        terminal.write(BROADCAST)
    run.wait_for(r"Broadcast message from root")
    run.press("f2", "f2")  # the rule panel hidden and shown: two layouts, the cells the same
    run.settle()
    assert "Broadcast message from root" in run.text(), "a repaint sent the cells again"
    run.press("f12")
    run.wait_gone(r"Broadcast message")
    run.settle()
    assert cells(run) == shown, run.text()
