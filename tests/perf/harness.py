"""Run a terminal app in a real pseudo-terminal, read its output raw, and decode the screen in pauses.

Used by ``bench.py``. The app runs as a separate process with ``TERM=xterm-256color`` at any size.
Reading and decoding are kept apart on purpose: ``pyte`` takes ~100 ms to decode one 200×50
frame, and a reader that decoded as it read would leave the app blocked on a full pty buffer and
inflate every time it measured. So:

- the read path is a tight ``select`` + ``os.read`` loop that stores ``(perf_counter, bytes)``
  chunks and counts bytes — nothing else;
- the screen is decoded only when the app has been quiet for ``gap`` seconds (or when asked):
  the pending chunks are fed one at a time and an awaited pattern is checked after each, so
  "the pattern appeared" is the arrival time of the chunk that completed it, not the time the
  reader got round to decoding it.
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
    """One app process on a pseudo-terminal, its output read raw and its screen emulated lazily."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, cols: int = 80,
                 rows: int = 24, gap: float = 0.005):
        self.argv = argv
        self.cols, self.rows = cols, rows
        self.gap = gap
        self.env = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        # No COLUMNS/LINES: Python's shutil.get_terminal_size() (which Textual uses) prefers
        # them to the pty's size, so a resize would go unseen. The size is the pty's, as over SSH.
        for name in ("NO_COLOR", "COLUMNS", "LINES"):
            self.env.pop(name, None)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes_read = 0
        self.pending: list[tuple[float, bytes]] = []
        """Chunks read but not yet fed to the emulator, with their arrival times."""
        self.last_arrival = 0.0
        self.process: subprocess.Popen | None = None
        self.master = -1

    # -- process ---------------------------------------------------------------------------

    def start(self) -> float:
        """Start the process; returns the start time (perf_counter)."""
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        started = time.perf_counter()
        self.process = subprocess.Popen(self.argv, stdin=slave, stdout=slave, stderr=slave,
                                        env=self.env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        return started

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

    def resize(self, cols: int, rows: int) -> float:
        """Resize the terminal as a terminal window would: TIOCSWINSZ, then SIGWINCH.

        The app has no controlling terminal (it was started in a new session with inherited
        fds), so the kernel sends no SIGWINCH by itself: it is sent to the process explicitly.
        Returns the time it was sent.
        """
        self.decode()
        self.cols, self.rows = cols, rows
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen.resize(rows, cols)
        os.kill(self.process.pid, signal.SIGWINCH)
        return time.perf_counter()

    # -- raw reading (the hot path: no decoding here) --------------------------------------

    def _read_once(self, timeout: float) -> int:
        """Wait up to ``timeout`` for output; read one chunk. Returns its length (0: none)."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return 0
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the app exited and closed its side
            return 0
        if not data:
            return 0
        now = time.perf_counter()
        self.pending.append((now, data))
        self.last_arrival = now
        self.bytes_read += len(data)
        return len(data)

    def pump(self, seconds: float) -> int:
        """Read raw for ``seconds`` (however much arrives); returns the bytes read."""
        total = 0
        deadline = time.perf_counter() + seconds
        while (remaining := deadline - time.perf_counter()) > 0:
            total += self._read_once(remaining)
        return total

    def settle(self, quiet: float = 0.3, limit: float = 5.0) -> int:
        """Read raw until the app has written nothing for ``quiet`` seconds (at most ``limit``);
        returns the bytes read."""
        total = 0
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            got = self._read_once(min(quiet, deadline - time.perf_counter()))
            if not got:
                break
            total += got
        return total

    def answer(self, quiet: float = 0.5, wait: float = 10.0) -> int:
        """Read the app's answer to something just done: wait up to ``wait`` seconds for its
        first byte (a loaded machine can take a while to start), then ``settle(quiet)``.
        Returns the bytes read (0: no answer within ``wait``)."""
        first = self._read_once(wait)
        return first + self.settle(quiet, limit=max(5.0, wait)) if first else 0

    def send(self, data: bytes) -> float:
        """Write keys to the app; returns the time written (perf_counter)."""
        os.write(self.master, data)
        return time.perf_counter()

    # -- decoding (only in pauses) ---------------------------------------------------------

    def decode(self) -> None:
        """Feed every pending chunk to the emulator."""
        for _, data in self.pending:
            self.stream.feed(data)
        self.pending.clear()

    def text(self) -> str:
        """The screen as text, one line per row (decodes what is pending first)."""
        self.decode()
        return "\n".join(self.screen.display)

    def _decode_until(self, regex: re.Pattern) -> float | None:
        """Feed pending chunks one at a time; the arrival time of the chunk after which the
        screen matched, or None (everything pending fed, no match)."""
        while self.pending:
            arrived, data = self.pending.pop(0)
            self.stream.feed(data)
            if regex.search("\n".join(self.screen.display)):
                return arrived
        return None

    def wait_for(self, pattern: str, timeout: float = 20.0) -> float:
        """Read until the screen matches ``pattern``; returns the arrival time (perf_counter)
        of the chunk that completed it, or now if it already matched with nothing pending.

        Decodes only after the app has been quiet for ``gap`` seconds, or once pending output
        is 0.25 s old (an app that never pauses still gets checked)."""
        regex = re.compile(pattern)
        if not self.pending and regex.search("\n".join(self.screen.display)):
            return time.perf_counter()
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            got = self._read_once(self.gap)
            if got and time.perf_counter() - self.pending[0][0] < 0.25:
                continue
            found = self._decode_until(regex)
            if found is not None:
                return found
        raise TimeoutError(f"{pattern!r} never appeared on screen:\n{self.text()}")

    # -- the process's resources -----------------------------------------------------------

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
        """(RSS, USS) in bytes; USS = Private_Clean + Private_Dirty from smaps_rollup."""
        rss = uss = 0
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) * 1024
        for line in Path(f"/proc/{self.process.pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                uss += int(line.split()[1]) * 1024
        return rss, uss
