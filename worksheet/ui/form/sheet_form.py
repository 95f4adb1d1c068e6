"""The form for any ruleset, generated from its declarations, and the graph behind it.

The sheet owns a :class:`~worksheet.engine.Sheet`. Rows post edits up (``InputRow.Edited``,
``RecordList.Changed``); the sheet applies each edit to the graph, which returns exactly the
inputs and nodes whose value or state changed, and only those rows are shown again. Loading a
preset, undo, redo and reset are one batched update written into the editors with their change
messages prevented, so they never echo back as edits.

Inputs are grouped by the step they feed (the step of the first rule that uses them); each
step lists its inputs, then its derived values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterator, Mapping

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget

from worksheet.engine import Ruleset, Sheet, State
from worksheet.ui.keys import Key
from worksheet.ui.form.graph import GraphReadings
from worksheet.ui.form.body import FormBody, first_view, row_name, take_lines
from worksheet.ui.form.focus import FocusTargets
from worksheet.ui.speaker import Speaker
from worksheet.ui.form.entries import Entries, History, entries_from_values, split_entries
from worksheet.ui.widgets import InputRow, RulePanel, ValueRow, paint_rows
from worksheet.ui.widgets.frame_hold import frame_hold
from worksheet.ui.widgets.kinds import kind_of
from worksheet.ui.widgets.odds import OddsPanel
from worksheet.ui.widgets.round_group import RoundRecords, round_inputs
from worksheet.ui.widgets.result_strip import ResultStrip
from worksheet.ui.form.what_changed import ChangeMarks
from worksheet.ui.form.pinning import Pinning
from worksheet.ui.form.rows import RowMaking

if TYPE_CHECKING:
    from worksheet.ui.widgets.record_list import RecordList


class FormMessage(Message):
    """A message about one form (the app tells its tabs apart by ``form``)."""

    def __init__(self, form: "SheetForm"):
        super().__init__()
        self.form = form
        """The form it is about."""


class SheetForm(FocusTargets, GraphReadings, Pinning, RowMaking, Horizontal):
    """One ruleset's worksheet: the generated form and the rule panel.

    Args:
        ruleset: the ruleset.
        values: input values to start from (defaults for the rest).
        cursor_blink: let text cursors blink.
        id: the widget id.
        editors_later: in a terminal, make the editors of the first view's rows (but the
            first field's: the first round input, or the character's first input with none)
            right after the first paint (``InputRow.make_editor``): the form
            the app opens with.
    """

    BINDINGS = [Key("ctrl+g", "odds", "Odds", show=False, command="Odds",
                    help="go to the Odds step: the attacker's inputs and the chance to be hit")]

    class Changed(FormMessage):
        """The entries changed (an edit, a load, an undo): the app saves recovery state.
        Posted to the app itself, the one taker."""

    def __init__(self, ruleset: Ruleset, values: Mapping[str, Any] | None = None, *,
                 cursor_blink: bool = False, id: str | None = None,
                 editors_later: bool = False):
        super().__init__(id=id, classes="sheet-form")
        self.ruleset = ruleset
        """The ruleset of this tab."""
        self.sheet = Sheet(ruleset, values or {})
        """The calculation graph: the only place values are computed."""
        self.speaker = Speaker(ruleset)
        """Names in labels: every message the form shows goes through it."""
        self.entries: Entries = entries_from_values(ruleset, self.sheet.inputs)
        """What each editor holds (text as typed, or records)."""
        self._saved: Entries = dict(self.entries)  # as last loaded or saved (``dirty``)
        self.history = History()
        """Undo and redo of this tab."""
        self.round_moved = frozenset(n for n in round_inputs(ruleset)
                                     if not kind_of(ruleset.inputs[n]).record_list)
        """The round inputs shown at the top of the form instead of in their steps."""
        self._round_lists: dict[str, RoundRecords] = {}
        self.marks = ChangeMarks(ruleset.rules)
        """The values the last edit changed, with what they were (shown beside them)."""
        self._blink = cursor_blink
        self._editors_later = editors_later
        self._rows: dict[str, Widget] = {}
        self._odds: OddsPanel | None = None
        self._odds_heading: Widget | None = None
        self._focused_name: str | None = None
        self._released = False

    # -- building -----------------------------------------------------------------------
    progressive: bool | None = None
    """Build the rows of the first screen only, and the others as they come within reach
    (``form.body``): ``None`` (the default) does so only in a real terminal. Headless (tests,
    screenshots) every row is there as soon as the app is."""

    def compose(self) -> ComposeResult:
        rows, remake = self._all_rows()
        lines, width, narrow = first_view(self.screen)
        self._editors_later = self._editors_later and self.is_progressive
        first = take_lines(rows, lines if self.is_progressive else None, width, narrow)
        self._editors_later = False  # the rows made later come with their editors
        with Vertical(classes="form-column"):
            yield ResultStrip(self.ruleset, self.speaker)
            yield FormBody(*first, later=rows, classes="form",
                           remake=remake if self.is_progressive else None,
                           dropped=self.forget_row)
        yield RulePanel(classes="rule-panel")

    def _all_rows(self) -> tuple[Iterator[Widget], Callable[[int], Widget]]:
        """Every row in order, each made when taken (with what the inputs and the graph hold
        then: a row made late shows the loads and edits made before it); and what makes the
        row at an index again (``form.window``)."""
        makers = self._row_makers()
        return (make() for make in makers), lambda index: makers[index]()

    class Built(FormMessage):
        """The form's rows are mounted (the app may now focus its first editor)."""

    def on_mount(self) -> None:
        self.query_one(ResultStrip).show(self.sheet)
        self.call_after_refresh(self._after_first_paint)

    @property
    def is_progressive(self) -> bool:
        """True when rows are built as they come within reach (see ``progressive``)."""
        return self.progressive if self.progressive is not None else not self.app.is_headless

    def release_rows(self) -> Awaitable[None] | None:
        """Drop the rows of this hidden tab, to be made again as it is shown (:meth:`show_rows`);
        only when built progressively (headless, every row stays: tests read hidden tabs).

        Returns:
            Done once the rows are removed (``None``: there were none to remove).
        """
        self.remember_focus()
        if self._released or not self.is_progressive or not self.is_mounted:
            return None  # already dropped: every tab switch hides the other tabs again
        self._rows.clear()
        self._round_lists.clear()
        self._odds = self._odds_heading = None
        removed = self.query_one(FormBody).release(*self._all_rows())
        self._released = True
        return removed

    def show_rows(self) -> None:
        """Build the first view's rows again after :meth:`release_rows`, and down to the row
        focused when the tab was left (:meth:`resume_focus`)."""
        if self._released:
            self._released = False
            self.query_one(FormBody).build_more(first_view(self.screen)[0])
            self.build_rows_until(lambda: self._resume_name in (None, *self._rows))
            self.call_after_refresh(self._after_first_paint)

    def _after_first_paint(self) -> None:
        body = self.query_one(FormBody)
        body.build_if_near_the_end()  # a view taller than estimated
        body.make_editors()  # of the first view's rows (``editors_later``)
        self.call_after_refresh(self.post_message, self.Built(self))

    def build_all(self) -> None:
        """Build every row not built yet (see ``progressive``)."""
        self.query_one(FormBody).build_more()

    # -- reading ------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        """True when the entries differ from those last loaded or saved."""
        return self.entries != self._saved

    def mark_saved(self) -> None:
        """Take the entries now as saved (a preset was written): ``dirty`` is False again."""
        self._saved = dict(self.entries)

    def take_typed(self) -> None:
        """Take into the entries the edits still on their way up (a hang-up writes the
        recovery file and exits before they arrive); the graph is not updated."""
        for name, row in self._rows.items():
            if isinstance(row, InputRow) and row.is_mounted and row.text != self.entries[name]:
                self.entries[name] = row.text

    def row(self, name: str) -> Widget | None:
        """The row of ``name``, or ``None`` until built (as it nears the view, ``form.body``)."""
        return self._rows.get(name)

    # -- edits from the rows --------------------------------------------------------------
    def on_input_row_edited(self, event: InputRow.Edited) -> None:
        event.stop()
        if not self.take_edit(event.row):
            frame_hold(self.app).release_soon()  # nothing to show but the echo

    def take_edit(self, row: InputRow) -> bool:
        """Take ``row``'s editor's text now (an echo queued before a load must not undo it);
        whether it differed. Also before each key ("7 ↑" at once stepped the 0, not the 7)."""
        name, text = row.spec.name, row.text
        if self.entries.get(name) == text:
            return False
        self.history.record(self.entries, run=name)
        self.entries[name] = text
        with self.app.batch_update():
            changed = self.sheet.set_text(name, text)
            self._refresh(changed, run=name)
        if not changed:  # else the app lets the frame go once the status line shows it
            frame_hold(self.app).release_soon()
        return True

    def on_record_list_changed(self, event: "RecordList.Changed") -> None:
        event.stop()
        self.history.record(self.entries)
        self.entries[event.name] = event.records
        self._refresh(self.sheet.set(event.name, event.records))

    async def on_record_list_edit_requested(self, event: "RecordList.EditRequested") -> None:
        """Open the record editor for a list (its result goes back to the list, which posts
        ``Changed``), and say so once it is mounted with its first field focused."""
        event.stop()
        from worksheet.ui.screens.record_editor import RecordEditor    # opened by a key, not at start-up

        await self.app.push_screen(RecordEditor(event.spec, event.record, event.index),
                                   event.finish)
        event.opened.set()

    # -- batched updates ----------------------------------------------------------------
    def load_entries(self, entries: Mapping[str, Any], *, undoable: bool = True,
                     saved: bool = False) -> frozenset[str]:
        """Put entries into the graph and the editors in one batch (no edit echoes back).

        Args:
            entries: entries for some or all inputs.
            undoable: record the state before, so Ctrl+Z returns to it.
            saved: the new entries are what was loaded or saved (not unsaved edits).

        Returns:
            The inputs and nodes that changed.
        """
        new = {n: e for n, e in entries.items() if n in self.entries and self.entries[n] != e}
        if new and undoable:
            self.history.record(self.entries)
        self.history.end_run()
        texts, records = split_entries(self.ruleset, new)
        changed = self.sheet.set_many_text(texts) | self.sheet.set_many(records)
        self.entries.update(new)
        with self.app.batch_update():
            for name, entry in new.items():
                row = self._rows.get(name)  # a row not made yet is made with the entry
                if row is not None:
                    kind_of(row.spec).show_entry(row, entry)
            self._refresh(changed)
        if saved:
            self.mark_saved()
        return changed

    def load_values(self, values: Mapping[str, Any], *, saved: bool = True) -> frozenset[str]:
        """Load input values (a preset); inputs not given take their defaults."""
        return self.load_entries(entries_from_values(self.ruleset, values), saved=saved)

    def undo(self) -> bool:
        """Go back one step; False when there is nothing to undo."""
        return self._restore(self.history.undo(self.entries))

    def redo(self) -> bool:
        """Go forward one step; False when there is nothing to redo."""
        return self._restore(self.history.redo(self.entries))

    def _restore(self, entries: Entries | None) -> bool:
        """Load the entries an undo or redo returns (not itself undoable); False for none."""
        if entries is not None:
            self.load_entries(entries, undoable=False)
        return entries is not None

    def reset(self) -> frozenset[str]:
        """Put every input back to its default (undoable)."""
        return self.load_values(self.ruleset.defaults(), saved=False)

    def _refresh(self, changed: frozenset[str], run: str | None = None) -> None:
        shown: dict[str, ValueRow] = {}  # restyled and painted together below
        for name in changed:
            if name in self.ruleset.inputs:
                self._show_input(name)
            elif name in self._rows:  # a row not made yet is made with its status then
                shown[name] = self._rows[name]
                shown[name].show(self._status(name), paint=False)
        for name in changed & self._round_lists.keys():
            self._round_lists[name].show(self.sheet.value(name))
        for name in self.marks.update(changed, self.sheet, run):
            row = self._rows.get(name)
            if name in self.ruleset.inputs and row is not None:
                row.set_class(name in self.marks.inputs, "-changed")
            elif row is not None:
                shown[name] = row
                row.show_change(self.marks.was(name, self.sheet), paint=False)
        paint_rows(shown.values())
        if self._focused_name in changed:
            self._explain(self._focused_name)
        if self._odds is not None and not changed.isdisjoint(self._odds.names):
            self._odds.show(self.sheet)
        strip = self.query_one(ResultStrip)
        if not changed.isdisjoint(strip.names):
            strip.show(self.sheet)
        if changed:
            self.app.post_message(self.Changed(self))  # not via the screen's queue

    def _show_input(self, name: str) -> None:
        row = self._rows.get(name)
        if row is not None:
            status = self.sheet.status(name)
            row.show_error(self.speaker.error(status) if status.state is State.ERROR else None)

    def _status(self, name: str):
        """A node's status as the form shows it (names in labels)."""
        return self.speaker.status(self.sheet.status(name))

    # -- the rule panel follows focus -----------------------------------------------------
    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.history.end_run()
        self.marks.end_run()
        # The focus now, not the event's widget: in a burst of Tabs focus has often moved on
        # when the message arrives, and messages from different rows may arrive out of order.
        focused = self.screen.focused
        name = row_name(focused) if focused is not None and self in focused.ancestors else None
        if name is not None:
            self._explain(name)

    @property
    def focused_name(self) -> str | None:
        """The input or node of the focused row (the one the rule panel explains)."""
        return self._focused_name

    def explain_into(self, panel: RulePanel) -> None:
        """Put the focused row's explanation into ``panel`` (the F3 dialog's copy)."""
        if self._focused_name is not None:
            panel.explain(self.ruleset, self._focused_name,
                          self.speaker.explained(self.sheet.status(self._focused_name)))

    def _explain(self, name: str) -> None:
        self._focused_name = name
        self.query_one(RulePanel).explain(self.ruleset, name,
                                          self.speaker.explained(self.sheet.status(name)))
