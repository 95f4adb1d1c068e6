"""A fork server for the pty tests: the ``worksheet`` console script, its imports done once.

Each of the pty tests' launches spent about 0.2 s of CPU importing the app (Textual, Rich, the
rulesets) before its first frame: some 45 s of the suite's CPU for the 200-odd launches. This
process, one per test worker (:class:`pty_app.Zygote` starts it), imports what a launch imports
before the app runs — ``worksheet.cli``, then, with the collector off as ``run_app`` has it,
``worksheet.ui`` — and then forks a child per launch that becomes the program on its own
terminal, as ``subprocess.Popen(..., start_new_session=True)`` made it: a new session on the
pty it is handed (stdin, stdout, stderr, its controlling terminal unless asked not to), every
other descriptor closed, the launch's environment, argument list and working directory, the
signal handlers a fresh interpreter has. It then runs the console script itself
(``runpy.run_path``) and ends as a Python program ends (its exit status, atexit, threads
joined). Its standard streams are the ones a fresh interpreter made for a terminal: this
process is started on a pseudo-terminal of its own, so Python made them for a tty, and the
child's descriptors 0-2 are swapped for the launch's pty under them.

What the imports made is frozen (:func:`gc.freeze`) before the first fork: a child's full
collections (the app runs one after its first paint and one per tab switch) would otherwise
visit every object this process made, writing to each one's header and so copying nearly
every page of it (copy-on-write): ``tests/terminal`` took 134 s of CPU with the freeze left
out, 113 s with it. A child's collections then scan only what the program made itself: its
garbage is found and freed as before, only the scan of the imported modules (which hold no
garbage) is skipped.

What a module reads at import is read here once, so a launch is forked only when its
environment equals this process's, but for the variables the program reads only while it runs
(:data:`RUN_TIME_ONLY`); any other launch is spawned as before (``pty_app``).

Messages on the socket (``SOCK_SEQPACKET``, one message each): a request is JSON with the pty's
slave descriptor attached; this process answers ``started ID PID`` once the child has its
terminal (or ``failed ID TEXT``; ID is the request's) and ``ended PID WAITSTATUS`` when it has
reaped it. When the
socket closes (the worker ended) it kills what it started and ends.
"""

from __future__ import annotations

import fcntl
import gc
import json
import os
import runpy
import signal
import socket
import sys
import termios
import traceback
from pathlib import Path

RUN_TIME_ONLY = frozenset({"HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
                           "WORKSHEET_SHARED_PRESETS", "COLUMNS", "LINES"})
"""Variables read only while the program runs (the folders, the terminal's size), never at
import: a launch may differ from this process in these and still be forked."""


def import_like_a_launch() -> None:
    """Import what the console script imports before the app runs, as it does: the command
    line, then the UI with the collector off and ``TEXTUAL_FPS`` defaulted (``run_app``)."""
    import worksheet.cli  # noqa: F401 — the console script's import
    import worksheet.cli.app  # noqa: F401 — main() imports it to open the app

    from worksheet.cli.app import FRAME_RATE

    had = "TEXTUAL_FPS" in os.environ
    os.environ.setdefault("TEXTUAL_FPS", str(FRAME_RATE))
    collecting = gc.isenabled()
    gc.disable()
    try:
        import worksheet.ui  # noqa: F401
    finally:
        if collecting:
            gc.enable()
        if not had:
            del os.environ["TEXTUAL_FPS"]


def become(request: dict, slave: int, ready: int) -> None:
    """In the forked child: the program's session, terminal, descriptors, environment. Every
    descriptor but 0-2 and ``ready`` (closed by the caller) is closed; the caller detached
    any Python object that held one."""
    os.setsid()
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    if request["controlling"]:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    try:  # close_fds=True: nothing else is inherited
        open_fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        open_fds = range(3, os.sysconf("SC_OPEN_MAX"))
    for fd in open_fds:
        if fd > 2 and fd != ready:
            try:
                os.close(fd)
            except OSError:  # the listing's own descriptor, closed already
                pass
    try:  # the name `ps` shows, as the kernel gives a script it runs (its file's name)
        with open("/proc/self/comm", "w") as comm:
            comm.write(os.path.basename(request["script"])[:15])
    except OSError:
        pass
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = [request["script"], *request["args"]]
    sys.path[0] = os.path.dirname(request["script"])


def _children(control: socket.socket):
    """The children's reaper (``tests/child_reaper.py``, run from its file: see there)."""
    reaper = runpy.run_path(str(Path(__file__).resolve().parents[1] / "child_reaper.py"))
    return reaper["Children"](control, lambda pid: os.killpg(pid, signal.SIGKILL))


def serve(control: socket.socket) -> dict | None:
    """Fork a child per request until the socket closes; returns the request in a child."""
    children = _children(control)
    while (request_fds := children.next_request(1 << 20, 1)) is not None:
        message, fds = request_fds
        request = json.loads(message)
        slave = fds[0]
        ready_read, ready_write = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                children.in_the_child()
                control.detach()  # its descriptor is closed with the others
                become(request, slave, ready_write)
            except BaseException:  # noqa: BLE001 — told to the parent, which reports it
                os.write(ready_write, traceback.format_exc().encode())
                os._exit(127)
            os.close(ready_write)
            return request
        children.pids.add(pid)
        os.close(slave)
        os.close(ready_write)
        failure = b""
        while chunk := os.read(ready_read, 65536):  # EOF: the child has its terminal
            failure += chunk
        os.close(ready_read)
        control.send(f"failed {request['id']} {failure.decode()}".encode() if failure else
                     f"started {request['id']} {pid}".encode())


def main() -> None:
    script, fd = sys.argv[1], int(sys.argv[2])
    sys.path[0] = os.path.dirname(script)  # as the console script has it: its own folder
    import_like_a_launch()
    gc.freeze()  # see the module: a child's collections copy none of this process's pages
    control = socket.socket(fileno=fd)
    request = serve(control)
    if request is None:
        return
    runpy.run_path(request["script"], run_name="__main__")


if __name__ == "__main__":
    main()
