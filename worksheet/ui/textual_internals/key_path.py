"""Where a key handed to a widget is on its way back to the app.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from textual.message import Message


def key_stopped(message: Message) -> bool:
    """Whether a handler stopped ``message`` bubbling up (it goes no further up the DOM).

    Buys: the app's ``KeyGate`` knows a key it handed to a widget is finished with when a
    widget stopped it (a character typed into a field), as well as when it comes back to the
    app, so the next key of a burst goes where focus is once that key's work is done.
    Relies on: ``Message._stop_propagation``, set by ``Message.stop()`` and read by
    ``MessagePump._on_message`` before it bubbles a message to the parent; and a screen
    stopping a message whose sender is its parent (the app) as it bubbles it there.
    """
    return message._stop_propagation
