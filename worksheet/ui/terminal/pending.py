"""Whether messages are still on their way in the app: what the key gate and a hang-up wait
for.

A key typed on a dialog waits until what the key before set going there is handled, a hold
for a tab being shown waits on while rows are still being mounted (``key_gate``), and a
hang-up lets the keys already read reach the sheet before the last recovery write
(``controllers.recovery``). Each asks the same question of Textual's public message counts.
"""

from __future__ import annotations

from typing import Any


def busy_widget(screen: Any) -> Any:
    """The first of ``screen`` and its widgets that has messages still to handle, or None: a
    key typed on a dialog waits until what the key before set going there has been handled
    (:meth:`KeyGate._climb`; the command palette answers through a message its list posts
    after the key is back at the app)."""
    for node in (screen, *screen.walk_children()):
        if node.message_queue_size:
            return node
    return None


def messages_pending(app: Any) -> bool:
    """Whether the app or a widget of a screen has messages still to handle (a key, an edit
    on its way to the sheet, a row being mounted): a hold or a hang-up waits for them."""
    return bool(app.message_queue_size) or any(
        busy_widget(screen) is not None for screen in app.screen_stack)
