"""Benchmark Worksheet against a bare Textual app, in the same run, as SSH users feel it.

Usage (from the repository root, after the README's set-up)::

    .venv/bin/pip install -e '.[bench]' && .venv/bin/python tests/perf/bench.py

Both apps run alternately in a real pseudo-terminal at 80×24 with ``TERM=xterm-256color``; the
screen is decoded with ``pyte``. Every number is reported with the reference's, and each target is
a ratio to the reference measured in the same run (absolute times drift on a shared machine).
Not part of the test suite: nothing in the tests asserts a time.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from harness import PtyApp  # noqa: E402


@dataclass
class Scenario:
    """How to drive one app: start it, know it painted, press keys that change a value."""

    name: str
    argv: list[str]
    first_paint: str
    """A regular expression that matches the screen once the app has painted."""
    presses: list[tuple[bytes, str]]
    """Keys to press in turn, each with the pattern the screen shows once it took effect."""
    before_keys: list[tuple[bytes, str]] = field(default_factory=list)
    """Keys that put the app in place for the presses (e.g. focus an input)."""
    env: dict[str, str] = field(default_factory=dict)


def reference(blink: bool = True) -> Scenario:
    argv = [sys.executable, str(HERE / "reference_app.py")] + ([] if blink else ["--no-blink"])
    return Scenario("reference", argv, r"Echo: \[\]",
                    [(b"5", r"Echo: \[5\]"), (b"\x7f", r"Echo: \[\]")])


def worksheet() -> Scenario:
    """Worksheet on the GemStone tab with the article's Example 1; the first input (Dodge ranks,
    60) has focus. Backspace makes it 6 and the melee DS 15; typing 0 makes it 60 and 43 again —
    each press changes four to five derived values."""
    argv = [sys.executable, "-m", "worksheet", "gemstone4", "--preset",
            str(ROOT / "presets" / "gemstone4-example-1.toml")]
    return Scenario(
        "worksheet", argv, r"Evade DS vs melee 43",
        presses=[(b"\x7f", r"Evade DS vs melee 15\b"), (b"0", r"Evade DS vs melee 43\b")],
        before_keys=[(b"\x1b[F", r"Evade DS vs melee 43\b")],  # End: the cursor after "60"
    )


def fresh_env(scenario: Scenario) -> dict[str, str]:
    """The scenario's environment with empty user folders, so no run sees another's recovery
    file (a killed run leaves one, and the next start would offer to restore it)."""
    folder = tempfile.mkdtemp(prefix="worksheet-bench-")
    return {**scenario.env, "XDG_STATE_HOME": folder, "XDG_DATA_HOME": folder,
            "XDG_CONFIG_HOME": folder}


def median(values):
    return statistics.median(values)


def p90(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def launch(scenario: Scenario, runs: int) -> dict:
    """Start → first paint, memory after paint, bytes of the full first paint."""
    times, rss, uss, paint_bytes = [], [], [], []
    for _ in range(runs):
        app = PtyApp(scenario.argv, fresh_env(scenario))
        started = app.start()
        try:
            times.append(app.wait_for(scenario.first_paint) - started)
            app.settle(0.3)
            memory = app.memory()
            rss.append(memory[0])
            uss.append(memory[1])
            paint_bytes.append(app.bytes_read)
        finally:
            app.stop()
    return {"launch_s": median(times), "rss": median(rss), "uss": median(uss),
            "paint_bytes": median(paint_bytes)}


def keystrokes(scenario: Scenario, presses: int) -> dict:
    """Key → changed value on screen (median, p90), CPU and bytes per keystroke."""
    app = PtyApp(scenario.argv, fresh_env(scenario))
    app.start()
    try:
        app.wait_for(scenario.first_paint)
        app.settle(0.5)
        for key, expected in scenario.before_keys:
            app.send(key)
            app.wait_for(expected)
        app.settle(0.5)
        latencies = []
        cpu_before, bytes_before = app.cpu_seconds(), app.bytes_read
        for index in range(presses):
            key, expected = scenario.presses[index % len(scenario.presses)]
            sent = app.send(key)
            latencies.append(app.wait_for(expected, timeout=10) - sent)
            app.settle(0.03, limit=1)
        cpu = (app.cpu_seconds() - cpu_before) / presses
        sent_bytes = (app.bytes_read - bytes_before) / presses
        return {"key_median_s": median(latencies), "key_p90_s": p90(latencies),
                "cpu_per_key_s": cpu, "bytes_per_key": sent_bytes}
    finally:
        app.stop()


def idle(scenario: Scenario, seconds: float) -> dict:
    """CPU time and bytes written over ``seconds`` of idling with the cursor in an input."""
    app = PtyApp(scenario.argv, fresh_env(scenario))
    app.start()
    try:
        app.wait_for(scenario.first_paint)
        app.settle(1.0)
        cpu_before, bytes_before = app.cpu_seconds(), app.bytes_read
        app.pump(seconds)
        return {"idle_cpu_s": app.cpu_seconds() - cpu_before,
                "idle_bytes": app.bytes_read - bytes_before}
    finally:
        app.stop()


def engine(repeats: int) -> dict[str, tuple[float, float]]:
    """Per ruleset: (median µs to re-derive after one input change, median µs for a whole
    sheet), measured in this process without any UI."""
    from worksheet import rulesets
    from worksheet.engine import IntInput, Sheet

    results = {}
    for ruleset in rulesets.all_rulesets():
        name, spec = next((n, s) for n, s in ruleset.inputs.items() if isinstance(s, IntInput)
                          and not s.optional)
        low = spec.minimum if spec.minimum is not None else 0
        values = [str(low), str(low + 1)]
        sheet = Sheet(ruleset)
        change = []
        for index in range(repeats):
            started = time.perf_counter()
            sheet.set_text(name, values[index % 2])
            change.append(time.perf_counter() - started)
        whole = []
        for _ in range(max(1, repeats // 4)):
            started = time.perf_counter()
            Sheet(ruleset)
            whole.append(time.perf_counter() - started)
        results[ruleset.id] = (median(change) * 1e6, median(whole) * 1e6)
    return results


ODDS_CASES = [
    # (ruleset, attacker and sheet inputs, the input changed, its two values, target in µs)
    ("exalted2e", {"attack_pool": 30}, "dodge", ("0", "2"), 2000),
    ("exalted2e", {"attack_pool": 60}, "dodge", ("0", "2"), 10000),
    ("gemstone4", {"attacker_as": 200}, "dodge_ranks", ("50", "51"), 2000),
    ("rise", {"accuracy": 10}, "armor_class_bonus", ("0", "1"), 2000),
    ("shadowrun4", {"attack_pool": 30}, "reaction", ("5", "6"), 2000),
    ("shadowrun4", {"attack_pool": 60}, "reaction", ("5", "6"), 10000),
    ("shadowrun4", {"attack_pool": 30, "edge_dice": 3}, "reaction", ("5", "6"), 2000),
    ("shadowrun4", {"attack_pool": 60, "edge_dice": 3}, "reaction", ("5", "6"), 10000),
    ("vtm-revised", {"attack_pool": 30}, "dexterity", ("3", "4"), 2000),
    ("vtm-revised", {"attack_pool": 30, "willpower_success": True}, "dodge", ("1", "2"), 2000),
]
"""Odds on: re-deriving after one defense change, at the pool sizes issue 15 names."""


def engine_odds(repeats: int) -> list[tuple[str, float, float, int]]:
    """Per odds case: (label, median µs to re-derive after one change, µs of the first such
    change — the pools not cached yet —, target µs)."""
    from worksheet import rulesets
    from worksheet.engine import Sheet

    results = []
    for ruleset_id, inputs, name, values, target in ODDS_CASES:
        sheet = Sheet(rulesets.get(ruleset_id), inputs)
        started = time.perf_counter()
        sheet.set_text(name, values[1])
        first = time.perf_counter() - started
        change = []
        for index in range(repeats):
            started = time.perf_counter()
            sheet.set_text(name, values[index % 2])
            change.append(time.perf_counter() - started)
        shown = ", ".join(f"{k}={v}" for k, v in inputs.items())
        results.append((f"engine odds {ruleset_id} {shown}: change {name}", median(change) * 1e6,
                        first * 1e6, target))
    return results


def byte_compile() -> None:
    """Byte-compile the package, as ``pip install`` does for an installed copy.

    A development shell often sets ``PYTHONDONTWRITEBYTECODE`` (this machine does): an editable
    checkout would then compile every module from source at each launch, which a user's
    installed copy never does. Writes only ``__pycache__`` folders (ignored by git).
    """
    import compileall

    compileall.compile_dir(str(ROOT / "worksheet"), quiet=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=7)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--idle-rounds", type=int, default=3,
                        help="idle periods per app, alternating; the median is reported")
    args = parser.parse_args()
    os.environ.pop("NO_COLOR", None)
    byte_compile()

    ours, ref = worksheet(), reference()
    launch_ours, launch_ref = {}, {}
    rounds = []
    for _ in range(args.launches):  # alternate, so drift hits both alike
        rounds.append((launch(ours, 1), launch(ref, 1)))
    for key in ("launch_s", "rss", "uss", "paint_bytes"):
        launch_ours[key] = median(r[0][key] for r in rounds)
        launch_ref[key] = median(r[1][key] for r in rounds)
    keys_ref = keystrokes(ref, args.presses)
    keys_ours = keystrokes(ours, args.presses)
    idle_rounds = []
    for _ in range(args.idle_rounds):  # a single idle CPU sample is a few ms: too noisy alone
        idle_rounds.append((idle(ours, args.idle), idle(reference(blink=False), args.idle)))
    # CPU: the median period; bytes: the most any period wrote (the target is 0 in every one).
    idle_ours = {"idle_cpu_s": median(r[0]["idle_cpu_s"] for r in idle_rounds),
                 "idle_bytes": max(r[0]["idle_bytes"] for r in idle_rounds)}
    idle_ref = {"idle_cpu_s": median(r[1]["idle_cpu_s"] for r in idle_rounds),
                "idle_bytes": max(r[1]["idle_bytes"] for r in idle_rounds)}
    engine_us = engine(2000)
    odds_us = engine_odds(500)

    rows = []

    def row(metric, mine, theirs, unit, target=None, limit=None, absolute=False):
        ratio = (mine / theirs) if theirs else float("inf") if mine else 1.0
        if target is None:
            verdict = ""
        elif absolute:
            verdict = "pass" if mine <= limit else "FAIL"
        else:
            verdict = "pass" if ratio <= limit else "FAIL"
        rows.append((metric, f"{mine:.{unit}f}", f"{theirs:.{unit}f}" if theirs is not None
                     else "—", f"{ratio:.2f}×" if theirs is not None else "—", target or "",
                     verdict))

    row("launch → first paint (ms)", launch_ours["launch_s"] * 1e3, launch_ref["launch_s"] * 1e3,
        0, "≤ 1.8×", 1.8)
    row("RSS after first paint (MiB)", launch_ours["rss"] / 2**20, launch_ref["rss"] / 2**20, 1)
    row("USS after first paint (MiB)", launch_ours["uss"] / 2**20, launch_ref["uss"] / 2**20, 1,
        "≤ 1.3×", 1.3)
    row("key → value on screen, median (ms)", keys_ours["key_median_s"] * 1e3,
        keys_ref["key_median_s"] * 1e3, 1, "≤ 1.0×", 1.0)
    row("key → value on screen, p90 (ms)", keys_ours["key_p90_s"] * 1e3,
        keys_ref["key_p90_s"] * 1e3, 1, "≤ 1.5×", 1.5)
    row("CPU per keystroke (ms)", keys_ours["cpu_per_key_s"] * 1e3,
        keys_ref["cpu_per_key_s"] * 1e3, 2, "≤ 3×", 3.0)
    row("bytes per keystroke", keys_ours["bytes_per_key"], keys_ref["bytes_per_key"], 0,
        "≤ 2×", 2.0)
    row("bytes for a full paint", launch_ours["paint_bytes"], launch_ref["paint_bytes"], 0)
    rows.append((f"idle {args.idle:g} s: bytes written", str(idle_ours["idle_bytes"]),
                 str(idle_ref["idle_bytes"]), "—", "= 0",
                 "pass" if idle_ours["idle_bytes"] == 0 else "FAIL"))
    row(f"idle {args.idle:g} s: CPU (ms)", idle_ours["idle_cpu_s"] * 1e3, idle_ref["idle_cpu_s"] * 1e3, 1,
        "≤ 1.2×", 1.2)
    largest = max(engine_us, key=lambda rid: len(__import__("worksheet.rulesets",
                                                             fromlist=["get"]).get(rid).order))
    for ruleset_id, (change, whole) in engine_us.items():
        mark = " (largest)" if ruleset_id == largest else ""
        rows.append((f"engine {ruleset_id}{mark}: re-derive / whole sheet (µs)",
                     f"{change:.0f} / {whole:.0f}", "—", "—",
                     "≤ 200 µs" if ruleset_id == largest else "",
                     ("pass" if change <= 200 else "FAIL") if ruleset_id == largest else ""))

    for label, change, first, target in odds_us:
        rows.append((f"{label}: re-derive (first) (µs)", f"{change:.0f} ({first:.0f})", "—",
                     "—", f"≤ {target} µs", "pass" if change <= target else "FAIL"))

    print(f"Machine: {platform.node()} — {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M')}")
    header = ("metric", "worksheet", "reference", "ratio", "target", "result")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    for line in [header, tuple("-" * w for w in widths)] + rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(line, widths)) + " |")
    return 0 if all(r[5] != "FAIL" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
