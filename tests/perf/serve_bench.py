"""Benchmark ``worksheet serve`` against the same app started in a plain pty (issue 45, item 6).

Usage (from the repository root, after ``pip install -e '.[test]'``)::

    .venv/bin/python tests/perf/serve_bench.py            # 5 launch pairs, N = 10 and 50
    .venv/bin/python tests/perf/serve_bench.py --quick    # 3 pairs, N = 10 only

Rows (the targets are the spec's, ``shared/spec/serve.md`` "Costs"):

- first paint through the server (connect, authenticate, open the session, the app's first
  frame on the client's screen) against the app's first paint in a plain pty, both at 80×24 on
  GemStone IV, alternated, medians: ≤ 1.3×;
- one session's process memory (USS once painted) against the plain app's: ≤ 1.1×;
- N = 10 and N = 50 sessions started at once, each with its own key: every one paints and echoes
  a keystroke (its values re-derived), and the server's own USS with all of them open stays under
  40 MiB. The longest wait for a first paint is shown: start-ups are queued, so it grows with N,
  while each started session answers its keys at once.

Not part of the test suite: nothing in the tests asserts a time. Exit status 1 if a row FAILs.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "serve"))

import asyncssh  # noqa: E402
import pyte  # noqa: E402

import measures as m  # noqa: E402
from report import Table  # noqa: E402
from scenarios import STRIPS, worksheet  # noqa: E402
from ssh_screen import Server, connect, new_key, wait_gone  # noqa: E402

PAINT = re.compile(rf"(?s){STRIPS['gemstone4']}.*f1 Help")
ECHO = re.compile(r"Evade DS vs melee 54 .*Evade DS vs ranged 81")
DODGE_RANKS = re.compile(r"Input · Dodge ranks")
"""Dodge ranks typed as 73: the values re-derived and drawn (GemStone IV's defaults)."""
SERVER_USS_LIMIT = 40 * 1024 * 1024
DEADLINE = 600.0
"""Seconds a wait may take: fifty sessions start on two shared cores."""


def uss(pid: int) -> int:
    """A process's unique set size in bytes (Private_Clean + Private_Dirty)."""
    total = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            total += int(line.split()[1]) * 1024
    return total


class Client:
    """One player: connect, open the app on GemStone IV at 80×24, read the screen."""

    def __init__(self, server: Server, key: asyncssh.SSHKey):
        self.server, self.key = server, key
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.conn = self.process = None

    async def open(self) -> float:
        """Seconds from connecting to the first paint on the client's screen."""
        started = time.perf_counter()
        self.conn = await connect(self.server, self.key)
        self.process = await self.conn.create_process("gemstone4", encoding=None,
                                                      term_type="xterm-256color",
                                                      term_size=(80, 24))
        self._reader = asyncio.ensure_future(self._read())
        return await self.wait(PAINT) - started

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.stream.feed(data)
            self.arrived = time.perf_counter()
            self.changed.set()

    async def wait(self, pattern: re.Pattern) -> float:
        """The arrival time of the chunk after which the screen matched ``pattern``."""
        deadline = time.perf_counter() + DEADLINE
        while not pattern.search("\n".join(self.screen.display)):
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{pattern.pattern!r} never appeared")
            await asyncio.wait_for(self.changed.wait(), left)
        return self.arrived

    async def echo(self) -> float:
        """Seconds from typing 73 to its values on screen (in Dodge ranks, two Tabs past the
        round inputs the tab opens on, untimed)."""
        self.process.stdin.write(b"\t\t")
        await self.wait(DODGE_RANKS)
        sent = time.perf_counter()
        self.process.stdin.write(b"73")
        return await self.wait(ECHO) - sent

    async def quiet(self, seconds: float = 0.5) -> None:
        """Wait until the app has written nothing for ``seconds`` (as ``PtyApp.settle``)."""
        while True:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), seconds)
            except asyncio.TimeoutError:
                return

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


def session_pid(server: Server, after: int) -> int:
    starts = [event for event in server.events()[after:] if event.get("state") == "start"]
    return starts[-1]["pid"]


async def single(server: Server, key, runs: int, table: Table) -> None:
    """First paint and memory, one session against one plain start, alternated."""
    through, plain, ours, theirs = [], [], [], []
    app = worksheet("gemstone4")
    for _ in range(runs):
        with m.running(app, 80, 24) as (pty_app, seconds):
            plain.append(seconds)
            pty_app.settle(0.5)
            theirs.append(pty_app.memory()[1])
        before = len(server.events())
        client = Client(server, key)
        through.append(await client.open())
        await client.quiet()  # settled, as the plain app was: memory after its first frame
        pid = session_pid(server, before)
        ours.append(uss(pid))
        client.close()
        await wait_gone(pid)  # it ends (SIGHUP) before the next start
    table.ratio("first paint through the server vs a plain pty, 80×24 (ms)",
                statistics.median(through) * 1e3, statistics.median(plain) * 1e3, 0, 1.3)
    table.ratio("one session's USS vs the plain app's (MiB)",
                statistics.median(ours) / 2 ** 20, statistics.median(theirs) / 2 ** 20, 1, 1.1)


async def many(server: Server, keys, count: int, table: Table) -> None:
    """``count`` sessions at once: each paints and echoes; the server's USS meanwhile."""
    clients = [Client(server, key) for key in keys[:count]]
    paints = await asyncio.gather(*(client.open() for client in clients),
                                  return_exceptions=True)
    painted = [seconds for seconds in paints if isinstance(seconds, float)]
    echoes = await asyncio.gather(*(client.echo() for client, seconds in zip(clients, paints)
                                    if isinstance(seconds, float)), return_exceptions=True)
    echoed = [seconds for seconds in echoes if isinstance(seconds, float)]
    server_uss = uss(server.process.pid)
    pids = server.children()
    for client in clients:
        client.close()
    table.absolute(f"N = {count} at once: sessions painted", f"{len(painted)}/{count}",
                   len(painted) == count, f"{count}/{count}")
    table.absolute(f"N = {count} at once: keys echoed", f"{len(echoed)}/{count}",
                   len(echoed) == count, f"{count}/{count}")
    if painted:
        table.absolute(f"N = {count} at once: longest wait for a first paint (s)",
                       f"{max(painted):.1f}", None)
    if echoed:
        table.absolute(f"N = {count} at once: keystroke → values, median / longest (ms)",
                       f"{statistics.median(echoed) * 1e3:.0f} / {max(echoed) * 1e3:.0f}", None)
    table.absolute(f"N = {count} at once: the server's USS (MiB)", f"{server_uss / 2 ** 20:.1f}",
                   server_uss < SERVER_USS_LIMIT, "< 40")
    for pid in pids:  # the sessions' processes end before the next group starts
        await wait_gone(pid)


async def run(args) -> Table:
    table = Table()
    folder = Path(tempfile.mkdtemp(prefix="worksheet-serve-bench-"))
    counts = [10] if args.quick else [10, 50]
    # A key per session and per group: a key that typed in an earlier group would be offered
    # its unsaved edits at its next login, and its keys would answer that question instead.
    keys = [new_key(folder, f"player{index}")[0] for index in range(1 + sum(counts))]
    server = Server(folder / "server", keys, "--max-sessions", str(max(counts)))
    try:
        await single(server, keys[0], 3 if args.quick else 5, table)
        first = 1
        for count in counts:
            await many(server, keys[first:first + count], count, table)
            first += count
    finally:
        server.stop()
    return table


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 launch pairs, N = 10 only")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    table = asyncio.run(run(args))
    print(table.render(time.perf_counter() - started))
    return 1 if table.failed() else 0


if __name__ == "__main__":
    sys.exit(main())
