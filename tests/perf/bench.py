"""Benchmark Worksheet against a bare Textual app, in the same run, as SSH users feel it.

Usage (from the repository root, after the README's set-up)::

    .venv/bin/python tests/perf/bench.py                  # full run, ~15 min on 2 cores
    .venv/bin/python tests/perf/bench.py --quick --size 80x24 --only launch,keys

Both apps run alternately in a real pseudo-terminal with ``TERM=xterm-256color`` (80×24 and
200×50). The output is read raw with arrival times and decoded with ``pyte`` only in pauses
(``harness.py``), so the reader never holds the app up. Each row gives its target (issue 16) and
pass/FAIL; ratios are medians, to the reference measured in the same run, because absolute
times drift on a shared machine. Exit status 1 if any row FAILs. Not part of the test suite:
nothing in the tests asserts a time.

Groups (``--only``): launch (every tab, with and without a preset), tour (USS after every tab
scrolled to its end, PageDown bytes, tab switches), keys (CPU, bytes and latency per keystroke,
full paint, invalid/valid toggle), idle, imports (odds not imported at start), engine, party
(``worksheet party`` of 50 presets vs one calc; editing the attack on the party screen),
variants (``calc --what-if``, a 100-row ``--sweep`` and ``compare`` vs one calc).
``worksheet serve`` (the app over SSH, N sessions at once) has its own script: serve_bench.py.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import engine_bench  # noqa: E402
import measures as m  # noqa: E402
from report import Table  # noqa: E402
from scenarios import (INVALID, TABS, VALID, gemstone_keys, reference, reference_keys,  # noqa: E402
                       rise_keys, worksheet)

GROUPS = ("launch", "tour", "keys", "idle", "imports", "engine", "party", "variants")
ALIASES = {"uss": "tour", "pagedown": "tour", "switch": "tour", "paint": "keys",
           "invalid": "keys", "cpu": "keys", "bytes": "keys", "odds": "engine"}
LAUNCH_LIMIT = {(80, 24): 1.5, (200, 50): 1.6}
USS_LIMIT = {(80, 24): 1.4, (200, 50): 1.5}
"""USS after the tour, as a ratio to the reference's (issue 40: 1.4× at 80×24)."""
PAGE_DOWN_LIMIT = {(80, 24): 8 * 1024, (200, 50): 24 * 1024}


def size_name(size: tuple[int, int]) -> str:
    return f"{size[0]}×{size[1]}"


def kb(value: float) -> str:
    return f"{value / 1024:.1f}"


def launches(table: Table, sizes, runs: int) -> None:
    """Start → first paint for every tab, with and without its preset; a reference launch
    between every two Worksheet launches (the configurations in a different order each run).
    The ratio is the configuration's median to the median of every reference launch at that
    size: one reference per Worksheet launch would cost a third more time for a denominator
    that is already the median of 5 × runs launches."""
    configs = [worksheet(tab, preset) for preset in (False, True) for tab in TABS]
    for size in sizes:
        ours = {app.name: [] for app in configs}
        theirs = []
        for run in range(runs):
            order = configs[run % len(configs):] + configs[:run % len(configs)]
            for index, app in enumerate(order):
                if index % 2 == 0:
                    theirs.append(m.launch(reference(), *size))
                ours[app.name].append(m.launch(app, *size))
        ref = m.median(theirs)
        for app in configs:
            table.ratio(f"launch → first paint {size_name(size)}, {app.name} (ms)",
                        m.median(ours[app.name]) * 1e3, ref * 1e3, 0, LAUNCH_LIMIT.get(size))


def tours(table: Table, sizes, runs: int) -> None:
    """The full tour (alternating with the reference's run), then its rows."""
    for size in sizes:
        results, ref_uss, ref_paint = [], [], []
        for _ in range(runs):
            results.append(m.tour(*size))
            uss, paint = m.reference_run(*size)
            ref_uss.append(uss)
            ref_paint.append(paint)
        name, paint = size_name(size), m.median(ref_paint)
        table.ratio(f"USS after every tab scrolled to its end {name} (MiB)",
                    m.median(r["uss"] for r in results) / 2**20, m.median(ref_uss) / 2**20, 1,
                    USS_LIMIT.get(size, 1.5))
        limit = PAGE_DOWN_LIMIT.get(size)
        for tab in TABS:
            first = m.median(r["pagedowns"][tab][0] for r in results)
            most = m.median(max(r["pagedowns"][tab]) for r in results)
            presses = m.median(len(r["pagedowns"][tab]) for r in results)
            table.absolute(f"PageDown {name}, {tab}: first / largest of {presses:g} (KB)",
                           f"{kb(first)} / {kb(most)}", None if limit is None else most <= limit,
                           f"≤ {limit // 1024} KB" if limit else "")
        table.ratio(f"tab switch to a tab not shown yet {name}, largest of 4 (bytes)",
                    m.median(max(r["switch_new"]) for r in results), paint, 0, 2.0)
        table.ratio(f"tab switch back to a tab shown before {name} (bytes)",
                    m.median(r["switch_back"] for r in results), paint, 0, 2.0)


def keystrokes(table: Table, sizes, presses: int, block: int, toggle_rounds: int) -> None:
    """Per size, gemstone4 then rise, each side by side with the reference."""
    for size in sizes:
        name = size_name(size)
        for label, keys in (("gemstone4", gemstone_keys()), ("rise", rise_keys())):
            toggle = (INVALID, VALID) if label == "gemstone4" else None
            result = m.keystroke_session(keys, reference_keys(), *size, presses, block, toggle,
                                         toggle_rounds)
            ours, ref = result["ours"], result["ref"]
            existing = label == "gemstone4" and size == (80, 24)  # the targets before issue 16
            table.ratio(f"key → value on screen {name}, {label}, median (ms)",
                        m.median(ours["latencies"]) * 1e3, m.median(ref["latencies"]) * 1e3, 1,
                        1.0 if existing else None)
            table.ratio(f"key → value on screen {name}, {label}, p90 (ms)",
                        m.p90(ours["latencies"]) * 1e3, m.p90(ref["latencies"]) * 1e3, 1,
                        1.5 if existing else None)
            table.ratio(f"CPU per keystroke {name}, {label} (ms)", m.median(ours["cpu"]) * 1e3,
                        m.median(ref["cpu"]) * 1e3, 2, 2.0)
            table.ratio(f"bytes per keystroke {name}, {label}", m.median(ours["bytes"]),
                        m.median(ref["bytes"]), 0, 1.5)
            table.ratio(f"full paint (resize) {name}, {label} + preset (bytes)",
                        ours["full_paint"], ref["full_paint"], 0, 2.0)
            if toggle:
                judged = size == (80, 24)
                for what in ("invalid", "valid"):
                    value = m.median(ours[what])
                    table.absolute(f"keystroke making Dodge ranks {what} {name} (bytes)",
                                   f"{value:.0f}", value <= 3072 if judged else None,
                                   "≤ 3 KB" if judged else "")


def idles(table: Table, seconds: float, rounds: int) -> None:
    """Idle periods, alternating; bytes: the most any period wrote (the target is 0 in each)."""
    ours, theirs = [], []
    for _ in range(rounds):  # a single idle CPU sample is a few ms: too noisy alone
        ours.append(m.idle(gemstone_keys().app, seconds))
        theirs.append(m.idle(reference(), seconds))
    most = max(r["bytes"] for r in ours)
    table.absolute(f"idle {seconds:g} s 80×24: bytes written", str(most), most == 0, "= 0",
                   str(max(r["bytes"] for r in theirs)))
    table.ratio(f"idle {seconds:g} s 80×24: CPU (ms)", m.median(r["cpu"] for r in ours) * 1e3,
                m.median(r["cpu"] for r in theirs) * 1e3, 1, 1.2)


def imports(table: Table, presets: bool) -> None:
    """The odds code stays unimported once each tab (and, if asked, each preset) has painted."""
    for app in [worksheet(tab, preset) for preset in ((False, True) if presets else (False,))
                for tab in TABS]:
        found = m.odds_imported(app, 80, 24)
        table.absolute(f"odds code imported at start, {app.name}", ", ".join(found) or "none",
                       not found, "none")


def engines(table: Table, repeats: int) -> None:
    """The existing engine and odds rows, unchanged."""
    from worksheet import rulesets

    results = engine_bench.engine(repeats)
    largest = max(results, key=lambda rid: len(rulesets.get(rid).order))
    for ruleset_id, (change, whole) in results.items():
        judged = ruleset_id == largest
        table.absolute(f"engine {ruleset_id}{' (largest)' if judged else ''}: re-derive / "
                       f"whole sheet (µs)", f"{change:.0f} / {whole:.0f}",
                       change <= 200 if judged else None, "≤ 200 µs" if judged else "")
    for label, change, first, target in engine_bench.engine_odds(max(10, repeats // 4)):
        table.absolute(f"{label}: re-derive (first) (µs)", f"{change:.0f} ({first:.0f})",
                       change <= target, f"≤ {target} µs")


def byte_compile() -> None:
    """Byte-compile the package, as ``pip install`` does for an installed copy.

    A development shell often sets ``PYTHONDONTWRITEBYTECODE`` (this machine does): an editable
    checkout would then compile every module from source at each launch, which a user's
    installed copy never does. Writes only ``__pycache__`` folders (ignored by git).
    """
    import compileall

    compileall.compile_dir(str(ROOT / "worksheet"), quiet=1)


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer runs and presses: a couple of minutes per group and size")
    parser.add_argument("--size", default="80x24,200x50", help="e.g. 80x24 or 80x24,200x50")
    parser.add_argument("--only", default=",".join(GROUPS),
                        help=f"groups to run: {','.join(GROUPS)} (aliases: "
                             f"{', '.join(f'{a}={g}' for a, g in ALIASES.items())})")
    parser.add_argument("--launches", type=int, help="launches per configuration (3; quick 1)")
    parser.add_argument("--tours", type=int, help="tours per size (2; quick 1)")
    parser.add_argument("--presses", type=int, help="presses per scenario and app (100; quick 20)")
    parser.add_argument("--idle", type=float, help="seconds per idle period (8; quick 3)")
    parser.add_argument("--idle-rounds", type=int, help="idle periods per app (3; quick 1)")
    args = parser.parse_args(argv)
    quick = args.quick
    for name, full, fast in (("launches", 3, 1), ("tours", 2, 1), ("presses", 100, 20),
                             ("idle", 8.0, 3.0), ("idle_rounds", 3, 1)):
        if getattr(args, name) is None:
            setattr(args, name, fast if quick else full)
    args.sizes = [tuple(int(n) for n in s.lower().split("x")) for s in args.size.split(",")]
    args.groups = {ALIASES.get(g.strip(), g.strip()) for g in args.only.split(",")}
    unknown = args.groups - set(GROUPS)
    if unknown:
        parser.error(f"--only: unknown group(s) {', '.join(sorted(unknown))}; "
                     f"allowed: {', '.join(GROUPS + tuple(ALIASES))}")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    os.environ.pop("NO_COLOR", None)
    byte_compile()
    started = time.perf_counter()
    table = Table()
    if "launch" in args.groups:
        launches(table, args.sizes, args.launches)
    if "tour" in args.groups:
        tours(table, args.sizes, args.tours)
    if "keys" in args.groups:
        keystrokes(table, args.sizes, args.presses, block=10 if args.quick else 20,
                   toggle_rounds=2 if args.quick else 3)
    if "idle" in args.groups:
        idles(table, args.idle, args.idle_rounds)
    if "imports" in args.groups:
        imports(table, presets=not args.quick)
    if "engine" in args.groups:
        engines(table, 500 if args.quick else 2000)
    if "party" in args.groups:
        import party_bench

        party_bench.party_vs_calc(table, 3 if args.quick else 9)
        party_bench.party_keys(table, args.presses)
    if "variants" in args.groups:
        import variants_bench

        variants_bench.variants_vs_calc(table, 3 if args.quick else 9)
        variants_bench.keys_with_effects(table, args.sizes, args.presses,
                                         block=10 if args.quick else 20)
    print(table.render(time.perf_counter() - started))
    return 1 if table.failed() else 0


if __name__ == "__main__":
    sys.exit(main())
