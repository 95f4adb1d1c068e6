"""Fixtures of the SSH tests: players' keys and one ``worksheet serve`` per module (a test
that changes the server — its limits, its key file — starts its own)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

if not sys.platform.startswith("linux") or importlib.util.find_spec("asyncssh") is None:
    # The tests read /proc, and need the serve extra (the test extra includes it; a venv made
    # before it was added has not got it): without them, this folder is not collected.
    collect_ignore_glob = ["test_*.py"]
else:
    from ssh_screen import Server, new_key


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    """Players' keys: all authorized on the module's server but ``mallory``. A test that
    leaves unsaved edits behind uses a key of its own (``carol``, ``dave``): the next login
    with that key is offered them."""
    folder = tmp_path_factory.mktemp("keys")
    return {name: new_key(folder, name)[0] for name in NAMES} | {
        "files": {name: folder / name for name in NAMES}}


NAMES = ("alice", "bob", "carol", "dave", "erin", "mallory")


@pytest.fixture(scope="module")
def server(tmp_path_factory, keys):
    """One server for the module: every key but mallory's authorized, a group folder."""
    running = Server(tmp_path_factory.mktemp("server"),
                     [keys[name] for name in NAMES if name != "mallory"])
    yield running
    running.stop()


@pytest.fixture
def start_server(tmp_path):
    """Start a server of the test's own: ``start_server([keys…], "--max-per-key", "1")``."""
    started: list[Server] = []

    def start(authorized, *options, **kwargs) -> Server:
        running = Server(tmp_path / f"server{len(started)}", authorized, *options, **kwargs)
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()


def openssh() -> str | None:
    """OpenSSH's client, where the machine has it."""
    return shutil.which("ssh")
