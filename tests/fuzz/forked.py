"""Run ``worksheet.cli.main`` (or a test's function) in a forked child with a hard timeout.

A timer in the same process (``SIGALRM``) cannot stop a hang inside C code: ``int()`` of a
billion-digit string never returns to the interpreter to notice it. A forked child can be
killed whatever it is doing, so a hang fails the test instead of freezing the suite.

The child is forked by a small server with the command line already imported
(:mod:`fork_server`, one per test worker), not by the worker itself, and it runs every case of
one test, one after another (a "runner"): forking the 60 MB worker for each case, and the
copy-on-write faults in both processes after it, cost more than most cases (the fuzz tests
took 35 s of CPU, 14 s now). Each case sees what the test has at the call: the worker's
environment, working directory, umask and ``sys.path``. A case that hangs or ends its runner
(an exit, a signal) costs the runner; the test's next case gets a new one.
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
import pickle
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 30.0
"""Seconds a case may take: generous, so a loaded machine never fails a sound case, while a
hang (minutes or forever) still fails."""


@dataclass
class Outcome:
    """What one run of the command line did."""

    status: int
    out: str
    err: str


class ForkServer:
    """This worker's :mod:`fork_server`, started at its first case."""

    def __init__(self):
        self.control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("fork_server.py")),
             str(theirs.fileno())], pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
            cwd=Path(__file__).resolve().parents[2])
        theirs.close()
        atexit.register(self.stop)
        self.ids = itertools.count()
        self.ended: dict[int, int] = {}
        """Wait statuses of the runners the server reaped, by process id."""
        self.runner: tuple[socket.socket, int, str] | None = None
        """This test's runner: its socket, process id and the test's id."""

    def stop(self) -> None:
        """End the server (it kills what it started) and reap it."""
        self.control.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def _receive(self, timeout: float) -> str | None:
        """One message from the server within ``timeout`` seconds (``None``: none came)."""
        self.control.settimeout(timeout)
        try:
            message = self.control.recv(4096).decode()
        except socket.timeout:
            return None
        if not message:
            raise AssertionError(f"the fork server ended (status {self.process.wait()})")
        if message.startswith("ended "):
            _, pid, status = message.split()
            self.ended[int(pid)] = int(status)
        return message

    def _request_file(self, call: list) -> tuple[dict, "tempfile._TemporaryFileWrapper"]:
        request = {"id": next(self.ids), "env": dict(os.environ), "cwd": os.getcwd(),
                   "umask": _umask(), "path": sys.path, "call": call}
        body = tempfile.TemporaryFile()  # a file: a case's argv may be megabytes
        body.write(json.dumps(request).encode())
        body.seek(0)
        return request, body

    def _runner_for(self, call: list, test: str) -> tuple[socket.socket, int]:
        """The runner of this test's cases (forked now at its first case)."""
        if self.runner is not None and self.runner[2] == test:
            return self.runner[:2]
        self._drop_runner()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        request, body = self._request_file(call)
        with body, theirs:
            socket.send_fds(self.control, [b"runner"], [body.fileno(), theirs.fileno()])
        deadline = time.monotonic() + 30.0
        while not (message := self._receive(max(0.0, deadline - time.monotonic()))
                   or "").startswith(f"started {request['id']} "):
            if time.monotonic() > deadline:
                raise AssertionError("the fork server did not start a runner")
        self.runner = (ours, int(message.split()[2]), test)
        return self.runner[:2]

    def _drop_runner(self) -> None:
        """Close the runner's socket: it ends, and the server reaps it."""
        if self.runner is not None:
            self.runner[0].close()
            self.runner = None

    def run(self, call: list, fds: list[int], what: str, timeout: float) -> int:
        """Run ``call`` in this test's runner; the wait status a process exiting with its
        status would have (or the runner's, when the case ended it).

        Raises:
            AssertionError: it did not end within ``timeout`` (the runner is killed: a hang).
        """
        test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
        cases, pid = self._runner_for(call, test)
        request, body = self._request_file(call)
        with body:
            socket.send_fds(cases, [b"case"], [body.fileno(), *fds])
        deadline = time.monotonic() + timeout
        while True:
            ready, _, _ = select.select([cases, self.control], [], [],
                                        max(0.0, deadline - time.monotonic()))
            if self.control in ready:
                self._receive(0)
            if pid in self.ended:  # the case ended the runner (exit, signal)
                self._drop_runner()
                return self.ended.pop(pid)
            if cases in ready:
                answer = cases.recv(64).decode()
                if answer.startswith("done "):
                    return int(answer.split()[1]) << 8
                while pid not in self.ended:  # the runner closed its end: its status follows
                    self._receive(30.0)
                self._drop_runner()
                return self.ended.pop(pid)
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                while pid not in self.ended:
                    self._receive(30.0)
                self.ended.pop(pid)
                self._drop_runner()
                raise AssertionError(f"{what} did not finish within {timeout:g} s (a hang)")


_server: ForkServer | None = None


def server() -> ForkServer:
    """This worker's fork server (started now if it has none, or its last one ended)."""
    global _server
    if _server is None or _server.process.poll() is not None:
        _server = ForkServer()
    return _server


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def run_main(argv: list[str], timeout: float = TIMEOUT) -> Outcome:
    """``worksheet.cli.main(argv)`` in a child process; its status, standard output and error.

    Raises:
        AssertionError: the child did not finish within ``timeout`` (it is killed), or died
            of a signal.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        wait_status = server().run(["main", argv], [out.fileno(), err.fileno()],
                                   f"worksheet {' '.join(a[:60] for a in argv)}", timeout)
        if os.WIFSIGNALED(wait_status):
            raise AssertionError(f"worksheet {argv!r:.200} died of signal "
                                 f"{os.WTERMSIG(wait_status)}")
        out.seek(0)
        err.seek(0)
        return Outcome(os.waitstatus_to_exitcode(wait_status),
                       out.read().decode("utf-8", "replace"),
                       err.read().decode("utf-8", "replace"))


def call_in_child(function, *args, timeout: float = TIMEOUT, imports: tuple[str, ...] = ()):
    """``function(*args)`` in a forked child with a hard timeout; its (picklable) result.

    Args:
        function: a module-level function of a test module (the server imports the module).
        imports: modules the function imports that the server leaves out (the UI's): imported
            in the server once, not in every child.

    Raises:
        AssertionError: the child hung (it is killed) or died; the child's exception, re-raised
            as an AssertionError naming it.
    """
    with tempfile.TemporaryFile() as result:
        result.write(pickle.dumps(args))
        result.flush()
        module = sys.modules[function.__module__]
        what = f"{function.__name__}{args!r:.200}"
        wait_status = server().run(
            ["function", function.__module__, module.__file__, function.__qualname__,
             list(imports)],
            [result.fileno()], what, timeout)
        if wait_status != 0:
            raise AssertionError(f"{what} died (wait status {wait_status})")
        result.seek(0)
        kind, value = pickle.loads(result.read())
        if kind == "error":
            raise AssertionError(f"{what} raised {value}")
        return value
