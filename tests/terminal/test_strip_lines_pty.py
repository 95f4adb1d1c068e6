"""The result strip breaks its lines between entries on a real 80×24 terminal (pyte).

Found in the Vampire snapshot with the bundled Brujah preset: Textual wraps at any space, so
the strip read ``… the attack misses  ·  Remaining successes`` on one row and ``0`` on the
next — a label without its number, mid-fight.
"""

from __future__ import annotations

from pathlib import Path

PRESETS = Path(__file__).resolve().parents[2] / "presets"


def test_a_strip_entry_is_never_cut_from_its_value(run_worksheet):
    app = run_worksheet("--preset", str(PRESETS / "vtm-revised-brujah-fortitude-block.toml"))
    app.wait_for(r"Input · ")
    app.settle()
    rows = [row.rstrip() for row in app.screen.display]
    # A block with Dexterity 3 + Brawl 4: 7 dice at difficulty 6; faces 9, 6, 3, 10, 1, 2, 5
    # give 3 − 1 = 2 net successes against the attacker's 2, so the knife misses with 0
    # remaining. That entry does not fit beside the first three: it starts the next row whole.
    assert rows[2] == " Defense pool 7  ·  Difficulty 6  ·  the attack misses", rows[:5]
    assert rows[3] == " Remaining successes 0", rows[:5]
