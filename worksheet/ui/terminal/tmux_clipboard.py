"""Where a copy went, as far as the app can know: what tmux does with it, asked of tmux itself.

The copy toast must not say "Copied" when the app cannot know it was. The app sees neither the
player's terminal nor its clipboard; the one thing it can find out is what tmux, when the app
runs inside it, does with the OSC 52 sequence (``clipboard.for_terminal``):

* ``set-clipboard on``: tmux takes the text into a paste buffer and passes it on to the
  terminal outside — copied, as far as tmux goes.
* ``external`` (tmux's default) or ``off``: tmux drops the plain sequence. The copy in a DCS
  passthrough goes on to the terminal only when ``allow-passthrough`` is on (tmux 3.3 or
  newer); otherwise nothing was copied, and the player must be told how to turn it on.

Asked of the tmux server the app runs in (the socket in ``$TMUX``, the pane in
``$TMUX_PANE``) with a timeout, in a thread, so a hung or missing tmux never holds a key. It
is asked at every copy, not once per run: the toast tells the player to change the option,
and one kept answer would then word the next copy wrongly, either way (a tmux client answers
in milliseconds, and the player copies a few times a round at most). Outside tmux nothing is
asked: GNU screen and the terminal give no answer to read.
"""

from __future__ import annotations

import os
import subprocess
import threading
from concurrent.futures import Future
from typing import Literal, Mapping, NamedTuple

TIMEOUT = 2.0
"""Seconds tmux may take to answer before the app gives up on knowing (a tmux client answers
in milliseconds; a loaded machine may take longer to start one)."""

FORMAT = "#{set-clipboard}|#{allow-passthrough}"
"""What is asked: both options as the app's pane sees them (a pane may set its own)."""

Reach = Literal["tmux copied", "tmux drops", "tmux passes", "tmux unknown", "screen",
                "terminal"]
"""Where a copy went: into tmux's buffer; dropped by tmux; passed through tmux to the terminal;
into tmux, which did not answer; through GNU screen; straight to the terminal."""


class TmuxOptions(NamedTuple):
    """tmux's answer: what it does with an application's OSC 52."""

    set_clipboard: str
    """``on``, ``external`` or ``off``."""
    passthrough: bool
    """``allow-passthrough`` is on (``on`` or ``all``; tmux before 3.3 has no such option)."""


def socket_of(environ: Mapping[str, str]) -> str | None:
    """The tmux server's socket from ``$TMUX`` (``path,pid,session``), or ``None``."""
    value = environ.get("TMUX", "")
    path = value.rsplit(",", 2)[0] if value.count(",") >= 2 else value
    return path or None


def ask_tmux(environ: Mapping[str, str], timeout: float = TIMEOUT,
             program: str = "tmux") -> TmuxOptions | None:
    """Ask the tmux server the app runs in for its clipboard options.

    Returns ``None`` when the app cannot know: no ``$TMUX``, no ``tmux`` program, no server
    on the socket, no answer within ``timeout`` seconds, or an answer it does not read.
    """
    socket = socket_of(environ)
    if socket is None:
        return None
    argv = [program, "-S", socket, "display-message", "-p"]
    if environ.get("TMUX_PANE"):
        argv += ["-t", environ["TMUX_PANE"]]
    try:
        done = subprocess.run([*argv, FORMAT], stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=timeout)
    except (OSError, subprocess.SubprocessError):
        return None
    value, _, passthrough = done.stdout.strip().partition("|")
    if done.returncode != 0 or value not in ("on", "external", "off"):
        return None
    return TmuxOptions(value, passthrough in ("1", "on", "all"))


def reach(kind: str | None, options: TmuxOptions | None) -> Reach:
    """Where a copy went, from the multiplexer (``clipboard.multiplexer``) and tmux's answer
    (``None``: not asked, or no answer)."""
    if kind == "screen":
        return "screen"
    if kind != "tmux":
        return "terminal"
    if options is None:
        return "tmux unknown"
    if options.set_clipboard == "on":
        return "tmux copied"
    return "tmux passes" if options.passthrough else "tmux drops"


class TmuxAsker:
    """Asks tmux in a thread, one question at a time: copies made while one is out share it.

    Args:
        environ: the environment the app runs in (``$TMUX``, ``$TMUX_PANE``).
        timeout: seconds tmux may take (see :data:`TIMEOUT`).
    """

    def __init__(self, environ: Mapping[str, str] = os.environ, timeout: float = TIMEOUT):
        self.environ = environ
        self.timeout = timeout
        self._future: Future[TmuxOptions | None] | None = None
        self._lock = threading.Lock()

    def ask(self) -> Future[TmuxOptions | None]:
        """The answer, soon: the question out already, else a new one."""
        with self._lock:
            future = self._future
            if future is not None and not future.done():
                return future
            future = self._future = Future()
        threading.Thread(target=self._run, args=(future,), name="tmux-options",
                         daemon=True).start()
        return future

    def _run(self, future: Future[TmuxOptions | None]) -> None:
        future.set_result(ask_tmux(self.environ, self.timeout))

