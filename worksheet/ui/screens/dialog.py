"""The base of every dialog: closes once, and focuses its first field without a race.

Over SSH keys arrive in bursts: a second Enter can reach a dialog that is already closing, and
a focus set after mounting would pull the cursor back from a field the user already tabbed to.
So a dialog answers only once (:meth:`Dialog.finish`), and its first field is focused by the
screen's ``AUTO_FOCUS``, which leaves alone a focus the user already moved.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.containers import VerticalScroll
from textual.screen import ModalScreen

Result = TypeVar("Result")


class Body(VerticalScroll, can_focus=False):
    """A dialog's scrolling body; not a Tab stop itself."""


class Dialog(ModalScreen[Result], Generic[Result]):
    """A modal dialog that dismisses at most once."""

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")
        self._finished = False

    def finish(self, result: Result) -> None:
        """Close with ``result``; later calls (keys already on their way) do nothing."""
        if self._finished:
            return
        self._finished = True
        self.dismiss(result)
