"""Where a copy went, decided from what a real tmux server says: each test starts its own
server on a socket of its own (``tmux -L … -f /dev/null``), sets the options, asks, and kills
the server. No mock: the app asks tmux the way it does in a player's session.

Timing: waits are for answers with a deadline; nothing sleeps a fixed time.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import uuid

import pytest

from worksheet.ui import messages
from worksheet.ui.terminal.tmux_clipboard import (TmuxAsker, TmuxOptions, ask_tmux, reach,
                                                  socket_of)

DEADLINE = 30.0

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Server:
    """A tmux server of the test's own, with one detached 80×24 session."""

    def __init__(self) -> None:
        self.name = f"worksheet-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.tmux("new-session", "-d", "-x", "80", "-y", "24", "sleep 600")
        socket, pid, self.pane = self.tmux("display-message", "-p",
                                           "#{socket_path}|#{pid}|#{pane_id}").split("|")
        self.pid = int(pid)
        self.socket = socket
        self.environ = {"TMUX": f"{socket},{pid},0", "TMUX_PANE": self.pane}

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.name, "-f", "/dev/null", *args], check=True,
                              capture_output=True, text=True, timeout=DEADLINE).stdout.strip()

    def kill(self) -> None:
        """End the server and remove its socket (tmux leaves the file behind)."""
        subprocess.run(["tmux", "-L", self.name, "-f", "/dev/null", "kill-server"],
                       capture_output=True, timeout=DEADLINE)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.socket)


@pytest.fixture
def server():
    started = Server()
    try:
        yield started
    finally:
        os.kill(started.pid, signal.SIGCONT)  # in case a test stopped it
        started.kill()


@needs_tmux
@pytest.mark.parametrize("value, passthrough, where", [
    ("on", "off", "tmux copied"), ("on", "on", "tmux copied"),
    ("external", "off", "tmux drops"), ("off", "off", "tmux drops"),
    ("external", "on", "tmux passes"), ("off", "on", "tmux passes")])
def test_tmux_says_what_it_does_with_the_copy(server, value, passthrough, where):
    server.tmux("set", "-g", "set-clipboard", value)
    server.tmux("set", "-g", "allow-passthrough", passthrough)
    options = ask_tmux(server.environ)
    assert options == TmuxOptions(value, passthrough == "on")
    assert reach("tmux", options) == where


@needs_tmux
def test_tmux_default_drops_the_copy(server):
    """The issue's case: a fresh tmux (``external``, no passthrough) keeps nothing."""
    assert reach("tmux", ask_tmux(server.environ)) == "tmux drops"


@needs_tmux
def test_the_panes_own_passthrough_counts(server):
    server.tmux("set", "-p", "-t", server.pane, "allow-passthrough", "on")
    assert reach("tmux", ask_tmux(server.environ)) == "tmux passes"


@needs_tmux
def test_no_server_on_the_socket_is_unknown(server):
    server.kill()
    assert ask_tmux(server.environ) is None
    assert reach("tmux", None) == "tmux unknown"


def test_no_tmux_program_is_unknown():
    environ = {"TMUX": "/tmp/no-such-tmux-socket,1,0"}
    assert ask_tmux(environ, program="worksheet-no-such-tmux") is None


@needs_tmux
def test_a_server_that_does_not_answer_is_unknown(server):
    """A stopped server accepts the connection and never answers: the timeout ends the ask."""
    os.kill(server.pid, signal.SIGSTOP)
    assert ask_tmux(server.environ, timeout=0.5) is None


def test_outside_tmux_nothing_is_asked_and_nothing_claimed():
    assert ask_tmux({}) is None
    assert reach(None, None) == "terminal"
    assert reach("screen", None) == "screen"


@pytest.mark.parametrize("value, socket", [
    ("/tmp/tmux-1000/default,4242,0", "/tmp/tmux-1000/default"),
    ("/tmp/a,b/sock,1,2", "/tmp/a,b/sock"), ("", None)])
def test_the_socket_is_read_from_tmux_variable(value, socket):
    assert socket_of({"TMUX": value}) == socket


@needs_tmux
def test_the_asker_asks_again_at_each_copy(server):
    """The player follows the toast, then turns it off again: each copy hears the truth."""
    asker = TmuxAsker(server.environ)
    for value in ("external", "on", "off"):
        server.tmux("set", "-g", "set-clipboard", value)
        assert asker.ask().result(timeout=DEADLINE) == TmuxOptions(value, False)


@needs_tmux
def test_copies_while_tmux_is_asked_share_the_question(server):
    os.kill(server.pid, signal.SIGSTOP)  # the question stays out until the server answers
    asker = TmuxAsker(server.environ)
    first = asker.ask()
    assert asker.ask() is first
    os.kill(server.pid, signal.SIGCONT)
    assert first.result(timeout=DEADLINE) == TmuxOptions("external", False)


@pytest.mark.parametrize("where", list(messages.COPIED))
def test_only_a_copy_tmux_took_says_copied(where):
    line = messages.copied_line("Evade DS melee 43 · ranged 65", where)
    block = messages.copied_block("GemStone IV — Evade DS\nline 2\nline 3", where)
    assert line.title.startswith("Copied") == block.title.startswith("Copied")
    assert line.title.startswith("Copied") == (where == "tmux copied")
    assert "3 lines" in block.title
    if where in ("tmux drops", "tmux unknown"):
        assert "tmux set -g set-clipboard on" in line.message
