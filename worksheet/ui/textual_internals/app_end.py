"""The app's end and its terminal: pending messages, uncaught exceptions, the clipboard
through the driver, SIGCONT.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

import signal
from typing import Any, Callable


def messages_pending(app: Any) -> bool:
    """Whether the app or a widget of a screen still has messages to handle (a key, an edit
    on its way up to the sheet).

    Buys: a hang-up lets keys already read reach the sheet before the last recovery write.
    Relies on: each message pump's ``_message_queue`` (an ``asyncio.Queue``).
    """
    nodes = [app, *app.screen_stack]
    for screen in app.screen_stack:
        nodes.extend(screen.walk_children())
    return any(not node._message_queue.empty() for node in nodes)


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

def guard_sigcont(allowed: Callable[[], bool]) -> None:
    """Let the driver's SIGCONT handler run only while ``allowed()`` is true.

    Buys: Textual redraws the whole screen on SIGCONT (the end of a suspend); the kernel sends
    SIGCONT with the SIGHUP of a hang-up too, and that redraw, into a terminal that is gone,
    killed Textual's output thread and left the program blocked for ever on exit.
    Relies on: the Linux driver installing its own SIGCONT handler (``signal.signal``) when
    the application mode starts, before this is called. Raises what ``signal.signal``
    raises off the main thread.
    """
    resume = signal.getsignal(signal.SIGCONT)
    if callable(resume):
        def resume_if_allowed(signum: int, frame: Any) -> None:
            if allowed():
                resume(signum, frame)

        signal.signal(signal.SIGCONT, resume_if_allowed)
