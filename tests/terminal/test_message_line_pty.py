"""A burst of fight keys on a real terminal at 80×24 (pyte) leaves the tab bar and the result
strip readable and one message on a line of its own (issue 42).

Found in tmux: after ``F5 F5 F5 F6 F5`` the toasts sat over the tab bar and the strip
(``Shadowr▌ 20.9 % (dodge)``), and one covered the Save dialog's buttons. Each test writes its
keys in ONE write and reads the screen's rows as a player does.
"""

from __future__ import annotations

import pytest

from pty_app import keys

TAB_BAR = " Exalted 2e  GemStone IV  Rise  Shadowrun 4A  Vampire"
"""The tab bar's row, every title whole."""

BURST = ("f5", "f5", "f5", "f6", "f5")
"""Attacked three times, my action, attacked again: the round's counter ends at one attack."""

AFTER_BURST = {
    # Dexterity 3, Dodge 0: Dodge DV and Parry DV 2, less 1 for one onslaught.
    "exalted2e": ("Exalted 2e — Defense Value", " Dodge DV 1  ·  Parry DV 1",
                  " Attacked again (Ctrl+Z undoes): Onslaught 0 → 1 — Dodge DV 1 · Parry DV 1"),
    # Reaction 3, less 1 per defense already made: 2.
    "shadowrun4": ("Shadowrun 4A — Defense Test", " Defense pool 2",
                   " Attacked again (Ctrl+Z undoes): Previous defenses 0 → 1 — Defense pool 2"),
    # A single defense: the position counts, the pool (Dexterity 2 + Dodge 0) does not change.
    "vtm-revised": ("Vampire (Revised) — Defensive Maneuvers", " Defense pool 2  ·  Difficulty 6",
                    " Attacked again (Ctrl+Z undoes): Position 1 → 2 — Dodge 2 dice at "
                    "difficulty 6"),
}
"""Each tab with fight keys after :data:`BURST`: its title, its strip's row and the message."""


def rows(app) -> list[str]:
    return [row.rstrip() for row in app.screen.display]


@pytest.mark.parametrize("rid", list(AFTER_BURST))
def test_a_burst_of_fight_keys_leaves_the_tab_bar_the_strip_and_one_message(run_worksheet,
                                                                            rid):
    title, strip, message = AFTER_BURST[rid]
    app = run_worksheet(rid)
    app.wait_for(r"Input · ")
    app.wait_for(r"· saved · defaults")
    app.send(keys(*BURST))
    expected = {0: TAB_BAR, 2: strip, -3: message,  # the message line, above
                -2: f" {title} · ● unsaved edits · defaults"}  # the status line
    try:
        app.wait_until(lambda: all(rows(app)[row] == text for row, text in expected.items()),
                       "the tab bar, the strip, the message and the status line")
    except AssertionError as error:
        shown = rows(app)
        raise AssertionError(f"{error}\n" + "\n".join(
            f"row {row}: expected {text!r}, shown {shown[row]!r}"
            for row, text in expected.items())) from None
    shown = rows(app)
    screen = app.text()
    assert screen.count("Ctrl+Z undoes") == 1, screen  # one message, not a stack
    assert screen.count("Attacked again") == 1 and "My action (" not in screen, screen
    assert any(row.startswith(("▌", "█")) for row in shown[3:-3]), "the focused row shows"


def test_a_message_with_the_save_dialog_open_shows_under_it_not_over_its_buttons(
        run_worksheet):
    _, _, message = AFTER_BURST["exalted2e"]
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · ")
    app.wait_for(r"· saved · defaults")
    app.send(keys(*BURST, "ctrl+s"))  # one write: the attacks, then the save dialog
    app.wait_until(lambda: "Save preset (exalted2e)" in app.text() and rows(app)[-1] == message,
                   "the save dialog, and the message on the line under it")
    shown = rows(app)
    buttons = next(row for row in shown if "Save (Ctrl+S)" in row)
    assert buttons.split("█")[1].split() == ["Save", "(Ctrl+S)", "Cancel", "(Esc)"], buttons
    assert shown.index(buttons) < len(shown) - 1, "the buttons' words above the message"
    assert app.text().count("Ctrl+Z undoes") == 1, app.text()
    app.send(keys("escape"))
    app.wait_until(lambda: rows(app)[0] == TAB_BAR and rows(app)[-3] in (message, ""),
                   "the sheet again, the message (if still shown) on its own line")


def test_my_action_over_a_counter_typed_wrong_quotes_what_was_typed(run_worksheet):
    """Found in tmux at 80×24: '99x' in Action penalty, then F6, said 'Action penalty empty →
    0'. In one write: the wrong text, then F6; the message quotes the text it replaced."""
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · Action penalty")
    app.send(keys("ctrl+a", "ctrl+k", "9", "9", "x", "f6"))
    app.wait_for(r"Action penalty '99x' → 0")
    assert "empty" not in app.message_words(), app.text()
