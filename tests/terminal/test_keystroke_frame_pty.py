"""A keystroke in a form field is one frame on a real terminal: the field's echo, the values it
changes and the status line arrive together (``widgets/frame_hold``).

It was two: the echo alone, then the values, each frame a pass over the screen and a write
over SSH. The test terminal answers Textual's query for synchronized output, so each frame is
bracketed with ``ESC [ ? 2026 h`` … ``l``; the bytes a key caused are replayed frame by frame.
"""

from __future__ import annotations

import re

import pyte

from pty_app import to_character
from test_scroll_frames_pty import FRAME_END, PRESET, start

BACKSPACE, ZERO = "\x7f", "0"


def frames_of(run, key: str) -> list[str]:
    """The screen after each frame the key caused, as text."""
    start_at = len(run.output)
    run.send(key.encode())
    run.wait_for(r"Evade DS vs melee (15|43)\b")
    run.settle()
    data = bytes(run.output[start_at:])
    screen = pyte.Screen(run.cols, run.rows)
    stream = pyte.ByteStream(screen)
    stream.feed(bytes(run.output[:start_at]))
    shown = []
    for frame in data.split(FRAME_END)[:-1]:  # what follows the last frame's end is no frame
        stream.feed(frame + FRAME_END)
        shown.append("\n".join(screen.display))
    return shown


def test_a_keystroke_is_one_frame_with_its_echo_values_and_status(run_worksheet):
    run = start(run_worksheet, "gemstone4", "--preset", PRESET)
    to_character(run, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    run.send(b"\x1b[F")  # End: the cursor after Dodge ranks' 60
    run.settle()
    for key, field, melee, status in ((BACKSPACE, r"Dodge ranks +6 ", "15", "● unsaved edits"),
                                      (ZERO, r"Dodge ranks +60 ", "43", "saved")):
        frames = frames_of(run, key)
        assert len(frames) == 1, f"{len(frames)} frames for one keystroke"
        assert re.search(field, frames[0]) and f"Evade DS vs melee {melee} " in frames[0]
        assert f"· {status} ·" in frames[0], frames[0]  # the status line, in the same frame
