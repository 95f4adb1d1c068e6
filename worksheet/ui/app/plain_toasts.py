"""Toasts that show their text as written, and a message repeated while shown only once.

Textual reads a notification's text as markup by default. Ours name presets, files and records
that players typed or that another player dropped in the shared folder: ``Loaded [/]`` raised
``MarkupError`` when the toast was drawn (the app crashed), and ``[b]Sword`` showed as a bold
``Sword``. No message of ours uses markup, so none is read as markup.
"""

from __future__ import annotations

from typing import Any

from worksheet.ui.textual_internals import OneToastPerMessage


class PlainToasts(OneToastPerMessage):
    """App mixin: every notification, the widgets' included, is plain text; one repeated
    while still shown replaces itself (:class:`~.textual_internals.OneToastPerMessage`)."""

    def notify(self, message: str, **options: Any) -> None:
        options["markup"] = False  # a widget's notify passes markup=True explicitly
        super().notify(message, **options)  # type: ignore[misc]
