"""SVG snapshots of every tab at 80×24 (the size most SSH sessions open) and 120×40, and of the
screens a player reads at 80×24: help scrolled to its end, an open choice list and the
save-conflict dialog (cursor blink is off).

After a deliberate change to the layout or to a ruleset's texts, look at the diff report, then
update with ``pytest tests/snapshots --snapshot-update`` and read the new SVGs before
committing them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from worksheet import rulesets
from worksheet.presets import bundled_dir, read_preset
from worksheet.ui import WorksheetApp

SMALL, LARGE = (80, 24), (120, 40)


def first_bundled(rid: str):
    """The ruleset's first bundled preset (by file name), as the screenshots use."""
    return read_preset(sorted(bundled_dir().glob(f"{rid}-*.toml"))[0])


@pytest.mark.parametrize("rid", rulesets.ids())
def test_each_tab_at_120x40(snap_compare, rid):
    assert snap_compare(WorksheetApp(ruleset=rid), terminal_size=LARGE)


@pytest.mark.parametrize("rid", rulesets.ids())
def test_each_tab_at_80x24(snap_compare, rid):
    assert snap_compare(WorksheetApp(ruleset=rid), terminal_size=SMALL)


@pytest.mark.parametrize("rid", rulesets.ids())
def test_each_tab_with_a_bundled_preset_at_80x24(snap_compare, rid):
    assert snap_compare(WorksheetApp(preset=first_bundled(rid)), terminal_size=SMALL)


def test_narrow_layout_at_80x24(snap_compare):
    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    assert snap_compare(app, terminal_size=SMALL)


def test_bad_input_blocks_dependents_at_80x24(snap_compare):
    async def type_bad_value(pilot):
        # past Stance and Encumbrance (the round rows, focused first: issue 42) to Dodge
        # ranks: 600, above the maximum
        await pilot.press("ctrl+down", "ctrl+down", "end", "0")
        await pilot.pause()

    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    assert snap_compare(app, terminal_size=SMALL, run_before=type_bad_value)


def test_help_scrolled_to_its_end_at_80x24(snap_compare):
    async def open_help_and_go_to_the_end(pilot):
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()

    assert snap_compare(WorksheetApp(ruleset="exalted2e"), terminal_size=SMALL,
                        run_before=open_help_and_go_to_the_end)


def test_open_choice_list_at_80x24(snap_compare):
    async def open_the_armor_list(pilot):
        pilot.app.query_one("#armor-asg").focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(WorksheetApp(ruleset="gemstone4", preset="example-1"),
                        terminal_size=SMALL, run_before=open_the_armor_list)


@pytest.fixture
def fixed_user_folder(monkeypatch):
    """A user preset folder at a fixed path: the conflict dialog names the file."""
    home = Path("/tmp/worksheet-snapshot")
    shutil.rmtree(home, ignore_errors=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    yield home
    shutil.rmtree(home, ignore_errors=True)


def test_save_conflict_dialog_at_80x24(snap_compare, fixed_user_folder):
    from worksheet.presets import Preset
    from worksheet.ui import store

    async def save_over_a_taken_name(pilot):
        store.save(Preset("gemstone4", "Rogue", "", {}), "user")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"Rogue", "enter")
        await pilot.pause()

    assert snap_compare(WorksheetApp(ruleset="gemstone4"), terminal_size=SMALL,
                        run_before=save_over_a_taken_name)
