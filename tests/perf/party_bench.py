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


def party_keys(table, presses: int, block: int = 10) -> None:
    """Key → screen on the party screen with 50 rows, beside the reference app's key → echo,
    both running side by side with blocks of presses alternating (``measures``), so a change
    of load hits both alike: Attacker AS goes 11 ↔ 110 (a 0 typed, then Backspace), each
    re-deriving every row."""
    import measures as m
    from scenarios import BACKSPACE, App, Keys, reference_keys, worksheet

    with tempfile.TemporaryDirectory() as root:
        folder = party_folder(Path(root))
        short, long = _top_row(folder, "11"), _top_row(folder, "110")
        plain = worksheet("gemstone4")
        # ``env`` execs the program: the measured process is the app itself
        app = App("party", ["env", f"WORKSHEET_SHARED_PRESETS={folder}", *plain.argv],
                  plain.first_paint)
        ours = Keys(app, [(b"\x0e", rf"{PARTY_SIZE} characters"), (b"11", short)],
                    [(b"0", long), (BACKSPACE, short)])
        result = m.keystroke_session(ours, reference_keys(), 80, 24, presses, block)
    # Shown, not judged: compare.md sets no target for it. It re-derives 50 sheets per key
    # (two thirds of the time: the engine's own work, derivation texts included), on a worker
    # thread so the field itself echoes at once; quick runs gave 1.7-2.1x at load 2-5.
    table.ratio(f"key → screen on the party screen, {PARTY_SIZE} rows 80×24, median (ms)",
                m.median(result["ours"]["latencies"]) * 1e3,
                m.median(result["ref"]["latencies"]) * 1e3, 1)
