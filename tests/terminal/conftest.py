"""Fixtures of the pseudo-terminal tests: a player's isolated folders and a way to start the
real program on a pty in them (see ``pty_app``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pty_app import Folders, PtyWorksheet, Zygote  # noqa: E402

if not sys.platform.startswith(("linux", "darwin")):
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)


@pytest.fixture(scope="session", autouse=True)
def fork_servers():
    """Stop the fork servers (``zygote.py``) at the end of the session, waited for here: their
    CPU, and their children's, is then counted in this process's, as a spawned program's is."""
    yield
    for zygote in list(Zygote.running.values()):
        zygote.stop()


@pytest.fixture
def folders(tmp_path) -> Folders:
    """One player's data, state and shared folders (kept across restarts within a test)."""
    return Folders(tmp_path / "player")


@pytest.fixture
def run_worksheet(folders):
    """Start the real program on a pty: ``run_worksheet("gemstone4", cols=80, rows=24)``.

    ``start=False``: the run is made, not started (``run.start()``). Every run still going
    at the end of the test is killed and its terminal closed.
    """
    runs: list[PtyWorksheet] = []

    def start(*args: str, cols: int = 80, rows: int = 24, argv: list[str] | None = None,
              controlling: bool = True, start: bool = True) -> PtyWorksheet:
        run = PtyWorksheet(folders, *args, cols=cols, rows=rows, argv=argv,
                           controlling=controlling)
        runs.append(run)
        return run.start() if start else run

    yield start
    for run in runs:
        run.close()
