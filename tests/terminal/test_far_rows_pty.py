"""A tab scrolled to its end and back reads as it did, in the real program on a real
terminal, where the rows far from the view are dropped and made again as the view comes near
(``form.window``); a value typed into a row dropped meanwhile is still there."""

from __future__ import annotations

from pty_app import PtyWorksheet, to_character

SCROLL_BAR = 2
"""The last columns of a line: the form's scroll bar, which moves with the view."""


def view(app: PtyWorksheet) -> list[str]:
    """The screen's lines without the scroll bar."""
    return [line[:-SCROLL_BAR] for line in app.screen.display]


def page_until_still(app: PtyWorksheet, key: str) -> int:
    """Press ``key`` until the screen stops changing; how many presses moved it."""
    moved = 0
    before = view(app)
    for _ in range(60):
        app.press(key)
        app.settle()
        now = view(app)
        if now == before:
            return moved
        moved, before = moved + 1, now
    raise AssertionError(f"{key} never reached the end")


def test_rise_scrolled_to_its_end_and_back_reads_as_before(run_worksheet):
    app = run_worksheet("rise")
    app.wait_for(r"f1 Help")
    app.settle()
    top = view(app)
    assert page_until_still(app, "pagedown") > 10  # Rise is about 21 screens at 80×24
    end = view(app)
    assert page_until_still(app, "pageup") > 10
    assert view(app) == top
    page_until_still(app, "pagedown")
    assert view(app) == end


def test_a_value_typed_before_scrolling_away_comes_back(run_worksheet):
    app = run_worksheet("gemstone4")
    label = to_character(app, "gemstone4")  # Dodge ranks
    app.press("42")  # its text is selected on focus: replaced
    app.wait_for(r"Evade DS vs melee 31 ")
    app.press("f4")  # focus back on the round group (kept built), Dodge ranks left behind
    app.wait_for(r"Input · Stance")
    page_until_still(app, "pagedown")
    page_until_still(app, "pageup")
    app.wait_for(rf"{label} +42 ")
    app.wait_for(r"Evade DS vs melee 31 ")
