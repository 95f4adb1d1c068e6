"""CPU per keystroke of two source trees, run alternately: the before/after of one change.

A full benchmark run compares Worksheet with a bare Textual app; on a shared VM the ratio of
one run to the next moved by ±15% while nothing changed (the reference's CPU per key went from
4.7 to 7.0 ms between runs), which hides any change smaller than that. This compares two trees
of Worksheet itself, each run in turn on the same machine, the order flipped every round, and
prints each tree's median and every run:

    git worktree add /tmp/before HEAD~1
    .venv/bin/python tests/perf/ab.py --scenario rise --size 200x50 /tmp/before .

Each tree is put first on ``PYTHONPATH`` and byte-compiled first (as ``bench.py`` does). Not
part of the test suite.
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measures as m  # noqa: E402
from scenarios import App, Keys, gemstone_keys, rise_keys  # noqa: E402

SCENARIOS = {"rise": rise_keys, "gemstone4": gemstone_keys}
WARM_UP, PRESSES = 10, 40
"""Presses before the measured ones (caches filled), and the presses measured per run."""


def cpu_per_key(tree: Path, keys: Keys, cols: int, rows: int) -> float:
    """Milliseconds of CPU per keystroke of one run of ``tree``'s Worksheet (measured as
    ``bench.py`` measures a block of presses)."""
    app = App(keys.app.name, [sys.executable, "-m", "worksheet", *keys.app.argv[3:]],
              keys.app.first_paint, {**keys.app.env, "PYTHONPATH": str(tree)})
    with m.running(app, cols, rows) as (pty_app, _):
        for key, expected in keys.before:
            pty_app.send(key)
            pty_app.wait_for(expected, timeout=20)
        m.press_block(pty_app, keys, 0, WARM_UP)
        return m.press_block(pty_app, keys, WARM_UP, PRESSES)["cpu"] * 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs=2, type=Path, help="two source trees (before, after)")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default="rise")
    parser.add_argument("--size", default="200x50", help="e.g. 80x24")
    parser.add_argument("--rounds", type=int, default=10, help="runs of each tree (10)")
    args = parser.parse_args(argv)
    cols, rows = (int(n) for n in args.size.split("x"))
    keys = SCENARIOS[args.scenario]()
    trees = [tree.resolve() for tree in args.trees]
    for tree in trees:
        compileall.compile_dir(str(tree / "worksheet"), quiet=1)
    runs: dict[Path, list[float]] = {tree: [] for tree in trees}
    for round_ in range(args.rounds):
        for tree in trees if round_ % 2 == 0 else trees[::-1]:
            runs[tree].append(cpu_per_key(tree, keys, cols, rows))
    print(f"CPU per keystroke, {args.scenario} {cols}×{rows}, {args.rounds} runs of "
          f"{PRESSES} presses each:")
    for tree, values in runs.items():
        print(f"  {str(tree):40} median {statistics.median(values):6.2f} ms   "
              + " ".join(f"{value:.1f}" for value in values))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
