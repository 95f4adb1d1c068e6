"""Pilot tests: the rule panel and the scroll follow the focus as it is when they run.

In a burst of keys focus moves several times before the rows hear of it, and the focus
messages of different rows travel through different queues, so the last to arrive may be
about a row focus has already left. A late message about an earlier row must not take the
panel away from the focused row.
"""

from __future__ import annotations

import pytest
from textual import events

from worksheet.ui import WorksheetApp
from worksheet.ui.form.body import FormBody
from worksheet.ui.widgets.rule_panel import MORE, RulePanel

SIZE = (80, 24)


def panel_title(app) -> str:
    """The panel's title, without the hint that it cannot show all (``MORE``)."""
    return str(app.form().query_one(RulePanel).children[0].render()).removesuffix(MORE)


@pytest.mark.every_row
async def test_a_late_focus_message_about_an_earlier_row_leaves_the_panel_alone():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        form = app.form()
        dodge = form.query_one("#dodge-ranks")
        stance = form.query_one("#stance")
        stance.focus()
        await pilot.pause()
        assert panel_title(app) == "Input · Stance"
        dodge.parent.post_message(events.DescendantFocus(dodge))  # arrives late
        await pilot.pause()
        await pilot.pause()
        assert app.focused is stance
        assert panel_title(app) == "Input · Stance"


async def test_the_focused_row_is_scrolled_into_view_after_a_jump_to_the_end():
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["ctrl+down"] * 40)  # past the last input: focus stays there
        await pilot.pause()
        await pilot.pause()
        body = app.form().query_one(FormBody)
        assert app.focused is not None and body.can_view_entire(app.focused)
        assert panel_title(app).startswith("Input · ")
        assert app.focused.parent.spec.title in panel_title(app)
