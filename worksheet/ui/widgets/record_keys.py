"""A record list's keys and cells, declared apart from its table (Textual's ``DataTable``,
imported only once a list is focused): the help screen, the palette and docs/keys.md list the
keys, and the list draws its lines, without importing it.
"""

from __future__ import annotations

from rich.text import Text

from worksheet.ui.keys import Key

HINT = "a add · e/⏎ edit · d delete · Shift+↑/↓ or [ ] move"

RECORD_KEYS = [
    # Priority: run as the app reads the key, so the keys after it in the same burst wait
    # until the editor has focus (see ``RecordTable.action_add``); only while the table has
    # focus.
    Key("a,insert", "add", "Add record", command="Add record", priority=True,
        help="record list: add a record after the cursor"),
    Key("e,enter", "edit", "Edit record", command="Edit record", priority=True,
        help="record list: edit the record under the cursor"),
    Key("d,delete", "delete", "Delete record", command="Delete record",
        help="record list: delete the record under the cursor (Ctrl+Z undoes)"),
    Key("shift+up,left_square_bracket", "move(-1)", "Move up", show=False,
        command="Move record up", help="record list: move the record up"),
    Key("shift+down,right_square_bracket", "move(1)", "Move down", show=False,
        command="Move record down", help="record list: move the record down"),
]
"""A record table's keys, each with its help (``keys.Key``): declared here, away from the
table, so the help, the palette and docs/keys.md list them without importing ``DataTable``."""

def plain_cells(cells: list[str]) -> list[Text]:
    """Cells shown exactly as typed: a ``DataTable`` reads a ``str`` cell as markup, so a name
    such as ``[/]`` (typed, or in a preset another player dropped in the shared folder)
    crashed the app and ``[b]x`` showed as a bold ``x``."""
    return [Text(cell, end="") for cell in cells]
