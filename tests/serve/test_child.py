"""Nothing is left running even when the session's process will not end: SIGHUP first, then
SIGKILL to its whole process group once the grace is over. The server runs in the test's own
event loop here, with a stand-in for the app that ignores SIGHUP and starts a child of its own.
"""

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


async def test_a_process_that_ignores_sighup_is_killed_with_its_group(tmp_path, keys):
    (tmp_path / "keys").write_text(key_line(keys["alice"]) + "\n")
    config = ServeConfig(tmp_path / "keys", port=0, host_key=tmp_path / "host_key",
                         data=tmp_path / "data", hangup_grace=0.5,
                         argv=lambda ruleset: STUBBORN)
    ready, log, stop = io.StringIO(), io.StringIO(), asyncio.Event()
    task = asyncio.ensure_future(serve(config, ready, EventLog(log), stop))
    try:
        line = await until(ready.getvalue, "the ready line")
        port = int(line.split(":")[2].split(",")[0])
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
