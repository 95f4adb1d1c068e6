"""The operator's side: the host key made once (ed25519, 0600) and its fingerprint printed, a
clean stop on SIGTERM that ends every session as a dropped connection would, a server process
that never imports Textual, and arguments checked before anything listens."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys

import asyncssh
import pytest

from ssh_screen import Screen, Server, connect, to_dodge_ranks, wait_gone
from worksheet import cli


async def test_a_stop_ends_every_session_and_the_server_never_imports_textual(tmp_path, keys):
    running = Server(tmp_path / "server", [keys["alice"]],
                     python_options=("-X", "importtime"))
    try:
        key = asyncssh.read_private_key(running.host_key)
        assert key.get_algorithm() == "ssh-ed25519"
        assert running.fingerprint == key.get_fingerprint("sha256")
        assert stat.S_IMODE(running.host_key.stat().st_mode) == 0o600
        conn = await connect(running, keys["alice"])
        screen = await Screen().open(conn, "gemstone4")
        await to_dodge_ranks(screen)
        screen.send("73")
        await screen.wait_for(r"Evade DS vs melee 54")
        pid = running.wait_event(lambda e: e.get("state") == "start", "the start")["pid"]
        running.process.send_signal(signal.SIGTERM)
        await screen.ended()
        assert running.stop() == 0
        await wait_gone(pid)
    finally:
        running.stop()
    assert b"the server is stopping; your unsaved edits are kept" in bytes(screen.stderr)
    ended = running.wait_event(lambda e: e.get("state") == "end", "the session end")
    assert ended["how"] == "stopped" and ended["status"] == 129
    assert running.events()[-1]["event"] == "stopped"
    imported = [line.split("|")[-1].strip() for line in running.lines
                if line.startswith("import time:")]
    assert "asyncssh" in imported and "worksheet.serve.server" in imported
    assert not [name for name in imported if name.split(".")[0] in ("textual", "rich")]
    restarted = Server(tmp_path / "server", [keys["alice"]])  # the same key, not a new one
    assert restarted.stop() == 0 and restarted.fingerprint == running.fingerprint


def test_sigint_stops_it_cleanly_too(tmp_path, keys):
    running = Server(tmp_path / "server", [keys["alice"]])
    running.process.send_signal(signal.SIGINT)
    assert running.stop() == 0
    assert [event["event"] for event in running.events()][-1] == "stopped"


def test_signals_that_keep_coming_while_it_stops_still_end_it_with_0(tmp_path, keys):
    """A Ctrl+C, then an init system's SIGTERMs until it is gone: the stop under way ends
    cleanly (the handlers went back to the default as the stop finished, and a SIGTERM in
    that window killed it with -15: the suite under load)."""
    running = Server(tmp_path / "server", [keys["alice"]])
    running.process.send_signal(signal.SIGINT)
    sent = 0
    while True:
        try:
            status = running.process.wait(timeout=0.002)
            break
        except subprocess.TimeoutExpired:
            running.process.send_signal(signal.SIGTERM)
            sent += 1
    assert status == 0, f"status {status} after {sent} SIGTERMs"
    assert [event["event"] for event in running.events()][-1] == "stopped"
    running.stop()


def test_a_host_key_others_can_read_is_refused(tmp_path, keys, capsys):
    host_key = tmp_path / "host_key"
    asyncssh.generate_private_key("ssh-ed25519").write_private_key(host_key)
    os.chmod(host_key, 0o644)
    (tmp_path / "keys").write_text("")
    status = cli.main(["serve", "--authorized-keys", str(tmp_path / "keys"), "--port", "0",
                       "--host-key", str(host_key), "--data", str(tmp_path / "data")])
    assert status == 2
    assert re.fullmatch(r"worksheet serve: --host-key .*host_key can be read by other "
                        r"accounts \(mode 0644\); chmod 600 it\n", capsys.readouterr().err)


@pytest.mark.parametrize("arguments, said", [
    (["--port", "70000"], "--port '70000': a whole number from 0 to 65535 is allowed"),
    (["--max-per-key", "0"], "--max-per-key '0': a whole number from 1 to 10000 is allowed"),
    (["--idle-timeout", "soon"], "--idle-timeout 'soon': a whole number from 1 to"),
    (["--shared", "/no/such/folder"], "--shared '/no/such/folder' is not a folder"),
])
def test_bad_arguments_are_refused_naming_the_option(tmp_path, capsys, arguments, said):
    (tmp_path / "keys").write_text("")
    status = cli.main(["serve", "--authorized-keys", str(tmp_path / "keys"),
                       "--data", str(tmp_path / "data"), *arguments])
    error = capsys.readouterr().err
    assert status == 2 and error.startswith(f"worksheet serve: {said}"), error
    assert not (tmp_path / "data").exists()


def test_a_missing_key_file_is_refused(tmp_path, capsys):
    status = cli.main(["serve", "--authorized-keys", str(tmp_path / "none")])
    assert status == 2
    assert capsys.readouterr().err == (f"worksheet serve: --authorized-keys "
                                       f"'{tmp_path / 'none'}' is not a file\n")


def test_the_command_is_listed_in_help():
    result = subprocess.run([sys.executable, "-m", "worksheet", "serve", "--help"],
                            capture_output=True, text=True, check=True)
    assert "--authorized-keys FILE" in result.stdout and "--max-per-key" in result.stdout
