"""Pilot test: the app's ``push_screen`` (``KeyGate``'s, which holds keys until a dialog's
answer is used) keeps Textual's whole signature, so ``push_screen_wait`` from a worker gets the
dialog's answer. It dropped ``mode``, which ``push_screen_wait`` passes: a ``TypeError``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from worksheet.ui import WorksheetApp
from waits import until


class Ask(ModalScreen[str]):
    """A dialog answered "yes" by the key ``y``."""

    BINDINGS = [("y", "answer", "Yes")]

    def compose(self) -> ComposeResult:
        yield Static("Sure? (y)")

    def action_answer(self) -> None:
        self.dismiss("yes")


async def test_push_screen_wait_from_a_worker_gets_the_dialogs_answer():
    app = WorksheetApp()
    answers: list[str] = []

    async def ask() -> None:
        answers.append(await app.push_screen_wait(Ask()))

    async with app.run_test(size=(80, 24)) as pilot:
        worker = app.run_worker(ask(), exit_on_error=False)
        await until(pilot, lambda: isinstance(app.screen, Ask) or worker.error,
                    "the dialog shows (or the worker fails)")
        assert worker.error is None, f"push_screen_wait raised {worker.error!r}"
        await pilot.press("y")
        await until(pilot, lambda: answers, "the worker gets the answer")
        assert answers == ["yes"]
        assert not isinstance(app.screen, Ask)
