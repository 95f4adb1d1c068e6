"""What the benchmark runs: the two apps' command lines, and what each one's screen shows when
it has painted or taken a key.

The regular expressions were read off the real screens (at 80×24 and 200×50, with and without
a preset): Worksheet has painted once its footer shows ``f1 Help`` *and* the tab's result strip
shows its numbers; the reference has painted once it shows ``Echo: []``.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

TABS = ["exalted2e", "gemstone4", "rise", "shadowrun4", "vtm-revised"]
"""The rulesets in tab order (Ctrl+PageDown goes left to right)."""

N = r"-?\d+"
STRIPS = {
    "exalted2e": rf"Dodge DV {N}  ·  Parry DV {N}",
    "gemstone4": rf"Evade DS vs melee {N}  ·  Evade DS vs ranged {N}",
    "rise": rf"Armor {N}  ·  Brawn {N}  ·  Fortitude {N}  ·  Reflex {N}  ·  Mental {N}",
    "shadowrun4": rf"Defense pool {N}",
    "vtm-revised": rf"Defense pool {N}  ·  Difficulty {N}",
}
"""Each tab's result strip with its numbers (the line under the tabs)."""

PRESETS = {
    "exalted2e": "exalted2e-dawn-solar-daiklave.toml",
    "gemstone4": "gemstone4-example-1.toml",
    "rise": "rise-r1-fighter.toml",
    "shadowrun4": "shadowrun4-s1-full-dodge.toml",
    "vtm-revised": "vtm-revised-v1-punch-then-dodge.toml",
}
"""One bundled preset per ruleset (not an odds preset: those load the attacker too)."""

NEXT_TAB, PREVIOUS_TAB = b"\x1b[6;5~", b"\x1b[5;5~"
PAGE_DOWN, END, HOME, BACKSPACE, TAB = b"\x1b[6~", b"\x1b[F", b"\x1b[H", b"\x7f", b"\t"


@dataclass
class App:
    """How to start one app and know it has painted."""

    name: str
    argv: list[str]
    first_paint: str
    env: dict[str, str] = field(default_factory=dict)


@dataclass
class Keys:
    """A keystroke scenario: an app, keys that put it in place, then presses that each change
    a value, with the screen each press must produce."""

    app: App
    before: list[tuple[bytes, str]]
    presses: list[tuple[bytes, str]]


def reference(blink: bool = False) -> App:
    """The bare Textual app (a label, an input, an echo), its cursor not blinking by default:
    Worksheet's does not blink, and a blink writes every half second, which would count in
    the reference's bytes and CPU (and keep it from ever settling) but not in ours."""
    argv = [sys.executable, str(HERE / "reference_app.py")] + ([] if blink else ["--no-blink"])
    return App("reference", argv, r"Echo: \[\]")


def worksheet(ruleset: str, preset: bool = False, launcher: list[str] | None = None) -> App:
    """Worksheet opened on ``ruleset``'s tab, with its bundled preset if asked."""
    args = [ruleset] + (["--preset", str(ROOT / "presets" / PRESETS[ruleset])] if preset else [])
    argv = (launcher or [sys.executable, "-m", "worksheet"]) + args
    name = ruleset + (" + preset" if preset else "")
    return App(name, argv, rf"(?s){STRIPS[ruleset]}.*f1 Help")


def reference_keys() -> Keys:
    return Keys(reference(), [], [(b"5", r"Echo: \[5\]"), (BACKSPACE, r"Echo: \[\]")])


def gemstone_keys() -> Keys:
    """GemStone with the article's Example 1. The tab opens on its round inputs (Stance,
    Encumbrance: issue 42); two Tabs reach the first character input, Dodge ranks (60). End
    puts the cursor after "60"; Backspace makes it 6 (melee DS 15), 0 makes it 60 (43)."""
    return Keys(worksheet("gemstone4", preset=True),
                [(TAB, r"Input · Encumbrance"), (TAB, r"Input · Dodge ranks"),
                 (END, r"Evade DS vs melee 43\b")],
                [(BACKSPACE, r"Evade DS vs melee 15\b"), (b"0", r"Evade DS vs melee 43\b")])


def rise_keys() -> Keys:
    """Rise with the spec's R1 fighter; the first input (Level, 7) has focus. Home puts the
    cursor before "7"; 1 makes it 17 (Armor 18, every defense +5), Backspace 7 again (Armor 13)."""
    return Keys(worksheet("rise", preset=True),
                [(HOME, r"Armor 13  ·")],
                [(b"1", r"Armor 18  ·  Brawn 11\b"), (BACKSPACE, r"Armor 13  ·  Brawn 6\b")])


INVALID = (b"x", r"Dodge ranks = '60x': not a whole number")
VALID = (BACKSPACE, r"Evade DS vs melee 43\b")
"""On gemstone_keys() after End: "60x" is not a number (the message shows), Backspace mends it."""


IMPORT_PROBE = """\
import os, runpy, signal, sys
def dump(*_):
    with open(os.environ["BENCH_MODULES_OUT"], "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
signal.signal(signal.SIGUSR1, dump)
sys.argv = ["worksheet", *sys.argv[1:]]
runpy.run_module("worksheet", run_name="__main__", alter_sys=True)
"""
"""A launcher that runs ``python -m worksheet`` unchanged, except that SIGUSR1 writes the names
in ``sys.modules`` to the file ``BENCH_MODULES_OUT`` names. Used only for the import check, in
runs of their own, so it changes nothing that is timed."""

ODDS_MODULES = ("worksheet.engine.odds", "icepool")


def fresh_env(app: App) -> dict[str, str]:
    """The app's environment with empty user folders, so no run sees another's recovery file
    (a killed run leaves one, and the next start would offer to restore it) or shared presets."""
    folder = tempfile.mkdtemp(prefix="worksheet-bench-")
    return {**app.env, "XDG_STATE_HOME": folder, "XDG_DATA_HOME": folder,
            "XDG_CONFIG_HOME": folder, "WORKSHEET_SHARED_PRESETS": folder}
