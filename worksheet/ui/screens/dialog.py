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
from textual.app import App
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.types import NoActiveAppError
from textual.widgets import Button, Input

from worksheet.ui.widgets.message_line import MessageLine

CSS_FILE = Path(__file__).with_name("dialogs.tcss")
"""The dialogs' rules: read with the first dialog, not at start (:func:`add_css_file`)."""


def add_css_file(app: App, path: Path) -> None:
    """Add a CSS file to ``app``'s stylesheet the first time it is asked for, parsing only it.

    The dialogs' rules (a sixth of the app's own CSS) are parsed when the first dialog opens,
    not before the first paint. Textual's own way, a screen's ``CSS_PATH``, parses every
    source again and restyles every widget of every screen on the first push of the screen.
    ``Stylesheet.parse`` reuses the rules it parsed before, so only the new file is parsed. The
    file's rules must match only widgets made after it is added: no widget is restyled.
    """
    stylesheet = app.stylesheet
    if not stylesheet.has_source(str(path.resolve()), ""):
        stylesheet.read(path.resolve())
        stylesheet.parse()  # now: a style applied before the next parse would miss the rules

Result = TypeVar("Result")


class Body(VerticalScroll, can_focus=False):
    """A dialog's scrolling body; not a Tab stop itself."""


class Dialog(ModalScreen[Result], Generic[Result]):
    """A modal dialog that dismisses at most once, with a message line of its own on the
    screen's last row: a message that comes while it is open shows there, never over its
    buttons."""

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")
        try:
            add_css_file(self.app, CSS_FILE)  # before the screen is styled (as it mounts)
        except NoActiveAppError:  # made outside a running app: nothing to style
            pass
        self._finished = False

    def on_mount(self) -> None:
        """The dialog's message line, on the screen's last row, above the dialog's layer:
        the dialog keeps every row, and that row is its bottom border at most
        (dialogs.tcss; a dialog's own ``on_mount`` runs too)."""
        self.mount(MessageLine())

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
