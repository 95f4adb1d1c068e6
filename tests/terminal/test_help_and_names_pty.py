"""At 80×24 through a real pty: F1 opens on the tab's own keys, and a long record name shows its
start once Tab leaves it (issue 42)."""

from __future__ import annotations

import re

import pytest

FIRST_HELP_ROW = {
    "exalted2e": r"F5 +Attacked again: Another attack before the",
    "gemstone4": r"F9 +next Stance: offensive → advanced",
    "rise": r"F4 +go to the round inputs \(Modifiers\)",
    "shadowrun4": r"F5 +Attacked again: Another attack before the",
    "vtm-revised": r"F5 +Attacked again: The next defense this turn",
}
"""The first row of each tab's help: its own first key (worked out from the spec's fight loop
table), on the first screen of the help without scrolling."""


@pytest.mark.parametrize("rid", sorted(FIRST_HELP_ROW))
def test_f1_opens_on_the_tabs_own_keys(run_worksheet, rid):
    app = run_worksheet(rid)
    app.wait_for(r"Input · ")
    app.press("f1")
    app.wait_for(r"This tab — ")
    app.settle()
    lines = app.screen.display
    heading = next(i for i, line in enumerate(lines) if "This tab — " in line)
    first = next(line for line in lines[heading + 1:] if line.strip("█ "))
    assert re.search(FIRST_HELP_ROW[rid], first), app.text()
    if rid == "gemstone4":  # its F9 before the keys of every tab
        every = next((i for i, line in enumerate(lines) if "Every tab" in line), len(lines))
        assert heading < lines.index(next(l for l in lines if "F9 " in l)) < every


def test_a_long_record_name_shows_its_start_after_tab(run_worksheet):
    app = run_worksheet("rise")
    app.wait_for(r"Input · ")
    app.press("f4", "a")  # the modifiers list (Rise's round input); a new record
    app.wait_for(r"Add modifiers #1")
    app.send("Blessing of the morning sun over the hills")
    app.wait_for(r"▌ Name +r the hills ")  # typing: the end in view, by the cursor
    app.press("tab")
    app.wait_for(r"▌ Defenses")
    app.settle()
    assert re.search(r"  Name +Blessing of ", app.text()), app.text()
    app.press("shift+tab")
    app.wait_for(r"▌ Name ")
    app.settle()
    assert re.search(r"▌ Name +Blessing of ", app.text()), app.text()
