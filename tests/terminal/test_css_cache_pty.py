"""The CSS parsed at a first launch is kept for the next ones (``textual_internals.css_cache``),
and a launch that finds it, or finds a damaged or planted file there, shows the same screen.

Each launch is the real program on a pty; the screen is compared cell by cell (characters,
colours and attributes) through ``pyte``.
"""

from __future__ import annotations

import os
import pickle
import stat
from pathlib import Path

from pty_app import Folders, PtyWorksheet

from test_redraw_pty import cells

PRESETS = Path(__file__).resolve().parents[2] / "presets"


def kept_files(folders: Folders) -> list[Path]:
    folder = folders.root / "cache" / "worksheet"
    return sorted(folder.glob("css-*.cache")) if folder.is_dir() else []


def first_screen(run_worksheet) -> list[tuple]:
    """Launch on Vampire (with a preset) at 100×30, quit with Ctrl+Q; the screen's cells."""
    run = run_worksheet("vtm-revised", "--preset", str(PRESETS / "vtm-revised-brujah-fortitude-block.toml"),
                        cols=100, rows=30)
    run.wait_for(r"f1 Help")
    run.settle(0.5)
    shown = cells(run)
    run.press("ctrl+q")
    assert run.wait_exit() == 0, run.after_exit()
    return shown


def test_a_second_launch_reads_the_kept_css_and_shows_the_same_screen(run_worksheet, folders):
    assert not kept_files(folders)
    shown = first_screen(run_worksheet)
    [kept] = kept_files(folders)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    written = kept.stat().st_mtime_ns
    assert first_screen(run_worksheet) == shown
    assert kept.stat().st_mtime_ns == written, "nothing new was parsed, so nothing is written"


def test_a_damaged_or_planted_kept_file_changes_nothing_on_screen(run_worksheet, folders,
                                                                  tmp_path):
    shown = first_screen(run_worksheet)
    [kept] = kept_files(folders)
    data = kept.read_bytes()
    marker = tmp_path / "ran"

    class Planted:
        def __reduce__(self):
            return os.system, (f"touch {marker}",)

    # Every entry's rules replaced by a pickle that would run a command, then the file cut
    # in the middle of an entry: the first launch after it parses everything again.
    header = len(b"worksheet parsed css 1\n")
    digest = data[header:header + 32]
    planted = pickle.dumps((digest, [Planted()]))
    kept.write_bytes(data[:header + 32] + len(planted).to_bytes(4, "big") + planted
                     + data[header:len(data) // 2])
    os.chmod(kept, 0o600)
    assert first_screen(run_worksheet) == shown
    assert not marker.exists()
    assert first_screen(run_worksheet) == shown  # and from the file that launch wrote


def test_a_kept_file_another_player_could_write_is_not_read_but_replaced(run_worksheet,
                                                                         folders):
    shown = first_screen(run_worksheet)
    [kept] = kept_files(folders)
    os.chmod(kept, 0o666)
    before = kept.stat().st_ino
    assert first_screen(run_worksheet) == shown
    [kept] = kept_files(folders)  # parsed again, and kept in a private file of its own
    assert kept.stat().st_ino != before and stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_the_kept_css_is_written_before_the_program_ends(folders):
    """A dropped connection (SIGKILL of the session) does not quit cleanly: what the first
    paint parsed is kept a moment after it, while the player reads it."""
    with PtyWorksheet(folders, "gemstone4", cols=80, rows=24) as run:
        run.wait_for(r"f1 Help")
        run.wait_until(lambda: kept_files(folders), "the kept CSS file")
        run.signal(9)
    assert kept_files(folders)
