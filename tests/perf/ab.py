"""CPU per keystroke (or launch → first paint) of two source trees, run alternately: the
before/after of one change.

A full benchmark run compares Worksheet with a bare Textual app; on a shared VM the ratio of
one run to the next moved by ±15% while nothing changed (the reference's CPU per key went from
4.7 to 7.0 ms between runs), which hides any change smaller than that. This compares two trees
of Worksheet itself, each run in turn on the same machine, the order flipped every round, and
prints each tree's median and every run:

    git worktree add /tmp/before HEAD~1
    .venv/bin/python tests/perf/ab.py --scenario rise --size 200x50 /tmp/before .
    .venv/bin/python tests/perf/ab.py --launch exalted2e --size 200x50 /tmp/before .

Each tree is put first on ``PYTHONPATH`` and byte-compiled first (as ``bench.py`` does), and
``PYTHONSAFEPATH`` keeps Python from putting the current folder before it: run from the
repository's root, ``python -m worksheet`` imported the root's package for both trees, so every
A/B run before that fix compared a tree with itself.

With ``--instructions`` each tree runs once under valgrind's callgrind, counting only the
measured presses (instrumentation switched on and off around them with ``callgrind_control``):
the instructions per keystroke do not depend on what else the machine is doing, so a change of
2% shows, where CPU time on this VM hides one of 15%. They count the Python process's own work,
not the kernel's (the pty writes), so a ratio to the reference in instructions is larger than
in CPU time. Needs ``valgrind``. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import compileall
import glob
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measures as m  # noqa: E402
from scenarios import TABS, App, Keys, gemstone_keys, rise_keys, worksheet  # noqa: E402

SCENARIOS = {"rise": rise_keys, "gemstone4": gemstone_keys}
WARM_UP, PRESSES = 10, 40
"""Presses before the measured ones (caches filled), and the presses measured per run."""


def of_tree(app: App, tree: Path) -> App:
    """``app`` run with ``tree``'s Worksheet."""
    return App(app.name, [sys.executable, "-m", "worksheet", *app.argv[3:]], app.first_paint,
               {**app.env, "PYTHONPATH": str(tree), "PYTHONSAFEPATH": "1"})


def launch_ms(tree: Path, ruleset: str, cols: int, rows: int) -> float:
    """Milliseconds of CPU from start to the first paint of ``tree``'s Worksheet on
    ``ruleset`` (CPU, not the wall clock ``bench.py`` reports: on this VM the files a launch
    reads are often out of the page cache, and waiting for the disk varied a launch by half
    a second)."""
    with m.running(of_tree(worksheet(ruleset), tree), cols, rows) as (pty_app, _):
        return pty_app.cpu_seconds() * 1e3


def cpu_per_key(tree: Path, keys: Keys, cols: int, rows: int) -> float:
    """Milliseconds of CPU per keystroke of one run of ``tree``'s Worksheet (measured as
    ``bench.py`` measures a block of presses)."""
    with m.running(of_tree(keys.app, tree), cols, rows) as (pty_app, _):
        for key, expected in keys.before:
            pty_app.send(key)
            pty_app.wait_for(expected, timeout=20)
        m.press_block(pty_app, keys, 0, WARM_UP)
        return m.press_block(pty_app, keys, WARM_UP, PRESSES)["cpu"] * 1e3


def instructions_per_key(tree: Path, keys: Keys, cols: int, rows: int) -> float:
    """Millions of instructions (callgrind's ``Ir``) per keystroke of ``tree``'s Worksheet,
    counted over :data:`PRESSES` presses after :data:`WARM_UP` (start-up is not counted)."""
    app = of_tree(keys.app, tree)
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        counted = App(app.name, ["valgrind", "--tool=callgrind", "--instr-atstart=no",
                                 f"--callgrind-out-file={out}", *app.argv],
                      app.first_paint, app.env)
        with m.running(counted, cols, rows, paint_timeout=300) as (pty_app, _):
            for key, expected in keys.before:
                pty_app.send(key)
                pty_app.wait_for(expected, timeout=100)
            slow = {"timeout": 100}  # valgrind runs the app some 30 times slower
            for index in range(WARM_UP + PRESSES):
                if index == WARM_UP:
                    _callgrind(pty_app, "--instr=on")
                key, expected = keys.presses[index % len(keys.presses)]
                pty_app.send(key)
                pty_app.wait_for(expected, **slow)
                pty_app.settle(0.3, limit=10)
            _callgrind(pty_app, "--instr=off")
            _callgrind(pty_app, "--dump")
        total = 0
        for name in glob.glob(out + "*"):
            with open(name, errors="replace") as dump:
                total += max((int(line.split()[1]) for line in dump
                              if line.startswith(("summary:", "totals:"))), default=0)
    return total / PRESSES / 1e6


def _callgrind(pty_app, option: str) -> None:
    subprocess.run(["callgrind_control", option, str(pty_app.process.pid)],
                   capture_output=True, check=True, timeout=60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs=2, type=Path, help="two source trees (before, after)")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default="rise")
    parser.add_argument("--launch", choices=TABS, help="measure launch → first paint on this "
                        "tab instead of CPU per keystroke")
    parser.add_argument("--size", default="200x50", help="e.g. 80x24")
    parser.add_argument("--rounds", type=int, default=10, help="runs of each tree (10)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per keystroke under callgrind (one run each)")
    args = parser.parse_args(argv)
    cols, rows = (int(n) for n in args.size.split("x"))
    keys = SCENARIOS[args.scenario]()
    trees = [tree.resolve() for tree in args.trees]
    for tree in trees:
        compileall.compile_dir(str(tree / "worksheet"), quiet=1)
    if args.instructions:
        print(f"Instructions per keystroke (millions), {args.scenario} {cols}×{rows}, "
              f"{PRESSES} presses:")
        for tree in trees:
            print(f"  {str(tree):40} {instructions_per_key(tree, keys, cols, rows):6.2f} M")
        return 0
    runs: dict[Path, list[float]] = {tree: [] for tree in trees}
    for round_ in range(args.rounds):
        for tree in trees if round_ % 2 == 0 else trees[::-1]:
            runs[tree].append(launch_ms(tree, args.launch, cols, rows) if args.launch
                              else cpu_per_key(tree, keys, cols, rows))
    print(f"CPU from launch to the first paint, {args.launch} {cols}×{rows}, {args.rounds} launches:"
          if args.launch else f"CPU per keystroke, {args.scenario} {cols}×{rows}, "
          f"{args.rounds} runs of {PRESSES} presses each:")
    for tree, values in runs.items():
        print(f"  {str(tree):40} median {statistics.median(values):6.2f} ms   "
              + " ".join(f"{value:.1f}" for value in values))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
