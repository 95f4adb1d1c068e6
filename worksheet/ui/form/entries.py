"""A tab's entries (what its editors hold, as typed) and their undo history.

Named for what it holds, and apart from the engine's :class:`~worksheet.engine.State` (a
node's OK / blocked / error): the graph holds values, this module what a user typed, their
undo steps and their recovery-file form.

An *entry* is what an editor holds for one input: the text (for every input that has a text
form, valid or not, exactly as typed) or, for a record list, the tuple of records; the input's
kind says which (``EditorKind.entry``). Entries, not values, are what undo restores and what the
recovery file keeps, so text that does not parse is never lost. No widget here.
"""

from __future__ import annotations

from typing import Any, Mapping

from worksheet.engine import Ruleset
from worksheet.engine.quote import quote
from worksheet.ui.widgets.kinds import kind_of

Entries = dict[str, Any]
"""Input name → text (``str``) or, for a record list, a tuple of records."""


def entries_from_values(ruleset: Ruleset, values: Mapping[str, Any]) -> Entries:
    """Entries for input values (defaults for inputs not given)."""
    entries: Entries = {}
    for name, spec in ruleset.inputs.items():
        entries[name] = kind_of(spec).entry.from_value(spec, values.get(name, spec.default))
    return entries


def split_entries(ruleset: Ruleset, entries: Mapping[str, Any]
                  ) -> tuple[dict[str, str], dict[str, Any]]:
    """Split entries into texts (for ``set_many_text``) and values, such as record lists (for
    ``set_many``), as each input's kind keeps its entry."""
    texts: dict[str, str] = {}
    records: dict[str, Any] = {}
    for name, entry in entries.items():
        spec = ruleset.inputs[name]
        (texts if kind_of(spec).entry.by_text else records)[name] = entry
    return texts, records


def entries_to_json(ruleset: Ruleset, entries: Mapping[str, Any]) -> dict[str, Any]:
    """Entries as JSON-able data (record lists as lists of plain tables)."""
    plain: dict[str, Any] = {}
    for name, entry in entries.items():
        spec = ruleset.inputs[name]
        plain[name] = kind_of(spec).entry.to_json(spec, entry)
    return plain


def entries_from_json(ruleset: Ruleset, plain: Mapping[str, Any]) -> tuple[Entries, list[str]]:
    """Entries read back from :func:`entries_to_json`; unknown or unreadable ones are skipped.

    Returns:
        The entries, and a message for each one that could not be restored.
    """
    entries: Entries = {}
    problems: list[str] = []
    for name, entry in plain.items():
        spec = ruleset.inputs.get(name)
        if spec is None:
            problems.append(f"{ruleset.id}: no input {quote(name)} any more; left out")
            continue
        try:
            entries[name] = kind_of(spec).entry.from_json(spec, entry)
        except ValueError as error:  # an InputError's text is its message
            problems.append(f"{ruleset.id}: {error}; left out")
    return entries, problems


class History:
    """Undo and redo for one tab, as snapshots of its entries.

    Typing several characters into one field is one step: an edit with the same ``run`` key as
    the previous edit joins it. Anything else (another field, a record edit, a load, an undo)
    starts a new step.

    Args:
        limit: how many steps are kept.
    """

    def __init__(self, limit: int = 200):
        self.limit = limit
        self._undo: list[Entries] = []
        self._redo: list[Entries] = []
        self._run: str | None = None

    def record(self, before: Entries, run: str | None = None) -> None:
        """Note an edit about to happen; ``before`` is the state it leaves."""
        self._redo.clear()
        if run is not None and run == self._run:
            return
        self._undo.append(dict(before))
        del self._undo[:-self.limit]
        self._run = run

    def end_run(self) -> None:
        """The next edit starts a new step even in the same field."""
        self._run = None

    def undo(self, current: Entries) -> Entries | None:
        """The state to go back to, or ``None``; ``current`` becomes redoable."""
        return self._step(self._undo, self._redo, current)

    def redo(self, current: Entries) -> Entries | None:
        """The state to go forward to, or ``None``; ``current`` becomes undoable."""
        return self._step(self._redo, self._undo, current)

    def _step(self, source: list[Entries], target: list[Entries],
              current: Entries) -> Entries | None:
        """Take the last state of ``source`` (``None`` when empty), leaving ``current`` on
        ``target``: undo and redo are the same move between the two stacks."""
        self._run = None
        if not source:
            return None
        target.append(dict(current))
        return source.pop()
