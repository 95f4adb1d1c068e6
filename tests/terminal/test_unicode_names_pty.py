"""A session never reads Unicode's name tables (issue 40, memory).

Textual finds the character of a named key (``question_mark``, ``tab``) and the way to write
it in a key bar by looking the name up in the ``unicodedata`` module's tables. Those pages are
read from the module's file as they are touched, and the kernel maps 64 KB around each page
read: the 77 lookups of a first paint cost every session 0.8 MiB that no other process shared.
The app answers from its own table (``worksheet.ui.keys.NAMED_KEYS``), so the module's pages a
whole session maps are the ones a bare interpreter maps by importing it, and no more.

Read from ``/proc/PID/smaps`` of the real program on a real terminal, spawned (not forked from
the pty tests' fork server, whose pages a child would map without touching them).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


NEXT_TAB = "\x1b[6;5~"  # Ctrl+PageDown
PRESET = Path(__file__).resolve().parents[2] / "presets" / "rise-r1-fighter.toml"
"""A bundled preset whose text is not all ASCII (its description's dashes)."""


def unicodedata_resident_kb(pid: int) -> int:
    """KB of the ``unicodedata`` extension's file mapped into process ``pid`` (every mapping
    of it: headers, code, tables, data)."""
    total, counting = 0, False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if fields and "-" in fields[0] and not fields[0].endswith(":"):
            counting = len(fields) > 5 and Path(fields[5]).name.startswith("unicodedata.")
        elif counting and fields[0] == "Rss:":
            total += int(fields[1])
    return total


def imported_only_kb() -> int:
    """What an interpreter that imported ``unicodedata`` and called nothing maps of it."""
    bare = subprocess.Popen([sys.executable, "-c", "import unicodedata, sys; print(flush=True); "
                             "sys.stdin.read()"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        bare.stdout.readline()
        return unicodedata_resident_kb(bare.pid)
    finally:
        bare.kill()
        bare.wait()


def test_a_session_maps_no_more_of_unicodedata_than_importing_it(run_worksheet):
    app = run_worksheet("rise", start=False)
    app.fork = False
    app.start()
    app.wait_for(r"f1 Help")
    app.wait_for(r"Level +1 ")
    app.press("f1")  # the help names every key, and has a key bar of its own
    app.wait_for(r"Worksheet — keys")
    app.press("end")
    app.wait_for(r"— end of help —")
    app.press("escape")
    app.wait_gone(r"Worksheet — keys")
    app.press("7")  # Level: a key a field takes, the key bar written again
    app.wait_for(r"Level +7 ")
    app.press("tab", "tab", "pagedown")
    for _ in range(5):  # every tab shown, each with its bindings above the focused field
        app.press(NEXT_TAB)
        app.settle()
    app.press("\x1b3")  # Alt+3 as an SSH client sends it: ESC and the digit
    app.wait_for(r"Level +7 ")  # rise, the third tab, its Level still 7
    app.settle()
    assert unicodedata_resident_kb(app.pid) <= imported_only_kb(), \
        "the session read pages of unicodedata's tables (a name looked up)"


def test_a_preset_opened_maps_no_more_of_unicodedata_than_importing_it(run_worksheet):
    """A preset's text is checked for control characters, and the open dialog lists the
    presets: neither reads the module's tables for a printable character."""
    assert not PRESET.read_text(encoding="utf-8").isascii()
    app = run_worksheet("rise", "--preset", str(PRESET), start=False)
    app.fork = False
    app.start()
    app.wait_for(r"f1 Help")
    app.wait_for(r"Rise — Defenses · saved · R1 — level 7 fighter")
    app.press("ctrl+o")
    app.wait_for(r"Open preset")
    app.settle()  # its table of presets, with their descriptions
    app.press("escape")
    app.wait_gone(r"Open preset")
    assert unicodedata_resident_kb(app.pid) <= imported_only_kb(), \
        "the session read pages of unicodedata's tables (a category or name looked up)"
