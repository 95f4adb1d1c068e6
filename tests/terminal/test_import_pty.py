"""The import dialog through a real pty at 80×24 (issue 46), on the three tabs that import:
Ctrl+J, a bracketed paste (one write, as a terminal sends it) or a typed path, the preview's
old → new, Enter applies, Ctrl+Z takes the whole import back in one step; Esc changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pty_app import PtyWorksheet

FIXTURES = Path(__file__).resolve().parents[1] / "importers" / "fixtures"
CTRL_J = b"\n"


def row(app, label: str, value: str) -> None:
    """Wait for an input's row to show ``value``."""
    app.wait_for(rf"(?m)^[▌█ ] {re.escape(label)} +{re.escape(value)}\b")


def open_dialog(app) -> None:
    app.send(CTRL_J)
    app.wait_for(r"Import a character")


@pytest.mark.parametrize("no_color", [False, True], ids=["color", "NO_COLOR"])
def test_a_bracketed_paste_on_gemstone_then_undo(folders, no_color):
    app = PtyWorksheet(folders, "gemstone4")
    if no_color:
        app.env["NO_COLOR"] = "1"
    with app:  # starts it; closes it at the end, whatever happened
        paste_then_undo(app)


def paste_then_undo(app) -> None:
    app.wait_for(r"\^z Undo")
    row(app, "Dodge ranks", "0")
    open_dialog(app)
    text = (FIXTURES / "gs_info_skills_armor.txt").read_bytes().replace(b"\n", b"\r")
    app.send(b"\x1b[200~" + text + b"\x1b[201~")
    app.wait_for(r"Dodge ranks +0 → 96 +line 29 \(Dodging ranks\)")
    app.wait_for(r"Intuition bonus +0 → -8")
    app.wait_for(r"Left for you: Armor \(ASG\)")
    app.press("enter")
    app.wait_gone(r"Import a character")
    row(app, "Dodge ranks", "96")
    row(app, "Agility bonus", "30")
    app.wait_for(r"Evade DS vs melee 96 +· +Evade DS vs ranged 144")
    app.press("ctrl+z")
    app.wait_for(r"Evade DS vs melee 0 +· +Evade DS vs ranged 0")
    row(app, "Dodge ranks", "0")
    row(app, "Agility bonus", "0")


@pytest.mark.parametrize("ruleset, fixture, label, old, new, strip", [
    ("shadowrun4", "sr_augmented_utf16.chum", "Reaction", "3", "6", "Defense pool 5"),
    ("exalted2e", "ex_solar_experienced.ecg", "Dexterity", "3", "5", "Dodge DV 8"),
])
def test_a_file_path_then_escape_then_apply(run_worksheet, ruleset, fixture, label, old, new,
                                            strip):
    app = run_worksheet(ruleset)
    app.wait_for(r"Input · ")
    before = app.screen.display[2].strip()
    assert strip not in before
    open_dialog(app)
    app.send(str(FIXTURES / fixture).encode())
    app.press("enter")
    app.wait_for(rf"{label} +{old} → {new}")
    app.press("escape")  # nothing changes
    app.wait_gone(r"Import a character")
    assert app.screen.display[2].strip() == before
    open_dialog(app)
    app.send(str(FIXTURES / fixture).encode())
    app.press("enter")
    app.wait_for(rf"{label} +{old} → {new}")
    app.press("pagedown")  # the preview's end: the last of what was left, in view
    app.wait_for(r"Rounding, Attack dice|Defender faces, Attack dice")
    app.press("enter")
    app.wait_gone(r"Import a character")
    app.wait_until(lambda: strip in app.screen.display[2], f"{strip} in the strip")
    app.wait_for(r"unsaved edits")
    app.press("ctrl+z")
    app.wait_until(lambda: app.screen.display[2].strip() == before, "the strip as before")


def test_a_burst_opens_reads_and_applies_in_one_write(run_worksheet):
    """Ctrl+J, the path, Enter, Enter in one write (keys over SSH arrive so): the keys wait
    for the dialog, the first Enter previews, the second applies."""
    app = run_worksheet("shadowrun4")
    app.wait_for(r"Input · ")
    assert "Defense pool 3" in app.screen.display[2]  # the defaults
    path = str(FIXTURES / "sr_street_utf8.chum").encode()
    app.send(CTRL_J + path + b"\r\r")
    # Reaction 3, 7 stun boxes (−2): the pool the import makes, once the dialog has closed
    app.wait_until(lambda: "Defense pool 1" in app.screen.display[2], "the imported pool")
    app.wait_for(r"unsaved edits")
    assert "Import a character" not in app.text()
