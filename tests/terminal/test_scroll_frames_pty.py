"""Scrolling over SSH is one frame, not an animation, in the real program on a real terminal.

Textual animates a scroll by default: a PageDown was a dozen frames, each a repaint of the
form (13–34 KB at 80×24, 250 KB at 200×50), every byte crossing the network. The app turns
animations off unless the player asks for them (``TEXTUAL_ANIMATIONS``).

The test terminal answers Textual's query for synchronized output, so the program brackets each
frame with ``ESC [ ? 2026 h`` … ``l``; the test replays the bytes a key caused frame by frame
into a terminal emulator and checks that no frame shows the view anywhere but where it was
before the key or where it ends.
"""

from __future__ import annotations

from pathlib import Path

import pyte

from pty_app import PtyWorksheet, keys

PRESET = str(Path(__file__).resolve().parents[2] / "presets" / "gemstone4-example-1.toml")
SYNC_SUPPORTED = b"\x1b[?2026;2$y"
"""A terminal's answer to Textual's DECRQM query: synchronized output is supported."""
FRAME_END = b"\x1b[?2026l"
SCROLL_BAR = 4
"""The last columns of a line: the form's scroll bar, which moves with the view."""


def start(run_worksheet, *args: str) -> PtyWorksheet:
    """The program painted, told that the terminal supports synchronized output."""
    run = run_worksheet(*args)
    run.wait_for(r"f1 Help")
    run.send(SYNC_SUPPORTED)
    run.settle()
    return run


def views(run: PtyWorksheet, data: bytes) -> tuple[list[str], list[list[str]]]:
    """The screen before the last key and after each frame of its output (``data``), each
    line without the scroll bar's columns."""
    screen = pyte.Screen(run.cols, run.rows)
    stream = pyte.ByteStream(screen)
    stream.feed(bytes(run.output[:len(run.output) - len(data)]))

    def view() -> list[str]:
        return [line[:-SCROLL_BAR] for line in screen.display]

    before = view()
    frames = []
    for frame in data.split(FRAME_END):
        stream.feed(frame + FRAME_END)
        frames.append(view())
    return before, frames


def press_and_watch(run: PtyWorksheet, *names: str) -> tuple[list[str], list[list[str]]]:
    """Press keys as a player would (one burst) and return the views frame by frame."""
    start_at = len(run.output)
    run.send(keys(*names))
    run.settle()
    data = bytes(run.output[start_at:])
    assert b"\x1b[?2026h" in data, "the program did not bracket its frames (no sync output)"
    return views(run, data)


def rows_of(view: list[str], text: str) -> list[int]:
    """The screen rows showing ``text`` (the focus mark in the first columns ignored)."""
    return [y for y, line in enumerate(view) if line[2:].strip() == text]


def assert_one_jump(before: list[str], frames: list[list[str]]) -> list[str]:
    """The view moved, and in one frame: a line on screen before and after the key (its
    anchor) is, in every frame, where it was or where it ends — never in between. Other
    changes (the focus mark, the rule panel) may take frames of their own."""
    after = frames[-1]
    anchors = [line[2:].strip() for line in after
               if line[2:].strip() and len(rows_of(after, line[2:].strip())) == 1
               and len(rows_of(before, line[2:].strip())) == 1
               and rows_of(after, line[2:].strip()) != rows_of(before, line[2:].strip())]
    if not anchors:  # a whole page: no line is on screen both before and after
        return assert_whole_views(before, frames)
    anchor = anchors[0]
    ends = {rows_of(before, anchor)[0], rows_of(after, anchor)[0]}
    for frame in frames:
        for row in rows_of(frame, anchor):
            assert row in ends, (f"a frame showed {anchor!r} on row {row}, between rows "
                                 f"{sorted(ends)} (a scroll animation):\n" + "\n".join(frame))
    return after


def form_lines(view: list[str]) -> list[str]:
    """The form's lines of a view at 80×24 (below the result strip, above the rule panel's
    top border), without the focus mark's columns."""
    end = next(y for y, line in enumerate(view) if line.startswith("▔"))
    return [line[2:] for line in view[3:end]]


def assert_whole_views(before: list[str], frames: list[list[str]]) -> list[str]:
    """The form moved, and every frame shows it where it was or where it ends."""
    after = frames[-1]
    ends = (form_lines(before), form_lines(after))
    assert ends[0] != ends[1], "the key did not scroll:\n" + "\n".join(after)
    for frame in frames:
        assert form_lines(frame) in ends, ("a frame showed the form between two views (a "
                                           "scroll animation):\n" + "\n".join(frame))
    return after


def test_page_down_scrolls_a_page_in_one_frame(run_worksheet):
    run = start(run_worksheet, "gemstone4", "--preset", PRESET)
    assert "Step 2" not in run.text() and "Base value" in run.text()
    before, frames = press_and_watch(run, "\x1b[6~")  # PageDown
    after = assert_one_jump(before, frames)
    assert any("Step 2" in line for line in after), "PageDown did not reach the next page"
    before, frames = press_and_watch(run, "\x1b[5~")  # PageUp: back where it started
    after = assert_one_jump(before, frames)
    assert any("Step 1" in line for line in after), "PageUp did not go back to the top"


def test_focus_moving_below_the_view_scrolls_in_one_frame(run_worksheet):
    run = start(run_worksheet, "gemstone4", "--preset", PRESET)
    for _ in range(12):  # Ctrl+↓ one input at a time until the view has to follow
        before, frames = press_and_watch(run, "ctrl+down")
        if not any("Base value" in line for line in frames[-1]):  # the view moved
            assert_one_jump(before, frames)
            return
    raise AssertionError("twelve Ctrl+↓ never scrolled the form:\n" + run.text())


def test_the_help_dialog_scrolls_in_one_frame(run_worksheet):
    run = start(run_worksheet, "gemstone4", "--preset", PRESET)
    run.send(b"\x1bOP")  # F1: the help, taller than 80×24
    run.wait_for(r"Worksheet — keys")
    run.settle()
    before, frames = press_and_watch(run, "\x1b[6~")
    after = frames[-1]  # a page of help leaves no line of the page before: whole views
    assert after != before, "PageDown did not scroll the help"
    between = [frame for frame in frames if frame not in (before, after)]
    assert not between, "a frame showed the help between two pages:\n" + "\n".join(between[0])
