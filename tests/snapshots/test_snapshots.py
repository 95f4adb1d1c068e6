"""SVG snapshots of every tab at 120×40 and of the 80×24 layout (cursor blink is off).

After a deliberate change to the layout or to a ruleset's texts, look at the diff report, then
update with ``pytest tests/snapshots --snapshot-update``.
"""

from __future__ import annotations

import pytest

from worksheet import rulesets
from worksheet.ui import WorksheetApp


@pytest.mark.parametrize("rid", rulesets.ids())
def test_each_tab_at_120x40(snap_compare, rid):
    assert snap_compare(WorksheetApp(ruleset=rid), terminal_size=(120, 40))


def test_narrow_layout_at_80x24(snap_compare):
    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    assert snap_compare(app, terminal_size=(80, 24))


def test_bad_input_blocks_dependents_at_80x24(snap_compare):
    async def type_bad_value(pilot):
        await pilot.press("end", "0")  # dodge ranks 600: above the maximum
        await pilot.pause()

    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    assert snap_compare(app, terminal_size=(80, 24), run_before=type_bad_value)
