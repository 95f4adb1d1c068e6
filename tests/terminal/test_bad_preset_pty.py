"""A malformed or hostile preset opened from the app, in the real program on an 80×24 pty: what
the player sees.

``worksheet --preset BAD`` is refused at the command line, before the screen is taken: exit
status 2 and one short line naming the file and what is wrong (the spec's exit status for a
bad argument or input; nothing is written). Ctrl+O with a bad preset in the player's folder or
the group's shared folder: the app stays up, the open dialog says in a few lines which file is
not listed and why — the whole message on screen, a 50,000-character key cut to a few dozen
characters — and the inputs the player had typed are as they were, the file untouched.

GemStone IV with Dodge ranks 73 and every other input at its default: melee DS 54, ranged 81.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from pty_app import Folders, PtyWorksheet, to_character

HUGE = 50_000
TYPED = r"Evade DS vs melee 54 .*Evade DS vs ranged 81"
"""The result strip once Dodge ranks is 73."""

HEAD = 'worksheet = 1\nruleset = "gemstone4"\nname = "Hostile"\n\n[inputs]\n'


def _untouched(path: Path) -> tuple:
    """What must not change: the entry (a link stays a link) and a regular file's bytes."""
    info = path.lstat()
    content = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    return info.st_mode, info.st_size, info.st_mtime_ns, content


def _make(kind: str, folder: Path) -> Path:
    """A bad preset of one kind in ``folder``."""
    path = folder / f"bad-{kind}.toml"
    if kind == "malformed":
        path.write_text(HEAD + 'dodge_ranks = 60\nstance = "advanced\n')
    elif kind == "long-key":
        path.write_text(HEAD + "k" * HUGE + " = 3\n")
    elif kind == "out-of-bounds":
        path.write_text(HEAD + "dodge_ranks = 9999\n")
    elif kind == "link-to-zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe" + bytes(range(256)) * 16)
    elif kind == "escapes":  # a key that would clear the screen, markup that would bold
        path.write_text(HEAD + '"\\u001b[2J[b]bold[/b]" = 3\n')
    return path


REFUSALS = {
    "malformed": r":7: not valid TOML \(Illegal character '\\n' \(at line 7, column 19\)\)",
    "long-key": rf":6: inputs\.k{{100}}k*… \({HUGE + 7} characters\): unknown input for "
                r"gemstone4; inputs: dodge_ranks, .*, other_ds",
    "out-of-bounds": r":6: inputs\.dodge_ranks: dodge_ranks = '9999': above the maximum 500; "
                     r"allowed: a whole number from 0 to 500",
    "link-to-zero": r": is not a regular file \(a FIFO, socket or device\)",
    "fifo": r": is not a regular file \(a FIFO, socket or device\)",
    "binary": r":1: not UTF-8 text \(byte 0\)",
}
"""What the one line says after the file's path, for each kind."""


@pytest.mark.parametrize("kind", sorted(REFUSALS))
def test_worksheet_preset_bad_is_refused_before_the_screen_is_taken(run_worksheet, folders,
                                                                    tmp_path, kind):
    path = _make(kind, tmp_path)
    before = _untouched(path)
    app = run_worksheet("--preset", str(path))
    assert app.wait_exit() == 2  # a FIFO or a device does not hang it: it ends, refused
    said = app.after_exit()
    assert b"\x1b[?1049h" not in app.output, "the screen was taken for a refused preset"
    lines = said.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 600, said[:2000]
    assert re.fullmatch(f"worksheet: {re.escape(str(path))}{REFUSALS[kind]}", lines[0]), said
    assert app.wait_for(re.escape(f"worksheet: {str(path)[:60]}"))  # the player sees it
    assert _untouched(path) == before


def _open_with_edits(run_worksheet) -> PtyWorksheet:
    """The app on GemStone IV with Dodge ranks typed as 73, then the open dialog (Ctrl+O)."""
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.press("73")
    app.wait_for(TYPED)
    app.wait_for("● unsaved edits")
    app.press("ctrl+o")
    app.wait_for(r"Open preset")
    return app


def _assert_edits_kept(app: PtyWorksheet) -> None:
    """Closed: the typed value and its results are as before, still unsaved, the app up."""
    app.press("escape")
    app.wait_gone(r"Open preset")
    app.wait_for(r"Dodge ranks +73 ")
    app.wait_for(TYPED)
    app.wait_for("● unsaved edits")
    assert "preset:" not in app.text()  # nothing was loaded
    assert app.process.poll() is None, app.after_exit()


def _whole_message_on_screen(app: PtyWorksheet, start: str, end: str) -> str:
    """The dialog's message from ``start`` to ``end`` and the hint line under it, all on the
    24 rows; the message as one line of text."""
    app.wait_for(r"Enter opens · Tab to the file field · Esc cancels")
    rows = [row.strip(" █") for row in app.screen.display]
    first = next(i for i, row in enumerate(rows) if row.startswith(start))
    last = next(i for i, row in enumerate(rows) if row.startswith("Enter opens"))
    message = " ".join(rows[first:last])
    assert message.rstrip().endswith(end), app.text()
    assert last - first <= 6, app.text()  # a few lines, at 80 columns
    return message


FOLDER_CASES = {
    "long-key": (r"\(user\), line 6: inputs\.k{33}… \(50007 characters\): unknown input for "
                 r"gemstone4; inputs: dodge_ranks, .*other_ds", "other_ds"),
    "escapes": (r"\(shared\): inputs\.\\x1b\[2J\[b\]bold\[/b\]: unknown input for "
                r"gemstone4; inputs: dodge_ranks, .*other_ds", "other_ds"),
    "link-to-zero": (r"\(shared\): is a symbolic link, not a preset file; .* so it is not read",
                     "read"),
}
"""For a bad file in the player's folder (``user``) or the shared one: what the dialog says
after the file's name, and how the message ends."""


@pytest.mark.parametrize("kind", sorted(FOLDER_CASES))
def test_ctrl_o_with_a_bad_preset_in_a_folder_says_which_and_keeps_the_edits(
        run_worksheet, folders: Folders, kind):
    folder = folders.data / "worksheet" / "presets" if kind == "long-key" else folders.shared
    folder.mkdir(parents=True, exist_ok=True)
    path = _make(kind, folder)
    before = _untouched(path)
    app = _open_with_edits(run_worksheet)
    said, end = FOLDER_CASES[kind]
    app.wait_for(r"✗ not listed: bad-")
    message = _whole_message_on_screen(app, "✗ not listed", end)
    assert re.fullmatch(rf"✗ not listed: {re.escape(path.name)} {said}", message), message
    assert "Example 1 — brigandine" in app.text()  # the good presets are still listed
    assert "kkkkkkkkkk" * 5 not in app.text()
    _assert_edits_kept(app)
    assert _untouched(path) == before


TYPED_CASES = {
    "long-key": (r"line 6: inputs\.k{33}… \(50007 characters\): unknown input for gemstone4; "
                 r"inputs: dodge_ranks, .*, other_ds", "other_ds"),
    "out-of-bounds": (r"line 6: inputs\.dodge_ranks: dodge_ranks = '9999': above the maximum "
                      r"500; allowed: a whole number from 0 to 500", "0 to 500"),
    "fifo": (r"is not a regular file \(a FIFO, socket or device\)", "device)"),
    "binary": (r"line 1: not UTF-8 text \(byte 0\)", "(byte 0)"),
}
"""For a bad file's path typed in the dialog: what it says after the file's name."""


@pytest.mark.parametrize("kind", sorted(TYPED_CASES))
def test_a_bad_preset_typed_as_a_path_in_the_open_dialog(run_worksheet, tmp_path, kind):
    path = _make(kind, tmp_path)
    before = _untouched(path)
    app = _open_with_edits(run_worksheet)
    app.press("tab")
    app.wait_until(lambda: app.line_with("or a file:") and
                   "path/to/preset.toml" in app.line_with("or a file:"), "the file field")
    app.press(str(path))
    app.wait_for(re.escape(path.name))
    app.press("enter")
    app.wait_for(rf"✗ {re.escape(path.name)}")
    said, end = TYPED_CASES[kind]
    message = _whole_message_on_screen(app, "✗ bad-", end)
    assert re.fullmatch(rf"✗ {re.escape(path.name)}(, |: ){said}", message), message
    assert app.process.poll() is None, app.after_exit()  # a FIFO did not hang it
    _assert_edits_kept(app)
    assert _untouched(path) == before
