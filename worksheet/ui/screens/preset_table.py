"""What the preset dialogs share: the table of presets and the words for a bad file.

The table lists each preset's name, ruleset, kind (character, attacker, fight, or all for an
older preset), where it lives (user, shared or bundled) and description, all as plain text.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

from worksheet.engine.quote import clip
from worksheet.presets import PresetError, kind_words, location_of
from worksheet.ui.widgets.record_keys import plain_cells
from worksheet.ui.screens.dialog import Dialog


def short(text: str, width: int) -> str:
    """``text`` on one line, cut to ``width`` cells with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


class PresetTable(DataTable):
    """A table of presets: name, ruleset, kind, where and, where there is room, description.

    A name is shown whole, wrapped over as many lines as it needs (two presets may differ only
    at the end of their names); the description is cut to its column, or left out at 80
    columns (the line under the table shows the highlighted preset's). Home and End go to the
    first and last preset.
    """

    BINDINGS = [Binding("home", "first", "First", show=False),
                Binding("end", "last", "Last", show=False)]

    FIXED = len("vtm-revised") + len("character") + len("bundled") + 5 * 2 + 2
    """The ruleset, kind and where columns, every column's padding and the scroll bar."""

    NAME_AT_LEAST = 24
    """The narrowest name column beside a description column."""

    def fill(self, listed: list, width: int) -> list:
        """Show ``listed`` (``Listed`` items) in the order given; returns them.

        Args:
            listed: the presets, in the order to show.
            width: the cells the table has.
        """
        room = max(24, width - self.FIXED)
        longest = max((len(item.preset.name) for item in listed), default=4)
        # Narrow (80 columns), the description is left to the line under the table: the
        # names get the room, so a long one wraps over two lines rather than three.
        described = room >= 2 * self.NAME_AT_LEAST
        name_width = min(max(longest, 4), max(self.NAME_AT_LEAST, room * 3 // 5)
                         if described else room)
        description_width = max(8, room - name_width)
        self.clear(columns=True)
        self.add_column(Text("Name"), width=name_width)
        self.add_column(Text("Ruleset"))
        self.add_column(Text("Kind"))
        self.add_column(Text("Where"))
        if described:
            self.add_column(Text("Description"), width=description_width)
        for item in listed:
            cells = [" ".join(item.preset.name.split()), item.preset.ruleset,
                     kind_words(item.preset.kind), item.location.kind]
            if described:
                cells.append(short(item.preset.description, description_width))
            self.add_row(*plain_cells(cells), height=None)
        return listed

    def action_first(self) -> None:
        """Highlight the first preset."""
        if self.row_count:
            self.move_cursor(row=0)

    def action_last(self) -> None:
        """Highlight the last preset."""
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)


_PresetTable = PresetTable  # the name the tests and older code used


def told(error: PresetError) -> str:
    """A preset's problem as a dialog says it, in a few lines at 80 columns: the file's name
    and where it lives (the Where column's words), the line, the key and what is wrong.

    The file and key are someone else's text (a shared folder, a typed path), so each is cut
    short: a 50,000-character key must not push the problem out of the dialog.
    """
    path = Path(error.file)
    kind = location_of(path).kind  # ``file``: a path the player typed, outside the folders
    where = clip(path.name, 60, keep_end=True) + (f" ({kind})" if kind != "file" else "")
    if error.line:
        where += f", line {error.line}"
    key = f" {clip(error.key, 40)}:" if error.key else ""
    return f"{where}:{key} {clip(error.problem, 240, keep_end=True)}"


def table_width(dialog: Dialog) -> int:
    """The cells a ``-wide`` dialog's table has (the dialog is 110 wide, or the screen)."""
    return min(110, dialog.app.size.width) - 4
