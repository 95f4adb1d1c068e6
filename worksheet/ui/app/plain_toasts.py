"""Toasts that show their text as written, and a message repeated while shown only once.

Textual reads a notification's text as markup by default. Ours name presets, files and records
that players typed or that another player dropped in the shared folder: ``Loaded [/]`` raised
``MarkupError`` when the toast was drawn (the app crashed), and ``[b]Sword`` showed as a bold
``Sword``. No message of ours uses markup, so none is read as markup.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from textual.notifications import Notification, Notify


class OneToastPerMessage:
    """App mixin: a notification with the same message, title and severity as one still
    shown replaces it (and shows for its own timeout from now) instead of adding a copy.

    A key repeated in a burst (Ctrl+Z held with nothing to undo, F5 refused twice) stacked one
    toast per key: at 80×24 six copies of "Nothing to undo in this tab." covered half the
    sheet for seconds, in the middle of a fight. One copy says the same.

    Textual calls the ``Notify`` handler of every class of the MRO in turn, this mixin's
    (listed before ``App``) first; preventing the event's default keeps ``App``'s from adding
    the repeat. Textual's public API forgets notifications only all at once
    (``clear_notifications``), so a repeat clears them, then shows again the others (copies,
    with the time each had left) and itself last, as new notifications.
    """

    _toasts_shown: list[Notification] = []
    """The notifications let through, oldest first (some may have expired since)."""
    _repeats: dict[tuple, Notification] = {}
    """Repeats waiting to replace the copy shown (the newest of each), after the next refresh."""

    def on_notify(self, event: Notify) -> None:
        new = event.notification
        said = (new.message, new.title, new.severity)
        shown = [n for n in self._toasts_shown if not n.has_expired]
        if said not in self._repeats and all((n.message, n.title, n.severity) != said
                                             for n in shown):
            self._toasts_shown = [*shown, new]  # Textual's own handler adds it
            return
        event.prevent_default()
        if not self._repeats:
            self.call_after_refresh(self._replace_repeated)  # type: ignore[attr-defined]
        self._repeats = {**self._repeats, said: new}

    def _replace_repeated(self) -> None:
        repeats, self._repeats = self._repeats, {}
        kept = [n for n in self._toasts_shown
                if not n.has_expired and (n.message, n.title, n.severity) not in repeats]
        self._toasts_shown = []
        self.clear_notifications()  # type: ignore[attr-defined]
        for notification in [*(replace(n, identity=str(uuid4())) for n in kept),
                             *repeats.values()]:
            self.post_message(Notify(notification))  # type: ignore[attr-defined]


class PlainToasts(OneToastPerMessage):
    """App mixin: every notification, the widgets' included, is plain text; one repeated
    while still shown replaces itself (:class:`OneToastPerMessage`)."""

    def notify(self, message: str, **options: Any) -> None:
        options["markup"] = False  # a widget's notify passes markup=True explicitly
        super().notify(message, **options)  # type: ignore[misc]
