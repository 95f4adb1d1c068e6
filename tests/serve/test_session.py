"""One player's session through a real SSH connection: the app at 80x24, keys echo, a resize
reaches it, its environment is built, its folder is the key's, and nothing is left running
however the connection ends — the edits of a dropped one come back at the next login."""

from __future__ import annotations

import os
import re
import stat

from ssh_screen import Screen, connect, running, to_dodge_ranks, wait_gone
from worksheet.serve.identity import FOLDER_PATTERN, folder_name

TYPED = r"Evade DS vs melee 54 .*Evade DS vs ranged 81"
"""GemStone IV with Dodge ranks 73: base 73, melee DS 54 (offensive stance), ranged 81."""


def started_pid(server, fingerprint: str, after: int) -> int:
    """The pid of the next session of ``fingerprint`` logged after ``after`` log lines."""
    event = server.wait_event(lambda e: e.get("state") == "start"
                              and e["fingerprint"] == fingerprint
                              and server.events().index(e) >= after, "the session start")
    return event["pid"]


async def test_a_ruleset_id_opens_its_tab_and_keys_echo_at_80x24(server, keys):
    async with await connect(server, keys["carol"]) as conn:
        screen = await Screen().open(conn, "gemstone4")
        await to_dodge_ranks(screen)
        screen.send("73")
        await screen.wait_for(TYPED)
        assert re.search(r"Dodge ranks +73 ", screen.text())
        screen.send("\x1b[1;5B")  # ctrl+down: a sequence of several bytes arrives whole
        screen.resize(100, 30)
        await screen.until(lambda: screen.screen.display[1].rstrip().endswith("━")
                           and len(screen.screen.display[1].rstrip()) == 100,
                           "the tab bar drawn 100 columns wide")
        await screen.wait_for(TYPED)  # the same values, redrawn at the new size


async def test_the_childs_environment_is_built_not_inherited(server, keys):
    fingerprint = keys["bob"].get_fingerprint("sha256")
    before = len(server.events())
    async with await connect(server, keys["bob"], username="../../root") as conn:
        screen = await Screen().open(conn, term="xterm;rm -rf ~", env={
            "COLORTERM": "truecolor", "NO_COLOR": "yes", "LD_PRELOAD": "/tmp/evil.so",
            "WORKSHEET_SHARED_PRESETS": "/etc", "PYTHONPATH": "/tmp", "LANG": "tr_TR"})
        await screen.wait_for(r"Exalted 2e")
        pid = started_pid(server, fingerprint, before)
        with open(f"/proc/{pid}/environ", "rb") as stream:
            environ = dict(item.decode().split("=", 1)
                           for item in stream.read().split(b"\0") if item)
        home = server.data / "users" / folder_name(fingerprint)
        assert environ == {
            "PATH": environ["PATH"], "HOME": str(home), "LANG": "C.UTF-8",
            "XDG_DATA_HOME": str(home / "data"), "XDG_STATE_HOME": str(home / "state"),
            "XDG_CONFIG_HOME": str(home / "config"), "TERM": "xterm-256color",
            "COLORTERM": "truecolor", "NO_COLOR": "1",
            "WORKSHEET_SHARED_PRESETS": str(server.shared)}
        assert environ["PATH"].endswith(":/usr/local/bin:/usr/bin:/bin")
        assert os.readlink(f"/proc/{pid}/cwd") == str(home)
        # its own session and process group, the pty its controlling terminal
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        session, group, tty = int(fields[3]), int(fields[2]), int(fields[4])
        assert session == group == pid and tty != 0
        assert os.readlink(f"/proc/{pid}/fd/0").startswith("/dev/pts/")
        screen.process.close()


async def test_each_key_has_its_own_private_folder_the_other_cannot_see(server, keys):
    alice = server.data / "users" / folder_name(keys["alice"].get_fingerprint("sha256"))
    presets = alice / "data" / "worksheet" / "presets"
    async with await connect(server, keys["alice"], username="bob") as conn:
        screen = await Screen().open(conn, "gemstone4")
        await screen.wait_for(r"Input · Stance")
        presets.mkdir(parents=True, exist_ok=True)
        (presets / "alices-secret.toml").write_text(
            'worksheet = 1\nruleset = "gemstone4"\nname = "Alice secret"\n[inputs]\n'
            'dodge_ranks = 12\n', encoding="utf-8")
        screen.send("\x0f")  # ctrl+o
        await screen.wait_for(r"Open preset")
        await screen.wait_for(r"Alice secret")
        screen.process.close()
    for folder in (alice.parent, alice, alice / "data", alice / "state", alice / "config"):
        assert stat.S_IMODE(folder.lstat().st_mode) == 0o700, folder
    names = [path.name for path in alice.parent.iterdir()]  # never a user name
    assert names and all(FOLDER_PATTERN.fullmatch(name) for name in names), names
    async with await connect(server, keys["bob"], username="alice") as conn:
        screen = await Screen().open(conn, "gemstone4")
        await screen.wait_for(r"Input · Stance")
        screen.send("\x0f")
        await screen.wait_for(r"Open preset")
        await screen.wait_for(r"Example 1")  # the list is drawn: the bundled ones are there
        assert "Alice secret" not in screen.text()
        screen.process.close()


async def test_a_clean_quit_leaves_nothing_running(server, keys):
    fingerprint = keys["alice"].get_fingerprint("sha256")
    before = len(server.events())
    async with await connect(server, keys["alice"]) as conn:
        screen = await Screen().open(conn, "rise")
        await screen.wait_for(r"Rise")
        pid = started_pid(server, fingerprint, before)
        screen.send("\x11")  # ctrl+q, no unsaved edits: the app ends
        status = await screen.ended()
        after = bytes(screen.output).rpartition(b"\x1b[?1049l")[2]  # printed after the screen
        assert status == 0, (status, bytes(screen.stderr), after[-2000:], server.lines[-4:])
    await wait_gone(pid)
    end = server.wait_event(lambda e: e.get("state") == "end" and e["pid"] == pid, "the end")
    assert end["how"] == "quit" and end["status"] == 0


async def test_a_dropped_connection_leaves_nothing_running_and_the_edits_come_back(server,
                                                                                 keys):
    fingerprint = keys["dave"].get_fingerprint("sha256")
    before = len(server.events())
    conn = await connect(server, keys["dave"])
    screen = await Screen().open(conn, "gemstone4")
    await to_dodge_ranks(screen)
    pid = started_pid(server, fingerprint, before)
    screen.send("73")
    await screen.wait_for(TYPED)
    conn.abort()  # the connection is gone, no goodbye
    await wait_gone(pid)
    end = server.wait_event(lambda e: e.get("state") == "end" and e["pid"] == pid, "the end")
    assert end["how"] == "dropped" and end["status"] == 129  # 128 + SIGHUP: it saved and left
    assert not running(pid)
    async with await connect(server, keys["dave"]) as conn:
        screen = await Screen().open(conn, "gemstone4")
        await screen.wait_for(r"Restore unsaved edits\?")
        screen.send("\r")
        await screen.wait_for(TYPED)
        assert re.search(r"Dodge ranks +73 ", screen.text())
        screen.process.close()
