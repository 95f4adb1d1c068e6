"""CPU per keystroke (or launch → first paint, or USS after the tour) of two or more source
trees, run alternately: the before/after of one change.

A full benchmark run compares Worksheet with a bare Textual app; on a shared VM the ratio of
one run to the next moved by ±15% while nothing changed (the reference's CPU per key went from
4.7 to 7.0 ms between runs), which hides any change smaller than that. This compares two trees
of Worksheet itself, each run in turn on the same machine, the order flipped every round, and
prints each tree's median and every run:

    git worktree add /tmp/before HEAD~1
    .venv/bin/python tests/perf/ab.py --scenario rise --size 200x50 /tmp/before .
    .venv/bin/python tests/perf/ab.py --launch exalted2e --size 200x50 /tmp/before .
    .venv/bin/python tests/perf/ab.py --tour --rounds 3 --size 80x24 /tmp/before . /tmp/other

More than two trees are measured in turn the same way (the order rotated every round): one
baseline against several variants, say each with one hook switched off. CPU per keystroke
prints the bytes per keystroke too (what the app wrote to the terminal: not timing-sensitive).
``--tour`` runs ``bench.py``'s tour (every tab scrolled to its end, a tab switch back) and
prints the USS after it, the largest PageDown and the largest tab switch.

Each tree is put first on ``PYTHONPATH`` and byte-compiled first (as ``bench.py`` does), and
``PYTHONSAFEPATH`` keeps Python from putting the current folder before it: run from the
repository's root, ``python -m worksheet`` imported the root's package for both trees, so every
A/B run before that fix compared a tree with itself.

With ``--instructions`` each tree runs once under valgrind's callgrind, counting only the
measured presses (instrumentation switched on and off around them with ``callgrind_control``):
the instructions per keystroke do not depend on what else the machine is doing: one run of a
tree repeated to ±1.5 % (eight runs, rise 80×24: 15.93–16.38 M; what a press's timers and
collections do inside the counted window varies), where CPU time on this VM hides 15 %. Near a
threshold, run it three times and take medians. They count the Python process's own work,
not the kernel's (the pty writes), so a ratio to the reference in instructions is larger than
in CPU time. With ``--launch TAB`` it counts instead every instruction from the process's
start to its first frame (the first write holding the key bar's "Help": the process ends
there, see :data:`FIRST_FRAME_PROBE`). Needs ``valgrind``. Not part of the test suite.
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
import time
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


FIRST_FRAME_PROBE = """\
import gc, os, runpy, sys
gc.disable()  # as the command line has it from its start (a Textual import before it here)
from textual.drivers import linux_driver
write = linux_driver.LinuxDriver.write
def write_then_end(self, data):
    write(self, data)
    if "Help" in data:  # the first frame: its key bar
        os._exit(0)
linux_driver.LinuxDriver.write = write_then_end
sys.argv = ["worksheet", *sys.argv[1:]]
runpy.run_module("worksheet", run_name="__main__", alter_sys=True)
"""
"""A launcher that runs ``python -m worksheet`` unchanged, except that the process ends as soon
as it has handed its first frame to the driver (so callgrind counts start-up up to that frame
and nothing after it)."""


def launch_ms(tree: Path, ruleset: str, cols: int, rows: int) -> float:
    """Milliseconds of CPU from start to the first paint of ``tree``'s Worksheet on
    ``ruleset`` (CPU, not the wall clock ``bench.py`` reports: on this VM the files a launch
    reads are often out of the page cache, and waiting for the disk varied a launch by half
    a second)."""
    with m.running(of_tree(worksheet(ruleset), tree), cols, rows) as (pty_app, _):
        return pty_app.cpu_seconds() * 1e3


def cpu_per_key(tree: Path, keys: Keys, cols: int, rows: int) -> tuple[float, float]:
    """Milliseconds of CPU, and bytes written, per keystroke of one run of ``tree``'s
    Worksheet (measured as ``bench.py`` measures a block of presses)."""
    with m.running(of_tree(keys.app, tree), cols, rows) as (pty_app, _):
        for key, expected in keys.before:
            pty_app.send(key)
            pty_app.wait_for(expected, timeout=20)
        m.press_block(pty_app, keys, 0, WARM_UP)
        block = m.press_block(pty_app, keys, WARM_UP, PRESSES)
        return block["cpu"] * 1e3, block["bytes"]


def after_tour(tree: Path, cols: int, rows: int) -> tuple[float, float, float]:
    """USS after ``bench.py``'s tour of ``tree``'s Worksheet (MiB), its largest PageDown and its
    largest tab switch (bytes)."""
    result = m.tour(cols, rows, of_tree(worksheet(TABS[0]), tree))
    pagedowns = [size for sizes in result["pagedowns"].values() for size in sizes]
    return (result["uss"] / 2**20, max(pagedowns),
            max([*result["switch_new"], result["switch_back"]]))


def instructions_to_first_frame(tree: Path, ruleset: str, cols: int, rows: int) -> float:
    """Millions of instructions from the start of ``tree``'s Worksheet on ``ruleset`` to its
    first frame (:data:`FIRST_FRAME_PROBE`)."""
    app = of_tree(worksheet(ruleset), tree)
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                sys.executable, "-c", FIRST_FRAME_PROBE, *app.argv[3:]]
        pty_app = m.PtyApp(argv, m.fresh_env(app), cols, rows)
        pty_app.start()
        try:
            deadline = time.perf_counter() + 900
            while pty_app.process.poll() is None and time.perf_counter() < deadline:
                pty_app.pump(0.5)
            if pty_app.process.poll() is None:
                raise TimeoutError(f"{tree}: no first frame under valgrind in 900 s")
        finally:
            pty_app.stop()
        return _total(out) / 1e6


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
        return _total(out) / PRESSES / 1e6


def _total(out: str) -> int:
    """The instructions counted in callgrind's dumps ``out*``."""
    total = 0
    for name in glob.glob(out + "*"):
        with open(name, errors="replace") as dump:
            total += max((int(line.split()[1]) for line in dump
                          if line.startswith(("summary:", "totals:"))), default=0)
    return total


def _callgrind(pty_app, option: str) -> None:
    subprocess.run(["callgrind_control", option, str(pty_app.process.pid)],
                   capture_output=True, check=True, timeout=60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path,
                        help="two or more source trees (the first: the baseline)")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default="rise")
    parser.add_argument("--launch", choices=TABS, help="measure launch → first paint on this "
                        "tab instead of CPU per keystroke")
    parser.add_argument("--tour", action="store_true",
                        help="measure USS after bench.py's tour instead of CPU per keystroke")
    parser.add_argument("--size", default="200x50", help="e.g. 80x24")
    parser.add_argument("--rounds", type=int, default=10, help="runs of each tree (10)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per keystroke (with --launch: to the first "
                             "frame) under callgrind, one run each")
    args = parser.parse_args(argv)
    if len(args.trees) < 2:
        parser.error("give two or more trees")
    cols, rows = (int(n) for n in args.size.split("x"))
    keys = SCENARIOS[args.scenario]()
    trees = [tree.resolve() for tree in args.trees]
    for tree in trees:
        compileall.compile_dir(str(tree / "worksheet"), quiet=1)
    if args.instructions:
        if args.launch:
            print(f"Instructions from start to the first frame (millions), {args.launch} "
                  f"{cols}×{rows}:")
        else:
            print(f"Instructions per keystroke (millions), {args.scenario} {cols}×{rows}, "
                  f"{PRESSES} presses:")
        for tree in trees:
            value = (instructions_to_first_frame(tree, args.launch, cols, rows) if args.launch
                     else instructions_per_key(tree, keys, cols, rows))
            print(f"  {str(tree):40} {value:8.2f} M", flush=True)
        return 0
    runs: dict[Path, list] = {tree: [] for tree in trees}
    for round_ in range(args.rounds):
        shift = round_ % len(trees)
        order = trees[shift:] + trees[:shift]
        for tree in order if round_ % 2 == 0 else order[::-1]:
            if args.tour:
                runs[tree].append(after_tour(tree, cols, rows))
            elif args.launch:
                runs[tree].append((launch_ms(tree, args.launch, cols, rows),))
            else:
                runs[tree].append(cpu_per_key(tree, keys, cols, rows))
    if args.tour:
        print(f"USS after the tour (MiB), largest PageDown and tab switch (bytes), "
              f"{cols}×{rows}, {args.rounds} tours:")
        for tree, values in runs.items():
            uss, pagedown, switch = (statistics.median(v) for v in zip(*values))
            print(f"  {str(tree):40} USS median {uss:6.2f} MiB  PageDown {pagedown:6.0f}  "
                  f"switch {switch:6.0f}   USS " + " ".join(f"{v[0]:.2f}" for v in values))
        return 0
    print(f"CPU from launch to the first paint, {args.launch} {cols}×{rows}, {args.rounds} launches:"
          if args.launch else f"CPU and bytes per keystroke, {args.scenario} {cols}×{rows}, "
          f"{args.rounds} runs of {PRESSES} presses each:")
    for tree, values in runs.items():
        cpu = [value[0] for value in values]
        line = (f"  {str(tree):40} median {statistics.median(cpu):6.2f} ms   "
                + " ".join(f"{value:.1f}" for value in cpu))
        if not args.launch:
            line += f"   bytes median {statistics.median(v[1] for v in values):6.0f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
