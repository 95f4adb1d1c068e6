"""The app's end and its terminal: uncaught exceptions, the clipboard through the driver, job
control (SIGTSTP, SIGCONT).

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

import asyncio
import fcntl
import signal
import struct
import termios
import time
from typing import Any, Callable

TYPED_WHILE_STOPPED_WAIT = 0.25
"""Seconds a SIGCONT after SIGSTOP waits at most for the key reader to read what was typed
while the program was stopped, before the mode change flushes the terminal's input."""


class UncaughtExceptionHook:
    """App mixin: ``handle_uncaught(error)`` runs first for an exception no handler caught,
    and the app ends without printing Textual's traceback.

    Buys: the player's edits are kept and one clear line is printed instead of a traceback
    (with local variables) over the player's screen.
    Relies on: Textual calling ``App._handle_exception(error)`` for every such exception (it
    is still called so the app exits and Pilot tests see the exception), and on the traceback
    waiting in ``App._exit_renderables`` to be printed at exit.
    """

    def handle_uncaught(self, error: Exception) -> None:
        """Called with an exception no handler caught, before the app ends."""

    def _handle_exception(self, error: Exception) -> None:
        self.handle_uncaught(error)
        super()._handle_exception(error)  # type: ignore[misc]
        self._exit_renderables.clear()


def copy_through_driver(app: Any, text: str, sequence: str) -> None:
    """Remember ``text`` as the app's clipboard and write ``sequence`` (OSC 52, wrapped for a
    multiplexer) to the terminal.

    Buys: the copy reaches the player's clipboard through tmux or screen, which Textual's
    plain OSC 52 does not.
    Relies on: ``App._clipboard`` (what ``App.clipboard`` returns) and ``App._driver.write``,
    as ``App.copy_to_clipboard`` uses them.
    """
    app._clipboard = text
    if app._driver is not None:
        app._driver.write(sequence)

def handle_job_control(app: Any, allowed: Callable[[], bool]) -> None:
    """Run the driver's SIGTSTP and SIGCONT handling on the event loop, between two of the
    app's callbacks, and only while ``allowed()`` is true for SIGCONT; and let a SIGCONT that
    ends a stop the app did not make (SIGSTOP) restart the terminal's mode, not start it twice.

    Buys, one each:

    - Textual redraws the whole screen on SIGCONT (the end of a suspend); the kernel sends
      SIGCONT with the SIGHUP of a hang-up too, and that redraw, into a terminal that is gone,
      killed Textual's output thread and left the program blocked for ever on exit.
    - Textual's handlers ran as Python signal handlers, in the middle of whatever the app was
      doing: a frame half passed through the screen diff had its copy of the screen replaced
      under it by the mode change's writes, and the app crashed ("cannot unpack
      non-iterable NoneType object", found by stopping it with SIGSTOP mid-burst).
    - After ``kill -STOP`` and ``kill -CONT`` (no SIGTSTP first) Textual started the
      application mode a second time: a second thread reading keys, a second one writing,
      and the terminal's cooked mode forgotten for the exit. Now the mode is left and entered
      again as after a suspend (the shell may have taken the terminal meanwhile), and the
      screen is drawn whole as after a suspend. Leaving the mode flushes the terminal's
      input, so a key typed while the program was stopped was lost whenever the loop got to
      the SIGCONT before the key reader got to the key (seen once in CI:
      ``tests/terminal/test_suspend_pty.py`` lost the key typed while stopped): the mode is
      left once the reader has read what is pending (:func:`_typed_keys_read`).

    Relies on: the Linux driver installing its handlers (``signal.signal``) for SIGTSTP and
    SIGCONT as it is made, before this is called; its ``_auto_restart`` and
    ``_must_signal_resume`` (set by its SIGTSTP handler when it has suspended), and
    ``suspend_application_mode``. Raises what ``loop.add_signal_handler`` raises off the main
    thread or without signals.
    """
    driver = app._driver
    suspend = signal.getsignal(signal.SIGTSTP)
    resume = signal.getsignal(signal.SIGCONT)
    if driver is None or not (callable(suspend) and callable(resume)):
        return
    loop = asyncio.get_running_loop()

    def on_stop() -> None:
        suspend(signal.SIGTSTP, None)

    def on_continue() -> None:
        if not allowed():
            return
        if driver._auto_restart and not driver._must_signal_resume:  # stopped by SIGSTOP
            _typed_keys_read(driver.fileno)
            driver.suspend_application_mode()
            driver._must_signal_resume = True
        resume(signal.SIGCONT, None)

    loop.add_signal_handler(signal.SIGTSTP, on_stop)
    loop.add_signal_handler(signal.SIGCONT, on_continue)


def _typed_keys_read(fileno: int, limit: float = TYPED_WHILE_STOPPED_WAIT) -> None:
    """Wait until nothing typed is left unread on the terminal ``fileno`` (the key reader,
    running again, reads it within milliseconds), at most ``limit`` seconds: a terminal the
    shell left in line mode holds an unfinished line the reader cannot read."""
    deadline = time.monotonic() + limit
    while True:
        try:
            pending = struct.unpack("i", fcntl.ioctl(fileno, termios.FIONREAD, b"\0" * 4))[0]
        except (OSError, ValueError, TypeError):
            return  # not a terminal (headless): nothing is flushed
        if not pending or time.monotonic() >= deadline:
            return
        time.sleep(0.005)
