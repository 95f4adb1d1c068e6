"""One message at a time, on the message line, its text as written.

Every message of the app goes through Textual's ``notify`` (the app's, a widget's, the
controllers'), which shows toasts: stacked in the bottom-right corner, over the tab bar, the
result strip and a dialog's buttons (issue 42). Here the app shows instead the newest message
alone on the top screen's :class:`~worksheet.ui.widgets.message_line.MessageLine`: a new
message replaces the one shown (a key repeated in a burst shows its message once), and the
message goes when its time is up.

Why it goes rather than stays until the next one: a message is about a moment ("Nothing to
undo", "Onslaught is at its maximum, 20", a refusal), and left in sight it would still say so
after the player has changed what it was about. Its time is the one it is given in
``ui.messages`` (longer for an error, and for a fix to read).

A message is plain text: ours name presets, files and records that players typed (``Loaded
[/]`` read as markup crashed the app), so none is read as markup.
"""

from __future__ import annotations

from typing import Any

from textual.notifications import Notification, Notify
from textual.timer import Timer

from worksheet.ui.widgets.message_line import MessageLine


class OneMessage:
    """App mixin: the newest message shows on the top screen's message line, alone, until its
    time is up (see the module's docstring).

    Textual calls the ``Notify`` handler of every class of the MRO in turn, this mixin's
    (listed before ``App``) first; preventing the event's default keeps ``App``'s from making
    a toast. ``notify`` still only posts the event, so it may be called from any thread.
    """

    message: Notification | None = None
    """The message shown now (``None``: none)."""
    _message_timer: Timer | None = None
    _message_lines: tuple[MessageLine, ...] = ()
    """The lines mounted, the sheet's and the open dialogs' (detached ones are dropped)."""

    def notify(self, message: str, **options: Any) -> None:
        options["markup"] = False  # a widget's notify passes markup=True explicitly
        super().notify(message, **options)  # type: ignore[misc]

    def on_notify(self, event: Notify) -> None:
        event.prevent_default()  # no toast
        notification = event.notification
        if self._message_timer is not None:
            self._message_timer.stop()
        self.message = notification
        self._message_timer = self.set_timer(  # type: ignore[attr-defined]
            notification.timeout, lambda: self._expire(notification))
        self.place_message()

    def _expire(self, notification: Notification) -> None:
        if self.message is notification:
            self.message = None
            self._message_timer = None
            self.place_message()

    def on_message_line_placed(self, event: MessageLine.Placed) -> None:
        self._message_lines = (*self._message_lines, event.line)
        self.place_message()

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(  # type: ignore[attr-defined]
            self, lambda screen: self.place_message())

    def place_message(self) -> None:
        """Show the current message on the top screen's line, and on no other (a dialog's
        line while it is open; the sheet's again once it closes)."""
        stack = self.screen_stack  # type: ignore[attr-defined]
        lines = tuple(line for line in self._message_lines if line.is_attached)
        self._message_lines = lines
        height = {id(screen): place for place, screen in enumerate(stack)}
        top = max(lines, key=lambda line: height.get(id(line.screen), -1), default=None)
        for line in lines:
            line.show(self.message if line is top else None)
