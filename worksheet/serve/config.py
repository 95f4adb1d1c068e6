"""The server's settings, their defaults, and its host key.

Defaults follow the XDG folders of the account the server runs as: the host key in
``$XDG_STATE_HOME/worksheet/serve/`` (it is state: made once, kept), the players' folders in
``$XDG_DATA_HOME/worksheet/serve/users/``.
"""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

from worksheet.recovery import state_dir

LOGIN_TIMEOUT = 30
"""Seconds from connecting to being authenticated."""

KEEPALIVE_INTERVAL = 30
"""Seconds of silence from the client before the server asks whether it is still there."""

KEEPALIVE_COUNT = 3
"""Unanswered keepalives that end a connection."""

HANGUP_GRACE = 5.0
"""Seconds between SIGHUP and SIGKILL for a session whose connection ended."""


def data_dir() -> Path:
    """The default ``--data``: ``$XDG_DATA_HOME/worksheet/serve``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(base) / "worksheet" / "serve"


def host_key_path() -> Path:
    """The default ``--host-key``: ``$XDG_STATE_HOME/worksheet/serve/ssh_host_ed25519_key``."""
    return state_dir() / "serve" / "ssh_host_ed25519_key"


def session_argv(ruleset: str | None) -> list[str]:
    """The command of one session: this Python, isolated (``-I``: no ``PYTHON*`` variables,
    nothing imported from the player's folder), running the worksheet app."""
    return [sys.executable, "-I", "-m", "worksheet", *([ruleset] if ruleset else [])]


@dataclass
class ServeConfig:
    """Everything ``worksheet serve`` was told (see ``docs/serve.md``)."""

    authorized_keys: Path
    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path = field(default_factory=host_key_path)
    data: Path = field(default_factory=data_dir)
    shared: Path | None = None
    max_sessions: int = 50
    max_per_key: int = 3
    idle_timeout: float = 14400
    hangup_grace: float = HANGUP_GRACE
    login_timeout: float = LOGIN_TIMEOUT
    keepalive_interval: float = KEEPALIVE_INTERVAL
    startups: int = field(default_factory=lambda: max(2, os.cpu_count() or 2))
    """Sessions starting at once; the others wait their turn (a start is mostly CPU)."""
    argv: object = session_argv
    """``argv(ruleset) -> list[str]``: the command of one session (a test may swap it)."""


class HostKeyError(Exception):
    """The host key file exists but cannot be used (its words name the file and why)."""


def load_host_key(path: Path):
    """The server's host key: read, or created (ed25519, mode 0600) when the file is missing.

    Returns:
        ``(key, created)``.

    Raises:
        HostKeyError: the file is readable by others, or is not a private key.
    """
    import asyncssh

    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        key = asyncssh.generate_private_key("ssh-ed25519", comment="worksheet serve")
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(handle, "wb") as stream:
            stream.write(key.export_private_key())
        return key, True
    if stat.S_IMODE(info.st_mode) & 0o077:
        raise HostKeyError(f"{path} can be read by other accounts "
                           f"(mode {stat.S_IMODE(info.st_mode):04o}); chmod 600 it")
    try:
        return asyncssh.read_private_key(path), False
    except (asyncssh.KeyImportError, OSError, ValueError) as error:
        raise HostKeyError(f"{path} is not a usable private key ({error})") from None
