"""The command line, called in-process by a Python program, leaves the garbage collector as
that program had it, after a real session on a pty: on or off as before, nothing frozen.

In a real terminal the app turns automatic collection back on at its first paint (the command
line turned it off for start-up) and froze what start-up made; the caller got the collector
on whatever it had, and tens of thousands of objects frozen for good. Headless and early
exits: ``tests/ui/test_process_state.py``.
"""

from __future__ import annotations

import re
import sys

import pytest

CALLER = """
import gc
{collector}
from worksheet.cli import main
status = main(["gemstone4"])
print(f"after: status={{status}} enabled={{gc.isenabled()}} frozen={{gc.get_freeze_count()}}")
"""


@pytest.mark.parametrize("enabled", [True, False], ids=["gc-on", "gc-off"])
def test_a_session_leaves_the_callers_collector_as_it_was(run_worksheet, enabled):
    app = run_worksheet(argv=[sys.executable, "-c", CALLER.format(
        collector="gc.enable()" if enabled else "gc.disable()")])
    app.wait_for(r"Input · Stance")  # the first field (issue 42: the first round input)
    app.settle()  # past the first paint and the first pause (the collector has started)
    app.press("ctrl+q")
    assert app.wait_exit() == 0, app.after_exit()
    found = re.search(r"after: status=(\d+) enabled=(\w+) frozen=(\d+)", app.after_exit())
    assert found, app.after_exit()
    assert found.groups() == ("0", str(enabled), "0")
