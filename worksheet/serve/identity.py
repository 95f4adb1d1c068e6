"""Who a player is and what their session sees: their key's folder and the child's environment.

A player is their key's SHA256 fingerprint, nothing else: the SSH user name and the key's
comment are chosen by the client or the key's owner, so neither ever names a folder. The
folder name is the fingerprint in URL-safe base64 without padding (43 characters of
``[A-Za-z0-9_-]``): no ``/``, no ``..``, no way out of ``DATA/users/``.

The child's environment is built here from nothing: what the server decides, and from the
client only ``TERM`` (checked), ``COLORTERM`` and ``NO_COLOR``.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path
from typing import Mapping

TERM_PATTERN = re.compile(r"[A-Za-z0-9._+-]{1,64}")
"""A TERM value kept as the client sent it; anything else becomes :data:`DEFAULT_TERM`."""

DEFAULT_TERM = "xterm-256color"

FOLDER_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")
"""A player's folder name: a SHA-256 digest in URL-safe base64 without padding."""

SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"


def folder_name(fingerprint: str) -> str:
    """``SHA256:abc+/…`` (OpenSSH's form) → ``abc-_…``, the player's folder name.

    Raises:
        ValueError: not a SHA256 fingerprint (a folder is never named by anything else).
    """
    digest = fingerprint.removeprefix("SHA256:").rstrip("=")
    name = digest.replace("+", "-").replace("/", "_")
    if not fingerprint.startswith("SHA256:") or not FOLDER_PATTERN.fullmatch(name):
        raise ValueError(f"not a SHA256 key fingerprint: {fingerprint[:80]!r}")
    return name


def _private_folder(path: Path) -> Path:
    """Create ``path`` mode 0700 (or check the one there): a real folder of ours, not a link."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        raise OSError(f"{path} is not a folder of this account")
    if stat.S_IMODE(info.st_mode) != 0o700:
        os.chmod(path, 0o700)
    return path


class PlayerFolder:
    """One player's folder, ``DATA/users/<fingerprint>/``, and the XDG folders inside it.

    Attributes:
        home: the folder itself (the session's ``HOME``).
    """

    def __init__(self, data: Path, fingerprint: str):
        self.home = Path(data) / "users" / folder_name(fingerprint)

    @property
    def xdg(self) -> dict[str, Path]:
        """The session's XDG folders, all inside :attr:`home`."""
        return {"XDG_DATA_HOME": self.home / "data", "XDG_STATE_HOME": self.home / "state",
                "XDG_CONFIG_HOME": self.home / "config"}

    def create(self) -> "PlayerFolder":
        """Create the folder and its XDG folders, each mode 0700 (checked when they exist).

        Raises:
            OSError: a folder cannot be made, or something other than our folder is there.
        """
        users = self.home.parent
        users.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _private_folder(users)
        _private_folder(self.home)
        for folder in self.xdg.values():
            _private_folder(folder)
        return self


def child_environment(folder: PlayerFolder, term: str | None,
                      client: Mapping[str, str], shared: Path | None) -> dict[str, str]:
    """The session's environment, built, never inherited from the server.

    Args:
        folder: the player's folder.
        term: the terminal type the client asked for with its pseudo-terminal.
        client: the variables the client sent (``env`` requests): only ``COLORTERM`` (checked
            like TERM) and ``NO_COLOR`` (set means set) are taken.
        shared: the party's group folder, if the server has one.
    """
    here = os.path.dirname(sys.executable)
    env = {"PATH": f"{here}:{SYSTEM_PATH}" if here else SYSTEM_PATH,
           "HOME": str(folder.home), "LANG": "C.UTF-8",
           **{name: str(path) for name, path in folder.xdg.items()},
           "TERM": term if term and TERM_PATTERN.fullmatch(term) else DEFAULT_TERM}
    colorterm = client.get("COLORTERM")
    if colorterm and TERM_PATTERN.fullmatch(colorterm):
        env["COLORTERM"] = colorterm
    if client.get("NO_COLOR"):
        env["NO_COLOR"] = "1"
    if shared is not None:
        env["WORKSHEET_SHARED_PRESETS"] = str(shared)
    return env
