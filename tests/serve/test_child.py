"""The server in the test's own event loop, with settings the command line does not offer:
a stand-in for the app that ignores SIGHUP (nothing is left running even so: SIGKILL to its
whole process group once the grace is over) and a short login timeout."""

from __future__ import annotations

import asyncio
import io
import json
import time
from types import SimpleNamespace

from ssh_screen import DEADLINE, Screen, connect, group_members, key_line, wait_gone
from worksheet.serve.config import ServeConfig
from worksheet.serve.events import EventLog
from worksheet.serve.server import serve

STUBBORN = ["/bin/sh", "-c", 'trap "" HUP; sleep 300 & echo "started $!"; wait']
"""Ignores SIGHUP, as does the child it starts (an ignored signal stays ignored across exec)."""


async def until(check, what: str):
    deadline = time.monotonic() + DEADLINE
    while not (result := check()):
        assert time.monotonic() < deadline, f"{what} did not happen within {DEADLINE:.0f} s"
        await asyncio.sleep(0.02)
    return result


def configured(tmp_path, keys, **settings) -> ServeConfig:
    (tmp_path / "keys").write_text(key_line(keys["alice"]) + "\n")
    return ServeConfig(tmp_path / "keys", port=0, host_key=tmp_path / "host_key",
                       data=tmp_path / "data", **settings)


async def started(config: ServeConfig):
    """Run the server; ``(task, its port, its log, the event that stops it)``."""
    ready, log, stop = io.StringIO(), io.StringIO(), asyncio.Event()
    task = asyncio.ensure_future(serve(config, ready, EventLog(log), stop))
    line = await until(ready.getvalue, "the ready line")
    return task, int(line.split(":")[2].split(",")[0]), log, stop


async def test_a_process_that_ignores_sighup_is_killed_with_its_group(tmp_path, keys):
    config = configured(tmp_path, keys, hangup_grace=0.5, argv=lambda ruleset: STUBBORN)
    task, port, log, stop = await started(config)
    try:
        conn = await connect(SimpleNamespace(port=port), keys["alice"])
        screen = await Screen().open(conn)
        sleeper = int((await screen.wait_for(r"started (\d+)")).group(1))
        events = [json.loads(line) for line in log.getvalue().splitlines()]
        pid = next(event["pid"] for event in events if event.get("state") == "start")
        assert sorted(group_members(pid)) == sorted([pid, sleeper])
        conn.abort()
        await wait_gone(pid)
        assert not group_members(pid)
        events = [json.loads(line) for line in log.getvalue().splitlines()]
        end = next(event for event in events if event.get("state") == "end")
        assert end["how"] == "dropped" and end["status"] == -9  # SIGKILL, after the SIGHUP
    finally:
        stop.set()
        assert await asyncio.wait_for(task, DEADLINE) == 0


async def test_a_client_that_does_not_log_in_is_cut_off_at_the_login_timeout(tmp_path, keys):
    task, port, log, stop = await started(configured(tmp_path, keys, login_timeout=1))
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert (await asyncio.wait_for(reader.readline(), DEADLINE)).startswith(
            b"SSH-2.0-worksheet")
        writer.write(b"SSH-2.0-silent\r\n")  # then nothing: no key exchange, no login
        while await asyncio.wait_for(reader.read(65536), DEADLINE):
            pass  # the server's key exchange offer, then the end of the connection
        writer.close()
        events = [json.loads(line) for line in log.getvalue().splitlines()]
        assert [event["event"] for event in events if event["event"] in
                ("connect", "disconnect")] == ["connect", "disconnect"]
        assert "timeout" in next(e for e in events if e["event"] == "disconnect")["why"].lower()
    finally:
        stop.set()
        assert await asyncio.wait_for(task, DEADLINE) == 0
