"""``worksheet serve``: offer the worksheet over SSH (``docs/serve.md``).

Checks its arguments (exit status 2 with a line naming the option, the value and what is
allowed), then runs :func:`worksheet.serve.server.serve`. ``asyncssh`` is imported only here,
when the command runs: it comes with the ``serve`` extra.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from worksheet.cli.common import EXIT_BAD_INPUT, Parser, UsageError
from worksheet.engine.quote import quote

PROG = "worksheet serve"


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="Offer the worksheet over SSH: each player with an "
                    "authorized key gets the app, nothing else, with presets of their own.")
    parser.add_argument("--authorized-keys", metavar="FILE", required=True, type=Path,
                        help="the players' public keys, OpenSSH format; re-read at every login")
    parser.add_argument("--host", default="127.0.0.1", metavar="ADDR",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 or :: for all)")
    parser.add_argument("--port", default="2222", metavar="N", help="default 2222")
    parser.add_argument("--host-key", metavar="FILE", type=Path,
                        help="the server's key, created (ed25519, mode 0600) if missing")
    parser.add_argument("--data", metavar="DIR", type=Path,
                        help="where the players' folders live (under users/)")
    parser.add_argument("--shared", metavar="DIR", type=Path, help="the party's group folder")
    parser.add_argument("--max-sessions", default="50", metavar="N",
                        help="sessions at once, all players together (default 50)")
    parser.add_argument("--max-per-key", default="3", metavar="N",
                        help="sessions at once per key (default 3)")
    parser.add_argument("--idle-timeout", default="14400", metavar="SECONDS",
                        help="close a session with no input for this long (default 14400)")
    return parser


def _whole(option: str, text: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise UsageError(f"{option} {quote(text)}: a whole number from {low} to {high} "
                         "is allowed", PROG)
    return value


def run_serve(argv: Sequence[str]) -> int:
    """Check the arguments and run the server until SIGINT or SIGTERM."""
    args = _parser().parse_args(argv)
    port = _whole("--port", args.port, 0, 65535)
    total = _whole("--max-sessions", args.max_sessions, 1, 10000)
    per_key = _whole("--max-per-key", args.max_per_key, 1, 10000)
    idle = _whole("--idle-timeout", args.idle_timeout, 1, 10 ** 7)
    try:
        import asyncssh  # noqa: F401 — the serve extra
    except ImportError:
        print(f"{PROG}: needs the serve extra: pip install 'worksheet[serve]'", file=sys.stderr)
        return EXIT_BAD_INPUT
    from worksheet.serve.authorized import readable
    from worksheet.serve.config import HostKeyError, ServeConfig

    why = readable(args.authorized_keys)
    if why:
        raise UsageError(f"--authorized-keys {quote(str(args.authorized_keys))} {why}", PROG)
    if args.shared is not None and not args.shared.is_dir():
        raise UsageError(f"--shared {quote(str(args.shared))} is not a folder", PROG)
    config = ServeConfig(args.authorized_keys.absolute(), host=args.host, port=port,
                         max_sessions=total, max_per_key=per_key, idle_timeout=idle,
                         shared=args.shared.absolute() if args.shared else None)
    if args.host_key is not None:
        config.host_key = args.host_key
    if args.data is not None:
        config.data = args.data.absolute()
    import asyncio

    from worksheet.serve.server import serve

    try:
        return asyncio.run(serve(config))
    except HostKeyError as error:
        raise UsageError(f"--host-key {error}", PROG) from None
    except OSError as error:  # the address is taken, or not ours to listen on
        raise UsageError(f"cannot listen on {config.host}:{config.port} "
                         f"({error.strerror or error})", PROG) from None
