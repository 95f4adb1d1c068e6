"""No key typed before a question was on screen answers it.

The app asks one question on its own, at start: restore the edits the last session left? A
player restarting after a dropped connection types at once, for the sheet. Tab and Enter typed
0.6 s after the start were read while the program was still starting, reached the question
before it was drawn, and pressed Discard: the edits were gone. The app's own Tab binding even
acts before the dialog sees the key, so the question itself cannot hold such keys back; the
app hands every key to the question first (``typed_before_shown``), and a key the question
takes goes no further.
"""

from __future__ import annotations

from textual import events


class UnreadQuestionsTakeNoKeys:
    """App mixin: a screen with ``typed_before_shown(key) -> bool`` sees each key before any
    binding, the app's priority bindings included, and keeps those it returns True for."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            screen = self.screen  # type: ignore[attr-defined]
            typed_before_shown = getattr(screen, "typed_before_shown", None)
            if typed_before_shown is not None and typed_before_shown(event):
                return
        await super().on_event(event)  # type: ignore[misc]
