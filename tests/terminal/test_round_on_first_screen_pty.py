"""The round on the first screen (issue 42), through a real pty at 80×24.

The round inputs are why a player has the sheet open mid-fight. At 80×24 the form used to
open scrolled to the character's first field (Exalted at Step A, Shadowrun at Physical damage,
Vampire at Opponents), the round group above the view. Now the view opens at its top: the
strip and the round group. The fight view (F10) shows the strip, every round input and the
Odds step on one screen, the rule text hidden; F10 again gives the whole form back.
"""

from __future__ import annotations

import re

import pytest

from worksheet import rulesets
from worksheet.ui.widgets.kinds import kind_of
from worksheet.ui.widgets.round_group import round_inputs

ROUND_HEADING = r"Round  ·  "
ODDS_HEADING = r"Odds — "


def round_labels(rid: str) -> list[str]:
    """The labels of the round inputs the round group shows as rows (a record list shows
    as a line of its own: Rise's conditions)."""
    ruleset = rulesets.get(rid)
    return [ruleset.inputs[name].title for name in round_inputs(ruleset)
            if not kind_of(ruleset.inputs[name]).record_list]


def strip_shown(app) -> None:
    """Wait for the strip: the line under the tab bar holds a value."""
    app.wait_until(lambda: re.search(r"\d", app.screen.display[2]), "the strip")


@pytest.mark.parametrize("rid", rulesets.ids())
def test_the_round_group_is_on_the_first_screen_with_the_strip(run_worksheet, rid):
    """At launch, without F4: the strip, the round heading and the first round input."""
    app = run_worksheet(rid)
    app.wait_for(r"Input · ")  # a field has focus: the start is done
    strip_shown(app)
    app.settle()
    text = app.text()
    assert ROUND_HEADING in text, text
    labels = round_labels(rid)
    if labels:
        assert re.search(rf"^[▌ ] {re.escape(labels[0])} ", text, re.M), text
    else:  # Rise: its round input is a record list, shown on a line of its own
        assert "Conditions: " in text, text


@pytest.mark.parametrize("rid", rulesets.ids())
def test_the_fight_view_shows_the_whole_round_on_one_screen_and_back(run_worksheet, rid):
    """F10: the strip, every round input, the Odds heading and its chances at 80×24, the
    rule panel hidden; F10 again: the whole form, focus back on the field F10 left."""
    app = run_worksheet(rid)
    focused = app.wait_for(r"Input · (.+)").group(1).strip()
    strip_shown(app)
    app.press("f10")
    app.wait_for(ODDS_HEADING)
    app.wait_gone(r"Input · ")  # the rule panel is hidden
    app.press("ctrl+g", "8")  # an attack: the chances show
    app.wait_for(r"Chance to be hit")
    app.settle()
    text = app.text()
    missing = [label for label in round_labels(rid)
               if not re.search(rf"^[▌ ] {re.escape(label)} ", text, re.M)]
    assert not missing, text
    assert ROUND_HEADING in text and re.search(r"\d", app.screen.display[2]), text
    app.press("f10")
    title = app.wait_for(r"Input · (.+)").group(1).strip()  # the panel again
    assert title != focused, "focus stays on the attacker's input Ctrl+G went to"


@pytest.mark.parametrize("rid, first, given", [("exalted2e", "Dexterity", "Action penalty"),
                                                ("rise", "Level", "Accuracy")])
def test_leaving_the_fight_view_focuses_the_field_it_hid(run_worksheet, rid, first, given):
    """F10 from the first field (a character field the fight view hides) focuses the first
    round input (Rise, whose round input is a list: the attacker's first input); F10 again
    focuses the first field again, in view."""
    app = run_worksheet(rid)
    app.wait_for(rf"Input · {first}")
    app.press("f10")
    app.wait_for(rf"▌ {given} ")  # has focus
    app.press("f10")
    app.wait_for(rf"Input · {first}")
    app.wait_for(rf"▌ {first} ")
    assert app.process.poll() is None, app.after_exit()
