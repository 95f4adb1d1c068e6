"""A preset another player dropped in the group folder, its name full of control characters
and escape sequences, never reaches a player's terminal raw through the server: the bytes on
the channel hold none of them, and the open dialog says which file it did not list and why."""

from __future__ import annotations

import tomli_w

from ssh_screen import Screen, connect

NAME = "Mine\x1b]0;owned\x07\x1b[2J\x1b[31m\rgone\x9b1m\x00x"


async def test_a_planted_preset_name_never_reaches_the_screen_raw(server, keys):
    (server.shared / "gemstone4-planted.toml").write_text(tomli_w.dumps({
        "worksheet": 1, "ruleset": "gemstone4", "name": NAME,
        "inputs": {"dodge_ranks": 5}}), encoding="utf-8")
    async with await connect(server, keys["erin"]) as conn:
        screen = await Screen().open(conn, "gemstone4")
        await screen.wait_for(r"Input · Stance")
        screen.send("\x0f")  # ctrl+o: the open dialog lists the group's presets
        await screen.wait_for(r"Open preset")
        await screen.wait_for(r"not listed.*gemstone4-planted\.toml")
        await screen.wait_for(r"line 3: name: holds a control")  # the line wraps here
        await screen.wait_for(r"character \(U\+001B\)")
        screen.process.close()
    raw = bytes(screen.output)
    for planted in (b"\x1b]0;owned", b"owned\x07", b"\x1b[2J\x1b[31m", b"\rgone",
                    "\x9b".encode(), b"\x00"):
        assert planted not in raw, planted
