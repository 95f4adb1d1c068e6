"""What a session that only looks at its tabs never uses is never imported (issue 40,
memory): every module imported costs its code, its strings and its interned names in every
session on a shared server. Each of these is imported by the first key that needs it, within
that key's handler, and that key still does its job.

Whether a module was imported is process-wide, so this runs in a fresh interpreter.
"""

from __future__ import annotations

import ast
import subprocess
import sys

LAZY = {
    "ctrl+j": ("worksheet.importers.result",),
    "ctrl+l": ("worksheet.ui.controllers.fight", "worksheet.ui.terminal.clipboard",
               "worksheet.ui.terminal.tmux_clipboard", "worksheet.ui.commands"),
    "ctrl+b": ("worksheet.ui.controllers.variants", "worksheet.engine.variants",
               "worksheet.engine.variant_reading", "worksheet.ui.form.baseline"),
    "ctrl+o": ("worksheet.ui.controllers.presets", "worksheet.presets.kinds",
               "worksheet.presets.errors"),
    "ctrl+q": ("worksheet.ui.controllers.quit",),  # the last: nothing unsaved, so it quits
}
"""A key → the modules no tour of the tabs imports and that key does, in the order pressed
(the import dialog, copy the result line, pin the baseline, open a preset, quit)."""

RESTORING = "worksheet.ui.controllers.restoring"
"""Imported only when the recovery file holds edits to offer (``tests/ui/test_presets.py``
restores some); a session with none never does."""

SCRIPT = """
import asyncio, os, sys
os.environ["XDG_STATE_HOME"] = {state!r}
os.environ["XDG_DATA_HOME"] = {state!r}
from worksheet.ui import WorksheetApp

LAZY = {lazy!r}

def imported():
    every = [m for mods in LAZY.values() for m in mods] + [{restoring!r}]
    return sorted(m for m in every if m in sys.modules)

async def main():
    app = WorksheetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in app.ruleset_ids:  # every tab scrolled to its end, then back to the first
            await pilot.press(*["pagedown"] * 12)
            await pilot.pause()
            await pilot.press("ctrl+pagedown")
            await pilot.pause()
        print("TOUR", imported())
        for key, modules in LAZY.items():
            await pilot.press(key)
            await pilot.pause()
            if key == "ctrl+j":
                print("IMPORTING", type(app.screen).__name__)
                await pilot.press("escape")
                await pilot.pause()
            print("KEY", key, sorted(m for m in modules if m in sys.modules))
            if key == "ctrl+b":
                print("PINNED", app.form().pinned is not None)
            if key == "ctrl+l":
                print("COPIED", bool(app.clipboard.strip()))

asyncio.run(main())
"""


def test_a_tour_of_the_tabs_imports_none_of_them_and_each_key_does(tmp_path):
    script = SCRIPT.format(state=str(tmp_path), lazy=LAZY, restoring=RESTORING)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    tour = next(line for line in lines if line.startswith("TOUR "))
    assert ast.literal_eval(tour.removeprefix("TOUR ")) == []
    for key, modules in LAZY.items():
        line = next(line for line in lines if line.startswith(f"KEY {key} "))
        assert ast.literal_eval(line.removeprefix(f"KEY {key} ")) == sorted(modules), key
    assert "IMPORTING ImportCharacter" in lines
    assert "COPIED True" in lines, "Ctrl+L copied the result line as it imported its code"
    assert "PINNED True" in lines, "Ctrl+B pinned the baseline as it imported it"
