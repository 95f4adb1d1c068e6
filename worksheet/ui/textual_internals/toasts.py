"""Toasts: a message repeated while it still shows replaces itself instead of stacking.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Any


class OneToastPerMessage:
    """App mixin: a notification with the same message, title and severity as one still
    shown replaces it (and shows for its own timeout from now) instead of adding a copy.

    Buys: a key repeated in a burst (Ctrl+Z held with nothing to undo, F5 refused twice)
    stacked one toast per key: at 80×24 six copies of "Nothing to undo in this tab." covered
    half the sheet for seconds, in the middle of a fight. One copy says the same.
    Relies on: ``App._on_notify`` handling the ``Notify`` message by adding its
    ``notification`` to ``App._notifications`` (iterable of ``Notification``) and refreshing
    the toasts; ``App._unnotify(notification, refresh=False)`` forgetting one (a toast whose
    notification is gone is removed by that refresh; its expiry then forgets nothing).
    Textual calls the ``_on_notify`` of every class of the MRO, so this one only forgets the
    copies: ``App._on_notify`` runs after it (calling it here too refreshed the toasts twice).
    """

    def _on_notify(self, event: Any) -> None:
        new = event.notification
        for shown in list(self._notifications):  # type: ignore[attr-defined]
            if (shown.message, shown.title, shown.severity) == (
                    new.message, new.title, new.severity):
                self._unnotify(shown, refresh=False)  # type: ignore[attr-defined]
