"""Keys that arrive many to a read (SSH latency, key repeat, paste) do what the same keys do one
at a time, in the real program on a real terminal: every key applied in order, focus where the
keys put it, the focused row on screen, and the rule panel about the focused row.

Each test writes its keys in ONE ``os.write`` and waits, with a deadline, for the screen worked
out by hand for those keys: the row the keys end on (counted in the form's order), what it
shows, the result strip (from the ruleset's rules, see the docstrings) and the status line. A
key lost, doubled or applied out of order ends elsewhere and fails at the deadline, showing the
screen. (These tests once compared the burst with the same keys sent slowly, which passes when
both lose the same key; the screen expected here says what the slow run showed, and more.)

A burst that passes over the row it ends on (back and forth) ends by typing a digit into that
row: the screen expected shows the digit, so it cannot be matched while the burst is on its way.
"""

from __future__ import annotations

import re
from contextlib import closing
from typing import NamedTuple

import pytest

from pty_app import Folders, PtyWorksheet, keys, round_rows

from worksheet import rulesets
from worksheet.ui.widgets.rule_panel import MORE

GEMSTONE_DEFAULTS = "Evade DS vs melee 0  ·  Evade DS vs ranged 0"
"""GemStone IV's strip with every input at its default: Dodge ranks 0, Agility and Intuition
bonus 0, so the base value 0 + 0 + trunc(0 / 4) is 0, and every factor times 0 stays 0."""

GEMSTONE_SAVED = "GemStone IV — Evade DS · saved · defaults"
"""GemStone IV's status line while nothing is edited."""

NOT_ENTERED = ("! Not entered: “ ”. Step {step} · {row} is worked out, not typed; Ctrl+Down "
               "goes to the next input.")
"""The note a Space on a worked-out step leaves on the message line (two rows at 80 columns:
the status line's row too, until it goes)."""

STATUS_STARTS = tuple(f" {title}" for rid in rulesets.ids()
                      for title in (rulesets.title(rid), rulesets.short_title(rid)))
"""How the status line starts: with the tab's title, long or short."""


class Shown(NamedTuple):
    """What a player reads after the keys."""

    panel: str
    """The rule panel's title: ``Input · Dodge ranks`` or ``Step 3 · Shield factor``."""
    row: str
    """The focused row's first line, label then entry (``Attacker AS · empty``), as drawn."""
    strip: str
    """The result strip under the tabs."""
    status: str
    """The status line (``""`` while a message of two rows takes its row)."""
    note: str = ""
    """The message shown on the message line, if any."""


def shown(app: PtyWorksheet) -> Shown:
    """What the screen shows now (see :class:`Shown`)."""
    display = app.screen.display
    panel = next((line.strip().split(MORE[:6])[0].rstrip(" ·")  # not the F3 hint
                  for line in display if re.match(r"\s*(Input|Step \S+) · ", line)), "")
    focused = focused_lines(app)
    row = " · ".join(re.split(r"\s{2,}", focused[0].lstrip("▌ "))[:2]) if focused else ""
    message, status = display[-3].strip(), display[-2]  # the message line, the status line
    if not status.startswith(STATUS_STARTS):  # a message of two rows
        message, status = f"{message} {status.strip()}", ""
    return Shown(panel, row, display[2].strip(), status.strip(), message)


def focused_lines(app: PtyWorksheet) -> list[str]:
    """The screen lines of the focused row (marked ``▌`` in the left gutter)."""
    return [line[:-4].rstrip() for line in app.screen.display if line.startswith("▌")]
    # (the last columns are the scroll bar's, which depends on where the view is scrolled)


def ends_showing(app: PtyWorksheet, expected: Shown) -> None:
    """Wait until the screen shows ``expected``; at the deadline, fail with what it shows.

    Then the focused row is one row: its lines follow each other, and the first names the
    row the panel is about."""
    try:
        app.wait_until(lambda: shown(app) == expected, "the screen worked out for the keys")
    except AssertionError as error:
        raise AssertionError(f"{error}\nexpected: {expected}\nshown:    {shown(app)}") from None
    marked = [i for i, line in enumerate(app.screen.display) if line.startswith("▌")]
    assert marked == list(range(marked[0], marked[0] + len(marked))), app.text()
    label = re.sub(r"^[0-9A-Z] ", "", expected.row.split(" · ")[0])  # a step's number first
    assert label in expected.panel, f"the panel names the focused row:\n{app.text()}"


def input_title(ruleset_id: str, steps: int) -> str:
    """The label of the input ``steps`` Ctrl+↓ after the first field (the first round input,
    issue 42), in the form's order: the round inputs shown as rows, then the steps' inputs
    less those."""
    ruleset = rulesets.get(ruleset_id)
    in_steps = [ruleset.inputs[name].title for group in ruleset.step_groups()
                for name in group.inputs if name not in ruleset.fight_loop.round_inputs]
    return (round_rows(ruleset_id) + in_steps)[steps]


def burst(tmp_path, args: list[str], sequence: list[str],
          size: tuple[int, int] = (80, 24)) -> closing[PtyWorksheet]:
    """Start the program, wait for its first field, then write ``sequence`` in one write;
    the program is ended when the ``with`` block is left."""
    app = PtyWorksheet(Folders(tmp_path / "burst"), *args, cols=size[0], rows=size[1]).start()
    try:
        app.wait_for(r"Input · ")
        app.send(keys(*sequence))
    except BaseException:
        app.close()
        raise
    return closing(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
def test_eleven_ctrl_down_at_once_land_where_eleven_slow_ones_do(tmp_path, size):
    """Eleven steps from the first field (Stance, then Encumbrance, then nine from Dodge ranks)
    is the Odds step's Attacker AS, still empty; nothing is edited, so the strip shows the
    defaults."""
    assert input_title("gemstone4", 11) == "Attacker AS"
    with burst(tmp_path, ["gemstone4"], ["ctrl+down"] * 11, size) as app:
        ends_showing(app, Shown("Input · Attacker AS", "Attacker AS · empty",
                                GEMSTONE_DEFAULTS, GEMSTONE_SAVED))
        # the row below the focused one comes with the frame that scrolls it in, maybe the next
        app.wait_for(re.escape("No attack yet: enter Attacker AS above to see the odds."))


def test_ctrl_down_then_space_toggles_the_row_the_panel_names(tmp_path):
    """Seven Ctrl+↓ from Stance (Encumbrance, Dodge ranks, Agility bonus, Intuition bonus,
    Armor (ASG), Armored evasion) reach "Reduced penalty may pass 0" (a yes/no, yes by
    default); the Space in the same burst toggles it to no, on screen, and the sheet has an
    unsaved edit. The strip keeps its defaults: with no armor the effective action penalty is
    0 either way."""
    assert input_title("gemstone4", 7) == "Reduced penalty may pass 0"
    with burst(tmp_path, ["gemstone4"], ["ctrl+down"] * 7 + ["space"]) as app:
        ends_showing(app, Shown("Input · Reduced penalty may pass 0",
                                "Reduced penalty may · ▐X▌ no", GEMSTONE_DEFAULTS,
                                "GemStone IV — Evade DS · ● unsaved edits · defaults"))
        assert re.search(r"Reduced penalty may +▐.▌ no", app.text()), app.text()
        assert re.search(r"Exact hindrance +▐.▌ no", app.text()), "the next row is not toggled"


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
def test_sixteen_tabs_right_after_launch_land_where_slow_tabs_do(tmp_path, size):
    """Tab visits the worked-out steps too: from Stance, Encumbrance and Dodge ranks are the
    first two stops; the fourteenth stop after Dodge ranks is step 3's Shield factor, 1 with
    no shield: sixteen Tabs."""
    with burst(tmp_path, ["gemstone4"], ["tab"] * 16, size) as app:
        ends_showing(app, Shown("Step 3 · Shield factor", "3 Shield factor · none shield",
                                GEMSTONE_DEFAULTS, GEMSTONE_SAVED))
        assert re.search(r"\n▌  3 Shield factor +none shield +1[ ▁-█]", app.text()), app.text()


FIRST_PAINT_ENDS = {
    "gemstone4": Shown("Step 3 · Shield factor", "3 Shield factor · none shield",
                       GEMSTONE_DEFAULTS, "", NOT_ENTERED.format(step=3, row="Shield factor")),
    # Dexterity 2 + Dodge 0 = a pool of 2; base difficulty 6 against one opponent.
    "vtm-revised": Shown("Step 2 · Dice penalty", "2 Dice penalty · single defense: no penalty",
                         "Defense pool 2  ·  Difficulty 6", "",
                         NOT_ENTERED.format(step=2, row="Dice penalty")),
    # A ranged attack: Reaction 3, and +3 for the defender in a moving vehicle = 6.
    "shadowrun4": Shown("Input · In moving vehicle", "In moving vehicle · ▐X▌ yes",
                        "Defense pool 6",
                        "Shadowrun 4A — Defense Test · ● unsaved edits · defaults"),
}
"""Where fourteen Tabs past the round group (its rows, then the character's first input) and a
Space end on each ruleset: the Space on a worked-out step is not entered (a note says so, on two
rows), on a yes/no it toggles it."""

STATUS_AFTER = {"gemstone4": GEMSTONE_SAVED,
                "vtm-revised": "Vampire (Revised) — Defensive Maneuvers · saved · defaults"}
"""The status line once the note has gone: nothing was edited."""


@pytest.mark.parametrize("tab", ["gemstone4", "vtm-revised", "shadowrun4"])
def test_keys_sent_before_the_first_paint_are_all_applied(tmp_path, tab):
    """Tabs through the round group's rows, fourteen more and a Space written the moment the
    program starts, before it has drawn anything, end where the same keys end once it has.
    (Vampire's character fields are below the first view at 80×24: those rows are built
    after the first paint.)"""
    with PtyWorksheet(Folders(tmp_path / "burst"), tab) as app:
        app.send(keys(*["tab"] * (len(round_rows(tab)) + 14), "space"))
        ends_showing(app, FIRST_PAINT_ENDS[tab])
        if tab in STATUS_AFTER:
            app.wait_until(lambda: shown(app).status == STATUS_AFTER[tab],
                           "the status line once the note has gone")
        assert app.process.poll() is None, "the program still runs"


@pytest.mark.parametrize("sequence, expected, also", [
    # From Action penalty, five Ctrl+↓ pass the round group to Dexterity; twelve more and
    # four back: Parry adjustment. Parry base (3 + 0 + 0 + 0 + 3) / 2 = 3: Parry DV 3; Dodge
    # base 3/2 rounds up to 2.
    (["ctrl+down"] * 17 + ["ctrl+up"] * 4 + ["3"],
     Shown("Input · Parry adjustment", "Parry adjustment · 3", "Dodge DV 2  ·  Parry DV 3",
           "Exalted 2e — Defense Value · ● unsaved edits · defaults"),
     [r"Dodge adjustment +0 ", r"A Parry base +\(3 \+ 0 \+ 0 \+ 0 \+ 3\) / 2 +3 \(was 1\.5\)"]),
    # Five Tabs pass the round group to Dexterity, twenty more and three back: Shield
    # mobility penalty. Dodge 3/2 − 1 = 1/2 rounds up to 1; the shield's mobility penalty is
    # Dodge only.
    (["tab"] * 25 + ["shift+tab"] * 3 + ["1"],
     Shown("Input · Shield mobility penalty", "Shield mobility · 1",
           "Dodge DV 1  ·  Parry DV 2",
           "Exalted 2e — Defense Value · ● unsaved edits · defaults"),
     [r"Shield bonus +0 ", r"Cover bonus +0 "]),
], ids=["ctrl-arrows", "tabs"])
def test_back_and_forth_in_one_burst_on_a_long_sheet(tmp_path, sequence, expected, also):
    """Exalted's sheet is several screens long: the burst builds rows as it goes. The digit
    at its end goes into the row the burst came back to; a Solar at the defaults (Dexterity 3,
    the rest 0, Essence 1) has Dodge and Parry base 3/2, each DV rounded up to 2."""
    with burst(tmp_path, ["exalted2e"], sequence) as app:
        ends_showing(app, expected)
        assert len(focused_lines(app)) == 2, "the focused row: its label wraps in two lines"
        missing = [pattern for pattern in also if not re.search(pattern, app.text())]
        assert not missing, f"the rows passed keep their entries, the step shows the digit:" \
                            f" {missing} not on screen:\n{app.text()}"
