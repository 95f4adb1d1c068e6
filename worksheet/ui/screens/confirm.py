"""A question with a few answers, each on a button with its own key.

Used before quitting or loading over unsaved edits, before overwriting a preset, on a save
conflict and to offer restoring unsaved edits from the last session.

A question the app asks on its own (``unprompted``: restoring at start) takes no answer from
keys typed before it was drawn (``ui.key_gate``); it lists them as not used. Text typed on a
question once it shows is no answer either, and is listed too rather than dropped: a player
who typed a number meant for the sheet sees that it went nowhere.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.widgets import Button, Label, Static

from worksheet.ui.keys import key_name
from worksheet.ui.widgets.refuse_typed import TYPED_SHOWN
from worksheet.ui.screens.dialog import Dialog


def event_clock() -> float:
    """Now, on the clock that stamps every event's ``time`` (a key's: when it was read): the
    time of a message made now. A dialog the app opens on its own tells keys typed before it
    was drawn from answers by it (:meth:`Choose.typed_before_shown`)."""
    return Message().time


class Choose(Dialog[str]):
    """Ask a question; dismisses with the key of the chosen answer (``cancel`` on Escape).

    Args:
        title: the question.
        body: what the user needs to know to answer.
        answers: ``(key, button text)`` pairs; the first is focused.
        unprompted: the app asks on its own (no key of the player's opened it), so keys typed
            before it was drawn are not used.
    """

    BINDINGS = [
        Binding("escape", "choose('cancel')", "Cancel"),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]
    AUTO_FOCUS = "Button"

    def __init__(self, title: str, body: str, answers: list[tuple[str, str]],
                 unprompted: bool = False):
        super().__init__()
        self.unprompted = unprompted
        self._drawn_at: float | None = None
        """When the question was first drawn (``None``: not yet)."""
        self.not_used: list[str] = []
        """The keys typed before the question showed, as the player reads them."""
        self.typed_on: str = ""
        """Text typed on the question once it showed (no answer: listed, not dropped)."""
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
            not_used = Static("", id="not-used", classes="dialog-text", markup=False)
            not_used.display = False  # shown once a key is listed
            yield not_used

    def on_mount(self) -> None:
        if self.unprompted:
            self._list_not_used()  # keys that came while it was being made
            self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self._drawn_at = event_clock()  # once the frame that shows it is written

    def typed_before_shown(self, event: events.Key) -> bool:
        """Whether ``event`` was typed before this unprompted question was drawn (the app
        then uses it for nothing: see ``ui.key_gate``); such keys are listed."""
        if not self.unprompted or (self._drawn_at is not None
                                   and event.time >= self._drawn_at):
            return False
        self.not_used.append("Enter" if event.key in ("ctrl+j", "ctrl+m")  # Enter, typed
                             # before the terminal left line mode (the tty turned it into ^J)
                             else event.character if event.is_printable and event.character
                             else key_name(event.key))
        self._list_not_used()
        return True

    def on_key(self, event: events.Key) -> None:
        """Text typed on the question: no answer, listed under it (a bound key, Space or
        Enter on a button, arrows, Esc, still does its job)."""
        if not event.is_printable or not event.character \
                or event.key in self.active_bindings:
            return
        event.stop()
        event.prevent_default()
        self.typed_on = (self.typed_on + event.character)[-TYPED_SHOWN:]
        self._list_not_used()

    def _list_not_used(self) -> None:
        lines = []
        if self.not_used:
            shown = " ".join(self.not_used[-12:])
            more = "… " if len(self.not_used) > 12 else ""
            lines.append(f"Not used as an answer, typed before this question showed: "
                         f"{more}{shown}")
        if self.typed_on:
            lines.append(f"Not an answer: “{self.typed_on}”. ← → pick one, Enter takes it, "
                         "Esc cancels.")
        if not lines:
            return
        try:
            line = self.query_one("#not-used", Static)
        except NoMatches:  # not composed yet: listed once it is mounted
            return
        line.update("\n".join(lines))
        line.display = True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.finish(event.button.id.removeprefix("answer-"))

    def action_choose(self, key: str) -> None:
        """Answer with ``key``."""
        self.finish(key)
