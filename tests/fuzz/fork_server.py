"""A fork server for :mod:`forked`: a small process with the command line imported, which forks
the runners of the fuzz tests' cases instead of the test worker forking itself.

Forking the test worker cost more than the case it ran: the worker is a 60 MB process (pytest,
hypothesis, Textual, every test module), so each fork copied its page tables (about 5 ms on this
VM, half of it system time), and after it both the child and the worker paid a page fault for
every page they wrote (copy-on-write): 1,842 cases took about 35 s of CPU, most of it the
kernel's. This process holds what a case needs (every module of ``worksheet`` but the UI's),
frozen (:func:`gc.freeze`) so that a child's collections write to none of its pages. It forks
one runner per test (:func:`run_cases`), which runs that test's cases one after another: a
case's pages are copied once per test, not once per case.

One server per test worker (:func:`forked.server` starts it, over a ``SOCK_SEQPACKET`` socket
pair). Requests and cases are files holding JSON, their descriptors sent over the sockets:
``{"id", "env", "cwd", "umask", "path", "call"}`` where ``call`` is ``["main", argv]``
(``worksheet.cli.main(argv)`` with descriptors 1 and 2 as the two attached files) or
``["function", module, file, qualname, imports]`` (a function of a test module, imported here
with the modules named in ``imports``; its arguments pickled in the attached file, its result
written there). To the server, a request (the test's first case) with the runner's end of a
socket pair attached: it answers ``started ID PID`` once the runner is forked and ``ended PID
WAITSTATUS`` when it has reaped it. To the runner, each case: it answers ``done STATUS``. When
the worker's socket closes (the worker ended) the server kills what it started and ends.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import json
import locale  # noqa: F401 — what opening a text file imports, in every case
import os
import pickle
import pkgutil
import runpy
import signal
import socket
import sys
from pathlib import Path

import worksheet
from worksheet import rulesets


UI = ("worksheet.ui", "worksheet.serve")
"""Left out (Textual, asyncssh): twice the size to fork, for the few cases that draw (they
name what they need, :func:`forked.call_in_child`'s ``imports``)."""


def import_every_module() -> None:
    """Import every module of ``worksheet``: the command line imports a subcommand's modules
    (``json``, ``argparse``, the formats, the importers) only when it runs, and a case imported
    in the child would pay for the import, and the copy of every page it touched, each time."""
    for found in pkgutil.walk_packages(worksheet.__path__, "worksheet."):
        if not found.name.startswith(UI):
            importlib.import_module(found.name)
    for ruleset_id in rulesets.ids():
        rulesets.get(ruleset_id)


def _module(name: str, file: str):
    """The test module ``name`` (from ``file``), imported in this process at its first case."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, file)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    gc.freeze()  # what the import made, as what start-up made: no child copies its pages
    return module


def _run(request: dict, fds: list[int]) -> int:
    """In the runner: one case; its exit status (70: it raised, as an uncaught exception in a
    program that exits 70 would)."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.umask(request["umask"])
    kind, *call = request["call"]
    if kind == "main":
        (argv,) = call
        out, err = fds
        os.dup2(out, 1)
        os.dup2(err, 2)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        from worksheet.cli import main

        try:
            status = main(argv)
        except BaseException:  # noqa: BLE001 — a crash is the case's finding: its status says so
            status = 70
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        return status if isinstance(status, int) else 70
    name, file, qualname, _ = call
    (result,) = fds
    with open(result, "r+b", closefd=False) as stream:
        stream.seek(0)  # the worker's offset, shared: it stands after what it wrote
        args = pickle.loads(stream.read())
        function = _module(name, file)
        for part in qualname.split("."):
            function = getattr(function, part)
        try:
            payload = ("ok", function(*args))
        except BaseException as error:  # noqa: BLE001 — reported to the worker
            payload = ("error", f"{type(error).__name__}: {error}"[:2000])
        stream.seek(0)
        stream.truncate()
        stream.write(pickle.dumps(payload))
    return 0


def _read_request(fd: int) -> dict:
    with open(fd, "rb") as body:  # a file: a request's size has no bound
        return json.loads(body.read())


def run_cases(cases: socket.socket) -> None:
    """In the runner: run each case that comes on ``cases``, answering ``done STATUS``, until
    the worker closes it."""
    while True:
        message, fds, _, _ = socket.recv_fds(cases, 64, 4)
        if not message:
            return
        request = _read_request(fds.pop(0))
        try:
            status = _run(request, fds)
        finally:
            for fd in fds:
                os.close(fd)
        cases.send(f"done {status & 0xFF}".encode())


def _children(control: socket.socket):
    """The runners' reaper (``tests/child_reaper.py``, run from its file: see there)."""
    reaper = runpy.run_path(str(Path(__file__).resolve().parents[1] / "child_reaper.py"))
    return reaper["Children"](control, lambda pid: os.kill(pid, signal.SIGKILL))


def serve(control: socket.socket) -> None:
    """Fork a runner per request until the socket closes."""
    children = _children(control)
    while (request_fds := children.next_request(64, 4)) is not None:
        _, fds = request_fds
        request = _read_request(fds.pop(0))
        (cases,) = fds
        sys.path[:] = request["path"]
        if request["call"][0] == "function":  # imported here once, so each runner starts warm
            _module(*request["call"][1:3])
            for name in request["call"][4]:
                if name not in sys.modules:
                    importlib.import_module(name)
                    gc.freeze()
        pid = os.fork()
        if pid == 0:
            status = 70
            try:
                children.in_the_child()
                control.close()
                run_cases(socket.socket(fileno=cases))
                status = 0
            finally:
                os._exit(status)
        children.pids.add(pid)
        os.close(cases)
        control.send(f"started {request['id']} {pid}".encode())


def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    import_every_module()
    gc.freeze()
    serve(control)


if __name__ == "__main__":
    main()
