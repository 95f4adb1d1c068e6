"""At 80×24 through a real pty (issue 42): F1 opens on the tab's own keys, a long record name
shows its start once Tab leaves it, a long label wraps within its column, and the rule panel
says F3 when it cannot show all."""

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


def test_a_long_label_wraps_within_its_column_at_80x24(run_worksheet):
    """Exalted's "Dodge X (after non-Charm magic)" (issue 42): its head column (step and
    label, 22 columns at 80×24) holds all of it on two lines, and the formula column beside
    it starts with the formula (1.5 at the defaults: Dexterity 3 halved) on the first line
    only."""
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · Action penalty")
    app.press(*["ctrl+down"] * 24)  # past the round rows and steps A–C: Magic and Charms
    app.wait_for(r"Input · Magic and Charms")
    app.press("tab")  # the value below the list
    app.wait_for(r"Step D · Dodge X \(after non-Charm magic\)")
    app.settle()
    rows = [line for line in app.screen.display if line.startswith("▌")]
    assert [row[2:24].strip() for row in rows[:2]] == ["D Dodge X (after",
                                                       "non-Charm magic)"], app.text()
    assert rows[0][25:].split()[0] == "1.5", app.text()  # the formula column
    assert rows[1][24:].strip() == "", "the label's second line stays in its column"


def test_the_panel_says_f3_when_it_cannot_show_all_and_f3_does(run_worksheet):
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · Action penalty")
    app.press("ctrl+g", "8", "tab")
    app.wait_for(r"Step Odds · Chance to be hit through Dodge DV  ·  F3 shows all")
    app.press("f3")
    app.wait_for(r"Source: Sutured DV")  # the last line of the explanation, in the dialog
    app.settle()
    title = next(line for line in app.screen.display if line.startswith("█ Step Odds · "))
    assert "F3 shows all" not in title, app.text()  # the dialog shows it all
