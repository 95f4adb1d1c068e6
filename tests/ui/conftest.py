"""Pilot tests share :mod:`waits` (importable by name from here, as the pty tests' helper is),
and build rows as a terminal does: only those within reach of the view (``SheetForm``'s
``progressive``), unless marked ``every_row``.

Headless, the app builds every row of a tab at once (a test could read rows far below the
view), about half a second of CPU for a launch that most tests never look past: with the
rows a terminal builds instead, ``tests/ui`` took 161 s of CPU instead of 136 s on 2 cores.
A test that reads rows below the first view is marked ``every_row`` and runs as before.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(autouse=True)
def rows_as_in_a_terminal(request, monkeypatch):
    """Build rows as in a terminal, or every row for a test marked ``every_row`` (the
    headless default). Set for each test; a module sharing one app marks all its tests
    alike, since the form reads it as it builds and as a tab is hidden."""
    from worksheet.ui.form.sheet_form import SheetForm

    every_row = request.node.get_closest_marker("every_row") is not None
    monkeypatch.setattr(SheetForm, "progressive", None if every_row else True)
