"""The pty tests' screen (``pty_app.Screen``) keeps its text between reads: after any change it
reads as a plain pyte screen fed the same bytes does."""

from __future__ import annotations

import pyte
import pytest

from pty_app import Screen

CHANGES = [
    b"hello\r\nworld",  # writing
    b"\x1b[1;1H\x1b[2K",  # erasing a line
    b"\x1b[24;1H\n\n",  # scrolling at the bottom
    b"\x1b[5;5H\x1b[3P",  # deleting characters
    b"\x1b[2;1H\x1b[2L",  # inserting lines
    b"\x1b[2J",  # erasing the screen
    b"\x1bc",  # resetting
    "\u4e2d\u6587 wide".encode(),  # wide characters
]


@pytest.mark.parametrize("cols, rows", [(80, 24), (20, 5)])
def test_the_kept_text_follows_every_change(cols, rows):
    kept, plain = Screen(cols, rows), pyte.Screen(cols, rows)
    kept_stream, plain_stream = pyte.ByteStream(kept), pyte.ByteStream(plain)
    for change in CHANGES:
        assert kept.display == plain.display
        kept_stream.feed(change)
        plain_stream.feed(change)
        assert kept.display == plain.display, change
        assert kept.display == plain.display  # read twice: the kept copy
    kept.resize(rows + 2, cols - 3)
    plain.resize(rows + 2, cols - 3)
    assert kept.display == plain.display
    kept.display.append("changed by a caller")
    assert kept.display == plain.display
