"""Two processes saving the same preset at once always leave a valid file holding one of the
two versions; with the fingerprint they loaded, exactly one of them wins."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from worksheet.presets.saving import LOCK_NAME
from worksheet.presets import read_preset, save_preset

ROOT = str(Path(__file__).resolve().parents[2])

WRITER = """
import sys, time
from pathlib import Path
from worksheet.presets import Preset, save_preset
dodge, go, rounds = int(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
while not go.exists():
    time.sleep(0.001)
for _ in range(rounds):
    save_preset(Preset("gemstone4", "Hero", "x" * 2000, {"dodge_ranks": dodge}), force=True)
"""

RACER = """
import sys, time
from pathlib import Path
from worksheet.presets import PresetConflict, read_preset, save_preset
dodge, go = int(sys.argv[1]), Path(sys.argv[2])
preset = read_preset(sys.argv[3])
preset.inputs["dodge_ranks"] = dodge
print("ready", flush=True)
while not go.exists():
    time.sleep(0.0005)
try:
    save_preset(preset, expect=preset.fingerprint)
except PresetConflict:
    print("conflict")
else:
    print("saved")
"""


def _spawn(script: str, *args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.Popen([sys.executable, "-c", script, *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_writers_always_leave_a_valid_file(tmp_path, make_preset):
    path = save_preset(make_preset("Hero", dodge=0))
    go = tmp_path / "go"
    writers = [_spawn(WRITER, str(dodge), str(go), "60") for dodge in (11, 22)]
    go.touch()
    seen = set()
    deadline = time.monotonic() + 60
    while any(w.poll() is None for w in writers) and time.monotonic() < deadline:
        seen.add(read_preset(path).inputs["dodge_ranks"])  # never half-written
    for writer in writers:
        _, errors = writer.communicate(timeout=60)
        assert writer.returncode == 0, errors
    assert read_preset(path).inputs["dodge_ranks"] in (11, 22)
    assert seen <= {0, 11, 22}
    assert sorted(p.name for p in path.parent.iterdir()) == [LOCK_NAME, path.name]  # no temps


def test_racing_savers_with_the_same_fingerprint_one_wins(tmp_path, make_preset):
    path = save_preset(make_preset("Hero", dodge=0))
    for round_ in range(5):
        go = tmp_path / f"go-{round_}"
        racers = [_spawn(RACER, str(dodge), str(go), str(path)) for dodge in (11, 22)]
        for racer in racers:  # both have loaded the file before either saves
            assert racer.stdout.readline().strip() == "ready"
        go.touch()
        outcomes = []
        for racer in racers:
            out, errors = racer.communicate(timeout=60)
            assert racer.returncode == 0, errors
            outcomes.append(out.strip())
        assert sorted(outcomes) == ["conflict", "saved"]
        winner = 11 if outcomes[0] == "saved" else 22
        assert read_preset(path).inputs["dodge_ranks"] == winner
        save_preset(make_preset("Hero", dodge=0), force=True)


KILLED = """
import sys
from worksheet.presets import Preset, save_preset
step = 0
while True:
    step += 1
    save_preset(Preset("gemstone4", "Hero", "y" * 3900, {"dodge_ranks": step % 500}),
                force=True)
    if step == 3:
        print("saving", flush=True)
"""


def test_a_save_killed_midway_never_leaves_a_half_written_preset(tmp_path, make_preset):
    import signal

    path = save_preset(make_preset("Hero", dodge=0))
    for _ in range(3):
        child = _spawn(KILLED)
        try:
            assert child.stdout.readline().strip() == "saving"
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            child.stdout.close()
            child.stderr.close()
        assert read_preset(path).name == "Hero"
    # a leftover temporary is hidden from listings and swept by a later save once stale
    leftovers = [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    for leftover in leftovers:
        os.utime(leftover, (1, 1))
    save_preset(make_preset("Hero", dodge=1), force=True)
    assert sorted(p.name for p in path.parent.iterdir()) == [LOCK_NAME, path.name]
