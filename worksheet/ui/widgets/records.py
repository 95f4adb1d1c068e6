"""The table of an editable list of records (:mod:`worksheet.ui.widgets.record_list`), made
only once the list is focused: it pulls in Textual's ``DataTable``.

Its keys are declared apart (``record_keys``), so that the help and the palette list them
without importing ``DataTable``.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from textual.widgets import DataTable

from worksheet.ui.textual_internals import forget_cell_styles
from worksheet.ui.widgets.record_keys import RECORD_KEYS


class RecordTable(DataTable, inherit_bindings=True):
    """The table of a record list, with the keys that edit it."""

    BINDINGS = RECORD_KEYS
    """The list's keys, each with its help (``record_keys.RECORD_KEYS``)."""

    def _owner(self) -> Any:
        """The ``record_list.RecordList`` holding the table (not imported: it imports this
        module once focused)."""
        return self.parent

    async def action_add(self) -> None:
        """Open the editor for a new record; the next key is read once it has focus: over SSH
        ``aWard`` comes in one read, and ``W``, ``r``, ``d`` went to the table (``d``
        deleted a record) while the editor was still opening."""
        await _until_open(self._owner().add())

    async def action_edit(self) -> None:
        """Open the editor on the record under the cursor (the next key waits, as for add)."""
        await _until_open(self._owner().edit(self.cursor_row))

    def action_delete(self) -> None:
        self._owner().delete(self.cursor_row)

    def action_move(self, step: int) -> None:
        self._owner().move(self.cursor_row, step)

    def on_unmount(self) -> None:
        forget_cell_styles()  # else Textual's cache keeps this table after it is gone


OPEN_WAIT = 2.0
"""Seconds the key that opens the editor waits at most for it to have focus."""


async def _until_open(request: Any) -> None:
    """Wait until the editor asked for has focus (at most :data:`OPEN_WAIT` seconds)."""
    if request is not None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(request.opened.wait(), OPEN_WAIT)
