"""What-if, baseline, sweep and step effects on a real 80×24 terminal, on all five tabs: each
opens from its key, reads at 80 columns and says what ``worksheet calc`` says (the first
what-if line is ``calc --what-if``'s first ranked line)."""

from __future__ import annotations

import re

import pytest

from worksheet.cli import main

PRESETS = {
    "exalted2e": ("exalted2e-odds-eight-dice-against-dv-3", "Dodge DV"),
    "gemstone4": ("gemstone4-odds-example-1-against-as-150", "Evade DS vs melee"),
    "rise": ("rise-odds-r1-fighter-against-accuracy-5", "Armor"),
    "shadowrun4": ("shadowrun4-odds-twelve-dice-against-nine", "Defense pool"),
    "vtm-revised": ("vtm-revised-odds-six-dice-against-a-dodge", "Defense pool"),
}
CTRL_F, CTRL_B, CTRL_BACKSLASH, F11, ESC = b"\x06", b"\x02", b"\x1c", b"\x1b[23~", b"\x1b"


def first_ranked(capsys, ruleset: str) -> str:
    main(["calc", ruleset, "--preset", PRESETS[ruleset][0], "--what-if"])
    lines = capsys.readouterr().out.splitlines()
    return lines[lines.index("Best for the defender first:") + 1].strip()


@pytest.mark.parametrize("ruleset", sorted(PRESETS))
def test_what_if_baseline_sweep_and_effects_at_80x24(run_worksheet, capsys, ruleset):
    preset, strip = PRESETS[ruleset]
    expected = first_ranked(capsys, ruleset)
    app = run_worksheet("--preset", preset)
    app.wait_for(re.escape(strip))
    app.settle()
    app.send(CTRL_F)
    app.wait_for(r"What if — now:")
    start = expected[:40]  # the first row, as the view wraps it at 80 columns
    app.wait_for(re.escape(start))
    assert all(len(line.rstrip()) <= 80 for line in app.text().splitlines())
    # its own key bar, on the last row: the comparative keys the sheet's bar has no room for
    app.wait_until(lambda: all(k in app.text().splitlines()[-1]
                               for k in ("f11 Sweep", "^b Pin", "^n Party")), "the view's keys")
    app.send(ESC)
    app.wait_gone(r"What if — now:")
    # the sheet's bar at 80 columns (the view and the bar may come back in two writes)
    app.wait_until(lambda: "^f What if" in app.text().splitlines()[-1], "the sheet's bar")
    app.send(CTRL_B)
    app.wait_for(r"Pinned: every value")
    app.send(F11)  # the first field has focus: its sweep
    app.wait_for(r"Sweep of .*values \(▸ now\)")
    app.wait_for(r"▸ ")
    app.send(ESC)
    app.wait_gone(r"Sweep of")
    app.send(CTRL_BACKSLASH)
    app.wait_for(r"(↑|↓|⇄) .*: ")
    screen = app.text()
    assert "_" not in app.line_with("↑" if "↑" in screen else "⇄")  # labels, no identifiers
