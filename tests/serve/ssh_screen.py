"""A player at the other end of an SSH connection: asyncssh's client, the channel's bytes fed
to ``pyte`` at 80x24, and waits with deadlines on what the screen shows.

Also the server as the operator runs it: ``worksheet serve`` started as a real process on a
free port (``--port 0``), its ready line read for the port, its JSON log kept.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable

import asyncssh
import pyte

DEADLINE = 30.0
"""Seconds a wait may take before it fails (the machine is shared); never a time asserted."""

READY = re.compile(r"worksheet serve: listening on (\S+):(\d+), host key (SHA256:\S+)")


def new_key(folder: Path, name: str) -> tuple[asyncssh.SSHKey, Path]:
    """A fresh ed25519 key pair: the key and its private key file (for OpenSSH's ``ssh -i``)."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
    path = folder / name
    key.write_private_key(path)
    os.chmod(path, 0o600)
    key.write_public_key(path.with_suffix(".pub"))
    return key, path


def key_line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key().decode().strip()


class Server:
    """``worksheet serve`` as a separate process, its log read on a thread as it comes."""

    def __init__(self, root: Path, authorized: list[asyncssh.SSHKey], *options: str,
                 shared: bool = True, python_options: tuple[str, ...] = ()):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.keys_file = root / "authorized_keys"
        self.write_keys(*authorized)
        self.data = root / "data"
        self.shared = root / "shared" if shared else None
        if self.shared:
            self.shared.mkdir(exist_ok=True)
        self.host_key = root / "host_key"
        argv = [sys.executable, *python_options, "-m", "worksheet", "serve",
                "--authorized-keys", str(self.keys_file), "--port", "0",
                "--host-key", str(self.host_key), "--data", str(self.data), *options]
        if self.shared:
            argv += ["--shared", str(self.shared)]
        env = {**os.environ, "TMPDIR": str(self.tmp)}
        self.tmp.mkdir(exist_ok=True)
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        env=env, text=True, start_new_session=True)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read_log, daemon=True)
        self._reader.start()
        line = self.process.stdout.readline()
        match = READY.search(line)
        assert match, f"no ready line: {line!r}; log: {self.lines}"
        self.port, self.fingerprint = int(match.group(2)), match.group(3)

    @property
    def tmp(self) -> Path:
        """The server's TMPDIR (asyncssh would make an agent socket there if it forwarded)."""
        return self.root / "tmp"

    def _read_log(self) -> None:
        for line in self.process.stderr:
            self.lines.append(line)

    def write_keys(self, *keys: asyncssh.SSHKey, extra: str = "") -> None:
        self.keys_file.write_text("".join(key_line(k) + "\n" for k in keys) + extra)

    def events(self, kind: str | None = None) -> list[dict]:
        """The log's events so far (lines that are not JSON — import timings — skipped)."""
        found = []
        for line in list(self.lines):
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if kind is None or event.get("event") == kind:
                found.append(event)
        return found

    def wait_event(self, check: Callable[[dict], bool], what: str) -> dict:
        deadline = time.monotonic() + DEADLINE
        while True:
            found = [event for event in self.events() if check(event)]
            if found:
                return found[-1]
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} not logged within {DEADLINE:.0f} s: "
                                     f"{self.lines[-10:]}")
            time.sleep(0.02)

    def children(self) -> list[int]:
        """The pids of the server's session processes now."""
        found = []
        for task in Path(f"/proc/{self.process.pid}/task").glob("*"):
            try:
                found += [int(pid) for pid in (task / "children").read_text().split()]
            except OSError:
                continue
        return found

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=DEADLINE)
        finally:
            with_kill(self.process)
            self._reader.join(timeout=5)


def with_kill(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


async def connect(server: Server, key: asyncssh.SSHKey | None, username: str = "player",
                  **options) -> asyncssh.SSHClientConnection:
    """A client connection with ``key`` (no agent, no config file, any host key)."""
    options = {"agent_path": None, "known_hosts": None, "config": [], **options}
    return await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", server.port, username=username, client_keys=[key] if key else [],
        **options), DEADLINE)


class Screen:
    """One session channel read into a pyte screen."""

    def __init__(self, cols: int = 80, rows: int = 24):
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.stderr = bytearray()
        self.process: asyncssh.SSHClientProcess | None = None
        self._pump: asyncio.Task | None = None
        self.changed = asyncio.Event()

    async def open(self, conn: asyncssh.SSHClientConnection, command: str | None = None,
                   term: str | None = "xterm-256color", **options) -> "Screen":
        cols, rows = self.screen.columns, self.screen.lines
        self.process = await conn.create_process(
            command, encoding=None, term_type=term,
            term_size=(cols, rows) if term else None, **options)
        self._pump = asyncio.ensure_future(self._read())
        self._err = asyncio.ensure_future(self._read_stderr())
        return self

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                self.changed.set()
                return
            self.output += data
            self.stream.feed(data)
            self.changed.set()

    async def _read_stderr(self) -> None:
        while True:
            data = await self.process.stderr.read(65536)
            if not data:
                return
            self.stderr += data
            self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, check: Callable[[], object], what: str) -> object:
        deadline = time.monotonic() + DEADLINE
        while True:
            self.changed.clear()
            result = check()
            if result:
                return result
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{what} did not happen within {DEADLINE:.0f} s; "
                                     f"screen:\n{self.text()}\nstderr: {bytes(self.stderr)!r}")
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
            except asyncio.TimeoutError:
                pass

    async def wait_for(self, pattern: str) -> re.Match:
        regex = re.compile(pattern)
        return await self.until(lambda: regex.search(self.text()), f"{pattern!r} on screen")

    def send(self, data: bytes | str) -> None:
        self.process.stdin.write(data.encode() if isinstance(data, str) else data)

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.process.change_terminal_size(cols, rows)

    async def ended(self) -> int | None:
        """Wait for the channel to close; the exit status the server sent."""
        await asyncio.wait_for(self.process.wait_closed(), DEADLINE)
        await asyncio.wait_for(self._pump, DEADLINE)
        return self.process.exit_status


CTRL_DOWN = "\x1b[1;5B"


async def to_dodge_ranks(screen: "Screen") -> None:
    """From a fresh GemStone tab's first field, Stance (a fresh tab focuses its first round
    input, issue 42), Ctrl+↓ past Stance and Encumbrance to Dodge ranks, as a player reaches
    it; waits for each focus on the way."""
    for label in ("Stance", "Encumbrance"):
        await screen.wait_for(rf"Input · {label}\b")
        screen.send(CTRL_DOWN)
    await screen.wait_for(r"Input · Dodge ranks")


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (an unreaped zombie counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def group_members(pgid: int) -> list[int]:
    """Live processes whose process group is ``pgid`` (what a session might leave behind)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            found.append(int(stat.parent.name))
    return found


async def wait_gone(pid: int) -> None:
    """Wait until ``pid`` and everything in its process group has ended."""
    deadline = time.monotonic() + DEADLINE
    while running(pid) or group_members(pid):
        if time.monotonic() > deadline:
            raise AssertionError(f"process {pid} (or its group) still runs {DEADLINE:.0f} s on")
        await asyncio.sleep(0.05)
