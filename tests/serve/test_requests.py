"""What a session may ask for: a terminal with the app, or the app on one ruleset's tab.
Everything else is refused, with one line the player reads where a line can be written."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from ssh_screen import DEADLINE, Screen, connect

IDS = "exalted2e, gemstone4, rise, shadowrun4, vtm-revised"


async def test_a_session_without_a_terminal_is_told_to_use_ssh_t(server, keys):
    async with await connect(server, keys["alice"]) as conn:
        screen = await Screen().open(conn, term=None)
        status = await screen.ended()
    assert bytes(screen.stderr).decode() == ("worksheet: this server needs a terminal — "
                                             "connect with ssh -t\n")  # no terminal: no \r
    assert status == 1 and not screen.output  # no app was started
    assert server.wait_event(lambda e: e.get("reason") == "no-terminal", "the refusal")


@pytest.mark.parametrize("command", ["ls -la", "scp -t /tmp", "gemstone4; sh",
                                     "worksheet serve", "sftp-server"])
async def test_a_command_that_is_not_a_ruleset_id_is_refused_naming_the_ids(server, keys,
                                                                            command):
    async with await connect(server, keys["alice"]) as conn:
        screen = await Screen().open(conn, command)
        status = await screen.ended()
    line = bytes(screen.stderr).decode()
    assert line.startswith("worksheet: this server opens only the worksheet; ")
    assert line.endswith(f"is not one of its rulesets: {IDS}\r\n") and line.count("\n") == 1
    assert status == 2 and not screen.output


@pytest.mark.parametrize("subsystem", ["sftp", "netconf"])
async def test_subsystems_are_refused(server, keys, subsystem):
    async with await connect(server, keys["alice"]) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(subsystem=subsystem, encoding=None)
    assert server.wait_event(lambda e: e.get("subsystem") == subsystem, "the refusal")


async def test_sftp_is_refused(server, keys):
    async with await connect(server, keys["alice"]) as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await asyncio.wait_for(conn.start_sftp_client(), DEADLINE)


async def test_port_forwarding_either_way_is_refused(server, keys):
    async with await connect(server, keys["alice"]) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):  # ssh -L: the server connects out
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):  # ssh -R: the server listens
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        with pytest.raises(asyncssh.ChannelOpenError):  # a Unix socket on the server
            await conn.open_unix_connection("/run/dbus/system_bus_socket")


async def test_x11_forwarding_is_refused(server, keys):
    async with await connect(server, keys["alice"]) as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="X11"):
            await conn.create_process(encoding=None, term_type="xterm", x11_forwarding=True,
                                      x11_display="127.0.0.1:0")


async def test_agent_forwarding_is_refused(server, keys, tmp_path):
    """The client asks for its agent (no reply is expected, so the client cannot tell): the
    server never makes the agent socket asyncssh would make in its TMPDIR, and the app's
    environment names none."""
    from worksheet.serve.server import connection_options
    from worksheet.serve.config import ServeConfig

    assert connection_options(ServeConfig(tmp_path), None)["agent_forwarding"] is False
    async with await connect(server, keys["alice"], agent_forwarding=True,
                             agent_path=str(tmp_path / "agent")) as conn:
        screen = await Screen().open(conn)
        await screen.wait_for(r"Exalted 2e")
        assert not list(server.tmp.glob("asyncssh-*"))
        pid = server.wait_event(lambda e: e.get("state") == "start", "the session")["pid"]
        environ = open(f"/proc/{pid}/environ", "rb").read()
        assert b"SSH_AUTH_SOCK" not in environ
        screen.process.close()
