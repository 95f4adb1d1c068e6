"""The base of every dialog: closes once, and focuses its first field without a race.

Over SSH keys arrive in bursts: a second Enter can reach a dialog that is already closing, and
a focus set after mounting would pull the cursor back from a field the user already tabbed to.
So a dialog answers only once (:meth:`Dialog.finish`), its first field is focused by the
screen's ``AUTO_FOCUS`` (which leaves alone a focus the user already moved), and characters
typed while it was opening are handed to that field rather than dropped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Generic, TypeVar

from textual import events
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input

from worksheet.ui.textual_internals import add_css_file

CSS_FILE = Path(__file__).with_name("dialogs.tcss")
"""The dialogs' rules: read with the first dialog, not at start (``add_css_file``)."""

Result = TypeVar("Result")


class Body(VerticalScroll, can_focus=False):
    """A dialog's scrolling body; not a Tab stop itself."""


class Dialog(ModalScreen[Result], Generic[Result]):
    """A modal dialog that dismisses at most once."""

    def __init__(self) -> None:
        add_css_file(CSS_FILE)  # before the screen itself is styled
        super().__init__(classes="dialog-screen")
        self._finished = False

    def on_key(self, event: events.Key) -> None:
        """Give a text field the keys typed before it had focus (the dialog was opening)."""
        focused = self.focused
        if getattr(event, "replayed", False) or not isinstance(focused, Input):
            return
        if focused.check_consume_key(event.key, event.character):
            event.stop()
            replay = events.Key(event.key, event.character)
            replay.replayed = True
            focused.post_message(replay)

    def finish(self, result: Result) -> None:
        """Close with ``result``; later calls (keys already on their way) do nothing."""
        if self._finished:
            return
        self._finished = True
        hold_for_answer = getattr(self.app, "hold_for_answer", None)
        if hold_for_answer is not None:  # keys typed next wait until the answer is used
            hold_for_answer(self)
        self.dismiss(result)


class SaveDialog(Dialog[Result], Generic[Result]):
    """A dialog of fields that saves or cancels, the same way in each: Enter in a field and
    the Save button (id ``save``) run :meth:`action_save`; any other button, and the Escape
    binding of each dialog, cancel with ``None``."""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        """Check the fields; finish with what they hold when valid (each dialog its own)."""
        raise NotImplementedError

    def action_cancel(self) -> None:
        """Close with ``None``: nothing is saved or changed."""
        self.finish(None)  # type: ignore[arg-type]  # a SaveDialog's Result allows None
