"""Text that makes a value invalid, in the real program at 80×24: the refusal is on screen (it
names the input, the text and what is allowed), the values that depend on the input say which
input they wait for, and nothing else on the screen moves — so the key is not a repaint of the
whole form over SSH. Fixing the text brings the help and the values back, in place.
"""

from __future__ import annotations

from pathlib import Path

PRESET = str(Path(__file__).resolve().parents[2] / "presets" / "gemstone4-example-1.toml")


def row_of(run, label: str) -> str:
    """The screen line of the input row labelled ``label`` (the focus mark ignored)."""
    return next((line for line in run.screen.display if line[2:].startswith(label + " ")), "")


def rows_below(run, label: str) -> list[str]:
    """The screen from the row of ``label`` down, without the scroll bar's columns."""
    lines = run.screen.display
    start = next(y for y, line in enumerate(lines) if label in line)
    return [line[:-4] for line in lines[start:]]


def test_a_refused_text_shows_its_message_beside_the_editor_and_moves_nothing(run_worksheet):
    run = run_worksheet("gemstone4", "--preset", PRESET)
    run.wait_for(r"f1 Help")
    run.wait_for(r"Evade DS vs melee 43")
    run.press("end")
    run.settle(0.5)
    below = rows_below(run, "Agility bonus")
    help_line = row_of(run, "Dodge ranks")

    run.press("x")
    run.wait_for(r"not a whole number")
    run.settle(0.5)
    screen = run.text()
    assert "60x" in row_of(run, "Dodge ranks")
    message = " ".join(line[36:].strip() for line in run.screen.display
                       if "✗" in line or "allowed:" in line)
    assert "Dodge ranks = '60x'" in message and "0 to 500" in message, screen
    assert "wait for Dodge ranks" in run.line_with("Evade DS vs melee"), screen
    assert "waiting for Dodge ranks" in run.line_with("Base value"), screen
    assert "✗ Dodge ranks" in screen  # the status line
    after = rows_below(run, "Agility bonus")
    assert after[0] == below[0], "the row below the refused input moved"
    assert [line[2:] for line in after[:2]] == [line[2:] for line in below[:2]]

    run.press("backspace")
    run.wait_for(r"Evade DS vs melee 43")
    run.settle(0.5)
    assert row_of(run, "Dodge ranks") == help_line, "the help is not back beside 60"
    assert rows_below(run, "Agility bonus") == below
