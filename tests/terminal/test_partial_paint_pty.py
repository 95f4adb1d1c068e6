"""What a keystroke sends leaves the terminal exactly as a full repaint of the same screen.

A keystroke is painted as the lines it changed: Textual's compositor renders them
(``textual_internals.LineCompositor``: only the widgets on those lines), and the screen diff
sends only the cells that differ from what the terminal shows (``ui/screen_diff``). Either
could leave a stale cell: a line a widget changed but nobody rendered, a cell the diff thought
was already there. So the test types edits that change values all over the sheet (the result
strip at the top, marked rows, a refused value and its message), takes the terminal's cells
(character, colours, attributes), then has the whole screen repainted (F2 hides the rule
panel and shows it again: two new layouts, each painted whole) and compares every cell.

Without the line compositor the test passes too (both paint the same screen); it fails when a
line a keystroke changed is not rendered, or when the diff skips a cell that changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pty_app import PtyWorksheet

PRESETS = Path(__file__).resolve().parents[2] / "presets"


def looks(c) -> tuple:
    """What a player sees of a cell: a blank shows only its background (unless an attribute
    draws on it), anything else its character, colours and attributes."""
    if c.data == " " and not (c.underscore or c.reverse or c.strikethrough):
        return (" ", c.bg)
    return (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse, c.strikethrough)


def cells(run: PtyWorksheet) -> list[list[tuple]]:
    """Every cell of the terminal as a player sees it."""
    buffer = run.screen.buffer
    return [[looks(buffer[y][x]) for x in range(run.cols)] for y in range(run.rows)]


def differences(before: list[list[tuple]], after: list[list[tuple]]) -> list[str]:
    return [f"row {y} col {x}: typed {a!r}, repainted {b!r}"
            for y, (row_a, row_b) in enumerate(zip(before, after))
            for x, (a, b) in enumerate(zip(row_a, row_b)) if a != b]


def repainted(run: PtyWorksheet) -> list[list[tuple]]:
    """The cells after the whole screen is painted again (F2 twice: two layouts)."""
    run.press("f2")
    run.settle()
    run.press("f2")
    run.settle()
    return cells(run)


@pytest.mark.parametrize("cols, rows", [(80, 24), (200, 50)])
@pytest.mark.parametrize("ruleset, preset, edits", [
    # Level 7 → 17 → 7 → 17: every defense, the strip and a dozen marked rows change.
    ("rise", "rise-r1-fighter.toml", ["home", "1", "backspace", "1"]),
    # From Stance (the first field, issue 42) past Encumbrance to Dodge ranks: 60 → 6 → 6x
    # (refused: the message, the waiting rows) → 6 → 60.
    ("gemstone4", "gemstone4-example-1.toml",
     ["ctrl+down", "ctrl+down", "end", "backspace", "x", "backspace", "0"]),
])
def test_keystrokes_leave_the_screen_a_full_repaint_shows(run_worksheet, ruleset, preset,
                                                         edits, cols, rows):
    run = run_worksheet(ruleset, "--preset", str(PRESETS / preset), cols=cols, rows=rows)
    run.wait_for(r"f1 Help")
    run.settle()
    repainted(run)  # the first layouts build the rows near the view: the sheet is as long as
    # it will be while the test types (a longer sheet has a shorter scroll bar thumb)
    for key in edits:
        run.press(key)
        run.settle()
        typed = cells(run)
        # the check after each key: a stale cell may be painted over by the next key's lines
        wrong = differences(typed, repainted(run))
        assert not wrong, (f"after {key!r} the terminal differed from a full repaint in "
                           f"{len(wrong)} cells:\n" + "\n".join(wrong[:12]) + "\n" + run.text())
