"""Who gets in: an authorized key and nothing else, the key file read at every login, and a
log that never writes a client's words raw."""

from __future__ import annotations

import asyncssh
import pytest

from ssh_screen import Screen, connect, key_line


async def test_an_authorized_key_gets_in_and_is_logged_by_its_fingerprint(server, keys):
    async with await connect(server, keys["alice"]) as conn:
        assert conn.get_extra_info("server_version") == "SSH-2.0-worksheet"
    accepted = server.wait_event(lambda e: e["event"] == "auth" and e["result"] == "accepted",
                                 "the accepted login")
    assert accepted["fingerprint"] == keys["alice"].get_fingerprint("sha256")


async def test_an_unknown_key_is_refused_and_logged(server, keys):
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server, keys["mallory"])
    fingerprint = keys["mallory"].get_fingerprint("sha256")
    refused = server.wait_event(lambda e: e["event"] == "auth" and e["result"] == "refused"
                                and e["fingerprint"] == fingerprint, "the refused key")
    assert refused["user"] == "player"


@pytest.mark.parametrize("method", ["password", "keyboard-interactive", "none"])
async def test_no_method_but_public_keys_is_offered(server, method):
    """A password, keyboard-interactive answers or no credentials at all: refused, and the
    server never even offers those methods."""
    options = {"password": dict(password="secret", kbdint_auth=False),
               "keyboard-interactive": dict(password="secret", kbdint_auth=True,
                                            password_auth=False),
               "none": {}}[method]
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server, None, **options)


async def test_the_key_file_is_read_again_at_each_login(start_server, keys):
    running = start_server([keys["alice"]])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(running, keys["bob"])
    running.write_keys(keys["alice"], keys["bob"])  # bob added: no restart
    async with await connect(running, keys["bob"]):
        pass
    running.write_keys(keys["bob"])  # alice removed
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(running, keys["alice"])


async def test_a_key_line_with_options_is_refused_not_half_honoured(start_server, keys):
    running = start_server([])
    running.write_keys(extra=f'command="/bin/sh",no-pty {key_line(keys["alice"])}\n'
                             f'{key_line(keys["bob"])}\n')
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(running, keys["alice"])
    async with await connect(running, keys["bob"]):
        pass
    logged = running.wait_event(lambda e: e.get("reason") == "authorized-keys line",
                                "the refused line")
    assert logged["line"] == 1 and "options" in logged["why"]


async def test_client_chosen_values_are_escaped_in_the_log(server, keys):
    user = '../../etc/"pässwd"'  # asyncssh's client sends no control character in a name
    term = "xterm\x1b[31m"
    async with await connect(server, keys["bob"], username=user) as conn:
        await (await Screen().open(conn, "ls\x1b[2J", term=term)).ended()
    refused = server.wait_event(lambda e: e["event"] == "refused" and e["reason"] == "command",
                                "the refused command")
    assert refused["command"] == "ls\x1b[2J" and refused["user"] == user
    raw = "".join(server.lines)
    assert "\x1b" not in raw and "\x07" not in raw
    assert '"../../etc/\\"p\\u00e4sswd\\""' in raw  # the name, escaped
    assert "ls\\u001b[2J" in raw
    assert all(line.endswith("\n") and "\n" not in line[:-1] for line in server.lines)
