"""The party screen on a real 80×24 terminal, on every ruleset: Ctrl+N opens it on the tab's
ruleset, typing the attack's pool re-derives every row (the best chance each row shows is
derived from ``worksheet calc PRESET --set …``), and another process saving, corrupting or
deleting a preset in the group folder shows on the screen without a key pressed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pty_app import to_character

from worksheet import rulesets
from worksheet.engine.percent import percent
from worksheet.presets import bundled_dir

ROOT = Path(__file__).resolve().parents[2]
CTRL_N = b"\x0e"

POOL = {"exalted2e": ("attack_pool", "8"), "gemstone4": ("attacker_as", "150"),
        "rise": ("accuracy", "5"), "shadowrun4": ("attack_pool", "12"),
        "vtm-revised": ("attack_pool", "6")}
"""Each ruleset's attack pool (the field focused first) and a value for it."""


def _best_from_calc(ruleset: str, path: Path, name: str, text: str) -> str:
    """``best: <option> <percent>`` as ``worksheet calc`` has it for that preset and attack."""
    from tests.cli.test_party import best_option

    result = subprocess.run([sys.executable, "-m", "worksheet", "calc", ruleset, "--preset",
                             str(path), "--set", f"{name}={text}", "--format", "json"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    label, p = best_option(ruleset, json.loads(result.stdout)["values"])
    return f"best: {label} {percent(p)}"


@pytest.mark.parametrize("ruleset", rulesets.ids())
def test_the_party_screen_at_80x24(run_worksheet, folders, ruleset):
    presets = sorted(bundled_dir().glob(f"{ruleset}-*.toml"))[:2]
    for path in presets:
        shutil.copy(path, folders.shared / path.name)
    app = run_worksheet(ruleset)
    app.wait_for(r"f1 Help")
    app.send(CTRL_N)
    app.wait_for(r"Party — ")
    app.wait_for(rf"{len(presets)} characters")
    name, text = POOL[ruleset]
    app.send(text)
    expected = [_best_from_calc(ruleset, path, name, text) for path in presets]
    app.wait_until(lambda: all(best in app.text() for best in expected[:1]),
                   f"the first row's {expected[0]}")
    screen = app.text()
    assert all(len(line) <= 80 for line in screen.splitlines())
    assert "_" not in screen.splitlines()[1], screen  # labels, never identifiers
    # another process saves a new character, corrupts one, deletes one: shown without a key
    new = (bundled_dir() / presets[0].name).read_text().replace('name = "', 'name = "Newcomer ', 1)
    (folders.shared / "zz-newcomer.toml").write_text(new)
    (folders.shared / presets[1].name).write_text("worksheet = [")
    app.wait_for(r"refused: " + re.escape(presets[1].name[:10]))
    app.wait_for(r"1 refused")
    (folders.shared / presets[0].name).unlink()
    app.wait_for(r"\b1 character\b")


def test_ten_thousand_files_keep_the_screen_answering(run_worksheet, folders):
    """The first rows and the count of the rest are shown; the attack still edits every row,
    Esc goes back and the sheet still takes keys (no timing asserted: each wait has a deadline
    and a frozen screen would miss it)."""
    from worksheet.presets.party import MAX_FILES

    text = (bundled_dir() / "gemstone4-example-1.toml").read_text()
    for number in range(10_000):
        (folders.shared / f"p{number:05}.toml").write_text(text)
    app = run_worksheet("gemstone4")
    app.wait_for(r"f1 Help")
    app.send(CTRL_N)
    app.wait_for(rf"{10_000 - MAX_FILES} more files skipped", timeout=120)
    app.send("150")
    app.wait_for(r"best: ranged 85\.0 %", timeout=120)
    app.send(b"\x1b")
    app.wait_for(r"Evade DS vs melee 0")
    melee = json.loads(subprocess.run(
        [sys.executable, "-m", "worksheet", "calc", "gemstone4", "--set", "dodge_ranks=7",
         "--format", "json"], capture_output=True, text=True, cwd=ROOT, timeout=60,
    ).stdout)["values"]["melee_ds"]
    assert melee != 0
    to_character(app, "gemstone4")  # from Stance, focused on the sheet (issue 42)
    app.send("7")  # Dodge ranks
    app.wait_for(rf"Evade DS vs melee {melee}\b")


def test_undo_and_reset_in_one_burst_on_the_party_screen_leave_the_sheet_alone(run_worksheet):
    """Found by hand: on the party screen Ctrl+Z undid, and Ctrl+R reset, the tab behind it,
    out of sight. "2, Ctrl+N, Ctrl+Z, Ctrl+R, Ctrl+Z, Esc" in one write: the 2 stays in
    Action penalty; back on the sheet Ctrl+Z takes it back."""
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · Action penalty")
    app.press("backspace", "2")
    app.wait_for(r"unsaved edits")
    app.press("ctrl+n", "ctrl+z", "ctrl+r", "ctrl+z", "escape")
    app.wait_for(r"Input · Action penalty")
    app.settle()
    assert re.search(r"Action penalty +2 ", app.text()), app.text()
    assert "unsaved edits" in app.text()
    app.press("ctrl+z")
    app.wait_until(lambda: not re.search(r"Action penalty +2 ", app.text()), "the undo")
