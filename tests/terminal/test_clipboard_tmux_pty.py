"""Copy inside a real tmux, end to end: the real ``worksheet`` runs in a pane of a tmux server
of the test's own (``tmux -L … -f /dev/null``, 80×24), Ctrl+L is sent with ``send-keys``, the
message is read from the pane (``capture-pane -p``) and tmux's paste buffer with
``show-buffer``.

With ``set-clipboard off`` tmux drops the copy: its buffer stays empty and the toast must say
"Not copied" and what to type. Then, in the same run, the player types that (``set -g
set-clipboard on``) and copies again: the buffer holds the line and the toast says "Copied";
turned off once more, the next copy is "Not copied" again (tmux is asked at every copy).

Timing: every wait polls the pane with a generous deadline; nothing sleeps a fixed time.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import subprocess
import time
import uuid

import pytest

from pty_app import DEADLINE, worksheet_argv

EXPECTED = "Evade DS melee 43 · ranged 65"  # gemstone4 Example 1, as calc --format line says

POLL = 0.05
"""Seconds between two reads of the pane: each read starts a tmux client, on a shared machine."""

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class TmuxPane:
    """The program in the only pane of a detached 80×24 session of a tmux server of its own."""

    def __init__(self, env: dict[str, str]):
        self.name = f"worksheet-pty-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.env = env
        self.socket = ""

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(["tmux", "-L", self.name, "-f", "/dev/null", *args],
                              env=self.env, check=check, capture_output=True, text=True,
                              timeout=DEADLINE)

    def start(self, set_clipboard: str) -> None:
        command = " ".join(map(shlex.quote, worksheet_argv("gemstone4", "--preset", "example-1")))
        self.tmux("start-server", ";", "set", "-g", "set-clipboard", set_clipboard, ";",
                  "set", "-g", "exit-empty", "off", ";",
                  "new-session", "-d", "-x", "80", "-y", "24", "-s", "w", command)
        self.socket = self.tmux("display-message", "-p", "#{socket_path}").stdout.strip()

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "w").stdout

    def wait_for(self, pattern: str) -> str:
        """Poll the pane until ``pattern`` (a regular expression) is on it; the pane."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + DEADLINE
        while True:
            screen = self.screen()
            if regex.search(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never came on the pane:\n{screen}")
            time.sleep(POLL)

    def buffer(self) -> str | None:
        """tmux's newest paste buffer, or ``None`` when it has none."""
        done = self.tmux("show-buffer", check=False)
        return done.stdout if done.returncode == 0 else None

    def kill(self) -> None:
        self.tmux("kill-server", check=False)
        if self.socket:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.socket)  # tmux leaves its socket behind


def toast_text(screen: str) -> str:
    """The words of the screen's last three rows, joined: the message line (one message, on
    one row or two) is above the status line and the key bar."""
    bottom = " ".join(screen.rstrip("\n").splitlines()[-3:])
    return " ".join(re.sub("[\u2580-\u259f]", " ", bottom).split())


@pytest.fixture
def pane(folders):
    env = {key: value for key, value in os.environ.items()
           if key not in ("TMUX", "TMUX_PANE", "STY", "NO_COLOR", "TEXTUAL", "TEXTUAL_DRIVER",
                          "PYTEST_CURRENT_TEST")}
    env.update(folders.env(), TERM="xterm-256color")
    started = TmuxPane(env)
    try:
        yield started
    finally:
        started.kill()


def test_tmux_that_drops_the_copy_is_told_then_a_copy_it_takes_is_copied(pane):
    pane.start(set_clipboard="off")
    pane.wait_for(r"Evade DS.*43")
    pane.tmux("send-keys", "-t", "w", "C-l")
    screen = pane.wait_for(r"Not copied")
    assert "tmux set -g set-clipboard on" in toast_text(screen)
    assert "Copied" not in screen
    assert pane.buffer() is None  # tmux kept nothing

    pane.tmux("set", "-g", "set-clipboard", "on")  # what the toast says to type
    pane.tmux("send-keys", "-t", "w", "C-l")
    pane.wait_for(r"Copied through tmux")
    assert pane.buffer() == EXPECTED

    pane.tmux("delete-buffer")
    pane.tmux("set", "-g", "set-clipboard", "external")  # tmux's default
    pane.tmux("send-keys", "-t", "w", "C-t")  # the derivation block, this time
    pane.wait_for(r"Not copied \d+ lines")
    assert pane.buffer() is None
