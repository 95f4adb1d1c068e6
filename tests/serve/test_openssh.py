"""The same server through OpenSSH's own client, as players will mostly connect: ``ssh -t``
opens the app (read from a real pty at 80x24), ``ssh -T`` is told what to do, ``ssh -W`` (a
forwarded connection) is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import openssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "terminal"))

from pty_app import Folders, PtyWorksheet, to_character  # noqa: E402

SSH = openssh()
pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client here")


def ssh_argv(server, key_file: Path, *args: str) -> list[str]:
    return [SSH, "-F", "/dev/null", "-p", str(server.port), "-i", str(key_file),
            "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            *args]


def test_ssh_t_opens_the_app_and_keys_echo(server, keys, tmp_path):
    argv = ssh_argv(server, keys["files"]["bob"], "-t", "127.0.0.1", "gemstone4")
    with PtyWorksheet(Folders(tmp_path / "client"), argv=argv) as app:
        to_character(app, "gemstone4")  # Dodge ranks, past Stance and Encumbrance
        app.press("7", "3")
        app.wait_for(r"Evade DS vs melee 54 .*Evade DS vs ranged 81")
        app.resize(90, 24)  # the client sends a window change
        app.wait_until(lambda: len(app.screen.display[1].rstrip()) == 90, "a 90-column frame")


def test_ssh_without_a_terminal_is_told_to_use_ssh_t(server, keys):
    result = subprocess.run(ssh_argv(server, keys["files"]["alice"], "-T", "127.0.0.1"),
                            capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    result.stderr = result.stderr.decode()
    assert result.stderr == "worksheet: this server needs a terminal — connect with ssh -t\n"
    assert result.returncode == 1 and result.stdout == b""


def test_ssh_w_forwarding_is_refused(server, keys):
    result = subprocess.run(ssh_argv(server, keys["files"]["alice"], "-W",
                                     f"127.0.0.1:{server.port}", "127.0.0.1"),
                            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert result.returncode == 255 and result.stderr == "stdio forwarding failed\n"
