"""Keys typed right after the key that answers a dialog do what they do typed slowly: they
reach the sheet after the answer has been used, never the closing dialog.

Enter in a dialog's field answers through a message (the field's ``Submitted``) that climbs to
the dialog, and the dialog's answer reaches the app in its next turn. Found in tmux at 80×24 on
GemStone, each compared with the same keys typed slowly:

- "4 2, Ctrl+S m y p Enter 7" saved a preset named **myp7** (the 7 went into the name field
  before the dialog read it) and the 7 never reached Dodge ranks; slowly: ``myp`` with 42, and
  Dodge ranks 427.
- "4 2, Ctrl+S m y p r e s e t Enter Ctrl+R Ctrl+O" saved the *reset* sheet (0) when the reset
  ran before the answer was used, and the tab then said "saved" while it showed 0.
"""

from __future__ import annotations

import re
import tomllib

from pty_app import keys, to_character


def _preset(folders, name: str) -> dict:
    path = folders.data / "worksheet" / "presets" / f"{name}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _start_with_42(run_worksheet):
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past Stance and Encumbrance (issue 42)
    app.settle()
    app.send("42")
    app.wait_for(r"Dodge ranks +42 ")
    app.settle()
    return app


def test_a_key_after_enter_on_the_save_dialog_reaches_the_sheet(run_worksheet, folders):
    """"Ctrl+S m y p Enter 7" in one write: the preset is ``myp`` with 42, then Dodge ranks
    reads 427 (unsaved), as typed slowly."""
    app = _start_with_42(run_worksheet)
    app.send(keys("ctrl+s", "m", "y", "p", "enter", "7"))  # one write
    app.wait_for(r"Dodge ranks +427 ")
    app.settle()
    presets = sorted(p.name for p in (folders.data / "worksheet" / "presets").glob("*.toml"))
    assert presets == ["myp.toml"], presets
    assert _preset(folders, "myp")["inputs"]["dodge_ranks"] == 42
    app.wait_for(r"unsaved")  # the status line, once a two-row "Saved … to …" gives its row
    assert app.process.poll() is None, app.after_exit()


def test_a_reset_right_after_saving_leaves_the_preset_and_says_unsaved(run_worksheet, folders):
    """"Ctrl+S m y p Enter Ctrl+R Ctrl+O", then Escape: the preset keeps 42, and the tab,
    reset to 0, says it has unsaved edits."""
    app = _start_with_42(run_worksheet)
    app.send(keys("ctrl+s", "m", "y", "p", "enter", "ctrl+r", "ctrl+o"))  # one write
    app.wait_for(r"Open preset")
    app.settle()
    app.press("escape")
    app.wait_gone(r"Open preset")
    app.settle()
    assert _preset(folders, "myp")["inputs"]["dodge_ranks"] == 42
    assert re.search(r"Dodge ranks +0 ", app.text()), app.text()
    assert re.search(r"unsaved", app.line_with("GemStone IV — Evade DS")), app.text()
    assert app.process.poll() is None, app.after_exit()


def test_a_key_after_enter_on_the_command_palette_reaches_the_sheet(run_worksheet):
    """Ctrl+P "reset" (its list shown), then "Enter 5" in one write: the tab is reset, then
    Dodge ranks reads 5, as typed slowly. The palette answers through a message its list
    posts once the Enter is back at the app; the 5 went to the palette and was lost. (Waiting
    for that message by turning the palette's queue over and over kept every other task
    from running: the app spun at full CPU, and went on spinning after a hang-up.)"""
    app = _start_with_42(run_worksheet)
    app.press("ctrl+p")
    app.wait_for(r"🔎")
    app.send("reset")
    app.wait_for(r"Reset this tab to its defaults")
    app.settle()
    app.send(keys("enter", "5"))  # one write
    app.wait_for(r"Dodge ranks +5 ")
    app.settle()
    assert "Reset this tab" not in app.text(), app.text()
    assert app.process.poll() is None, app.after_exit()
