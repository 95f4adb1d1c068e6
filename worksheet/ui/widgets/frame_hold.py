"""One frame per keystroke: the field's echo, the values it changes and the status line are
sent to the terminal together.

A keystroke in a form field travels as messages: the field posts that its text changed, its
row posts ``Edited``, the form derives and repaints the rows, then tells the app, which
updates the status line. Textual draws a frame whenever the screen has nothing to do, and it
had nothing to do right after the field asked to be repainted: every keystroke was two
frames (the echo alone, then the rest), each with its pass over the screen and its write
over SSH, about a tenth of a keystroke's CPU at 200×50.

The row that sees the change holds the frame (Textual's ``App.batch_update``) until the form
has shown the edit: the app lets go once the status line is updated (or the form, when the
edit changed nothing). Letting go waits for what is already queued (the rows asking to be
repainted), then prompts the screen. A frame is never held longer than :data:`HOLD_LIMIT`,
whatever happens to the messages in between.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, ContextManager
from weakref import WeakKeyDictionary, ref

from worksheet.ui.terminal.deadline import Deadline

HOLD_LIMIT = 0.1
"""Seconds a frame is held at most (normally: until the form has shown the edit, ~5 ms)."""


class FrameHold:
    """The held frame of one app (see the module).

    Args:
        app: the app whose repaints are held.
    """

    def __init__(self, app: Any):
        self._app = ref(app)  # weak: the hold is the value of its app's key in _HOLDS
        self._batch: ContextManager[None] | None = None
        self._limit: Deadline | None = None  # on the loop: not behind the app's messages

    def hold(self) -> None:
        """Hold the next frame until :meth:`release_soon` (or :data:`HOLD_LIMIT`)."""
        if self._batch is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: nothing is drawn anyway
            return
        app = self._app()
        if app is None:
            return
        self._batch = app.batch_update()
        self._batch.__enter__()
        if self._limit is None:
            self._limit = Deadline(loop, HOLD_LIMIT, self.release)
        self._limit.put_off()

    def release_soon(self) -> None:
        """Let the frame go once what is queued now has run (the repaints the edit asked for
        reach the screen first)."""
        if self._batch is not None:
            asyncio.get_running_loop().call_soon(self.release)

    def release(self) -> None:
        """Let the frame go now."""
        batch, self._batch = self._batch, None
        if batch is None:
            return
        if self._limit is not None:
            self._limit.cancel()
        batch.__exit__(None, None, None)
        app = self._app()
        with contextlib.suppress(Exception):  # no screen (the app is ending): nothing to draw
            if app is not None:
                app.screen.check_idle()


_HOLDS: WeakKeyDictionary[Any, FrameHold] = WeakKeyDictionary()
"""The hold of each app, kept while the app is: a hold's strong reference to its app (a
value reaching its own key) kept every app, and all its widgets, for the life of the process
(a test process held 15 apps and ~400,000 objects after 15 tests)."""


def frame_hold(app: Any) -> FrameHold:
    """The frame hold of ``app`` (one per app)."""
    hold = _HOLDS.get(app)
    if hold is None:
        hold = _HOLDS[app] = FrameHold(app)
    return hold
