"""Pilot tests: a message the app's mixins handle before Textual does is handled once.

Textual calls a message's handler of every class of the MRO that defines one (``_on_notify``,
``_on_key``), so a mixin's handler that also called ``super()`` ran Textual's a second time:
every notification refreshed the toasts twice, and every non-printable key reached ``Input``'s
key handler twice. Seen from outside: the message line given the message (and no toast
refresh, which ``run_test``'s ``message_hook`` would see), and the calls Textual's own
``Input._on_key`` gets.
"""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input

from worksheet.ui import WorksheetApp
from worksheet.ui.widgets.ordered_input import OrderedInput
from waits import until


def is_toast_refresh(message) -> bool:
    """A callback message that shows the app's notifications on the screen's toast rack."""
    callback = getattr(getattr(message, "callback", None), "func", None)
    return (isinstance(message, events.Callback) and getattr(callback, "__name__", "") == "show"
            and type(getattr(callback, "__self__", None)).__name__ == "ToastRack")


async def test_one_notification_is_shown_once_on_the_message_line_and_makes_no_toast(
        monkeypatch):
    """The app's ``on_notify`` takes the message and prevents Textual's: no toast refresh, no
    toast, and the message line is given the message once."""
    from worksheet.ui.widgets.message_line import MessageLine

    app = WorksheetApp()
    refreshes: list[object] = []
    shown: list[str] = []
    show = MessageLine.show

    def counted(line, notification) -> None:
        if notification is not None and notification is not line.notification:
            shown.append(notification.message)
        show(line, notification)

    monkeypatch.setattr(MessageLine, "show", counted)

    def hook(message) -> None:
        if is_toast_refresh(message):
            refreshes.append(message)

    async with app.run_test(size=(80, 24), notifications=True, message_hook=hook) as pilot:
        await pilot.pause()
        refreshes.clear()
        app.notify("Nothing to undo in this tab.")
        line = app.query_one("#message", MessageLine)
        await until(pilot, lambda: line.text == "Nothing to undo in this tab.",
                    "the message shows on the message line")
        await pilot.pause()
        assert shown == ["Nothing to undo in this tab."]
        assert refreshes == [] and not app.screen.query("Toast")


class Field(App[None]):
    def compose(self) -> ComposeResult:
        yield OrderedInput("ab", select_on_focus=False, id="field")


async def test_a_key_reaches_inputs_own_handler_once(monkeypatch):
    """A non-printable key the field leaves to ``Input`` (F5) reaches Textual's handler once;
    one the field runs itself (Backspace, in the order typed) not at all, and deletes one
    character; a printable one is inserted once."""
    calls: list[str] = []
    textuals = Input._on_key

    async def counted(self, event: events.Key) -> None:
        calls.append(event.key)
        await textuals(self, event)

    monkeypatch.setattr(Input, "_on_key", counted)
    app = Field()
    async with app.run_test() as pilot:
        field = app.query_one("#field", Input)
        await pilot.press("f5")
        assert calls == ["f5"], f"F5 reached Input._on_key {len(calls)}×"
        await pilot.press("backspace", "x")
        assert calls == ["f5", "x"]
        assert field.value == "ax"
