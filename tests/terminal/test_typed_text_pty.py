"""A number field keeps exactly what the player typed, in the real program on a real terminal:
text the input cannot read stays in the field, is refused with the message the command line
gives for the same text, and no value downstream uses it."""

from __future__ import annotations

import re
import subprocess

import pytest

from pty_app import PtyWorksheet, worksheet_argv, to_character


def command_line_refusal(ruleset: str, name: str, text: str, env: dict[str, str]) -> str:
    """The message ``worksheet calc --set NAME=TEXT`` refuses the text with (exit status 2)."""
    result = subprocess.run(worksheet_argv("calc", ruleset, "--set", f"{name}={text}"),
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 2, result.stderr
    line = result.stderr.strip().splitlines()[0]
    assert line.startswith("worksheet: ")
    return line.removeprefix("worksheet: ")


def screen_words(app: PtyWorksheet) -> str:
    """The screen's text as one line, the left gutter marks and the scroll bar's thumb at the
    right dropped: a message wrapped over several lines (beside the editor) reads whole again."""
    lines = [re.sub(r"[▁▂▃▄▅▆▇█]+\s*$", "", line.lstrip("▌▎ ")) for line in app.screen.display]
    return re.sub(r"\s+", " ", " ".join(lines))


@pytest.mark.parametrize("text", ["6.5", "3/2", "1.5", "abc", "1e5000"])
def test_text_a_whole_number_field_cannot_read_stays_and_is_refused(run_worksheet, folders,
                                                                   text):
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.wait_for(r"Evade DS vs melee 0 ")
    app.press(text)  # the field's text is selected on start: typing replaces it
    app.wait_for(rf"Dodge ranks +{re.escape(text)} ")
    # The command line's own message, spoken with the field's label (issue 14: the app
    # speaks in labels; the command line names the input for scripts).
    refusal = command_line_refusal("gemstone4", "dodge_ranks", text, app.env)
    assert refusal.startswith("dodge_ranks = ")
    refusal = "Dodge ranks" + refusal.removeprefix("dodge_ranks")
    app.wait_until(lambda: f"✗ {refusal}" in screen_words(app), "the refusal on screen")
    assert re.search(r"Evade DS vs melee(, Evade DS vs ranged)? waits? for Dodge ranks",
                     screen_words(app)), \
        "the DS is not a new number: it waits for the refused input"
    assert not re.search(r"Evade DS vs melee \d", app.text())
    assert "✗ Dodge ranks" in app.line_with("unsaved edits"), "the status line names it"

    # Fixing the text brings the values back; the refused text never reached the sheet.
    app.press("ctrl+a", "ctrl+k", "73")
    app.wait_for(r"Evade DS vs melee 54 .*Evade DS vs ranged 81")
    app.wait_gone(r"✗ Dodge ranks")
