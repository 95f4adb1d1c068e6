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
