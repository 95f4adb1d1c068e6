"""Run a terminal app in a real pseudo-terminal and read its screen through a terminal emulator.

Used by ``bench.py``: the app runs as a separate process with ``TERM=xterm-256color`` at 80×24;
every byte it writes is counted and fed to ``pyte``, so "the value is on screen" means what a
user would see, not what a test harness assumes.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

import pyte


class PtyApp:
    """One app process on a pseudo-terminal, with its screen emulated."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, cols: int = 80,
                 rows: int = 24):
        self.argv = argv
        self.cols, self.rows = cols, rows
        self.env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols),
                    "LINES": str(rows), **(env or {})}
        self.env.pop("NO_COLOR", None)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes_read = 0
        self.process: subprocess.Popen | None = None
        self.master = -1

    def start(self) -> float:
        """Start the process; returns the monotonic start time."""
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        started = time.perf_counter()
        self.process = subprocess.Popen(self.argv, stdin=slave, stdout=slave, stderr=slave,
                                        env=self.env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        return started

    def pump(self, timeout: float) -> int:
        """Read whatever the app wrote within ``timeout`` seconds; returns the bytes read."""
        total = 0
        deadline = time.perf_counter() + timeout
        while True:
            remaining = deadline - time.perf_counter()
            ready, _, _ = select.select([self.master], [], [], max(0.0, remaining))
            if not ready:
                return total
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return total
            if not data:
                return total
            total += len(data)
            self.bytes_read += len(data)
            self.stream.feed(data)
            if remaining <= 0:
                return total

    def text(self) -> str:
        """The screen as text, one line per row."""
        return "\n".join(self.screen.display)

    def wait_for(self, pattern: str, timeout: float = 20.0) -> float:
        """Pump until the screen matches ``pattern``; returns when it did (perf_counter)."""
        regex = re.compile(pattern)
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if regex.search(self.text()):
                return time.perf_counter()
            self.pump(0.002)
        raise TimeoutError(f"{pattern!r} never appeared on screen:\n{self.text()}")

    def settle(self, quiet: float = 0.3, limit: float = 5.0) -> None:
        """Pump until the app has written nothing for ``quiet`` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline and self.pump(quiet):
            pass

    def send(self, data: bytes) -> float:
        """Write keys to the app; returns the time written (perf_counter)."""
        os.write(self.master, data)
        return time.perf_counter()

    def cpu_seconds(self) -> float:
        """CPU time of every thread of the app so far (from /proc schedstat, nanoseconds)."""
        total = 0
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (FileNotFoundError, ProcessLookupError):
                continue
        return total / 1e9

    def memory(self) -> tuple[int, int]:
        """(RSS, USS) in bytes."""
        rss = uss = 0
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) * 1024
        for line in Path(f"/proc/{self.process.pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                uss += int(line.split()[1]) * 1024
        return rss, uss

    def stop(self) -> None:
        """End the app (SIGTERM, then SIGKILL) and close the terminal."""
        if self.process and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=3)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
