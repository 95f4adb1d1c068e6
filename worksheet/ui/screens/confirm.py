"""A question with a few answers, each on a button with its own key.

Used before quitting or loading over unsaved edits, before overwriting a preset, on a save
conflict and to offer restoring unsaved edits from the last session.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from .dialog import Dialog


class Choose(Dialog[str]):
    """Ask a question; dismisses with the key of the chosen answer (``cancel`` on Escape).

    Args:
        title: the question.
        body: what the user needs to know to answer.
        answers: ``(key, button text)`` pairs; the first is focused.
    """

    BINDINGS = [
        Binding("escape", "choose('cancel')", "Cancel"),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]
    AUTO_FOCUS = "Button"

    def __init__(self, title: str, body: str, answers: list[tuple[str, str]]):
        super().__init__()
        self.title_text = title
        """The question."""
        self.body = body
        """The explanation."""
        self.answers = answers
        """``(key, button text)`` pairs."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -small"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.body, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for key, text in self.answers:
                    yield Button(text, id=f"answer-{key}",
                                 variant="primary" if key == self.answers[0][0] else "default")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.finish(event.button.id.removeprefix("answer-"))

    def action_choose(self, key: str) -> None:
        """Answer with ``key``."""
        self.finish(key)
