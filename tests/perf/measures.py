"""The measurements, one function per kind, each driving real processes in a pty.

Every function returns plain numbers; ``bench.py`` alternates them between Worksheet and the
reference and ``report.py`` turns them into rows. Byte counts are what the app wrote to the
terminal — what would cross an SSH connection — counted on the raw read path.
"""

from __future__ import annotations

import os
import signal
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from harness import PtyApp
from scenarios import (IMPORT_PROBE, NEXT_TAB, ODDS_MODULES, PAGE_DOWN, PREVIOUS_TAB, STRIPS,
                       TABS, App, Keys, fresh_env, reference, worksheet)


@contextmanager
def running(app: App, cols: int, rows: int, paint_timeout: float = 60.0):
    """Start ``app`` at cols×rows, wait for its first paint; yields (PtyApp, seconds to paint)."""
    pty_app = PtyApp(app.argv, fresh_env(app), cols, rows)
    started = pty_app.start()
    try:
        painted = pty_app.wait_for(app.first_paint, timeout=paint_timeout)
        yield pty_app, painted - started
    finally:
        pty_app.stop()


def launch(app: App, cols: int, rows: int) -> float:
    """Seconds from starting the process to its first paint (arrival of the completing chunk)."""
    with running(app, cols, rows) as (_, seconds):
        return seconds


def full_paint(pty_app: PtyApp) -> int:
    """Bytes of one forced full repaint at the current size.

    Both apps are forced the same way, as a terminal window would: the pty is resized to one
    column wider (SIGWINCH), the app settles, then it is resized back and the bytes of that
    second repaint — a whole screen at the original size — are counted."""
    cols, rows = pty_app.cols, pty_app.rows
    pty_app.settle(0.5)
    pty_app.resize(cols + 1, rows)
    pty_app.answer(1.0)
    pty_app.resize(cols, rows)
    return pty_app.answer(1.0)  # 1 s: at load 12 a 200×50 repaint paused 0.5 s mid-write


def press_block(pty_app: PtyApp, keys: Keys, start: int, count: int) -> dict:
    """Press ``count`` of the scenario's keys (continuing at press ``start``); per-key latency
    (key written → the chunk that completed the expected screen), CPU and bytes."""
    pty_app.settle(0.3)
    cpu_before, bytes_before = pty_app.cpu_seconds(), pty_app.bytes_read
    latencies = []
    for index in range(start, start + count):
        key, expected = keys.presses[index % len(keys.presses)]
        sent = pty_app.send(key)
        latencies.append(pty_app.wait_for(expected, timeout=20) - sent)
        pty_app.settle(0.03, limit=1)
    pty_app.settle(0.3)  # the last press's trailing writes belong to it
    return {"latencies": latencies, "cpu": (pty_app.cpu_seconds() - cpu_before) / count,
            "bytes": (pty_app.bytes_read - bytes_before) / count}


def toggle_valid(pty_app: PtyApp, invalid: tuple[bytes, str], valid: tuple[bytes, str],
                 rounds: int) -> tuple[list[int], list[int]]:
    """Bytes of each keystroke that makes a value invalid, and of each that mends it."""
    bad, good = [], []
    for _ in range(rounds):
        for (key, expected), out in ((invalid, bad), (valid, good)):
            pty_app.settle(0.5)
            before = pty_app.bytes_read
            pty_app.send(key)
            pty_app.wait_for(expected, timeout=20)
            pty_app.settle(0.5)
            out.append(pty_app.bytes_read - before)
    return bad, good


def keystroke_session(ours: Keys, ref: Keys, cols: int, rows: int, presses: int, block: int,
                      toggle: tuple | None = None, toggle_rounds: int = 3) -> dict:
    """Both apps running side by side; blocks of presses alternate between them, so load drift
    hits both alike. Also each app's forced full paint and, if asked, the invalid/valid toggle
    on ours (after the presses, which leave the value as it started)."""
    out = {"ours": {"latencies": [], "cpu": [], "bytes": []},
           "ref": {"latencies": [], "cpu": [], "bytes": []}}
    with running(ours.app, cols, rows) as (mine, _), running(ref.app, cols, rows) as (theirs, _):
        out["ours"]["full_paint"] = full_paint(mine)
        out["ref"]["full_paint"] = full_paint(theirs)
        for pty_app, keys in ((mine, ours), (theirs, ref)):
            for key, expected in keys.before:
                pty_app.send(key)
                pty_app.wait_for(expected, timeout=20)
        if presses % len(ours.presses):
            presses += len(ours.presses) - presses % len(ours.presses)
        done = 0
        while done < presses:
            count = min(block, presses - done)
            pairs = [("ours", mine, ours), ("ref", theirs, ref)]
            for side, pty_app, keys in (pairs if (done // block) % 2 == 0 else pairs[::-1]):
                result = press_block(pty_app, keys, done, count)
                out[side]["latencies"] += result["latencies"]
                out[side]["cpu"].append(result["cpu"])
                out[side]["bytes"].append(result["bytes"])
            done += count
        if toggle:
            out["ours"]["invalid"], out["ours"]["valid"] = toggle_valid(mine, *toggle,
                                                                       toggle_rounds)
    return out


def tab_pattern(tab: str) -> str:
    """The screen once ``tab`` is shown: its strip (Shadowrun's must not be Vampire's, which
    starts the same) and the footer."""
    strip = STRIPS[tab] + ("(?!  ·  Difficulty)" if tab == "shadowrun4" else "")
    return rf"(?s){strip}.*f1 Help"


def scroll_to_end(pty_app: PtyApp, limit: int = 60) -> list[int]:
    """PageDown until the screen stops changing; bytes of each PageDown (settled: every
    smooth-scroll frame it causes is counted), the last — unchanged — one included. A press
    that seems to change nothing is confirmed by a further 2 s of quiet, so a slow answer on a
    loaded machine is not taken for the end."""
    sizes = []
    screen = pty_app.text()
    for _ in range(limit):
        pty_app.send(PAGE_DOWN)
        got = pty_app.settle(0.6, limit=15)  # smooth-scroll frames came 0.3 s apart under load
        now = pty_app.text()
        if not got or now == screen:  # the end, or a loaded machine's slow answer: make sure
            got += pty_app.settle(2.0, limit=15)
            now = pty_app.text()
        sizes.append(got)
        if now == screen:
            break
        screen = now
    return sizes


def tour(cols: int, rows: int, app: App | None = None) -> dict:
    """Worksheet opened on the first tab; each tab scrolled to its end, then Ctrl+PageDown to
    the next (not shown before); at the end Ctrl+PageUp back to one shown before. USS last.
    ``app``: how to start Worksheet on the first tab (``ab.py`` starts another tree's)."""
    result = {"pagedowns": {}, "switch_new": [], "switch_back": 0}
    with running(app or worksheet(TABS[0]), cols, rows) as (pty_app, _):
        pty_app.settle(0.5)
        for index, tab in enumerate(TABS):
            result["pagedowns"][tab] = scroll_to_end(pty_app)
            if index + 1 < len(TABS):
                result["switch_new"].append(switch(pty_app, NEXT_TAB, TABS[index + 1]))
        result["switch_back"] = switch(pty_app, PREVIOUS_TAB, TABS[-2])
        pty_app.settle(1.0)
        result["uss"] = pty_app.memory()[1]
    return result


def switch(pty_app: PtyApp, key: bytes, tab: str) -> int:
    """Bytes of one tab switch, until the app settles."""
    pty_app.settle(0.5)
    before = pty_app.bytes_read
    pty_app.send(key)
    pty_app.wait_for(tab_pattern(tab), timeout=30)
    pty_app.settle(1.0, limit=15)
    return pty_app.bytes_read - before


def reference_run(cols: int, rows: int) -> tuple[int, int]:
    """The reference's USS after its first paint and a few keystrokes, then the bytes of its
    forced full paint (measured after the USS, so the resize does not count in it)."""
    with running(reference(), cols, rows) as (pty_app, _):
        for key, expected in ((b"abc", r"Echo: \[abc\]"), (b"\x7f" * 3, r"Echo: \[\]")):
            pty_app.send(key)
            pty_app.wait_for(expected)
        pty_app.settle(1.0)
        return pty_app.memory()[1], full_paint(pty_app)


def idle(app: App, seconds: float) -> dict:
    """CPU time and bytes written over ``seconds`` of idling after the first paint."""
    with running(app, 80, 24) as (pty_app, _):
        pty_app.settle(1.0)
        cpu_before, bytes_before = pty_app.cpu_seconds(), pty_app.bytes_read
        pty_app.pump(seconds)
        return {"cpu": pty_app.cpu_seconds() - cpu_before,
                "bytes": pty_app.bytes_read - bytes_before}


def odds_imported(app_args: App, cols: int, rows: int) -> list[str]:
    """Which of the odds modules are in ``sys.modules`` once Worksheet has painted and settled.

    The app runs through ``IMPORT_PROBE`` (``python -c``, then ``runpy`` of ``worksheet`` with
    the same arguments), which only adds a SIGUSR1 handler that lists ``sys.modules`` to a file.
    Nothing timed runs this way."""
    out = Path(tempfile.mkdtemp(prefix="worksheet-bench-")) / "modules.txt"
    probe = App(app_args.name, [sys.executable, "-c", IMPORT_PROBE] + app_args.argv[3:],
                app_args.first_paint, {"BENCH_MODULES_OUT": str(out)})
    with running(probe, cols, rows) as (pty_app, _):
        pty_app.settle(0.5)
        os.kill(pty_app.process.pid, signal.SIGUSR1)
        deadline = time.perf_counter() + 20
        while not out.exists() and time.perf_counter() < deadline:
            pty_app.pump(0.05)
        pty_app.pump(0.2)  # let the write finish
        names = set(out.read_text().split())
    return [name for name in ODDS_MODULES if name in names]


def median(values) -> float:
    return statistics.median(values)


def p90(values) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]

