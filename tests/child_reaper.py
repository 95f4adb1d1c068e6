"""The children of the tests' fork servers: each one's end noticed, reaped and told to the
worker that asked for it.

Shared by ``tests/terminal/zygote.py`` (the pty tests' launches) and
``tests/fuzz/fork_server.py`` (the fuzz tests' runners). Each runs as a script of its own and
loads this file by its path, so neither puts ``tests/`` on the ``sys.path`` its children
inherit.
"""

from __future__ import annotations

import os
import select
import signal
import socket
from typing import Callable


class Children:
    """A server's children, and the wake-up that says one of them ended (``SIGCHLD`` written
    to a pipe, so a ``select`` on the worker's socket wakes for it too).

    Args:
        control: the socket to the worker: a request comes on it, ``ended PID WAITSTATUS``
            goes back on it for each child reaped.
        kill: how to kill a child when the worker is gone (its process, or its group).
    """

    def __init__(self, control: socket.socket, kill: Callable[[int], None]):
        self.control = control
        self._kill = kill
        self.pids: set[int] = set()
        self._wake_read, wake_write = os.pipe()
        os.set_blocking(self._wake_read, False)
        os.set_blocking(wake_write, False)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.set_wakeup_fd(wake_write)

    def wait(self) -> bool:
        """Wait until a request comes or a child ends; reap every child that ended and say so.

        Returns:
            True when a request (or the socket's close) is waiting to be read.
        """
        ready, _, _ = select.select([self.control, self._wake_read], [], [])
        if self._wake_read in ready:
            try:
                while os.read(self._wake_read, 512):
                    pass
            except BlockingIOError:
                pass
        while self.pids:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            self.pids.discard(pid)
            self.control.send(f"ended {pid} {status}".encode())
        return self.control in ready

    def next_request(self, size: int, max_fds: int) -> tuple[bytes, list[int]] | None:
        """The next request and the descriptors passed with it, reaping children meanwhile;
        None once the worker is gone, after killing everything it started."""
        while not self.wait():
            pass
        message, fds, _, _ = socket.recv_fds(self.control, size, max_fds)
        if not message:
            self.kill_all()
            return None
        return message, fds

    def kill_all(self) -> None:
        """The worker is gone: so is everything it started."""
        for pid in self.pids:
            try:
                self._kill(pid)
            except OSError:
                pass

    @staticmethod
    def in_the_child() -> None:
        """In a child just forked: the signal handling a fresh process has."""
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)

