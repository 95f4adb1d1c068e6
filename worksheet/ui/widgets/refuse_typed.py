"""Text typed or pasted on a focused row that takes none is refused aloud, not dropped.

Tab stops on values too (the rule panel shows their rules), so a player's "Tab Tab 7 5" sent
in one burst over SSH can land the 7 and the 5 on a value or on a yes/no switch. Textual drops
such keys without a word; a player mid-fight would believe the number was entered.
"""

from __future__ import annotations

from textual import events

from worksheet.ui import messages
from worksheet.ui.terminal.deadline import Deadline

TYPED_SHOWN = 24
"""Characters of the refused text the message repeats (a paste is cut short)."""

BURST_SECONDS = 0.5
"""The longest the message waits for the rest of a burst to be handed on."""

QUIET_SECONDS = 0.05
"""No key refused for this long (and none on its way): the burst is over."""


class RefuseTyped:
    """Widget mixin: printable keys and pastes are refused with one warning per burst, naming
    the text and the row (:meth:`refused_where`); keys bound here or above still do their job
    (Enter explains a value, ? opens the help)."""

    _typed = ""
    _quiet: Deadline | None = None
    """When the burst is over: :data:`QUIET_SECONDS` after the last key refused, at most
    :data:`BURST_SECONDS` after the first (made at the first refusal: rows are many)."""

    def refused_where(self) -> str:
        """What the row is and why it takes no text, for the message."""
        raise NotImplementedError

    def on_key(self, event: events.Key) -> None:
        if not event.is_printable or event.key in self.screen.active_bindings:
            return  # a key with a job here does it
        event.stop()
        event.prevent_default()
        self._refuse(event.character or "")

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self._refuse(event.text)

    def _refuse(self, text: str) -> None:
        if self._quiet is None:  # say it once the burst is read
            self._quiet = Deadline(self, QUIET_SECONDS, self._say_refused,
                                   longest=BURST_SECONDS)
        self._typed += text
        self._quiet.put_off()

    def _say_refused(self) -> None:
        # The app hands a burst on one key at a time, and on a busy machine the rest of it
        # may reach the app a moment later ("7x" was once refused as "7", then "x"): wait
        # while keys are on their way, as long as the burst's bound allows.
        if getattr(self.app, "keys_waiting", lambda: False)() and self._quiet.put_off():
            return
        typed, self._typed = self._typed, ""
        if len(typed) > TYPED_SHOWN:
            typed = typed[:TYPED_SHOWN] + "…"
        messages.not_entered(typed, self.refused_where()).show(self.notify)
