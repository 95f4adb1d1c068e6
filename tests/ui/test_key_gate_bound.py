"""Pilot tests: ``KeyGate`` follows a key handed to a widget for ``HOLD_SECONDS`` at most, and
each followed key gets its whole bound, also when one timer serves several keys in a row."""

from __future__ import annotations

import asyncio
import time

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from worksheet.ui.terminal.key_gate import HOLD_SECONDS, KeyGate


class Busy(Static, can_focus=True):
    """Takes ``a`` at once and is busy for seconds with ``b`` (its queue, where the gate
    follows the key, is stuck behind it)."""

    async def on_key(self, event) -> None:
        if event.key in ("a", "b"):
            event.stop()
            self.app.taken.append((event.key, time.monotonic()))
            if event.key == "b":
                await asyncio.sleep(HOLD_SECONDS * 4)
                self.app.taken.append(("b done", time.monotonic()))


class GateApp(KeyGate, App[None]):
    BINDINGS = [Binding("x", "mark", priority=True)]

    def __init__(self) -> None:
        super().__init__()
        self.taken: list[tuple[str, float]] = []

    def compose(self) -> ComposeResult:
        yield Busy("busy")

    def action_mark(self) -> None:
        self.taken.append(("x", time.monotonic()))


async def test_a_key_stuck_in_a_busy_widget_holds_the_next_for_its_whole_bound_only():
    """"a b" then "x": "a" is finished with at once, "b" never (its widget is busy); "x"
    waits for "b" its whole bound, counted from when "x" came (a timer started while "a"
    was followed ends sooner and must wait on), and then goes on."""
    app = GateApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        # Posted as the terminal reads them: Pilot's press waits for every widget to be idle.
        app.post_message(events.Key("a", "a"))
        app.post_message(events.Key("b", "b"))
        await asyncio.sleep(HOLD_SECONDS / 2)
        assert [key for key, _ in app.taken] == ["a", "b"]
        x_typed = time.monotonic()
        app.post_message(events.Key("x", "x"))
        # Waits on what happens, with a deadline far past both events: on a starved machine
        # every step comes late, but in the same order on the app's one loop.
        deadline = time.monotonic() + HOLD_SECONDS * 30
        while not any(key == "x" for key, _ in app.taken) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        marks = [at for key, at in app.taken if key == "x"]
        assert marks, "x never went on: the bound did not end the wait"
        waited = marks[0] - x_typed
        assert waited >= HOLD_SECONDS * 0.95, f"x went on after {waited:.2f} s: bound cut short"
        order = [key for key, _ in app.taken]
        assert "b done" not in order[:order.index("x")], (
            f"x went on only once b was finished with ({order}): the bound did not end the "
            "wait")
