"""The recovery store: atomic, private, survives SIGHUP, keeps a corrupt file aside."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

from worksheet.recovery import Recovery, _host

STATE = {"tabs": {"gemstone4": {"dodge_ranks": "6x", "stance": "advanced"}}, "active": "gemstone4"}


def test_default_path_is_per_session_under_xdg_state_home(tmp_path):
    path = Recovery().path
    assert path.parent == tmp_path / "state" / "worksheet" / "recovery"
    assert path.name.endswith(f"-{os.getpid()}.json")


def test_default_path_without_xdg_state_home(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_STATE_HOME")
    folder = tmp_path / "home" / ".local" / "state" / "worksheet" / "recovery"
    assert Recovery().path.parent == folder


def test_save_load_clear():
    recovery = Recovery()
    assert recovery.load() is None
    recovery.save(STATE)
    assert Recovery().load() == STATE
    assert stat.S_IMODE(recovery.path.stat().st_mode) == 0o600
    recovery.clear()
    assert not recovery.path.exists()
    assert recovery.load() is None
    recovery.clear()  # twice is fine


def test_mode_is_0600_even_with_permissive_umask():
    old = os.umask(0)
    try:
        recovery = Recovery()
        recovery.save(STATE)
    finally:
        os.umask(old)
    assert stat.S_IMODE(recovery.path.stat().st_mode) == 0o600


def test_corrupt_file_is_kept_aside(tmp_path):
    recovery = Recovery(tmp_path / "r.json")
    recovery.path.write_text("{not json")
    assert recovery.load() is None
    assert recovery.kept_aside is not None and recovery.kept_aside.read_text() == "{not json"
    assert not recovery.path.exists()


def test_no_temporary_files_left(tmp_path):
    recovery = Recovery(tmp_path / "r.json")
    for index in range(5):
        recovery.save({"n": index})
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


CHILD = """
import sys, time
from worksheet.recovery import Recovery
recovery = Recovery(sys.argv[1])
recovery.save({"tabs": {"gemstone4": {"dodge_ranks": "60"}}, "step": 1})
recovery.save({"tabs": {"gemstone4": {"dodge_ranks": "61"}}, "step": 2})
print("saved", flush=True)
time.sleep(60)
recovery.clear()  # a clean quit would clear; the hang-up must not reach here
"""


def test_state_survives_sighup(tmp_path):
    path = tmp_path / "recovery.json"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE,
                             text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "saved"
        child.send_signal(signal.SIGHUP)
        assert child.wait(timeout=10) == -signal.SIGHUP
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
    assert Recovery(path).load() == {"tabs": {"gemstone4": {"dodge_ranks": "61"}}, "step": 2}
    assert json.loads(path.read_text())["state"]["step"] == 2


LOOPER = """
import sys
from worksheet.recovery import Recovery
recovery = Recovery(sys.argv[1])
step = 0
while True:
    step += 1
    recovery.save({"tabs": {"gemstone4": {"notes": "x" * 5000}}, "step": step})
    if step == 3:
        print("saving", flush=True)
"""


def test_state_survives_a_kill_mid_write(tmp_path):
    path = tmp_path / "recovery.json"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    for sig in (signal.SIGHUP, signal.SIGKILL, signal.SIGTERM):
        child = subprocess.Popen([sys.executable, "-c", LOOPER, str(path)],
                                 stdout=subprocess.PIPE, text=True, env=env)
        try:
            assert child.stdout.readline().strip() == "saving"
            child.send_signal(sig)
            child.wait(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            child.stdout.close()
        state = Recovery(path).load()
        assert state is not None and state["step"] >= 3
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_load_sweeps_temporaries_of_dead_sessions(tmp_path):
    recovery = Recovery(tmp_path / "recovery.json")
    recovery.save(STATE)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    stale = tmp_path / f".recovery.json.{dead}.tmp"
    stale.write_text("{half")
    mine = tmp_path / f".recovery.json.{os.getpid()}.tmp"
    mine.write_text("{in progress")
    assert recovery.load() == STATE
    assert not stale.exists() and mine.exists()


def _dead_pid() -> int:
    return int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True).stdout)


def _session_file(pid: int) -> Path:
    return Recovery().path.with_name(f"{_host()}-{pid}.json")


def test_a_new_session_claims_the_newest_dead_sessions_file():
    older, newer = _session_file(_dead_pid()), _session_file(_dead_pid())
    Recovery(older).save({"which": "older"})
    Recovery(newer).save({"which": "newer"})
    os.utime(older, (1, 1))
    mine = Recovery()
    assert mine.load() == {"which": "newer"}
    assert mine.path.exists() and not newer.exists()
    assert older.exists()  # waits for the next start, not lost
    mine.clear()
    assert Recovery().load() == {"which": "older"}


def test_a_running_sessions_file_is_not_claimed():
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        theirs = _session_file(sleeper.pid)
        Recovery(theirs).save({"which": "alive"})
        assert Recovery().load() is None
        assert Recovery(theirs).load() == {"which": "alive"}
    finally:
        sleeper.kill()
        sleeper.wait()
    assert Recovery().load() == {"which": "alive"}  # now it is a dead session's


def test_two_sessions_keep_separate_state(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    script = ("import sys\nfrom worksheet.recovery import Recovery\n"
              "Recovery().save({'who': sys.argv[1]})\n")
    for who in ("first", "second"):
        subprocess.run([sys.executable, "-c", script, who], env=env, check=True)
    mine = Recovery()
    found = {mine.load()["who"]}
    mine.clear()
    found.add(Recovery().load()["who"])
    assert found == {"first", "second"}


DEFAULT_CHILD = """
import time
from worksheet.recovery import Recovery
recovery = Recovery()
recovery.save({"tabs": {"gemstone4": {"entries": {"dodge_ranks": "6O"}}}, "active": "gemstone4"})
print("saved", flush=True)
time.sleep(60)
recovery.clear()
"""


def test_next_start_after_sighup_offers_the_state(tmp_path):
    """The real scenario: the SSH connection drops, the next start finds the edits."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    child = subprocess.Popen([sys.executable, "-c", DEFAULT_CHILD], stdout=subprocess.PIPE,
                             text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "saved"
        child.send_signal(signal.SIGHUP)
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
    state = Recovery().load()
    assert state == {"tabs": {"gemstone4": {"entries": {"dodge_ranks": "6O"}}},
                     "active": "gemstone4"}
