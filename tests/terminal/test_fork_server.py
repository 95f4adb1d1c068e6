"""A launch forked from the fork server (``zygote.py``) is, as the kernel shows it, the program
a spawn of the console script makes: its name, its own session and process group, the pty as
its controlling terminal with it in the foreground, the descriptors it holds, the signals it
blocks, ignores and catches, its environment, working directory and threads. The pty tests
fork their launches to save the imports' CPU; this holds them to testing the real program."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

if not Path("/proc/self/stat").exists():
    pytest.skip("reads /proc (Linux)", allow_module_level=True)


def seen_by_the_kernel(pid: int) -> dict:
    proc = Path(f"/proc/{pid}")
    fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
    status = dict(line.split(":\t", 1) for line in (proc / "status").read_text().splitlines()
                  if ":\t" in line)
    links = {int(fd): os.readlink(proc / "fd" / fd) for fd in os.listdir(proc / "fd")}
    environ = (proc / "environ").read_bytes().split(b"\0")
    return {
        "name": (proc / "comm").read_text(),
        "session leader": int(fields[3]) == pid, "group leader": int(fields[2]) == pid,
        "foreground on its terminal": int(fields[5]) == pid,
        "signals": {key: status[key] for key in ("SigBlk", "SigIgn", "SigCgt")},
        "threads": status["Threads"],
        "descriptors": {fd: link.split(":")[0] if ":" in link else "the pty"
                        for fd, link in links.items()},
        "controlling terminal is its pty": int(fields[4]) == os.stat(links[0]).st_rdev,
        "environment": sorted(name.split(b"=")[0] for name in environ if name),
        "working directory": os.readlink(proc / "cwd"),
    }


def test_a_forked_launch_is_what_a_spawned_one_is(run_worksheet):
    seen = {}
    for fork in (True, False):
        app = run_worksheet("gemstone4", start=False)
        app.fork = fork
        app.start()
        app.wait_for(r"Input · Stance")  # the first field (issue 42: the first round input)
        app.settle()
        assert type(app.process).__name__ == ("Forked" if fork else "Popen")
        seen[fork] = seen_by_the_kernel(app.pid)
        app.close()
    assert seen[True] == seen[False]
