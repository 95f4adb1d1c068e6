"""Keys that arrive many to a read (SSH latency, key repeat, paste) do what the same keys do one
at a time, in the real program on a real terminal: every key applied in order, focus where the
slow keys put it, the focused row on screen, and the rule panel about the focused row.

Each test runs the program twice, in separate folders: once with the keys in ONE ``os.write``
and once with a pause after each key, and compares the two screens whole.
"""

from __future__ import annotations

import re

import pytest

from pty_app import Folders, PtyWorksheet, keys

SLOW_GAP = 0.25
"""Seconds of quiet after each key of the slow run (what worked when the issue was filed)."""


def panel_title(app: PtyWorksheet) -> str:
    line = next((line for line in app.screen.display
                 if re.match(r"\s*(Input|Step \S+) · ", line)), "")
    match = re.search(r"(Input|Step \S+) · (.+?)\s*$", line)
    assert match, f"no rule panel title on screen:\n{app.text()}"
    return match.group(2).strip()


def focused_lines(app: PtyWorksheet) -> list[str]:
    """The screen lines of the focused row (marked ``▌`` in the left gutter)."""
    return [line[:-4].rstrip() for line in app.screen.display if line.startswith("▌")]
    # (the last columns are the scroll bar's, which depends on where the view is scrolled)


def tenth_input_title(ruleset_id: str) -> str:
    """The label of the input nine Ctrl+↓ after the first field (the character's first input,
    below the round group), in the form's order: the steps' inputs less the round inputs."""
    from worksheet import rulesets

    ruleset = rulesets.get(ruleset_id)
    round_inputs = set(ruleset.fight_loop.round_inputs)
    order = [name for group in ruleset.step_groups() for name in group.inputs
             if name not in round_inputs]
    return ruleset.inputs[order[9]].title


def run(tmp_path, name: str, args: list[str], before: list[str], sequence: list[str], *,
        burst: bool, at_once: bool = False, size: tuple[int, int] = (80, 24)) -> PtyWorksheet:
    app = PtyWorksheet(Folders(tmp_path / name), *args, cols=size[0], rows=size[1]).start()
    if not at_once:
        app.wait_for(r"Input · ")
        app.settle()
    if before:
        app.press_slowly(*before, gap=SLOW_GAP)
    if burst:
        app.send(keys(*sequence))
    else:
        app.press_slowly(*sequence, gap=SLOW_GAP)
    app.settle(quiet=1.0)
    return app


def same_state(fast: PtyWorksheet, slow: PtyWorksheet) -> None:
    """The two runs show the same thing, up to where the view is scrolled (that depends on
    where it was scrolled before, key by key): the same row focused and on screen, the same
    panel, the same results and status."""
    screens = f"burst screen:\n{fast.text()}\n\nslow screen:\n{slow.text()}"
    assert panel_title(fast) == panel_title(slow), screens
    lines = focused_lines(fast)
    assert lines, f"the focused row is on screen:\n{screens}"
    assert lines == focused_lines(slow), screens
    first = re.split(r"\s{2,}", lines[0].lstrip("▌ "))[0]
    assert first.split()[0] in panel_title(fast) or first.lstrip("0123456789 ").split()[0] \
        in panel_title(fast), f"the panel names the focused row:\n{screens}"
    assert fast.screen.display[2] == slow.screen.display[2], screens  # the result strip
    assert fast.line_with("defaults") == slow.line_with("defaults"), screens


def compare(tmp_path, args, sequence, before=(), at_once=False, size=(80, 24)
            ) -> tuple[PtyWorksheet, PtyWorksheet]:
    slow = run(tmp_path, "slow", args, list(before), sequence, burst=False, at_once=at_once,
               size=size)
    fast = run(tmp_path, "burst", args, list(before), sequence, burst=True, at_once=at_once,
               size=size)
    try:
        same_state(fast, slow)
    except AssertionError:
        slow.close()
        fast.close()
        raise
    return slow, fast


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
def test_nine_ctrl_down_at_once_land_where_nine_slow_ones_do(tmp_path, size):
    slow, fast = compare(tmp_path, ["gemstone4"], ["ctrl+down"] * 9, size=size)
    try:
        assert panel_title(fast) == tenth_input_title("gemstone4")  # nine steps from the first
    finally:
        slow.close()
        fast.close()


def test_ctrl_down_then_space_toggles_the_row_the_panel_names(tmp_path):
    """Five Ctrl+↓ reach "Reduced penalty may pass 0" (a yes/no); the Space in the same burst
    toggles it, on screen."""
    slow, fast = compare(tmp_path, ["gemstone4"], ["ctrl+down"] * 5 + ["space"])
    try:
        assert "pass 0" in " ".join(focused_lines(fast)) or "Reduced penalty" in panel_title(fast)
        assert re.search(r"Reduced penalty may +▐.▌ no", fast.text()), fast.text()
    finally:
        slow.close()
        fast.close()


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
def test_fourteen_tabs_right_after_launch_land_where_slow_tabs_do(tmp_path, size):
    slow, fast = compare(tmp_path, ["gemstone4"], ["tab"] * 14, size=size)
    slow.close()
    fast.close()


@pytest.mark.parametrize("tab", ["gemstone4", "vtm-revised", "shadowrun4"])
def test_keys_sent_before_the_first_paint_are_all_applied(tmp_path, tab):
    """Fourteen Tabs and a Space written the moment the program starts, before it has drawn
    anything, end where the same keys sent slowly after the first paint end. (Vampire's
    first field is below the first view at 80×24: its rows are built after the first paint.)"""
    slow = run(tmp_path, "slow", [tab], [], ["tab"] * 14 + ["space"], burst=False)
    fast = PtyWorksheet(Folders(tmp_path / "burst"), tab).start()
    try:
        fast.send(keys(*["tab"] * 14, "space"))
        fast.wait_for(r"Input · |Step \S+ · ")
        fast.settle(quiet=1.0)
        same_state(fast, slow)
    finally:
        slow.close()
        fast.close()


@pytest.mark.parametrize("sequence", [["ctrl+down"] * 12 + ["ctrl+up"] * 4,
                                      ["tab"] * 20 + ["shift+tab"] * 3],
                         ids=["ctrl-arrows", "tabs"])
def test_back_and_forth_in_one_burst_on_a_long_sheet(tmp_path, sequence):
    """Exalted's sheet is several screens long: the burst builds rows as it goes."""
    slow, fast = compare(tmp_path, ["exalted2e"], sequence)
    slow.close()
    fast.close()
