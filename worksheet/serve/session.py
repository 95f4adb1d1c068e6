"""One SSH session channel: checked, counted, queued, then joined to its own process.

What a channel may be (``docs/serve.md``): a shell request opens the app, an exec request whose
command is a ruleset id opens it on that tab, and both need a pseudo-terminal. Anything else —
no terminal, another command, a subsystem (SFTP) — is refused, with one line the player reads
where a line can be written. The bytes in between are passed as they are, both ways: the
process on the other side is the same program a local terminal would run.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

import asyncssh

from worksheet import rulesets
from worksheet.engine.quote import quote
from worksheet.serve.child import MAX_PENDING_INPUT, Child, exit_status
from worksheet.serve.config import ServeConfig
from worksheet.serve.events import EventLog, chosen
from worksheet.serve.identity import PlayerFolder, child_environment
from worksheet.serve.limits import Limits, StartQueue

NEEDS_TERMINAL = "worksheet: this server needs a terminal — connect with ssh -t"


def command_refusal(command: str) -> str:
    """The line a player reads for an exec request that is not a ruleset id."""
    return (f"worksheet: this server opens only the worksheet; {quote(command)} is not one of "
            f"its rulesets: {', '.join(rulesets.ids())}")


@dataclass
class Hub:
    """What every session of the server shares."""

    config: ServeConfig
    log: EventLog
    limits: Limits
    queue: StartQueue
    sessions: set["PlayerSession"] = field(default_factory=set)
    connections: set[Any] = field(default_factory=set)
    """Every open connection (a clean stop closes them once their sessions have ended)."""
    children: set[int] = field(default_factory=set)
    """Pids of the sessions' processes still running (a clean stop waits for none)."""
    gone: asyncio.Event = field(default_factory=asyncio.Event)
    """Set whenever :attr:`children` becomes empty."""


@dataclass(frozen=True)
class Player:
    """Who a connection authenticated as."""

    fingerprint: str
    """``SHA256:…``: the identity."""
    user: str
    """The SSH user name: chosen by the client, logged (escaped), used for nothing."""
    peer: str


class PlayerSession(asyncssh.SSHServerSession):
    """The handler of one session channel (asyncssh calls its methods)."""

    def __init__(self, hub: Hub, player: Player, connection: Any):
        self.hub, self.player, self.connection = hub, player, connection
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.child: Child | None = None
        self.counted = False
        self.closed = False
        self.how: str | None = None
        self.held = bytearray()
        self.painted = asyncio.Event()
        self.written = 0
        self.started = 0.0
        self.last_input = time.monotonic()
        self._idle: asyncio.TimerHandle | None = None
        self.hang_up_connection = False

    # -- the requests ------------------------------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.term = term_type
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True  # refused once started, with a line the player can read

    def subsystem_requested(self, subsystem: str) -> bool:
        self._refused("subsystem", subsystem=chosen(subsystem))
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        ruleset = None
        if self.command is not None:
            ruleset = self.command.strip()
            if ruleset not in rulesets.ids():
                self._refuse(command_refusal(self.command), "command", 2,
                             command=chosen(self.command))
                return
        if self.term is None:
            self._refuse(NEEDS_TERMINAL, "no-terminal", 1)
            return
        refusal = self.hub.limits.take(self.player.fingerprint)
        if refusal is not None:
            self._refuse(refusal[1], refusal[0], 1, sessions=self.hub.limits.in_use)
            self.hang_up_connection = True  # once the channel has closed: the line is read
            return
        self.counted = True
        self.hub.sessions.add(self)
        self.connection.create_task(self.hub.queue.start(lambda: self._begin(ruleset)))

    def _refused(self, reason: str, **fields) -> None:
        self.hub.log("refused", reason=reason, fingerprint=self.player.fingerprint,
                     user=chosen(self.player.user), peer=self.player.peer, **fields)

    def _refuse(self, line: str, reason: str, status: int, **fields) -> None:
        self._refused(reason, **fields)
        with contextlib.suppress(OSError, asyncssh.Error):
            end = "\r\n" if self.term is not None else "\n"  # a terminal's new line, or a pipe's
            self.chan.write_stderr((line + end).encode("utf-8"))
            self.chan.exit(status)

    # -- the process -----------------------------------------------------------------------
    def _begin(self, ruleset: str | None) -> asyncio.Event | None:
        """Start the process (a turn of the start queue has come); the first-frame event."""
        if self.closed:
            self._release()
            return None
        config = self.hub.config
        try:
            folder = PlayerFolder(config.data, self.player.fingerprint).create()
            env = child_environment(folder, self.term, self.chan.get_environment(),
                                    config.shared)
            self.child = Child(config.argv(ruleset), env, str(folder.home), self.size,
                               self._output, self._ended, self._input_full)
        except (OSError, ValueError, asyncssh.Error) as error:
            self.hub.log("error", what="session could not start", why=str(error)[:200],
                         fingerprint=self.player.fingerprint)
            self._release()
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.write_stderr(b"worksheet: the session could not start; "
                                       b"please tell the gamemaster\r\n")
                self.chan.exit(1)
            return None
        self.started = time.monotonic()
        self.hub.children.add(self.child.pid)
        self.hub.gone.clear()
        self.hub.log("session", state="start", fingerprint=self.player.fingerprint,
                     user=chosen(self.player.user), term=chosen(self.term or ""),
                     size=list(self.size), ruleset=ruleset, pid=self.child.pid)
        if self.held:
            self.child.write(bytes(self.held))
            self.held.clear()
        self._arm_idle(self.hub.config.idle_timeout)
        return self.painted

    def _output(self, data: bytes) -> None:
        self.written += len(data)
        if self.written >= StartQueue.FIRST_FRAME_BYTES and not self.painted.is_set():
            self.painted.set()
            self.last_input = time.monotonic()  # idle from the first frame: not while starting
        if not self.closed:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.write(data)

    def _input_full(self, full: bool) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.pause_reading() if full else self.chan.resume_reading()

    def _ended(self, returncode: int) -> None:
        self.painted.set()
        self.hub.children.discard(self.child.pid)
        if not self.hub.children:
            self.hub.gone.set()
        if self._idle is not None:
            self._idle.cancel()
        self.hub.log("session", state="end", fingerprint=self.player.fingerprint,
                     how=self.how or "quit", status=returncode, pid=self.child.pid,
                     seconds=round(time.monotonic() - self.started, 1))
        self._release()
        if not self.closed:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.exit(exit_status(returncode))

    def _release(self) -> None:
        if self.counted:
            self.counted = False
            self.hub.limits.give_back(self.player.fingerprint)
        self.hub.sessions.discard(self)

    # -- the player's side -------------------------------------------------------------------
    def data_received(self, data: bytes, datatype) -> None:
        self.last_input = time.monotonic()
        if self.child is not None:
            self.child.write(data)
        elif len(self.held) < MAX_PENDING_INPUT:
            self.held += data

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        if width and height:
            self.size = (width, height)
            if self.child is not None:
                self.child.resize(width, height)

    def eof_received(self) -> bool:
        return True  # a terminal session ends when the connection does, not on EOF

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    # -- the end ---------------------------------------------------------------------------
    def _arm_idle(self, delay: float) -> None:
        self._idle = asyncio.get_running_loop().call_later(delay, self._check_idle)

    def _check_idle(self) -> None:
        left = self.hub.config.idle_timeout - (time.monotonic() - self.last_input)
        if left > 0:
            self._arm_idle(left)
            return
        self.end("idle", "worksheet: closed after "
                 f"{int(self.hub.config.idle_timeout)} s without input; your unsaved edits are "
                 "kept — connect again to get them back")

    def end(self, how: str, line: str | None = None) -> None:
        """End the session as a dropped connection would (its edits stay recoverable)."""
        self.how = self.how or how
        if self.child is not None:
            self.child.hang_up(self.hub.config.hangup_grace)
        if not self.closed:
            with contextlib.suppress(OSError, asyncssh.Error):
                if line:
                    self.chan.write_stderr(("\r\n" + line + "\r\n").encode("utf-8"))
                self.chan.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.hang_up_connection and not any(other.connection is self.connection
                                               for other in self.hub.sessions):
            self.connection.close()  # refused over a cap: the connection goes too
        if self.child is not None and self.child.running:
            self.how = self.how or "dropped"
            self.child.hang_up(self.hub.config.hangup_grace)
        elif self.child is None and self.counted:
            self._release()  # still waiting for its turn to start: it never will
