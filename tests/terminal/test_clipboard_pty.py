"""Copy to the game, end to end: the real ``worksheet`` in a real pseudo-terminal, Ctrl+L
pressed, and the raw bytes it writes searched for the OSC 52 sequence — plain, wrapped for tmux,
or cut into DCS strings for GNU screen — whose base64 must decode to the one-liner that
``worksheet calc --format line`` prints.

Timing: every wait polls with a generous deadline, so a loaded machine slows the test but
cannot make it fail.
"""

from __future__ import annotations

import base64
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte

EXPECTED = "Evade DS melee 43 · ranged 65"  # gemstone4 Example 1, as calc --format line says
DEADLINE = 30.0


class Terminal:
    """The app on a pty at 80×24: the raw bytes it wrote, and the screen they draw."""

    def __init__(self, env: dict[str, str]):
        script = Path(sys.executable).with_name("worksheet")
        argv = [str(script)] if script.exists() else [sys.executable, "-m", "worksheet"]
        argv += ["gemstone4", "--preset", "example-1"]
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,
                                        env=env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.raw = bytearray()
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def pump_until(self, found, what: str) -> None:
        """Read until ``found()`` holds, or fail after the deadline saying what was awaited."""
        deadline = time.monotonic() + DEADLINE
        while not found():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never came; screen:\n"
                                     + "\n".join(self.screen.display))
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                if not data and self.process.poll() is not None:
                    raise AssertionError(f"the app ended before {what}")
                self.raw += data
                self.stream.feed(data)

    def screen_has(self, text: str) -> bool:
        return any(text in line for line in self.screen.display)

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        if self.process.poll() is None:
            self.send(b"\x11")  # Ctrl+Q: nothing was edited, so it quits at once
            try:
                self.process.wait(timeout=DEADLINE)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        os.close(self.master)


def environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("TMUX", "STY", "NO_COLOR", "TEXTUAL")}
    env.update({"TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}, **extra)
    return env


def copy_line(env: dict[str, str], pattern: bytes) -> tuple[re.Match, bytes]:
    """Start the app, wait for the sheet, press Ctrl+L; the match of ``pattern`` in the bytes
    written after the key, and those bytes."""
    terminal = Terminal(env)
    try:
        terminal.pump_until(lambda: terminal.screen_has("43"), "the sheet")
        start = len(terminal.raw)
        terminal.send(b"\x0c")  # Ctrl+L
        regex = re.compile(pattern, re.DOTALL)
        terminal.pump_until(lambda: regex.search(bytes(terminal.raw[start:])) is not None,
                            "the clipboard sequence")
        terminal.pump_until(lambda: terminal.screen_has("Sent"), "the notification")
        after = bytes(terminal.raw[start:])
        return regex.search(after), after
    finally:
        terminal.close()


def decoded(b64: bytes) -> str:
    return base64.b64decode(b64, validate=True).decode("utf-8")


def test_ctrl_l_writes_osc52_with_the_one_liner():
    match, after = copy_line(environment(), rb"\x1b\]52;c;([A-Za-z0-9+/=]+)\x07")
    assert decoded(match.group(1)) == EXPECTED
    assert b"\x1bPtmux;" not in after  # no multiplexer: not wrapped


def test_inside_tmux_the_sequence_is_also_wrapped_for_passthrough():
    env = environment(TMUX="/nonexistent/tmux-socket,4242,0", TERM="tmux-256color")
    match, after = copy_line(env, rb"\x1bPtmux;\x1b\x1b\]52;c;([A-Za-z0-9+/=]+)\x07\x1b\\")
    assert decoded(match.group(1)) == EXPECTED
    plain = re.search(rb"(?<!\x1b)\x1b\]52;c;([A-Za-z0-9+/=]+)\x07", after)
    assert plain and decoded(plain.group(1)) == EXPECTED  # for set-clipboard on


def test_inside_gnu_screen_the_sequence_goes_in_dcs_strings():
    env = environment(STY="4242.pts-0.host", TERM="screen-256color")
    match, _ = copy_line(env, rb"\x1bP(\x1b\]52;c;[A-Za-z0-9+/=]+\x07)\x1b\\")
    inner = match.group(1)
    assert decoded(inner[len(b"\x1b]52;c;"):-1]) == EXPECTED

