"""Run the real ``worksheet`` program in a pseudo-terminal and read its screen, as a player would.

Pilot drives the app inside the test's own event loop and hands it keys one at a time, so it
cannot see what a terminal does to a program: keys that arrive many to a read (SSH, key repeat,
paste), signals (a dropped connection is SIGHUP), a ``kill -9`` mid-edit, or what is printed
over the screen when the program ends. This helper starts the installed program as its own
process on a pty, writes key bytes to it (a burst is ONE ``os.write``), feeds everything it
prints to ``pyte`` (a terminal emulator) and lets a test wait, with a generous deadline, until
some text is on the emulated screen.

Each run gets its own ``XDG_DATA_HOME``, ``XDG_STATE_HOME`` and ``WORKSHEET_SHARED_PRESETS``
(the caller passes a folder; :class:`Folders` lays them out), so nothing of the player's or
another test's presets and recovery files is read or written. Two runs given the same folders
share them: that is how a test restarts the program after a kill.

The installed program is forked from a fork server that has its imports done
(:class:`Zygote`, ``zygote.py``): the same program in the same session, terminal and
environment as a spawn (``test_fork_server.py`` holds them equal), 0.2 s of CPU less a launch.
A launch whose environment differs in what a module reads at import, a ``python -c`` or a shell
is spawned.

The same code as ``tests/perf/harness.py`` underneath (``pty.openpty``, a window size set with
``TIOCSWINSZ``, ``select`` + ``os.read``), with the waiting and the exit a test needs.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import json
import os
import pty
import re
import select
import signal
import socket
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pyte

DEADLINE = 30.0
"""Seconds a wait may take before it fails: the machine is shared and may be slow; a test
never asserts a time, it only waits for something to happen."""

KEYS = {
    "tab": b"\t", "shift+tab": b"\x1b[Z", "enter": b"\r", "space": b" ", "escape": b"\x1b",
    "backspace": b"\x7f", "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C",
    "left": b"\x1b[D", "ctrl+up": b"\x1b[1;5A", "ctrl+down": b"\x1b[1;5B",
    "home": b"\x1b[H", "end": b"\x1b[F", "ctrl+a": b"\x01", "ctrl+e": b"\x05",
    "ctrl+k": b"\x0b", "ctrl+q": b"\x11", "ctrl+s": b"\x13", "ctrl+z": b"\x1a",
    "ctrl+y": b"\x19", "ctrl+r": b"\x12", "ctrl+n": b"\x0e", "ctrl+o": b"\x0f", "ctrl+p": b"\x10",
    "ctrl+g": b"\x07",
    "f12": b"\x1b[24~", "f10": b"\x1b[21~", "f1": b"\x1bOP", "f2": b"\x1bOQ", "f3": b"\x1bOR",
    "f5": b"\x1b[15~", "f6": b"\x1b[17~",
    "pagedown": b"\x1b[6~", "pageup": b"\x1b[5~",
    "f4": b"\x1bOS", "f5": b"\x1b[15~", "f6": b"\x1b[17~", "f9": b"\x1b[20~",
    "ctrl+pagedown": b"\x1b[6;5~", "ctrl+pageup": b"\x1b[5;5~",
}
"""What an xterm sends for each key (``TERM=xterm-256color``)."""

_ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>()][0-9A-Za-z]?")


def keys(*names: str) -> bytes:
    """The bytes of several keys; a name not in :data:`KEYS` is typed as its own text, unless
    it names a key (``ctrl+…``, ``f7``): a key missing here was typed as its name."""
    unknown = [name for name in names if name not in KEYS
               and re.fullmatch(r"(ctrl|shift|alt|meta)\+.+|f\d+", name)]
    if unknown:
        raise KeyError(f"no bytes for the keys {unknown}: add them to KEYS")
    return b"".join(KEYS.get(name, name.encode()) for name in names)


@dataclass
class Folders:
    """The isolated folders of one player, kept across restarts of the program."""

    root: Path

    def __post_init__(self) -> None:
        for folder in (self.data, self.state, self.shared):
            folder.mkdir(parents=True, exist_ok=True)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def state(self) -> Path:
        return self.root / "state"

    @property
    def shared(self) -> Path:
        return self.root / "shared"

    @property
    def recovery(self) -> Path:
        """Where the program keeps unsaved edits (``worksheet.recovery.recovery_dir``)."""
        return self.state / "worksheet" / "recovery"

    def env(self) -> dict[str, str]:
        return {"XDG_DATA_HOME": str(self.data), "XDG_STATE_HOME": str(self.state),
                "WORKSHEET_SHARED_PRESETS": str(self.shared), "HOME": str(self.root / "home"),
                "XDG_CONFIG_HOME": str(self.root / "config")}

    def recovery_states(self) -> list[dict]:
        """The states in the recovery files now (unreadable or half-written ones skipped)."""
        states = []
        for path in sorted(self.recovery.glob("*.json")) if self.recovery.is_dir() else ():
            try:
                states.append(json.loads(path.read_text(encoding="utf-8"))["state"])
            except (OSError, ValueError, KeyError):
                continue
        return states

    def recovered_entry(self, ruleset: str, name: str) -> str | None:
        """The text a recovery file keeps for one input, if any file keeps one."""
        for state in self.recovery_states():
            entry = (state.get("tabs", {}).get(ruleset, {}).get("entries", {}).get(name))
            if entry is not None:
                return entry
        return None


def in_shell(*args: str) -> list[str]:
    """A command line that runs the program under ``/bin/sh`` (the session leader, as a login
    shell is), like a terminal window or a tmux pane does."""
    import shlex

    return ["/bin/sh", "-c", " ".join(map(shlex.quote, worksheet_argv(*args)))
            + "; echo worksheet ended $?; sleep 60"]


IDLE = 0.15
"""Seconds a program must stay idle for :meth:`PtyWorksheet.settle`: longer than the gaps
between the steps of one key's handling (a thread hands work to the next) and than Textual's
escape delay (0.1 s: after "Esc x" that is no key it knows, its parser sleeps that long for
the rest of a sequence, with the keys in hand), far shorter than a silence long enough to be
sure of on a loaded machine."""

_ASLEEP = frozenset("SI")
"""Thread states (``/proc/…/stat``) of a thread that waits for something: sleeping, idle."""


def _thread_states(pid: int) -> list[str]:
    """The state of every thread of ``pid`` and of its children, recursively (a program
    under a shell is the shell's child)."""
    states = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            states.append((task / "stat").read_text().rsplit(")", 1)[1].split()[0])
            children = (task / "children").read_text().split()
        except (OSError, IndexError):
            continue
        for child in children:
            states.extend(_thread_states(int(child)))
    return states


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def _take_controlling_terminal() -> None:
    """In the child, after ``setsid``: make its pty (stdin) its controlling terminal, as a
    login shell's is, so that closing the terminal hangs it up (SIGHUP, SIGCONT, EIO)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def worksheet_argv(*args: str) -> list[str]:
    """The installed ``worksheet`` console script beside this Python, else ``python -m``."""
    script = Path(sys.executable).with_name("worksheet")
    if script.is_file():
        return [str(script), *args]
    return [sys.executable, "-m", "worksheet", *args]


ZYGOTE = Path(__file__).with_name("zygote.py")


class Zygote:
    """A fork server (``zygote.py``) that starts the console script with its imports done,
    one per environment (what a module may read at import) in a test process: a launch costs
    a fork instead of 0.2 s of imports. See ``zygote.py`` for what the child is made of."""

    running: dict[tuple, "Zygote"] = {}

    @classmethod
    def for_launch(cls, argv: list[str], env: dict[str, str]) -> "Zygote | None":
        """The server to fork ``argv`` from (started if need be), or ``None`` when ``argv`` is
        not the installed script run as a whole program (``python -c``, a shell: spawned)."""
        from zygote import RUN_TIME_ONLY

        script = Path(argv[0])
        if script != Path(sys.executable).with_name("worksheet") or not script.is_file():
            return None
        interpreter = script.read_text(encoding="utf-8").partition("\n")[0][2:].strip()
        if not interpreter.startswith("/") or " " in interpreter:
            return None
        at_import = {name: value for name, value in env.items() if name not in RUN_TIME_ONLY}
        key = (interpreter, str(script), tuple(sorted(at_import.items())))
        if key not in cls.running:
            cls.running[key] = cls(interpreter, str(script), env)
        return cls.running[key]

    def __init__(self, interpreter: str, script: str, env: dict[str, str]):
        """Start the server in ``env``, the environment of its first launch (the next ones'
        differ at most in the variables read at run time only)."""
        self.script = script
        master, slave = pty.openpty()  # its streams made for a terminal, as a launch's are
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.process = subprocess.Popen(
            [interpreter, str(ZYGOTE), script, str(theirs.fileno())], stdin=slave,
            stdout=slave, stderr=slave, env=env, start_new_session=True,
            pass_fds=[theirs.fileno()])
        os.close(slave)
        theirs.close()
        self.master, self.socket = master, ours
        self.ended: dict[int, int] = {}
        """Exit statuses (as ``Popen.returncode``) of the children reaped, by pid."""
        self.replies: list[str] = []
        self.requests = 0
        """Launches asked for: the id of the last (its answer names it)."""
        atexit.register(self.stop)

    def _receive(self, timeout: float | None) -> bool:
        """Take one message within ``timeout`` seconds (``None``: wait); whether one came."""
        ready, _, _ = select.select([self.socket], [], [], timeout)
        if not ready:
            return False
        message = self.socket.recv(1 << 20).decode()
        if not message:
            raise RuntimeError(f"the fork server ended: {self._output()}")
        kind, _, rest = message.partition(" ")
        if kind == "ended":
            pid, status = map(int, rest.split())
            self.ended[pid] = os.waitstatus_to_exitcode(status)
        else:
            self.replies.append(message)
        return True

    def _output(self) -> str:
        data = b""
        while select.select([self.master], [], [], 0)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        return data.decode(errors="replace")

    def launch(self, argv: list[str], env: dict[str, str], slave: int,
               controlling: bool) -> "Forked":
        self.requests += 1
        request = {"id": self.requests, "script": self.script, "args": argv[1:], "env": env,
                   "cwd": os.getcwd(), "controlling": controlling}
        socket.send_fds(self.socket, [json.dumps(request).encode()], [slave])
        deadline = time.monotonic() + DEADLINE
        while True:
            while not self.replies:
                if time.monotonic() > deadline:
                    raise AssertionError(f"the fork server did not answer within "
                                         f"{DEADLINE:.0f} s")
                self._receive(max(0.0, deadline - time.monotonic()))
            kind, answered, rest = self.replies.pop(0).split(" ", 2)
            if int(answered) == self.requests:
                break
            if kind == "started":  # for a launch interrupted before it had its answer
                with contextlib.suppress(OSError):
                    os.killpg(int(rest), signal.SIGKILL)
        if kind != "started":
            raise RuntimeError(f"the fork server could not start {argv}: {rest}")
        return Forked(self, argv, int(rest))

    def stop(self) -> None:
        """Close the socket: the server kills what it started and ends."""
        if self.socket.fileno() >= 0:
            self.socket.close()
            try:
                self.process.wait(timeout=DEADLINE)
            finally:
                os.close(self.master)
                Zygote.running = {key: server for key, server in Zygote.running.items()
                                  if server is not self}


class Forked:
    """A program the fork server started, read as a ``subprocess.Popen`` is (the server, its
    parent, reaps it and sends its status)."""

    def __init__(self, zygote: Zygote, args: list[str], pid: int):
        self.zygote, self.args, self.pid = zygote, args, pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """Its exit status once it has ended (negative: killed by that signal), else None."""
        if self.returncode is None:
            while self.zygote._receive(0):
                pass
            if self.pid not in self.zygote.ended and not _running(self.pid):
                # ended (a zombie, or reaped): its status is on its way
                deadline = time.monotonic() + DEADLINE
                while self.pid not in self.zygote.ended and time.monotonic() < deadline:
                    self.zygote._receive(max(0.0, deadline - time.monotonic()))
            self.returncode = self.zygote.ended.pop(self.pid, None)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.args, timeout)
            self.zygote._receive(0.05)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


class Screen(pyte.Screen):
    """pyte's screen, its text kept between reads until something changes it.

    A test polls the screen every 20 ms while it waits (:meth:`PtyWorksheet.wait_until`), and
    pyte renders every cell of every line on each read of ``display``: that was two thirds of
    a pty test's own CPU. pyte marks each line it changes in ``dirty`` (writing, erasing,
    scrolling, resizing, resetting), so the text is rendered again only after a change."""

    def __init__(self, columns: int, lines: int):
        super().__init__(columns, lines)
        self._text: list[str] | None = None

    @property
    def display(self) -> list[str]:
        if self._text is None or self.dirty:
            self.dirty.clear()
            self._text = pyte.Screen.display.fget(self)
        return list(self._text)


class PtyWorksheet:
    """One run of the program on a pseudo-terminal of ``cols`` × ``rows``.

    Args:
        folders: the player's isolated folders.
        args: the program's arguments (e.g. ``["gemstone4"]``).
        cols, rows: the terminal size.
        argv: a whole command line instead of the installed program (``args`` then unused).
    """

    def __init__(self, folders: Folders, *args: str, cols: int = 80, rows: int = 24,
                 argv: list[str] | None = None, controlling: bool = True):
        self.folders = folders
        self.controlling = controlling
        """Make the pty the program's controlling terminal (closing it then sends SIGHUP)."""
        self.argv = argv or worksheet_argv(*args)
        self.cols, self.rows = cols, rows
        self.env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols),
                    "LINES": str(rows), **folders.env()}
        for name in ("NO_COLOR", "TEXTUAL", "TEXTUAL_DRIVER", "PYTEST_CURRENT_TEST"):
            self.env.pop(name, None)
        self.screen = Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        """Every byte the program wrote."""
        self.process: subprocess.Popen | Forked | None = None
        self.master = -1
        self.fork = True
        """Fork the installed script from :class:`Zygote` when the environment allows; else
        (or when this is set to False) spawn it."""

    # -- running --------------------------------------------------------------------------
    def start(self) -> "PtyWorksheet":
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        zygote = Zygote.for_launch(self.argv, self.env) if self.fork else None
        if zygote is not None:
            self.process = zygote.launch(self.argv, self.env, slave, self.controlling)
        else:
            self.process = subprocess.Popen(self.argv, stdin=slave, stdout=slave, stderr=slave,
                                            env=self.env, start_new_session=True,
                                            close_fds=True,
                                            preexec_fn=_take_controlling_terminal
                                            if self.controlling else None)
        self.tty_name = os.ttyname(slave)
        """The terminal's device: what ``wall`` or ``write`` would write to."""
        os.close(slave)
        self.master = master
        return self

    def __enter__(self) -> "PtyWorksheet":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def pid(self) -> int:
        return self.process.pid

    def pump(self, timeout: float = 0.05) -> int:
        """Read what the program wrote within ``timeout`` seconds; the bytes read."""
        total = 0
        deadline = time.monotonic() + timeout
        while self.master >= 0:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self.master], [], [], max(0.0, remaining))
            if not ready:
                break
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the program ended and the pty has no writer any more
                break
            if not data:
                break
            total += len(data)
            self.output += data
            self.stream.feed(data)
            if remaining <= 0:
                break
        return total

    # -- the screen ---------------------------------------------------------------------
    def text(self) -> str:
        """The screen as text, one line per row."""
        return "\n".join(self.screen.display)

    def message_words(self) -> str:
        """The words at the bottom of the screen as one line: the app shows one message at a
        time there (the message line above the status line, or a dialog's under the dialog; a
        long one takes two rows), so a message is found in these, with the status line's
        and the key bar's words beside it."""
        return re.sub(r"\s+", " ", " ".join(self.screen.display[-3:])).strip()

    def line_with(self, needle: str) -> str:
        """The first screen line containing ``needle`` ('' when none)."""
        return next((line for line in self.screen.display if needle in line), "")

    def wait_until(self, check: Callable[[], object], what: str,
                   timeout: float = DEADLINE) -> object:
        """Pump until ``check()`` is true; its value. Fails with the screen after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            self.pump(0.02)
            result = check()
            if result:
                return result
            if self.process.poll() is not None:
                self.pump(0.2)
                raise AssertionError(f"{what} did not happen: the program ended with status "
                                     f"{self.process.returncode}; it printed after leaving the "
                                     f"screen:\n{self.after_exit()}\nscreen:\n{self.text()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} did not happen within {timeout:.0f} s; "
                                     f"screen:\n{self.text()}")

    def wait_for(self, pattern: str, timeout: float = DEADLINE) -> re.Match:
        """Pump until the screen matches the regular expression ``pattern``."""
        regex = re.compile(pattern)
        return self.wait_until(lambda: regex.search(self.text()), f"{pattern!r} on screen",
                               timeout)

    def wait_gone(self, pattern: str, timeout: float = DEADLINE) -> None:
        """Pump until the screen no longer matches ``pattern``."""
        regex = re.compile(pattern)
        self.wait_until(lambda: not regex.search(self.text()), f"{pattern!r} gone", timeout)

    def input_pending(self) -> int:
        """Bytes written to the program that it has not read yet (the terminal's input queue,
        asked of the terminal's own device)."""
        try:
            fd = os.open(self.tty_name, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError:  # hung up: nothing more will be read
            return 0
        try:
            return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]
        except OSError:
            return 0
        finally:
            os.close(fd)

    def busy(self) -> bool:
        """Whether the program still has work in hand: a key it has not read, or a thread of
        its (or of a child's, under a shell) that is running or waiting for the processor."""
        return bool(self.input_pending()) or any(
            state not in _ASLEEP for state in _thread_states(self.process.pid))

    def settle(self, quiet: float = IDLE, limit: float = DEADLINE) -> None:
        """Wait until the program is idle: it has read every key sent, has written nothing
        and none of its threads has run for ``quiet`` seconds.

        This is the event "the keys are handled and their frame is out", read from the
        kernel (the terminal's input queue, the threads' states), not a silence guessed long
        enough: a starved program shows as running, so a slow machine waits longer instead of
        reading a half-painted screen. It says nothing of work set for later (a timer), which
        a test waits for by what it shows. Fails when the program is still busy at ``limit``
        (a livelock that keeps repainting); returns when the program has ended.
        """
        deadline = time.monotonic() + limit
        idle_since: float | None = None
        while True:
            wrote = self.pump(0.01)
            now = time.monotonic()
            if self.process.poll() is not None:
                self.pump(0.05)
                return
            if wrote or self.busy():
                idle_since = None
            elif idle_since is None:
                idle_since = now
            elif now - idle_since >= quiet:
                return
            if now > deadline:
                raise AssertionError(f"the program was still busy {limit:.0f} s later "
                                     f"(a livelock?); screen:\n{self.text()}")

    # -- input, signals, exit -------------------------------------------------------------
    def send(self, data: bytes | str) -> None:
        """Write bytes to the program in ONE write: a burst arrives as one read."""
        data = data.encode() if isinstance(data, str) else data
        written = os.write(self.master, data)
        assert written == len(data), "the pty took only part of the burst"

    def press(self, *names: str) -> None:
        """Send keys as one burst (see :func:`keys`)."""
        self.send(keys(*names))

    def press_slowly(self, *names: str, gap: float = IDLE) -> None:
        """Send keys one at a time, each once the program has been idle for ``gap`` seconds
        after the one before (what a player at a local terminal does: every key its own read,
        handled and painted)."""
        for name in names:
            self.send(keys(name))
            self.settle(gap)

    def resize(self, cols: int, rows: int) -> None:
        """Resize the terminal, as a player resizing the window or a tmux pane does: the new
        size, then SIGWINCH (sent here: the program runs in a session of its own, and the
        kernel signals only the terminal's foreground process group). The program must have
        been started without ``COLUMNS`` and ``LINES`` in its environment, which Textual
        takes before the terminal's size."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.cols, self.rows = cols, rows
        self.screen.resize(rows, cols)
        os.kill(self.process.pid, signal.SIGWINCH)

    def wait_stopped(self, timeout: float = DEADLINE) -> None:
        """Wait until every thread of the program is stopped (after a SIGSTOP)."""
        self.wait_until(lambda: set(_thread_states(self.process.pid)) == {"T"},
                        "the program stopped", timeout)

    def signal(self, signum: int) -> None:
        """Send a signal to the program (not its process group: as ``kill PID`` does)."""
        os.kill(self.process.pid, signum)

    def hang_up(self, delay: float | None = None) -> None:
        """Close the terminal, as a dropped SSH connection does: the pty is the controlling
        terminal, so the kernel hangs it up and sends SIGHUP and SIGCONT itself.

        Args:
            delay: first send SIGHUP to the whole process group and close the terminal this
                many seconds later, as tmux does when a session is killed.
        """
        if delay is not None:
            os.killpg(self.process.pid, signal.SIGHUP)
            time.sleep(delay)
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def program_pid(self) -> int:
        """The pid of the program when it runs under a shell (``in_shell``), else ``pid``."""
        if self.argv[:2] != ["/bin/sh", "-c"]:
            return self.pid
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children")
        found = self.wait_until(lambda: children.read_text().split(), "the shell's child")
        return int(found[0])

    def wait_program_gone(self, pid: int, timeout: float = DEADLINE) -> None:
        """Wait until a process that is not our child (the program under the shell) ends."""
        deadline = time.monotonic() + timeout
        while _running(pid):
            if time.monotonic() > deadline:
                raise AssertionError(f"process {pid} still runs {timeout:.0f} s after")
            time.sleep(0.05)

    def wait_exit(self, timeout: float = DEADLINE) -> int:
        """Wait for the program to end, reading all it printed; its exit status
        (negative: killed by that signal)."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None:
            if self.master >= 0:
                self.pump(0.05)
            else:
                time.sleep(0.05)
            if time.monotonic() > deadline:
                raise AssertionError(f"the program did not end within {timeout:.0f} s; "
                                     f"screen:\n{self.text()}")
        self.pump(0.2)
        return self.process.returncode

    def after_exit(self) -> str:
        """What the program printed after leaving the full-screen mode, as plain text."""
        data = bytes(self.output)
        cut = data.rfind(b"\x1b[?1049l")
        tail = data[cut + len(b"\x1b[?1049l"):] if cut >= 0 else data
        return _ANSI.sub(b"", tail).decode("utf-8", "replace").replace("\r", "")

    def close_terminal(self) -> None:
        """Close our end of the terminal, as a dropped connection does (the program stays)."""
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def close(self) -> None:
        """End the program and anything left in its process group (SIGKILL), and close the
        terminal."""
        if self.process is not None:
            try:  # the whole group: a program under a shell may outlive the shell
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.process.wait(timeout=DEADLINE)
        if self.master >= 0:
            os.close(self.master)
            self.master = -1


def round_rows(ruleset_id: str) -> list[str]:
    """The labels of the round inputs the round group shows as rows, in order, at the top of
    the form (a record list shows as a line of its own: Rise's conditions). The first is the
    field a fresh tab focuses (issue 42); Tab passes them before the character's inputs."""
    from worksheet import rulesets
    from worksheet.ui.widgets.kinds import kind_of
    from worksheet.ui.widgets.round_group import round_inputs

    ruleset = rulesets.get(ruleset_id)
    return [ruleset.inputs[name].title for name in round_inputs(ruleset)
            if not kind_of(ruleset.inputs[name]).record_list]


def to_character(app: PtyWorksheet, ruleset_id: str) -> str:
    """From a fresh tab's first field (its first round input, issue 42), Ctrl+↓ past the
    round rows to the character's first input (Dodge ranks, Dexterity, Aware, Maneuver), as
    a player reaches it; returns its label. Waits for each focus on the way."""
    from worksheet import rulesets

    rows = round_rows(ruleset_id)
    ruleset = rulesets.get(ruleset_id)
    first = next(ruleset.inputs[name].title for group in ruleset.step_groups()
                 for name in group.inputs if ruleset.inputs[name].title not in rows)
    if rows:
        app.wait_for(rf"Input · {re.escape(rows[0])}")
        app.press(*["ctrl+down"] * len(rows))
    app.wait_for(rf"Input · {re.escape(first)}")
    return first
