"""A text input whose editing keys keep the order they were typed in, and that can be freed."""

from __future__ import annotations

from textual import events
from textual.dom import NoScreen
from textual.widgets import Input



class KeyBeforeInput:
    """Input mixin: the widget sees each key before ``Input`` inserts it.

    Textual calls the key handler of every class of the MRO in turn, this mixin's (listed
    before ``Input``) before ``Input``'s own, and stops at a handler that prevents the
    event's default: so a key :meth:`handle_key_first` takes is not inserted.
    """

    async def handle_key_first(self, event: events.Key) -> bool:
        """Handle ``event`` before the input does; True when it is handled (the input then
        does not see it)."""
        return False

    async def on_key(self, event: events.Key) -> None:
        if await self.handle_key_first(event):
            event.prevent_default()


class OrderedInput(KeyBeforeInput, Input):
    """An :class:`~textual.widgets.Input` that never reorders a burst of keys.

    Every text field of the app uses it: form editors, record fields and the preset dialogs.
    """

    EDITING_ACTIONS = {
        key.strip(): binding.action
        for binding in Input.BINDINGS
        if binding.action not in ("submit", "copy", "cut", "paste")
        for key in binding.key.split(",")
    }
    """The editor's own cursor and deletion keys, run in :meth:`handle_key_first` (see there)."""

    async def handle_key_first(self, event: events.Key) -> bool:
        """Run the editing keys (Backspace, Delete, arrows, Home/End …) in the order typed.

        Textual runs a widget's key bindings only after the key event has bubbled up to the
        app, while a printable key is inserted at once. Over SSH a Backspace and the next
        character often arrive in one read, so the character went in first and the Backspace
        then deleted it: both keystrokes were lost. Handled here, they keep their order.
        """
        action = self.EDITING_ACTIONS.get(event.key)
        if action is not None and not event.is_printable:
            event.stop()
            event.prevent_default()
            await self.run_action(action)
            return True
        return False

    def on_unmount(self) -> None:
        """Leave the screen's text-selection signal, so a removed input can be freed.

        Textual's ``Input`` subscribes to it as it mounts, with a callback that holds the
        input, in a table keyed by the input: the entry never went away, so every input ever
        removed (a hidden tab's rows, a closed record editor's fields) stayed in memory for as
        long as the screen.
        """
        try:
            self.screen.text_selection_started_signal.unsubscribe(self)
        except NoScreen:
            pass
