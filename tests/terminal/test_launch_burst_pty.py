"""Keys typed as the first view appears, on a wide terminal, go where the same keys typed slowly go.

At start, in a terminal, the rows of the first view are drawn before their editors exist (all
but the first field's): the editors are made right after the first frame, and a key that moves
focus waits for them (``SheetForm._after_first_paint``, ``FormBody.building``). A Tab handled
before they were there would skip the rows still without one, and the digits after it would
land in another input. At 200×50 the first view holds most of the form, so most of its editors
come after the first frame.
"""

from __future__ import annotations

import pytest

from pty_app import Folders, PtyWorksheet, keys
from test_key_bursts_pty import run

SIZE = (200, 50)
SEQUENCE = ["tab", "3", "tab", "4", "tab", "2", "shift+tab", "5", "tab", "tab", "1"]
"""Through the first rows after the first field, and back one."""


FORM_COLUMNS = 130
"""The form's columns at 200×50, left of where refusals are shown (a refusal of the slow run
may be gone when the screens are compared, one of the burst still there)."""


def form_lines(app: PtyWorksheet) -> list[str]:
    """The screen's lines left of the refusals: the form with its entries, values and focus
    mark, the results and the status line."""
    return [line[:FORM_COLUMNS].rstrip() for line in app.screen.display]


@pytest.mark.parametrize("when", ["at-start", "at-first-frame"])
@pytest.mark.parametrize("tab", ["exalted2e", "shadowrun4", "vtm-revised"])
def test_keys_typed_as_the_first_view_appears_land_where_slow_keys_do(tmp_path, tab, when):
    slow = run(tmp_path, "slow", [tab], [], SEQUENCE, burst=False, size=SIZE)
    fast = PtyWorksheet(Folders(tmp_path / "fast"), tab, cols=SIZE[0], rows=SIZE[1]).start()
    try:
        if when == "at-first-frame":  # the editors are being made
            fast.wait_for(r"f1 Help")
        fast.send(keys(*SEQUENCE))
        fast.settle(quiet=1.0)
        screens = f"burst screen:\n{fast.text()}\n\nslow screen:\n{slow.text()}"
        assert "▌" in fast.text(), f"a row is focused:\n{screens}"
        assert form_lines(fast) == form_lines(slow), screens
    finally:
        slow.close()
        fast.close()
