"""A hang-up whose exit meets an error (a tab switch still under way) keeps the edits written at
the hang-up: the error's handler read the state again once the forms were gone, found no edits
and cleared the recovery file (found with ``kill -HUP`` right after "73 Ctrl+PgDn Ctrl+PgUp":
1 run in 12 under load, "no edits were unsaved", the 73 lost)."""

from __future__ import annotations

import pytest
from worksheet.ui import WorksheetApp
from worksheet.ui import store
from waits import until


@pytest.mark.every_row
async def test_an_error_after_a_hangup_leaves_the_edits_written_at_it():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one("#gemstone4 #dodge-ranks").focus()
        await pilot.press("7", "3")
        await until(pilot, lambda: app.form().entries["dodge_ranks"] == "73", "the edit")
        recovery = app.recovery
        recovery._hanging_up = True  # as at the signal, which then writes the state:
        assert recovery.save()
        assert store.recovery().load()["tabs"]["gemstone4"]["entries"]["dodge_ranks"] == "73"
        await app.form().remove()  # the app ending: its forms are gone
        assert recovery.state()["tabs"] == {}, "read now, the state has no edits"
        recovery.handle_uncaught(RuntimeError("planted by the test"))
        assert app.failure is not None and "kept as at the hang-up" in app.failure
    assert store.recovery().load()["tabs"]["gemstone4"]["entries"]["dodge_ranks"] == "73"
