"""What-if, sweep and compare costs (``shared/spec/compare.md``, "Costs"): each command as a
whole process beside one ``worksheet calc`` of the same sheet, run alternately, medians;
targets: ``--what-if`` ≤ 2×, a 100-row ``--sweep`` ≤ 2×, ``compare`` ≤ 2×."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SHEETS = {
    # ruleset: (preset, --set arguments, a 100-row sweep, the other preset to compare with)
    "gemstone4": ("gemstone4-odds-example-1-against-as-150", [], "attacker_as=51..150",
                  "gemstone4-example-2"),
    "shadowrun4": ("shadowrun4-odds-twelve-dice-against-nine", ["--set", "edge_dice=2"],
                   "attacker_distance=0..990:10", "shadowrun4-s1-full-dodge"),
}
"""The cheapest and the costliest odds: Gemstone's is a subtraction, Shadowrun's with Edge an
exact sum over exploding dice. Gemstone's sweep moves the odds on every row; Shadowrun's (the
attacker's distance, as a player sweeps a range band) re-derives only up to where the values
stop changing, as a keystroke does."""


def _seconds(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "worksheet", *argv], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def _versus(table, metric: str, command: list[str], calc: list[str], runs: int,
            limit: float) -> None:
    mine, theirs = [], []
    for _ in range(runs):
        mine.append(_seconds(command))
        theirs.append(_seconds(calc))
    table.ratio(metric, statistics.median(mine) * 1e3, statistics.median(theirs) * 1e3, 0,
                limit)


def variants_vs_calc(table, runs: int) -> None:
    """One row per command and sheet: the command's median to calc's, whole processes."""
    for ruleset, (preset, sets, sweep, other) in SHEETS.items():
        calc = ["calc", ruleset, "--preset", preset, *sets]
        _versus(table, f"calc --what-if vs calc, {ruleset}, whole process (ms)",
                [*calc, "--what-if"], calc, runs, 2.0)
        _versus(table, f"calc --sweep of 100 rows vs calc, {ruleset}, whole process (ms)",
                [*calc, "--sweep", sweep], calc, runs, 2.0)
        _versus(table, f"compare vs calc, {ruleset}, whole process (ms)",
                ["compare", preset, other, *sets], calc, runs, 2.0)


EFFECTS = b"\x1c"
"""Ctrl+\\: the step-effects line (what one step of the focused input does)."""


def keys_with_effects(table, sizes, presses: int, block: int) -> None:
    """Key → value on screen on GemStone with the step-effects line shown, beside the
    reference app (the target of the plain sheet: ≤ 1× the reference's median at 80×24).
    The line is worked out a moment after the sheet's own values are painted, so it must not
    show in the time to the value."""
    import measures as m
    from scenarios import END, Keys, gemstone_keys, reference_keys

    plain = gemstone_keys()
    to_dodge_ranks = plain.before[:-1]  # the Tabs past the round inputs, as gemstone_keys
    keys = Keys(plain.app, [*to_dodge_ranks, (EFFECTS, r"Dodge ranks ↑ 61"),
                            (END, r"Evade DS vs melee 43\b")], plain.presses)
    for cols, rows in sizes:
        result = m.keystroke_session(keys, reference_keys(), cols, rows, presses, block)
        ours, ref = result["ours"], result["ref"]
        judged = (cols, rows) == (80, 24)
        table.ratio(f"key → value on screen {cols}×{rows}, gemstone4 with step effects shown, "
                    "median (ms)", m.median(ours["latencies"]) * 1e3,
                    m.median(ref["latencies"]) * 1e3, 1, 1.0 if judged else None)
        table.ratio(f"CPU per keystroke {cols}×{rows}, gemstone4 with step effects shown (ms)",
                    m.median(ours["cpu"]) * 1e3, m.median(ref["cpu"]) * 1e3, 2, None)
