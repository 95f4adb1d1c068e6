"""The caps hold without disturbing the players already in, and an idle session is closed with
its edits kept."""

from __future__ import annotations

import asyncio

from ssh_screen import DEADLINE, Screen, connect, to_dodge_ranks, wait_gone

FULL = "worksheet: the server is full (2 sessions at once); try again in a few minutes\r\n"
PER_KEY = ("worksheet: your key already has 1 session open here; close one, or try again "
           "in a few minutes\r\n")


async def refused(server, key) -> tuple[bytes, int | None]:
    """What a player over a cap reads, and the status; the server closes the connection."""
    conn = await connect(server, key)
    screen = await Screen().open(conn, "rise")
    status = await screen.ended()
    await asyncio.wait_for(conn.wait_closed(), DEADLINE)  # closed by the server, not by us
    return bytes(screen.stderr), status


async def test_caps_refuse_with_one_line_and_leave_sessions_in_alone(start_server, keys):
    running = start_server([keys["alice"], keys["bob"], keys["carol"]],
                           "--max-sessions", "2", "--max-per-key", "1")
    first_conn = await connect(running, keys["alice"])
    first = await Screen().open(first_conn, "gemstone4")
    await to_dodge_ranks(first)
    assert await refused(running, keys["alice"]) == (PER_KEY.encode(), 1)
    async with await connect(running, keys["bob"]) as conn:
        second = await Screen().open(conn, "rise")
        await second.wait_for(r"Rise")
        assert await refused(running, keys["carol"]) == (FULL.encode(), 1)
        first.send("73")  # the session already in still answers
        await first.wait_for(r"Evade DS vs melee 54 .*Evade DS vs ranged 81")
        second.process.close()
    reasons = [event["reason"] for event in running.events("refused")]
    assert reasons == ["per-key", "full"]
    bob = keys["bob"].get_fingerprint("sha256")
    ended = running.wait_event(lambda e: e.get("state") == "end" and e["fingerprint"] == bob,
                               "bob's session end")
    await wait_gone(ended["pid"])
    async with await connect(running, keys["carol"]) as conn:  # a place is free again
        third = await Screen().open(conn, "rise")
        await third.wait_for(r"Rise")
        third.process.close()
    first_conn.abort()


async def test_an_idle_session_is_closed_and_its_edits_kept(start_server, keys):
    # Idle from the first frame on: 8 s leave room for the keys to arrive on a loaded machine
    # (5 s were near the edge with the suite's four workers on two cores).
    running = start_server([keys["erin"]], "--idle-timeout", "8")
    async with await connect(running, keys["erin"]) as conn:
        screen = await Screen().open(conn, "gemstone4")
        await to_dodge_ranks(screen)
        screen.send("73")
        await screen.wait_for(r"Evade DS vs melee 54")
        await screen.ended()  # eight seconds without input
    assert b"worksheet: closed after 8 s without input; your unsaved edits are kept" \
        in bytes(screen.stderr)
    ended = running.wait_event(lambda e: e.get("state") == "end", "the session end")
    assert ended["how"] == "idle" and ended["status"] == 129
    await wait_gone(ended["pid"])
    recovery = (running.data / "users").glob("*/state/worksheet/recovery/*.json")
    assert any('"73"' in path.read_text() for path in recovery)
