"""The rule panel under the form at 80×24 shows four lines: when an explanation is longer its
title says "F3 shows all", and F3 shows all of it (issue 42: the rest was out of sight, with
nothing saying where)."""

from __future__ import annotations

from waits import until

from worksheet.ui import WorksheetApp
from worksheet.ui.screens.explain import ExplainScreen
from worksheet.ui.widgets import RulePanel
from worksheet.ui.widgets.rule_panel import MORE


def panel_texts(panel: RulePanel) -> list[str]:
    return [str(child.render()) for child in panel.children]


async def test_a_cut_explanation_says_f3_and_f3_shows_all_of_it():
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+g", "8", "tab")  # the chance to be hit through Dodge DV
        panel = app.form().query_one(RulePanel)
        title = "Step Odds · Chance to be hit through Dodge DV"
        await until(pilot, lambda: panel_texts(panel)[0] == title + MORE, "the hint")
        assert panel.max_scroll_y > 0, "cut: the hint is true"
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, ExplainScreen), "the F3 dialog")
        whole = app.screen.query_one(RulePanel)
        await pilot.pause()
        texts = panel_texts(whole)
        assert texts[0] == title, "no hint where all of it is shown"
        assert "= P(successes of 8d10 > 2) = 60629/78125 = 77.6 %" in texts[1]
        assert texts[2].startswith("Source: ")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ExplainScreen), "closed")


async def test_an_explanation_that_fits_has_no_hint():
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=(200, 50)) as pilot:  # the panel right of the form
        panel = app.form().query_one(RulePanel)
        await until(pilot, lambda: panel_texts(panel)[0].startswith("Input · Action penalty"),
                    "the first field explained")
        await pilot.pause()
        assert panel.max_scroll_y == 0
        assert panel_texts(panel)[0] == "Input · Action penalty"
