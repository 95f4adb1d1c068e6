"""The message line: the one place the app's messages show, on a line of their own.

Textual shows ``notify`` as toasts in the bottom-right corner, stacked, over whatever is there.
At 80×24 a burst of fight keys (``F5 F5 F5 F6 F5``) stacked four toasts over the tab bar and
the result strip, and one covered the Save dialog's buttons: the messages hid what they
reported on. So the app shows ONE message at a time, on a line of its own (the app's
``OneMessage``): the sheet's line above the status line, laid out with the rest, so it covers
nothing; and while a dialog is open, the dialog's own line on the screen's last row
(:class:`worksheet.ui.screens.dialog.Dialog`), which is the dimmed sheet or the dialog's
bottom border, never its buttons. A new message replaces the one shown.

A message longer than the line wraps onto a second row, which is the status line's on the
sheet (the status line shows again when the message goes); longer still, it is cut with ``…``.
An error starts with ``✗``, a warning with ``!``: they read apart without colour (NO_COLOR).
"""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.notifications import Notification
from textual.widgets import Static

from worksheet.ui.widgets.no_links import NoLinks

MARKS = {"error": "✗ ", "warning": "! "}
"""What starts a message of each severity (information: nothing), so severity is read without
colour."""

STYLES = {"error": "bold $text-error", "warning": "bold $text-warning"}
"""The mark's style by severity (the words keep the line's colour, to be read)."""

ROWS = 2
"""Rows a message may take at most (``max-height`` in the line's rules): longer is cut."""


def message_text(notification: Notification) -> str:
    """One message as the line says it: the mark, ``title: `` and the message, its lines
    joined with `` — `` (``Attacked again (Ctrl+Z undoes): Onslaught 1 → 2 — Dodge DV 0``)."""
    words = " — ".join(line for line in notification.message.splitlines() if line.strip())
    title = f"{notification.title}: " if notification.title else ""
    return MARKS.get(notification.severity, "") + title + words


def fitted(text: str, width: int, rows: int = ROWS) -> str:
    """``text`` cut with ``…`` to what ``rows`` rows of ``width`` cells hold (as it wraps)."""
    if width <= 0 or len(Content(text).wrap(width)) <= rows:
        return text
    low, high = 0, len(text)  # the longest start that, with "…", still fits
    while low < high:
        middle = (low + high + 1) // 2
        if len(Content(text[:middle].rstrip() + "…").wrap(width)) <= rows:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


class MessageLine(NoLinks, Static, can_focus=False):
    """A line that shows one message, or nothing (see the module's docstring).

    The app says which line shows the current message (the top screen's); the line only
    draws it. It posts :class:`MessageLine.Placed` once mounted, so a dialog's line shows the
    message that is current when the dialog opens.
    """

    class Placed(Message):
        """A message line was mounted: the app shows the current message on the top one."""

        def __init__(self, line: "MessageLine"):
            super().__init__()
            self.line = line

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__("", id=id, classes=classes, markup=False)
        self.notification: Notification | None = None
        """The message shown now (``None``: the line is blank)."""

    def on_mount(self) -> None:
        self.post_message(self.Placed(self))

    @property
    def text(self) -> str:
        """The words on the line now, as the player reads them (cut to fit)."""
        if self.notification is None:
            return ""
        return fitted(message_text(self.notification), self.content_size.width)

    def show(self, notification: Notification | None) -> None:
        """Show ``notification`` (``None``: nothing) in place of what the line showed."""
        if notification is self.notification:
            return
        self.notification = notification
        self.set_class(notification is not None, "-shown")
        self.set_class(notification is not None and notification.severity == "error", "-error")
        self._draw()

    def on_resize(self) -> None:
        self._draw()  # what fits changed

    def _draw(self) -> None:
        notification = self.notification
        if notification is None:
            self.update("")
            return
        text = self.text
        mark = MARKS.get(notification.severity, "")
        if mark and text.startswith(mark):
            self.update(Content.assemble(Content.styled(mark, STYLES[notification.severity]),
                                         Content(text[len(mark):])))
        else:
            self.update(Content(text))
