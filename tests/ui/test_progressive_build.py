"""Pilot tests: in a terminal the form shows its first screenful, then builds the rest just
after the first paint. Headless runs build everything at once, so these force the terminal's
behaviour (``SheetForm.progressive``)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from worksheet import rulesets
from worksheet.engine import kebab
from worksheet.ui import WorksheetApp
from worksheet.ui.sheet import FormBody, SheetForm, first_screenful, step_groups
from worksheet.ui.widgets import InputRow, ValueRow

SIZE = (80, 24)


@pytest.fixture
def progressive(monkeypatch):
    monkeypatch.setattr(SheetForm, "progressive", True)


def heading(text: str) -> Static:
    return Static(text, classes="step-heading")


def test_first_screenful_counts_lines_until_the_screen_is_full():
    rows = [heading("Step 1"), Static("a"), Static("b", classes="value-row"),
            heading("Step 2"), Static("c"), Static("d")]
    assert first_screenful(rows, 100) == len(rows)
    # heading 2 lines, input 1, value row 2: the row that reaches the edge is built too
    assert first_screenful(rows, 3) == 2
    assert first_screenful(rows, 4) == 3
    assert first_screenful(rows, 6) == 4
    assert first_screenful(rows, 1) == 1  # always at least one row
    assert first_screenful([], 24) == 0


@pytest.mark.parametrize("rid", rulesets.ids())
async def test_every_row_is_built_in_order_soon_after_start(progressive, rid):
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        at_start = len(form.query_one(FormBody).children)
        await pilot.pause()
        await pilot.pause()
        body = form.query_one(FormBody)
        ruleset = rulesets.get(rid)
        for name in ruleset.inputs:
            assert body.query_one(f"#{kebab(name)}")
        for name in ruleset.rules:
            assert body.query_one(f"#value-{kebab(name)}", ValueRow)
        assert at_start < len(body.children)  # the first paint had only the first screenful
        order = [child.id for child in body.children if isinstance(child, ValueRow)]
        assert order == [f"value-{kebab(n)}" for _, _, nodes in step_groups(ruleset)
                         for n in nodes]  # as a headless (all at once) build lays them out


async def test_a_load_before_the_rest_is_built_shows_in_the_later_rows(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        later = form._rows["encumbrance"]
        assert isinstance(later, InputRow) and not later.is_mounted  # below the first screen
        form.load_entries({"encumbrance": "99999", "stance": "defensive"})
        await pilot.pause()
        await pilot.pause()
        assert later.is_mounted
        assert app.query_one("#encumbrance").value == "99999"
        assert later.has_class("-error")
        assert "5000" in str(later.query_one(".input-message", Static).render())
        assert form.entries["encumbrance"] == "99999"  # no echo of the old text on mount
        assert form.entries["stance"] == "defensive"
        assert str(app.query_one("#stance").value) == "defensive"
        assert "waiting for encumbrance" in app.query_one("#value-melee-ds", ValueRow).result
