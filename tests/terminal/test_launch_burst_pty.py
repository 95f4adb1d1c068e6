"""Keys typed as the first view appears, on a wide terminal, land where they were typed.

At start, in a terminal, the rows of the first view are drawn before their editors exist (all
but the first field's): the editors are made right after the first frame, and a key that moves
focus waits for them (``SheetForm._after_first_paint``, ``FormBody.building``). A Tab handled
before they were there would skip the rows still without one, and the digits after it would
land in another input. At 200×50 the first view holds most of the form, so most of its editors
come after the first frame.

Each case holds the screen worked out by hand for its keys (Tab also stops on worked-out
values, and a digit typed on a switch, a choice or a value is refused), with the defaults from
``docs/rulesets/``: a key lost, doubled or landing elsewhere leaves another screen. These
tests once compared the burst with the same keys typed slowly, which passes when both lose the
same key.
"""

from __future__ import annotations

import re

import pytest

from pty_app import PtyWorksheet, keys, round_rows

SIZE = (200, 50)
SEQUENCE = ["tab", "3", "tab", "4", "tab", "2", "shift+tab", "5", "tab", "tab", "1"]
"""Through the first rows after the character's first input, and back one; sent after a Tab
per round row, from the first field (the first round input, issue 42) to that input."""

FORM_COLUMNS = 130
"""The form's columns at 200×50: the rule panel stands right of them."""

EXPECTED = {
    # Action penalty (first) → a Tab per round row: Onslaught, Wound penalty, Willpower,
    # Ground (left at their defaults), Dexterity (3) → Dodge 3 → Combat ability 4 → Essence 2
    # → back: Combat ability 5 → Essence → Weapon defense 1. Dodge base (3 + 3 + 2) / 2 = 4;
    # parry base (3 + 5 + 1) / 2 = 4.5, the DV rounded up: 5.
    "exalted2e": ({"Action penalty": "0", "Onslaught": "0", "Dexterity": "3", "Dodge": "3",
                   "Combat ability": "5", "Essence": "2", "Weapon defense": "1"},
                  "Weapon defense", "Dodge DV 4  ·  Parry DV 5"),
    # Previous defenses (first) → a Tab per round row: Full defense … Stun damage (left at
    # their defaults), Aware → Engaged: 3 refused → the No defense value: 4 refused → Attack:
    # 2 refused → back to No defense: 5 refused → Attack → Reaction (3): 1. A ranged attack
    # is dodged with Reaction alone: 1.
    "shadowrun4": ({"Previous defenses": "0", "Aware": "▐X▌ yes", "Engaged": "▐X▌ no",
                    "Attack": "ranged", "Reaction": "1", "Dodge": "0"}, "Reaction",
                   "Defense pool 1"),
    # Mode (first) → a Tab per round row: Position, Actions, Opponents, Wound penalty (left at
    # their defaults), Maneuver → Attack: 3 refused → Damage type: 4 refused → Fortitude 2 →
    # back to Damage type: 5 refused → Fortitude → Wearing armor: 1 is yes. Dexterity 2 +
    # Dodge 0; one opponent: difficulty 6.
    "vtm-revised": ({"Position": "1", "Opponents": "1", "Maneuver": "dodge", "Attack": "brawl",
                     "Damage type": "bashing", "Fortitude": "2", "Wearing armor": "▐X▌ yes"},
                    "Wearing armor", "Defense pool 2  ·  Difficulty 6"),
}
"""Per tab: each input's entry after the keys, the input focused at the end, the strip."""


def entries(app: PtyWorksheet) -> dict[str, str]:
    """Every form row on screen: its label and the entry drawn right of it."""
    found = {}
    for line in app.screen.display:
        match = re.match(r"^[▌ ] (\S.*?) {2,}(▐.▌ \S+|\S+)", line)
        if match:
            found.setdefault(match.group(1), match.group(2))
    return found


def focused(app: PtyWorksheet) -> str:
    """The label of the focused row (marked ``▌`` in the first column)."""
    line = next((line for line in app.screen.display if line.startswith("▌ ")), "")
    return re.split(r" {2,}", line[2:])[0]


def shown(app: PtyWorksheet, tab: str) -> tuple:
    """What the player reads of the inputs expected, the focus and the strip."""
    wanted, _, _ = EXPECTED[tab]
    on_screen = entries(app)
    return ({label: on_screen.get(label) for label in wanted}, focused(app),
            app.screen.display[2][:FORM_COLUMNS].strip())


@pytest.mark.parametrize("when", ["at-start", "at-first-frame"])
@pytest.mark.parametrize("tab", ["exalted2e", "shadowrun4", "vtm-revised"])
def test_keys_typed_as_the_first_view_appears_land_where_they_were_typed(run_worksheet, tab,
                                                                         when):
    app = run_worksheet(tab, cols=SIZE[0], rows=SIZE[1])
    if when == "at-first-frame":  # the editors are being made
        app.wait_for(r"f1 Help")
    app.send(keys(*["tab"] * len(round_rows(tab)), *SEQUENCE))
    expected = EXPECTED[tab]
    try:
        app.wait_until(lambda: shown(app, tab) == expected, "the screen worked out by hand")
    except AssertionError as error:
        raise AssertionError(f"{error}\nexpected: {expected}\nshown:    {shown(app, tab)}"
                             ) from None
    app.settle()  # every key handled: nothing moves on after the expected screen
    assert shown(app, tab) == expected, app.text()
    assert "unsaved edits" in app.text(), app.text()
