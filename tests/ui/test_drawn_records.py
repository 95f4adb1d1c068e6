"""A record list shown but never focused costs no ``DataTable``: it is drawn as lines, and its
table (Textual's ``DataTable`` module and ``widgets.records``, ~0.9 MiB once imported) is made
only as focus reaches it, with the keys typed meanwhile handed to it.

Whether a module was imported is process-wide, so that part runs in a fresh interpreter.
"""

from __future__ import annotations

import ast
import subprocess
import sys

from worksheet.ui import WorksheetApp
from worksheet.ui.screens.record_editor import RecordEditor
from worksheet.ui.widgets.record_list import DrawnRecords, RecordList

TABLE_MODULES = ("textual.widgets._data_table", "worksheet.ui.widgets.records")

SCRIPT = """
import asyncio, os, sys
os.environ["XDG_STATE_HOME"] = {state!r}
from worksheet.ui import WorksheetApp
from worksheet.ui.screens.record_editor import RecordEditor
from worksheet.ui.widgets.record_list import DrawnRecords, RecordList

def table_modules():
    return sorted(set(sys.modules) & set({modules!r}))

async def main():
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.form().build_all()
        await pilot.pause()
        records = app.form().query_one("#modifiers").query_ancestor(RecordList)
        records.scroll_visible(animate=False)
        for _ in range(3):
            await pilot.pause()
        drawn = records.query_one(DrawnRecords)
        assert drawn.region.height, "the list is on screen"
        print("SHOWN", table_modules(), str(drawn.render()).splitlines()[0].split())
        drawn.focus()
        await pilot.press("a")  # no pause: the table is still being made
        for _ in range(20):
            if isinstance(app.screen, RecordEditor):
                break
            await pilot.pause(0.05)
        print("FOCUSED", table_modules(), type(app.screen).__name__)

asyncio.run(main())
"""


def _run(tmp_path) -> dict[str, list]:
    script = SCRIPT.format(state=str(tmp_path), modules=TABLE_MODULES)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    found = {}
    for line in result.stdout.splitlines():
        tag, _, rest = line.partition(" ")
        if tag in ("SHOWN", "FOCUSED"):
            found[tag] = rest
    return found


def test_a_list_in_view_imports_no_table_until_focused_then_takes_the_key(tmp_path):
    found = _run(tmp_path)
    shown_modules, _, header = found["SHOWN"].partition("] ")
    assert ast.literal_eval(shown_modules + "]") == [], "a list only shown imports no table"
    assert header.startswith("['#', 'Name'"), header  # the table's header, drawn
    focused_modules, _, screen = found["FOCUSED"].partition("] ")
    assert ast.literal_eval(focused_modules + "]") == sorted(TABLE_MODULES)
    assert screen == "RecordEditor", "the a typed as the table was made reached it"


async def test_keys_typed_as_a_drawn_list_is_focused_reach_its_table_in_order():
    """A burst "a Ward" on a list reached by focus: the ``a`` waits for the table, and the
    rest for the editor (the app's key gate)."""
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.form().build_all()
        await pilot.pause()
        records = app.form().query(RecordList).first()
        records.query_one(DrawnRecords).focus()
        await pilot.press("a", "W", "a", "r", "d")
        for _ in range(40):
            if isinstance(app.screen, RecordEditor) and app.screen.query_one("#name").value:
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, RecordEditor)
        assert app.screen.query_one("#name").value == "Ward"
        assert not records.query(DrawnRecords), "the drawn lines are gone"


def test_drawn_columns_line_up_in_terminal_cells_with_wide_names():
    """A name in wide characters (two cells each) pushed the next columns of its line two
    cells right per character: the lines were padded by characters, not cells."""
    from rich.cells import cell_len

    from worksheet import rulesets
    from worksheet.ui.widgets.record_list import drawn_lines

    spec = rulesets.get("rise").inputs["modifiers"]
    records = spec.coerce([
        {"name": "剣の祝福", "defenses": "armor", "value": 2},
        {"name": "Ward", "defenses": "armor", "value": 13},
    ])
    header, *rows = str(drawn_lines(spec, records)).splitlines()
    assert len(rows) == 2
    assert len({cell_len(line) for line in (header, *rows)}) == 1, (header, rows)
    starts = {cell_len(line[:line.index(value)]) for line, value in
              ((header, "Defenses"), (rows[0], "armor"), (rows[1], "armor"))}
    assert len(starts) == 1, (header, rows)
