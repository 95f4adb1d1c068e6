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
