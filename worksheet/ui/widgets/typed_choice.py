"""Typing on a closed choice or a yes/no switch chooses, as a native select does.

Textual's ``Select`` and ``Checkbox`` drop printable keys without a word: a player who typed
"parry" on Vampire's Maneuver kept dodge, and one who typed "n" on a switch kept yes, each
believing the sheet had it. Here the first option whose name starts with what was typed is
chosen (an edit like any other: marked, undone by Ctrl+Z); keys less than
:data:`TYPED_NAME_GAP` apart spell one name (``pa`` is parry), and a key that continues no
name starts a new one (``d`` after ``parry`` is dodge). Text that starts no option is refused
aloud (:class:`RefuseTyped`), the choice unchanged.
"""

from __future__ import annotations

import time
from typing import Any, Iterable

from textual import events

from worksheet.ui.widgets.refuse_typed import RefuseTyped

TYPED_NAME_GAP = 1.0
"""Seconds between two keys typed on a choice that still spell one name (``pa``)."""


class TypedChoice(RefuseTyped):
    """Widget mixin: printable keys choose the first option whose name starts with them.

    The widget calls :meth:`set_names` with its ``(name, value)`` options; its ``value`` is
    set as the player would set it. Keys it binds (Space, Enter) and keys bound above still do
    their job.
    """

    _names: tuple[tuple[str, Any], ...] = ()
    _spelled = ""
    _spelled_at = float("-inf")

    def set_names(self, names: Iterable[tuple[str, Any]]) -> None:
        """The options as ``(name, value)``, in the order a prefix picks them."""
        self._names = tuple((name.casefold(), value) for name, value in names)

    def choose(self, value: Any) -> None:
        """Make ``value`` the widget's value; the widget posts its change as for the player's
        own edit (marked, undone by Ctrl+Z)."""
        if self.value != value:  # type: ignore[attr-defined]
            self.value = value  # type: ignore[attr-defined]

    def takes_typed_names(self) -> bool:
        """Whether a key typed now spells a name (not while an open list searches)."""
        return self.has_focus  # type: ignore[attr-defined]

    def on_key(self, event: events.Key) -> None:
        if (not self.takes_typed_names() or not event.is_printable or not event.character
                or event.key in self.screen.active_bindings):  # type: ignore[attr-defined]
            return  # a key with a job here does it
        event.stop()
        event.prevent_default()
        now = time.monotonic()
        recent = now - self._spelled_at <= TYPED_NAME_GAP
        spelled = self._spelled + event.character if recent else event.character
        self._spelled_at = now
        value = self._starting(spelled)
        if value is None and len(spelled) > 1:  # a new name
            spelled = event.character
            value = self._starting(spelled)
        if value is None:
            self._spelled = ""
            self._refuse(event.character)
            return
        self._spelled = spelled
        self.choose(value)

    def _starting(self, text: str) -> Any | None:
        """The value of the first option whose name starts with ``text`` (any case)."""
        text = text.casefold()
        return next((value for name, value in self._names if name.startswith(text)), None)
