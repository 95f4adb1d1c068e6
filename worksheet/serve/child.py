"""One session's process in its own pseudo-terminal.

The process is a session leader (``setsid``) whose controlling terminal is its pty
(``TIOCSCTTY``), as a login shell's is: the kernel sends it SIGWINCH when the size set with
``TIOCSWINSZ`` changes, and SIGHUP if the terminal hangs up. Nothing is left running: a
connection that ends sends SIGHUP to the process group and SIGKILL to it if it is still there
:data:`~.config.HANGUP_GRACE` seconds later; a process that ends has its group SIGKILLed too,
so nothing it started outlives it.

Its end is seen through a pidfd in the event loop (Linux), so no thread waits per session;
elsewhere a timer polls.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import termios
from typing import Callable

READ_SIZE = 65536
MAX_PENDING_INPUT = 1 << 20
"""Bytes of a player's input held for a process that does not read: past it, the channel is
asked to stop reading (the client's window fills and it waits)."""


def _become_terminal_owner() -> None:  # runs in the child, between fork and exec
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A size a terminal can be: 1–1000 columns and rows (a client may send anything)."""
    return max(1, min(int(cols), 1000)), max(1, min(int(rows), 1000))


class Child:
    """A process on a new pty.

    Args:
        argv, env, cwd: what to run, in what environment, where.
        size: ``(cols, rows)``.
        output: called with each chunk the process writes.
        ended: called once with the exit status (``-N``: killed by signal N) once it ended and
            its output has been read.
        input_full: called with ``True`` when held input passes :data:`MAX_PENDING_INPUT`,
            ``False`` when it has drained.
    """

    def __init__(self, argv: list[str], env: dict[str, str], cwd: str, size: tuple[int, int],
                 output: Callable[[bytes], None], ended: Callable[[int], None],
                 input_full: Callable[[bool], None] = lambda full: None):
        self._loop = asyncio.get_running_loop()
        self._output, self._ended, self._input_full = output, ended, input_full
        self._pending = bytearray()
        self._reading = False
        self._kill_timer: asyncio.TimerHandle | None = None
        self.returncode: int | None = None
        master, slave = os.openpty()
        try:
            self._set_size(slave, *size)
            self.process = subprocess.Popen(
                argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                start_new_session=True, preexec_fn=_become_terminal_owner, close_fds=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.pid = self.process.pid
        self.master = master
        os.set_blocking(master, False)
        self.resume_output()
        self._watch_exit()

    # -- size -------------------------------------------------------------------------------
    @staticmethod
    def _set_size(fd: int, cols: int, rows: int) -> None:
        cols, rows = clamp_size(cols, rows)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def resize(self, cols: int, rows: int) -> None:
        """Set the terminal's size; the kernel sends SIGWINCH to the process (its terminal's
        foreground group) when the size changed."""
        if self.master >= 0:
            with contextlib.suppress(OSError):
                self._set_size(self.master, cols, rows)

    # -- output -----------------------------------------------------------------------------
    def pause_output(self) -> None:
        """Stop reading the process's output (the channel's buffer is full): the pty fills and
        the process waits, instead of the server holding its frames in memory."""
        if self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self.master >= 0:
            self._loop.add_reader(self.master, self._read)
            self._reading = True

    def _read(self) -> None:
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every holder of the terminal has closed it
            data = b""
        if data:
            self._output(data)
        else:
            self.pause_output()

    def _drain(self) -> None:
        """Read what the process wrote before it ended."""
        while self.master >= 0:
            try:
                data = os.read(self.master, READ_SIZE)
            except OSError:
                return
            if not data:
                return
            self._output(data)

    # -- input ------------------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        """Send the player's bytes to the process, in order, never blocking the server."""
        if self.master < 0:
            return
        if not self._pending:
            try:
                written = os.write(self.master, data)
            except BlockingIOError:
                written = 0
            except OSError:
                return
            data = data[written:]
            if not data:
                return
            self._loop.add_writer(self.master, self._flush)
        self._pending += data
        if len(self._pending) > MAX_PENDING_INPUT:
            self._input_full(True)

    def _flush(self) -> None:
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            return
        except OSError:
            written = len(self._pending)
        del self._pending[:written]
        if not self._pending:
            self._loop.remove_writer(self.master)
            self._input_full(False)

    # -- the end ----------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.returncode is None

    def hang_up(self, grace: float) -> None:
        """End the session as a dropped connection does: SIGHUP to the process group, and
        SIGKILL to the group if it is still there ``grace`` s later. What it writes meanwhile
        (leaving the screen) is read and dropped, so it never blocks on a full terminal; the
        terminal closes when it has ended."""
        if not self.running or self._kill_timer is not None:
            return
        self._output = lambda data: None
        self.resume_output()
        self._signal_group(signal.SIGHUP)
        self._kill_timer = self._loop.call_later(grace, self._kill)

    def _kill(self) -> None:
        self._signal_group(signal.SIGKILL)
        self._close_master()

    def _signal_group(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signum)

    def _close_master(self) -> None:
        if self.master < 0:
            return
        self.pause_output()
        self._loop.remove_writer(self.master)
        self._pending.clear()
        os.close(self.master)
        self.master = -1

    def _watch_exit(self) -> None:
        try:
            self._pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):  # not Linux: poll
            self._pidfd = -1
            self._poll = self._loop.call_later(0.2, self._poll_exit)
            return
        self._loop.add_reader(self._pidfd, self._reap)

    def _poll_exit(self) -> None:
        if self.process.poll() is None:
            self._poll = self._loop.call_later(0.2, self._poll_exit)
        else:
            self._reap()

    def _reap(self) -> None:
        # Whatever it started goes with it: signalled while the ended leader, not reaped yet,
        # still holds the group's number (so it cannot name another group).
        self._signal_group(signal.SIGKILL)
        if self._pidfd >= 0:
            self._loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = -1
        try:
            self.returncode = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:  # a pidfd said it ended: cannot happen
            self.returncode = -signal.SIGKILL
        if self._kill_timer is not None:
            self._kill_timer.cancel()
        self._drain()
        self._close_master()
        self._ended(self.returncode)


def exit_status(returncode: int) -> int:
    """The SSH exit status of a process: its own, or 128 + N when signal N ended it."""
    return returncode if returncode >= 0 else 128 - returncode
