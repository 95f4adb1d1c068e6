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
    (gc.enable if request.param else gc.disable)()
    yield request.param
    (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("argv, status", [
    (["no-such-ruleset"], 2),
    (["--preset", "no-such-preset"], 2),
    ([], 1),  # the app cannot start: its driver class is not a driver (below)
], ids=["unknown-ruleset", "unknown-preset", "app-fails-to-start"])
def test_the_command_line_ending_early_leaves_the_collector_as_it_was(
        gc_state, argv, status, monkeypatch, capsys):
    monkeypatch.setattr(textual.constants, "DRIVER", "textual.app:App")  # Textual's own setting
    frozen = gc.get_freeze_count()
    assert cli.main(argv) == status, capsys.readouterr().err
    assert gc.isenabled() is gc_state
    assert gc.get_freeze_count() == frozen


async def quit_at_once(pilot) -> None:
    await pilot.pause()
    pilot.app.exit()


def test_an_app_run_leaves_the_collector_as_it_was_and_nothing_frozen(gc_state):
    """``App.run`` (headless, driven by Pilot): what ``python -m worksheet`` calls."""
    frozen = gc.get_freeze_count()
    WorksheetApp().run(headless=True, size=(80, 24), auto_pilot=quit_at_once)
    assert gc.isenabled() is gc_state
    assert gc.get_freeze_count() == frozen
