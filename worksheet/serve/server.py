"""The listener: authentication by key alone, one :class:`~.session.PlayerSession` per channel,
and a clean stop.

asyncssh's defaults are narrowed to what the worksheet needs: public keys only (no password,
no keyboard-interactive, no host-based, no GSS), no agent or X11 forwarding, no port or socket
forwarding (the :class:`asyncssh.SSHServer` defaults refuse those), no SFTP or SCP, no line
editor (the bytes go to the app as typed), a 30 s login timeout and a keepalive.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from typing import Any, TextIO

import asyncssh

from worksheet.serve.authorized import AuthorizedKeys
from worksheet.serve.config import KEEPALIVE_COUNT, ServeConfig, load_host_key
from worksheet.serve.events import EventLog, chosen
from worksheet.serve.limits import Limits, StartQueue
from worksheet.serve.session import Hub, Player, PlayerSession

SERVER_VERSION = "worksheet"
"""What the server calls itself in the SSH greeting (not asyncssh's version)."""


def connection_options(config: ServeConfig, host_key) -> dict[str, Any]:
    """The asyncssh options of every connection (a test reads them)."""
    return dict(server_host_keys=[host_key], server_version=SERVER_VERSION,
                public_key_auth=True, password_auth=False, kbdint_auth=False,
                host_based_auth=False, gss_host=None, allow_pty=True, line_editor=False,
                agent_forwarding=False, x11_forwarding=False, allow_scp=False,
                sftp_factory=None, encoding=None,
                login_timeout=config.login_timeout,
                keepalive_interval=config.keepalive_interval,
                keepalive_count_max=KEEPALIVE_COUNT)


class PlayerServer(asyncssh.SSHServer):
    """One connection: who it is, and its session channels."""

    def __init__(self, hub: Hub, keys: AuthorizedKeys):
        self.hub, self.keys = hub, keys
        self.conn: Any = None
        self.peer = "?"
        self.user = ""
        self.fingerprint: str | None = None
        self._refused: set[str] = set()

    def connection_made(self, conn) -> None:
        self.conn = conn
        self.hub.connections.add(conn)
        address = conn.get_extra_info("peername") or ("?", 0)
        self.peer = f"{address[0]}:{address[1]}"
        self.hub.log("connect", peer=self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.hub.connections.discard(self.conn)
        self.hub.log("disconnect", peer=self.peer, fingerprint=self.fingerprint,
                     why=chosen(str(exc)) if exc else None)

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return True  # always authenticate: there is no anonymous access

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        if self.keys.allows(key):  # the file read again: a removed key is out at once
            self.fingerprint = fingerprint
            return True
        if fingerprint not in self._refused:  # a client offers each key twice at most
            self._refused.add(fingerprint)
            self.hub.log("auth", result="refused", fingerprint=fingerprint,
                         user=chosen(username), peer=self.peer)
        return False

    def validate_ca_key(self, username: str, key) -> bool:
        return False  # certificates are not players

    def auth_completed(self) -> None:
        self.hub.log("auth", result="accepted", fingerprint=self.fingerprint,
                     user=chosen(self.user), peer=self.peer)

    def session_requested(self) -> PlayerSession | bool:
        if self.fingerprint is None:
            return False
        return PlayerSession(self.hub, Player(self.fingerprint, self.user, self.peer),
                             self.conn)


async def serve(config: ServeConfig, ready: TextIO | None = None,
                log: EventLog | None = None, stop: asyncio.Event | None = None) -> int:
    """Run the server until SIGINT or SIGTERM (or ``stop`` is set); the exit status (0)."""
    log = log or EventLog()
    host_key, created = load_host_key(config.host_key)
    fingerprint = host_key.get_fingerprint("sha256")
    if created:
        log("host-key", state="created", path=str(config.host_key), fingerprint=fingerprint)
    hub = Hub(config, log, Limits(config.max_sessions, config.max_per_key),
              StartQueue(config.startups))
    keys = AuthorizedKeys(config.authorized_keys, lambda number, why: log(
        "refused", reason="authorized-keys line", line=number, why=why,
        path=str(config.authorized_keys)))
    keys.current()  # its problems logged at start, not at the first login
    acceptor = await asyncssh.listen(config.host, config.port,
                                     server_factory=lambda: PlayerServer(hub, keys),
                                     **connection_options(config, host_key))
    port = acceptor.get_port()
    owns_signals = stop is None  # the command's own process, not a caller's event loop
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    host = f"[{config.host}]" if ":" in config.host else config.host
    log("listening", address=f"{host}:{port}", fingerprint=fingerprint)
    print(f"worksheet serve: listening on {host}:{port}, host key {fingerprint}",
          file=ready or sys.stdout, flush=True)
    try:
        await stop.wait()
    finally:  # a second signal while stopping changes nothing: the stop is under way
        acceptor.close()
        await stop_sessions(hub)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(acceptor.wait_closed(), 5)
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
            if owns_signals:  # ignored, not the default, until the process ends: a SIGTERM
                # after a SIGINT (an init system's stop after a Ctrl+C) killed it with -15
                signal.signal(signum, signal.SIG_IGN)
        log("stopped")
    return 0


async def stop_sessions(hub: Hub) -> None:
    """End every session as a dropped connection would, and wait until no process is left
    (SIGKILL comes :attr:`~.config.ServeConfig.hangup_grace` seconds after SIGHUP)."""
    for session in list(hub.sessions):
        session.end("stopped", "worksheet: the server is stopping; your unsaved edits are "
                    "kept — connect again later to get them back")
    if hub.children:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(hub.gone.wait(), hub.config.hangup_grace + 5)
    for conn in list(hub.connections):
        conn.close()
