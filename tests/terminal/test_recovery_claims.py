"""The next start claims the file of a session that has ended, even one not reaped yet: when
SSH drops, the shell dies first and the program, reparented, may stay a zombie for a while
(for ever under an init that does not reap), still answering ``kill(pid, 0)``."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from worksheet.recovery import Recovery, _host


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_a_zombie_sessions_file_is_claimed():
    child = subprocess.Popen([sys.executable, "-c", "pass"])  # ends; not waited for yet
    try:
        stat = Path(f"/proc/{child.pid}/stat")
        deadline = time.monotonic() + 30
        while stat.read_bytes().rsplit(b")", 1)[1].split()[0] != b"Z":
            assert time.monotonic() < deadline, "the child never ended"
            time.sleep(0.02)
        theirs = Recovery().path.with_name(f"{_host()}-{child.pid}.json")
        Recovery(theirs).save({"which": "zombie"})
        assert Recovery().load() == {"which": "zombie"}
    finally:
        child.wait()
