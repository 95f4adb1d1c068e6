"""The rows of a form, each made by its own maker: so any row can be made again, on its own.

A form's body builds its rows as they come within reach and drops those far from the view
(``form.window``); a row dropped is made again by the same maker, with what the inputs, the
graph and the change marks hold then. A row's state lives outside it (the entries, the graph,
the marks), so nothing is lost when it goes.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from textual.widget import Widget
from textual.widgets import Static

from worksheet.engine.odds_text import ODDS_STEP
from worksheet.ui.form.steps import heading
from worksheet.ui.widgets import InputRow, ValueRow, input_row
from worksheet.ui.widgets.odds import OddsPanel
from worksheet.ui.widgets.round_group import RoundRecords, round_heading, round_inputs, round_notes

Maker = Callable[[], Widget]
"""Makes one row of the form, as it should be now."""


class RowMaking:
    """SheetForm mixin: the makers of its rows, in order, and forgetting a row dropped.

    The form sets ``ruleset``, ``sheet``, ``entries``, ``marks``, ``round_moved``, ``_rows``,
    ``_round_lists``, ``_odds``, ``_odds_heading``, ``_blink``, ``_editors_later``, and has
    ``_show_input``, ``_status`` and ``take_edit``.
    """

    ruleset: Any
    sheet: Any
    entries: Any
    marks: Any
    round_moved: frozenset[str]
    _rows: dict[str, Widget]
    _round_lists: dict[str, RoundRecords]
    _odds: OddsPanel | None
    _odds_heading: Widget | None
    _blink: bool
    _editors_later: bool
    _show_input: Callable[[str], None]
    _status: Callable[[str], Any]
    take_edit: Callable[[InputRow], bool]

    def _row_makers(self) -> list[Maker]:
        """A maker for every row, in order: the round group first (under the strip), then
        each step's inputs and values. Nothing is made until a maker is called."""
        makers: list[Maker] = []
        loop = self.round_moved
        names = round_inputs(self.ruleset)
        first = next((n for n in names if n in loop), None)  # the first field (the app's
        # AUTO_FOCUS): the first round input, the thing a player changes every round (issue
        # 42); with none, the character's first input
        if names:
            makers.append(partial(round_heading, self.ruleset))
            for name in names:
                if name in loop:
                    makers.append(partial(self._input_row, name, name == first))
                else:  # a record list stays in its step; the group shows what counts
                    makers.append(partial(self._round_list, name))
                notes = len(round_notes(self.ruleset, name))
                makers.extend(partial(self._round_note, name, k) for k in range(notes))
        for step, inputs, nodes in self.ruleset.step_groups():
            inputs = [name for name in inputs if name not in loop]
            if not inputs and not nodes:
                continue
            makers.append(partial(self._step_heading, step))
            for name in inputs:
                if first is None:
                    first = name
                makers.append(partial(self._input_row, name, name == first,
                                      step != ODDS_STEP))
            if step == ODDS_STEP:  # the chances at a glance, then the exact rows
                makers.append(self._odds_panel)
            makers.extend(partial(self._value_row, name) for name in nodes)
        return makers

    def _input_row(self, name: str, first_field: bool = False,
                   sheet_only: bool = False) -> Widget:
        row = input_row(self.ruleset.inputs[name], self.entries[name], cursor_blink=self._blink,
                        defer_editor=self._editors_later and not first_field)
        row.set_class(name in self.marks.inputs, "-changed")
        row.set_class(sheet_only, "-sheet-only")  # hidden in the fight view (F10)
        if first_field:
            row.add_class("-first-field", update=False)
        self._rows[name] = row
        self._show_input(name)
        return row

    def _round_list(self, name: str) -> Widget:
        self._round_lists[name] = row = RoundRecords(self.ruleset, name)
        row.show(self.sheet.value(name))
        return row

    def _round_note(self, name: str, index: int) -> Widget:
        return round_notes(self.ruleset, name)[index]

    def _step_heading(self, step: str) -> Widget:
        title = Static(heading(step), classes="step-heading" + (
            "" if step == ODDS_STEP else " -sheet-only"))  # hidden in the fight view
        if step == ODDS_STEP:
            self._odds_heading = title
        return title

    def _odds_panel(self) -> Widget:
        self._odds = OddsPanel(self.ruleset)
        self._odds.show(self.sheet)
        return self._odds

    def _value_row(self, name: str) -> Widget:
        row = ValueRow(self.ruleset.rules[name], self._status(name))
        if name in self.marks.before:  # made again after it was dropped
            row.show_change(self.marks.was(name, self.sheet))
        self._rows[name] = row
        return row

    def forget_row(self, row: Widget) -> None:
        """A row dropped far from the view (``form.window``): what it was typed into but not
        taken yet is taken now, and the form no longer shows anything in it (it is made again
        with what the form holds then)."""
        if isinstance(row, InputRow) and row.is_mounted and (
                row.text != self.entries.get(row.spec.name, row.text)):
            self.take_edit(row)
        for table in (self._rows, self._round_lists):
            for name in [n for n, r in table.items() if r is row]:
                del table[name]
        if row is self._odds:
            self._odds = None
        if row is self._odds_heading:
            self._odds_heading = None
