"""The party view's costs (``shared/spec/compare.md``): ``worksheet party`` over 50 presets as a
whole process beside one ``worksheet calc`` of the same sheet (target ≤ 3×), and the key →
screen time of editing the attack on the party screen with 50 rows."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARTY_SIZE = 50
ATTACK = ["--set", "attacker_as=150", "--set", "avd=30"]


def party_folder(root: Path, size: int = PARTY_SIZE) -> Path:
    """A folder of ``size`` gemstone4 characters (Example 1 with its Dodge ranks varied)."""
    from worksheet.presets import bundled_dir

    folder = root / "party"
    folder.mkdir(exist_ok=True)
    text = (bundled_dir() / "gemstone4-example-1.toml").read_text()
    for number in range(size):
        body = text.replace("Example 1 — brigandine, medium shield", f"Member {number:02}")
        body = body.replace("dodge_ranks = 60", f"dodge_ranks = {20 + number}")
        (folder / f"member-{number:02}.toml").write_text(body)
    return folder


def _seconds(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "worksheet", *argv], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def party_vs_calc(table, runs: int) -> None:
    """Whole processes, alternately: a party of 50 and one calc, medians."""
    with tempfile.TemporaryDirectory() as root:
        folder = party_folder(Path(root))
        party, calc = [], []
        for _ in range(runs):
            party.append(_seconds(["party", "gemstone4", "--folder", str(folder), *ATTACK]))
            calc.append(_seconds(["calc", "gemstone4", "--preset", str(folder / "member-00.toml"),
                                  *ATTACK]))
        table.ratio(f"worksheet party of {PARTY_SIZE} presets vs one calc, whole process (ms)",
                    statistics.median(party) * 1e3, statistics.median(calc) * 1e3, 0, 3.0)


def _top_row(folder: Path, attack: str) -> str:
    """The first row's name and best chance as ``worksheet party`` prints them (a pattern)."""
    import re

    out = subprocess.run([sys.executable, "-m", "worksheet", "party", "gemstone4", "--folder",
                          str(folder), "--set", f"attacker_as={attack}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    head = out.splitlines()[3]  # heading, "Against: …", blank, the most endangered row
    name, _, best = head.partition("best: ")
    return re.escape(name.strip()) + r"\s+" + re.escape("best: " + best.strip())


def party_keys(table, presses: int) -> None:
    """Key → screen on the party screen with 50 rows, beside the reference app's key → echo:
    Attacker AS goes 11 ↔ 110 (a 0 typed, then Backspace), each re-deriving every row."""
    import measures as m
    from harness import PtyApp
    from scenarios import BACKSPACE, fresh_env, reference, reference_keys, worksheet

    with tempfile.TemporaryDirectory() as root:
        folder = party_folder(Path(root))
        app = worksheet("gemstone4")
        env = {**fresh_env(app), "WORKSHEET_SHARED_PRESETS": str(folder)}
        ours = PtyApp(app.argv, env, 80, 24)
        ours.start()
        short, long = _top_row(folder, "11"), _top_row(folder, "110")
        try:
            ours.wait_for(app.first_paint, timeout=60)
            ours.send(b"\x0e")  # Ctrl+N
            ours.wait_for(rf"{PARTY_SIZE} characters", timeout=60)
            ours.send(b"11")
            ours.wait_for(short, timeout=60)
            latencies = []
            for index in range(presses):
                key, expected = (b"0", long) if index % 2 == 0 else (BACKSPACE, short)
                ours.settle(0.05, limit=2)
                sent = ours.send(key)
                latencies.append(ours.wait_for(expected, timeout=30) - sent)
        finally:
            ours.stop()
        with m.running(reference(), 80, 24) as (theirs, _):
            keys = reference_keys()
            ref = m.press_block(theirs, keys, 0, presses)["latencies"]
    table.ratio(f"key → screen on the party screen, {PARTY_SIZE} rows 80×24, median (ms)",
                m.median(latencies) * 1e3, m.median(ref) * 1e3, 1, 3.0)
