"""A tab left and shown again is as the player left it, in the real program on a real
terminal, where a hidden tab drops its rows (memory) and makes them again when shown."""

from __future__ import annotations

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
