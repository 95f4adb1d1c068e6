"""The compacted terminal output shows the same screen as Textual's own, in fewer bytes.

Frames are made the way Textual makes them (``Strip.render``: every segment as its whole style,
its text and a reset; a cursor move before each line and a newline between lines), from random
segments in random styles, and fed both as they are and compacted to a terminal emulator
(``pyte``). Every cell must look the same: its character, its background, and — where
something is drawn (a character that is not a space, or an attribute that draws on a space:
underline, reverse, strike) — its colour and attributes.
"""

from __future__ import annotations

import pyte
from hypothesis import given, settings, strategies as st
from rich.color import Color as RichColor
from rich.console import Console
from rich.style import Style
from textual.strip import Strip
from rich.segment import Segment

from worksheet.ui.terminal.output import DEFAULT, Compactor, apply, compact, transition

COLS, ROWS = 30, 6
CONSOLE = Console(color_system="256", force_terminal=True, width=COLS)

COLOURS = st.sampled_from([None, "default", "color(16)", "color(233)", "color(234)",
                           "color(46)", "red", "bright_blue", "#204060"])
STYLES = st.builds(lambda fg, bg, bold, dim, italic, underline, reverse, strike: Style(
    color=None if fg is None else RichColor.parse(fg),
    bgcolor=None if bg is None else RichColor.parse(bg),
    bold=bold, dim=dim, italic=italic, underline=underline, reverse=reverse, strike=strike),
    COLOURS, COLOURS, *[st.sampled_from([None, True, False])] * 6)
TEXTS = st.sampled_from([" ", "   ", "x", "ab", "▌", " 60 ", "Dodge", "─", "  ·  "])
LINES = st.lists(st.tuples(TEXTS, st.one_of(st.none(), STYLES)), min_size=1, max_size=8).filter(
    lambda line: sum(len(text) for text, _ in line) <= COLS)
"""A line as Textual writes one: never past the right edge (its strips are cropped to the
screen), where terminals wrap and a cursor move does not."""


def frame(lines: list[list[tuple[str, Style | None]]], x: int = 0) -> str:
    """A frame as Textual's ``LayoutUpdate.render_segments`` writes it."""
    parts = []
    for y, line in enumerate(lines):
        parts.append(f"\x1b[{y + 1};{x + 1}H")
        parts.append(Strip([Segment(text, style) for text, style in line]).render(CONSOLE))
        if y != len(lines) - 1:
            parts.append("\n")
    return "".join(parts)


def screen_of(*writes: str) -> pyte.Screen:
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.Stream(screen)
    for data in writes:
        stream.feed(data)
    return screen


def looks(char: pyte.screens.Char) -> tuple:
    """What a player sees of a cell."""
    if char.data != " " or char.underscore or char.reverse or char.strikethrough:
        return char
    return (char.data, char.bg)


def assert_same_screen(data: str) -> None:
    expected, got = screen_of(data), screen_of(compact(data, DEFAULT))
    for y in range(ROWS):
        for x in range(COLS):
            assert looks(got.buffer[y][x]) == looks(expected.buffer[y][x]), (x, y, repr(data))
    assert got.cursor.x == expected.cursor.x and got.cursor.y == expected.cursor.y


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=ROWS))
def test_a_frame_compacted_shows_the_same_cells(lines):
    assert_same_screen(frame(lines))


@settings(max_examples=100, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=ROWS), st.lists(LINES, min_size=1, max_size=3))
def test_a_later_frame_starts_from_whatever_the_first_left(first, second):
    """Writes in turn: the second starts from the style the first left the terminal in."""
    one, two = frame(first), frame(second, x=3)
    expected = screen_of(one, two)
    compactor = Compactor()
    got = screen_of(compactor(one), compactor(two))
    for y in range(ROWS):
        for x in range(COLS):
            assert looks(got.buffer[y][x]) == looks(expected.buffer[y][x])


def test_a_padded_field_is_one_run_of_its_colours():
    """Textual's ``label``, padding and gap in one background: three resets and three whole
    styles become one style and one reset."""
    bg = Style(bgcolor=RichColor.parse("color(233)"))
    data = frame([[("Dodge ranks", Style(bold=True) + bg), ("    ", bg), (" ", bg)]])
    assert data.count("\x1b[0m") == 3
    assert compact(data, DEFAULT) == "\x1b[1;1H\x1b[1;48;5;233mDodge ranks     \x1b[0m"
    assert_same_screen(data)


def test_a_colour_change_is_written_as_the_change():
    muted = Style(color=RichColor.parse("color(247)"), bgcolor=RichColor.parse("color(233)"))
    plain = Style(bgcolor=RichColor.parse("color(233)"))
    data = frame([[("help", muted), ("x", plain)]])
    assert compact(data, DEFAULT) == "\x1b[1;1H\x1b[38;5;247;48;5;233mhelp\x1b[39mx\x1b[0m"


def test_bold_off_keeps_dim():
    """22 turns off bold and dim alike: dim is turned on again."""
    start, end = apply(DEFAULT, "1;2;38;5;100"), apply(DEFAULT, "2;38;5;100")
    assert transition(start, end) == "\x1b[22;2m"
    assert apply(start, "22;2") == end
    assert transition(apply(DEFAULT, "1;2"), apply(DEFAULT, "2")) == "\x1b[0;2m"  # shorter


def test_writes_it_does_not_understand_are_left_as_they_are():
    copy = "\x1b]52;c;aGVsbG8=\x07"  # a clipboard copy (OSC 52)
    for data in (copy, "\x1b7\x1b[1mx\x1b[0m\x1b8", "\x1b[58;5;3mx\x1b[0m", "plain"):
        assert compact(data, DEFAULT) == data
    odd = "\x1b[1mx\x1b[58;5;3my\x1b[0mz"  # an underline colour: not understood
    assert_same_screen(odd)


def test_an_erase_gets_the_style_textual_meant():
    """Erasing fills with the current background: the style is written before it."""
    data = "\x1b[48;5;17m\x1b[2J\x1b[0m"
    assert compact(data) == data
    assert_same_screen(data)


# -- only the cells that changed (screen_diff) ---------------------------------------------
from worksheet.ui.terminal.screen_diff import ScreenDiff    # noqa: E402

WIDE_TEXTS = st.sampled_from([" ", "x", "ab", "字", "a字", "  ", "▔▔", "─"])
CHOPS = st.lists(st.tuples(st.integers(0, ROWS - 1), st.integers(0, COLS - 4),
                           st.lists(st.tuples(st.one_of(TEXTS, WIDE_TEXTS),
                                              st.one_of(st.none(), STYLES)),
                                    min_size=1, max_size=5)), min_size=1, max_size=6)


def chops_frame(chops) -> str:
    """A frame as Textual's ``ChopsUpdate`` writes it: a move, then a strip, per chop (cut at
    the right edge), and the cursor placed at the end."""
    parts = []
    for y, x, segments in chops:
        strip = Strip([Segment(text, style) for text, style in segments]).crop(0, COLS - x)
        parts.append(f"\x1b[{y + 1};{x + 1}H" + strip.render(CONSOLE))
    parts.append("\x1b[2;3H")
    return "".join(parts)


def assert_same(expected: pyte.Screen, got: pyte.Screen) -> None:
    for y in range(ROWS):
        for x in range(COLS):
            assert looks(got.buffer[y][x]) == looks(expected.buffer[y][x]), (x, y)
    assert (got.cursor.x, got.cursor.y) == (expected.cursor.x, expected.cursor.y)


@settings(max_examples=120, deadline=None)
@given(st.lists(CHOPS, min_size=1, max_size=6))
def test_frames_sent_as_their_changed_cells_show_the_same_screen(frames):
    diff = ScreenDiff(lambda: (COLS, ROWS))
    expected, got = pyte.Screen(COLS, ROWS), pyte.Screen(COLS, ROWS)
    raw, sent = pyte.Stream(expected), pyte.Stream(got)
    whole = frame([[(" " * COLS, None)]] * ROWS) + "\x1b[2;3H"  # the first paint: every cell
    raw.feed(whole)
    sent.feed(diff(whole))
    for chops in frames:
        data = chops_frame(chops)
        raw.feed(data)
        sent.feed(diff(data))
        assert_same(expected, got)


def test_a_frame_that_changes_nothing_sends_nothing_but_the_cursor():
    diff = ScreenDiff(lambda: (COLS, ROWS))
    bg = Style(bgcolor=RichColor.parse("color(233)"))
    data = frame([[("Dodge ranks", Style(bold=True) + bg), (" " * (COLS - 11), bg)]] * ROWS)
    data += "\x1b[2;3H"  # Textual ends a frame placing the cursor
    assert len(diff(data)) > COLS * ROWS
    assert diff(data) == ""  # the same frame again: the cursor is where it was
    changed = diff(data.replace("Dodge", "Dodgy", 1))
    assert "y" in changed and "Dodge" not in changed and len(changed) < 40


def test_a_frame_ending_at_the_right_edge_is_sent_as_it_came():
    """The cursor waits to wrap there, and terminals differ on where it shows."""
    diff = ScreenDiff(lambda: (COLS, ROWS))
    data = frame([[("x" * COLS, None)]])
    assert diff(data) == compact(data)


def test_what_it_does_not_follow_is_sent_as_it_came_and_the_next_frame_whole():
    size = [COLS, ROWS]
    diff = ScreenDiff(lambda: tuple(size))
    data = frame([[("x" * COLS, None)]] * ROWS) + "\x1b[1;1H"
    assert len(diff(data)) >= COLS * ROWS and diff(data) == ""
    clear = "\x1b[2J"
    assert diff(clear) == clear
    assert len(diff(data)) >= COLS * ROWS  # after an erase: every cell again
    size[0] -= 1
    smaller = frame([[("x" * (COLS - 1), None)]] * ROWS) + "\x1b[1;1H"
    assert len(diff(smaller)) >= (COLS - 1) * ROWS  # after a resize: every cell again


def test_an_osc_between_frames_leaves_the_style_known():
    """Textual sets the mouse pointer's shape (OSC 22) before its first paint: the style the
    terminal has is still the one before, so the next frame is still diffed."""
    diff = ScreenDiff(lambda: (COLS, ROWS))
    data = frame([[("x" * (COLS - 1), None)]] * ROWS) + "\x1b[1;1H"
    diff("\x1b[0m")
    assert diff("\x1b]22;default\x07") == "\x1b]22;default\x07"
    assert len(diff(data)) > COLS * ROWS
    assert diff(data) == ""


async def test_a_frame_sent_whole_goes_as_written_and_the_copy_follows_it():
    """On a screen not known (the first paint, after a resize) every cell goes out anyway:
    the frame goes as written (compacted), and the copy is brought up to date after it is
    out, in the app's loop, or before the next frame at the latest."""
    import asyncio

    diff = ScreenDiff(lambda: (COLS, ROWS))
    bg = Style(bgcolor=RichColor.parse("color(233)"))
    data = frame([[("Dodge ranks", Style(bold=True) + bg), (" " * (COLS - 11), bg)]] * ROWS)
    data += "\x1b[2;3H"
    assert diff(data) == compact(data, DEFAULT)
    assert diff(data) == ""  # the next frame, before the loop ran: the copy caught up first
    again = ScreenDiff(lambda: (COLS, ROWS))
    again(data)
    await asyncio.sleep(0)  # the loop brings the copy up to date
    changed = again(data.replace("Dodge", "Dodgy", 1))
    assert "y" in changed and "Dodge" not in changed and len(changed) < 40


def test_the_copy_of_the_screen_holds_a_cell_per_style_and_character_not_per_place():
    """Every frame rewrote the copy with a new object per cell: 10,000 at 200×50, made
    among each frame's short-lived objects, so the memory they pinned after a long tab
    stayed with the process. Equal cells are one object now, however many frames."""
    diff = ScreenDiff(lambda: (COLS, ROWS))
    bg = Style(bgcolor=RichColor.parse("color(233)"))
    rows = [[("Dodge ranks ·", Style(bold=True) + bg), (" " * (COLS - 13), bg)]] * ROWS
    diff(frame(rows) + "\x1b[2;3H")
    for word in ("Dodgy", "Dodge", "Parry"):
        diff(frame([[(word + " ranks ·", Style(bold=True) + bg), (" " * (COLS - 13), bg)]]
                   * ROWS) + "\x1b[2;3H")
    cells = [cell for row in diff._cells for cell in row]
    assert len(cells) == COLS * ROWS and None not in cells
    assert len({id(cell) for cell in cells}) == len(set(cells)) <= 20
