"""The app leaves the process as it found it: the garbage collector's state (on or off, nothing
frozen), whichever way the app or the command line ends.

The command line turns automatic collection off from before Textual is imported until the
first paint (``cli.app.run_app``, ``terminal.garbage``); only a mount in a real terminal
turned it back on, so a command line that ended before (an app that could not start, an
exception) or a headless run left it off for an in-process caller, and the objects frozen at
every start were never unfrozen. The real-terminal way is ``tests/terminal/test_gc_state_pty``.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
import textual.constants

from worksheet import cli
from worksheet.ui import WorksheetApp


@pytest.fixture(params=[True, False], ids=["gc-on", "gc-off"])
def gc_state(request, monkeypatch):
    """The collector on or off before the test (as an in-process caller may have it), and
    what the command line sets in the environment put back after."""
    monkeypatch.delenv("TEXTUAL_FPS", raising=False)
    was = gc.isenabled()
    # Nothing frozen to start from: what the suite froze after collection (tests/conftest.py)
    # may be freed while the test runs, which lowers the count whatever the app does; from
    # 0 the count stays 0 unless the app freezes something. Frozen again after, as it was.
    gc.unfreeze()
    (gc.enable if request.param else gc.disable)()
    yield request.param
    (gc.enable if was else gc.disable)()
    gc.freeze()


@pytest.mark.parametrize("argv, status", [
    (["no-such-ruleset"], 2),
    (["--preset", "no-such-preset"], 2),
    ([], 1),  # the app cannot start: its driver class is not a driver (below)
], ids=["unknown-ruleset", "unknown-preset", "app-fails-to-start"])
def test_the_command_line_ending_early_leaves_the_collector_as_it_was(
        gc_state, argv, status, monkeypatch, capsys):
    monkeypatch.setattr(textual.constants, "DRIVER", "textual.app:App")  # Textual's own setting
    assert gc.get_freeze_count() == 0
    assert cli.main(argv) == status, capsys.readouterr().err
    assert gc.isenabled() is gc_state
    assert gc.get_freeze_count() == 0, "the command line left objects frozen"


async def quit_at_once(pilot) -> None:
    await pilot.pause()
    pilot.app.exit()


def test_an_app_run_leaves_the_collector_as_it_was_and_nothing_frozen(gc_state):
    """``App.run`` (headless, driven by Pilot): what ``python -m worksheet`` calls."""
    assert gc.get_freeze_count() == 0
    WorksheetApp().run(headless=True, size=(80, 24), auto_pilot=quit_at_once)
    assert gc.isenabled() is gc_state
    assert gc.get_freeze_count() == 0, "the app left objects frozen"


TEXTUALS_OWN = """
import asyncio, json
from rich.segment import Segment
from textual._styles_cache import StylesCache
from textual.app import App
from textual.drivers import linux_driver
from textual.strip import Strip
from textual.widgets import Static


class Bare(App):
    CSS = "Static {{ background: red 50%; }}"

    def compose(self):
        yield Static("bare Textual")


async def bare_screen():
    app = Bare()
    async with app.run_test(size=(30, 4)) as pilot:
        await pilot.pause()
        return app.export_screenshot(title="bare")


def textuals():
    return {{"Strip.__init__": vars(Strip)["__init__"],
             "Strip.__getattr__": vars(Strip).get("__getattr__"),
             "StylesCache.get_inner_outer": vars(StylesCache)["get_inner_outer"],
             "linux_driver.XTermParser": linux_driver.XTermParser}}


def caches_made_with_the_strip():
    try:
        return vars(Strip)["_crop_cache"].__get__(Strip([Segment("x")]), Strip) is not None
    except AttributeError:
        return False


before, screen_before = textuals(), asyncio.run(bare_screen())
{app_import}


async def worksheet():
    app = WorksheetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return textuals()

during = asyncio.run(worksheet())
after = textuals()
print(json.dumps({{
    "changed while it ran": sorted(name for name in before if during[name] is not before[name]),
    "changed after": sorted(name for name in before if after[name] is not before[name]),
    "bare app's screen as before": asyncio.run(bare_screen()) == screen_before,
    "a strip makes its caches": caches_made_with_the_strip()}}))
"""


def test_after_an_app_textuals_classes_and_modules_are_textuals_own():
    """In a fresh process: Textual's classes and the driver module, as they were before the
    worksheet was imported, are changed while the app runs (Pilot) and exactly the same
    objects again once it has ended; a bare Textual app run after it draws what it drew
    before, and a strip made then is Textual's own."""
    import json
    import subprocess
    import sys

    script = TEXTUALS_OWN.format(app_import="from worksheet.ui import WorksheetApp")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == {
        "changed while it ran": ["Strip.__getattr__", "Strip.__init__",
                                 "StylesCache.get_inner_outer", "linux_driver.XTermParser"],
        "changed after": [],
        "bare app's screen as before": True,
        "a strip makes its caches": True}
