"""The round on the first screen (issue 42), through a real pty at 80×24.

The round inputs are why a player has the sheet open mid-fight. At 80×24 the form used to
open scrolled to the character's first field (Exalted at Step A, Shadowrun at Physical damage,
Vampire at Opponents), the round group above the view. Now the view opens at its top: the
strip and the round group, with the first round input focused (Rise, whose round input is a
record list: its first field, Level). The fight view (F10) shows the strip, every round input and the
Odds step on one screen, the rule text hidden; F10 again gives the whole form back.
"""

from __future__ import annotations

import re

import pytest

from pty_app import round_rows, to_character
from worksheet import rulesets

ROUND_HEADING = r"Round  ·  "
ODDS_HEADING = r"Odds — "


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
    # the fight view's key is named where the round is, on the heading's one line, since the
    # key bar at 80 columns has no room for it beside F5 and F6
    heading = app.line_with(ROUND_HEADING)
    assert heading.rstrip().endswith("F4 comes here · F10 fight view"), heading
    labels = round_rows(rid)
    if labels:
        assert re.search(rf"^[▌ ] {re.escape(labels[0])} ", text, re.M), text
    else:  # Rise: its round input is a record list, shown on a line of its own
        assert "Conditions: " in text, text


def first_field(rid: str) -> str:
    """The label of the field a fresh tab focuses: its first round input shown as a row (the
    thing a player changes every round); Rise, whose round input is a record list, its
    character's first input (the spec's fight loop table, and each ruleset's inputs)."""
    labels = round_rows(rid)
    if labels:
        return labels[0]
    ruleset = rulesets.get(rid)
    return ruleset.inputs[ruleset.step_groups()[0].inputs[0]].title


def focus_on_screen(app, rid: str) -> None:
    """The focused row (``▌``) is the tab's first field, on screen with the strip and the
    round heading above it, and the rule panel is about it."""
    label = first_field(rid)
    app.wait_for(rf"Input · {re.escape(label)}")
    strip_shown(app)
    app.settle()
    lines = app.screen.display
    focused = [i for i, line in enumerate(lines) if line.startswith("▌ ")]
    assert focused and lines[focused[0]].startswith(f"▌ {label} "), app.text()
    heading = next(i for i, line in enumerate(lines) if ROUND_HEADING in line)
    assert 2 < heading < focused[0], app.text()


@pytest.mark.parametrize("rid", rulesets.ids())
def test_the_focus_at_launch_is_the_first_round_input_on_screen(run_worksheet, rid):
    """Issue 42: at launch the focus was the character's first field, below the view at
    80×24 (Dexterity, Aware, Maneuver): a number typed mid-fight changed the character."""
    app = run_worksheet(rid)
    focus_on_screen(app, rid)
    if rid in ("exalted2e", "shadowrun4"):  # a number: a digit typed goes there, on screen
        app.send("2")
        app.wait_for(rf"▌ {re.escape(first_field(rid))} +2 ")
        app.wait_for(r"● unsaved edits")
        focus_on_screen(app, rid)


def test_a_fresh_tab_focuses_its_first_round_input_on_screen(run_worksheet):
    """Ctrl+PageDown to each tab not shown yet: its first field as at launch."""
    app = run_worksheet("exalted2e")
    focus_on_screen(app, "exalted2e")
    for rid in rulesets.ids()[1:]:
        app.press("ctrl+pagedown")
        focus_on_screen(app, rid)


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
    missing = [label for label in round_rows(rid)
               if not re.search(rf"^[▌ ] {re.escape(label)} ", text, re.M)]
    assert not missing, text
    assert ROUND_HEADING in text and re.search(r"\d", app.screen.display[2]), text
    app.press("f10")
    title = app.wait_for(r"Input · (.+)").group(1).strip()  # the panel again
    assert title != focused, "focus stays on the attacker's input Ctrl+G went to"


@pytest.mark.parametrize("rid, first, given", [("exalted2e", "Dexterity", "Action penalty"),
                                                ("rise", "Level", "Accuracy")])
def test_leaving_the_fight_view_focuses_the_field_it_hid(run_worksheet, rid, first, given):
    """F10 from the character's first field (which the fight view hides; on Exalted reached
    past the round rows, issue 42) focuses the first round input (Rise, whose round input is
    a list: the attacker's first input); F10 again focuses that field again, in view."""
    app = run_worksheet(rid)
    assert to_character(app, rid) == first
    app.press("f10")
    app.wait_for(rf"▌ {given} ")  # has focus
    app.press("f10")
    app.wait_for(rf"Input · {first}")
    app.wait_for(rf"▌ {first} ")
    assert app.process.poll() is None, app.after_exit()


def test_the_focused_round_input_shows_its_focus_mark_after_my_action(run_worksheet):
    """Exalted "2 F5 F6": F6 sets Onslaught (1) and Action penalty (2) back to 0 and focuses
    Action penalty for the new action's penalty. Both are marked as changed (a bar), and the
    bar hid the focus mark: the player could not see where the next number would go. The
    focused row shows the focus mark (``▌``), the other the bar (``█``)."""
    app = run_worksheet("exalted2e")
    focus_on_screen(app, "exalted2e")
    app.send("2")
    app.wait_for(r"▌ Action penalty +2 ")
    app.press("f5")
    app.wait_for(r"Onslaught +1 ")
    app.press("f6")
    app.wait_for(r"█ Onslaught +0 ")
    app.wait_for(r"▌ Action penalty +0 ")
    app.send("1")  # and the next number goes there
    app.wait_for(r"▌ Action penalty +1 ")


@pytest.mark.parametrize("rid", rulesets.ids())
def test_f10_from_the_attack_shows_the_round_from_its_heading(run_worksheet, rid):
    """Found on Shadowrun at 80×24: Ctrl+G 8 (the attack), then F10: the view kept the
    attacker's row centred in the taller body, the round heading and Previous defenses above
    it. The fight view opens at its top when the focused row is in view there."""
    app = run_worksheet(rid)
    app.wait_for(r"Input · ")
    app.press("ctrl+g")
    app.wait_for(r"Odds — ")
    app.send("8")
    app.wait_for(r"Chance to be hit")
    app.press("f10")
    app.wait_gone(r"Input · ")  # the rule panel hidden: the fight view
    app.settle()
    text = app.text()
    assert ROUND_HEADING in text, text  # under the strip, as at launch
    first = (round_rows(rid) or ["Conditions: "])[0]  # Rise: the conditions' line
    assert re.search(rf"^ +{re.escape(first)}", text, re.M), text
    assert re.search(r"^▌ \S", text, re.M), "the attacker's row, focused, in view"


def test_f10_from_level_with_an_attack_in_the_preset_opens_at_the_round(run_worksheet):
    """Found in tmux after a restore: Rise with Accuracy entered, F10 from Level focused
    Accuracy with the Odds heading at the top of the view, as Ctrl+G puts it; the odds filled
    the view and the round heading was above it. The fight view opens at its top: the strip,
    the round heading, the conditions, the Odds heading and Accuracy on one screen."""
    app = run_worksheet("--preset", "rise-odds-r1-fighter-against-accuracy-5")
    app.wait_for(r"Input · Level")
    strip_shown(app)
    app.press("f10")
    app.wait_for(r"▌ Accuracy +5 ")
    app.wait_gone(r"Input · ")
    app.settle()
    text = app.text()
    assert ROUND_HEADING in text and "Conditions: none" in text, text
    assert text.index(ROUND_HEADING) < text.index(ODDS_HEADING) < text.index("▌ Accuracy"), text
