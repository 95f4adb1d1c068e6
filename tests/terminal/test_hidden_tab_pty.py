"""A tab left and shown again is as the player left it, in the real program on a real
terminal, where a hidden tab drops its rows (memory) and makes them again when shown."""

from __future__ import annotations

import signal

NEXT_TAB, PREVIOUS_TAB = "\x1b[6;5~", "\x1b[5;5~"  # Ctrl+PageDown, Ctrl+PageUp


def test_typed_values_and_marks_come_back_with_the_tab(run_worksheet, folders):
    app = run_worksheet("gemstone4")
    app.wait_for(r"Input · Dodge ranks")
    app.press("42")  # the field's text is selected on start: typing replaces it
    app.wait_for(r"Evade DS vs melee 31 ")
    app.wait_for(r"▸1 Base value .*42 \(was 0\)")
    for _ in range(2):  # twice: rows made again are dropped again
        app.press(NEXT_TAB)
        app.wait_for(r"Level +1 ")  # Rise
        app.press(PREVIOUS_TAB)
        app.wait_for(r"Dodge ranks +42 ")
        app.wait_for(r"▸1 Base value .*42 \(was 0\)")
        app.wait_for(r"Evade DS vs melee 31 ")
    app.press("7")  # focus is back in the first field, its text selected: replaced
    app.wait_for(r"Dodge ranks +7 ")
    app.wait_for(r"Evade DS vs melee 5 ")


def test_an_edit_made_before_a_tab_switch_survives_a_hangup(run_worksheet, folders):
    """Typed, tabs switched away and back in the same burst, then the connection drops: the
    tab's rows were dropped and made again, and the edit still reaches the recovery file."""
    first = run_worksheet("gemstone4")
    first.wait_for(r"Input · Dodge ranks")
    first.press("73", NEXT_TAB, PREVIOUS_TAB)  # one burst: type, next tab, back
    first.wait_for(r"Dodge ranks +73 ")
    first.wait_for(r"Evade DS vs melee 54 ")
    first.signal(signal.SIGHUP)
    assert first.wait_exit() == 128 + signal.SIGHUP
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "73"
    second = run_worksheet("gemstone4")
    second.wait_for(r"Restore unsaved edits\?")
    second.press("enter")
    second.wait_for(r"Evade DS vs melee 54 .*Evade DS vs ranged 81")
