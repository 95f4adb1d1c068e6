"""The server's parts on their own, without a connection: a player's folder from a
fingerprint, the key file's parser (fuzzed), the caps, the connection options, the log."""

from __future__ import annotations

import io
import json
import os

import asyncssh
import pytest
from hypothesis import given, settings, strategies as st

from ssh_screen import key_line
from worksheet.serve.authorized import AuthorizedKeys, parse
from worksheet.serve.config import ServeConfig
from worksheet.serve.events import EventLog
from worksheet.serve.identity import FOLDER_PATTERN, PlayerFolder, child_environment, folder_name
from worksheet.serve.limits import Limits
from worksheet.serve.server import connection_options


def test_a_fingerprint_names_a_folder_and_nothing_else_does(keys):
    fingerprint = keys["alice"].get_fingerprint("sha256")
    name = folder_name(fingerprint)
    assert FOLDER_PATTERN.fullmatch(name)
    assert name == fingerprint[7:].replace("+", "-").replace("/", "_")
    assert folder_name("SHA256:ab+/" + "c" * 39) == "ab-_" + "c" * 39
    for other in ("../../etc", "SHA256:../../../../etc/passwd", "alice",
                  "MD5:" + fingerprint[7:], "SHA256:" + "a" * 42 + "/..", ""):
        with pytest.raises(ValueError):
            folder_name(other)


def test_a_planted_link_in_place_of_a_players_folder_is_refused(tmp_path, keys):
    fingerprint = keys["alice"].get_fingerprint("sha256")
    users = tmp_path / "data" / "users"
    users.mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (users / folder_name(fingerprint)).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OSError):
        PlayerFolder(tmp_path / "data", fingerprint).create()
    assert not list((tmp_path / "elsewhere").iterdir())


def test_a_players_folders_are_private_even_under_a_loose_umask(tmp_path, keys):
    previous = os.umask(0o000)
    try:
        folder = PlayerFolder(tmp_path, keys["bob"].get_fingerprint("sha256")).create()
    finally:
        os.umask(previous)
    for path in (folder.home.parent, folder.home, *folder.xdg.values()):
        assert oct(path.stat().st_mode & 0o777) == "0o700", path


def test_the_key_file_keeps_plain_keys_and_refuses_lines_with_options(keys):
    text = (f"# the party\n\n{key_line(keys['alice'])}\n"
            f"restrict,pty {key_line(keys['bob'])}\n"
            f"from=\"10.0.0.1\" {key_line(keys['carol'])}\n"
            f"ssh-ed25519\nssh-ed25519 AAAAnotakey\n  {key_line(keys['dave'])}  \n")
    found = parse(text)
    assert found.keys == {keys["alice"].public_data, keys["dave"].public_data}
    assert [number for number, _ in found.problems] == [4, 5, 6, 7]
    assert "options" in found.problems[0][1] and "options" in found.problems[1][1]


def test_a_refused_line_is_reported_once_per_content_of_the_file(tmp_path, keys):
    path = tmp_path / "keys"
    path.write_text(f"restrict {key_line(keys['alice'])}\n")
    reported = []
    authorized = AuthorizedKeys(path, lambda number, why: reported.append(number))
    for _ in range(3):
        assert not authorized.allows(keys["alice"])
    assert reported == [1]
    path.write_text(key_line(keys["alice"]) + "\n")
    assert authorized.allows(keys["alice"]) and reported == [1]
    path.unlink()
    assert not authorized.allows(keys["alice"])  # an unreadable file lets nobody in


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("ssh-ed25519 AAAAC3Nz\"=,#\n\t\x00é"), max_size=200))
def test_any_text_parses_without_an_exception(text):
    found = parse(text)
    assert all(isinstance(data, bytes) for data in found.keys)
    assert all(number >= 1 for number, _ in found.problems)


def test_caps_count_per_key_and_in_total():
    limits = Limits(total=3, per_key=2)
    assert limits.take("a") is None and limits.take("a") is None
    assert limits.take("a")[0] == "per-key"
    assert limits.take("b") is None
    assert limits.take("c")[0] == "full" and limits.in_use == 3
    limits.give_back("a")
    assert limits.take("c") is None and limits.in_use == 3


def test_the_connection_options_leave_only_public_keys_and_a_terminal(tmp_path):
    options = connection_options(ServeConfig(tmp_path), None)
    assert options["password_auth"] is options["kbdint_auth"] is False
    assert options["host_based_auth"] is False and options["gss_host"] is None
    assert options["agent_forwarding"] is options["x11_forwarding"] is False
    assert options["allow_scp"] is False and options["sftp_factory"] is None
    assert options["line_editor"] is False and options["encoding"] is None
    assert (options["login_timeout"], options["keepalive_interval"],
            options["keepalive_count_max"]) == (30, 30, 3)
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    asyncssh.SSHServerConnectionOptions(**{**options, "server_host_keys": [host_key]})  # known


def test_the_log_escapes_what_a_client_chose():
    stream = io.StringIO()
    EventLog(stream)("refused", command="\x1b]0;x\x07" + "y" * 500, user="é\n")
    line = stream.getvalue()
    assert line.count("\n") == 1 and line.isascii() and "\x1b" not in line
    record = json.loads(line)
    assert record["event"] == "refused" and record["user"] == "é\n"


@pytest.mark.parametrize("term, kept", [
    ("screen.xterm-256color", True), ("rxvt-unicode+x", True), ("a" * 64, True),
    ("a" * 65, False), ("xterm 256", False), ("xterm\x1b[31m", False), ("", False),
    ("../../bin/sh", False), ("xterm-ü", False)])
def test_term_is_kept_only_when_it_looks_like_a_terminal_name(tmp_path, keys, term, kept):
    folder = PlayerFolder(tmp_path, keys["alice"].get_fingerprint("sha256"))
    env = child_environment(folder, term, {"COLORTERM": term, "NO_COLOR": ""}, None)
    assert env["TERM"] == (term if kept else "xterm-256color")
    assert env.get("COLORTERM") == (term if kept else None)
    assert "NO_COLOR" not in env and "WORKSHEET_SHARED_PRESETS" not in env
