"""What an input kind declares (:class:`EditorKind`), and the registry that finds it by the
declaration's ``kind``.

Everything the UI asks of an input's type is here, asked of its kind: which editor it gets, what
its row draws before the editor is made, how wide and tall the editor is, how its entry is kept,
and what the form and the palette do with it (step it with ↑/↓, list its records). A switch on
the type in the form, the rows or the palette would be one more place to edit for each new type,
and the one forgotten would fail only when a player met it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from textual.content import Content
from textual.style import Style
from textual.widget import Widget

from worksheet.engine import InputSpec
from worksheet.ui.widgets.ids import kebab

STAND_IN_COMPONENTS = frozenset({"input-cell--editor", "input-cell--switch",
                                 "input-cell--switch-off", "input-cell--switch-on"})
"""The component classes stand-ins are drawn with (shared on the sheet's screen, app.tcss):
the colours of Textual's ``Input`` and ``ToggleButton``, unfocused. A stand-in that needs
another adds it here and in app.tcss."""


@dataclass(frozen=True)
class StandIn:
    """What an input row draws where its editor goes, before the editor is made.

    At start, in a terminal, the rows of the first view but the focused one are made without
    their editors, which are made right after the first frame (``InputRow.make_editor``). Until
    then the row draws what the editor would draw unfocused, cell for cell and style for style,
    so the frame the editors come with sends nothing. Only what can be drawn exactly waits: an
    entry the drawing cannot match gets its editor at once.

    Attributes:
        can_wait: ``(spec, text)``: True when the drawing of ``text`` is exactly the editor's.
        draw: ``(spec, text, width, style)``: the editor showing ``text``, unfocused, ``width``
            cells wide; ``style`` is the row's ``get_visual_style`` (a component class's whole
            style, one of :data:`STAND_IN_COMPONENTS`).
    """

    can_wait: Callable[[InputSpec, str], bool]
    draw: Callable[[InputSpec, str, int, Callable[[str], Style]], Content]


class Entry(Protocol):
    """How a kind keeps an input's entry: what its editor holds, what undo restores and the
    recovery file keeps (``form.entries``)."""

    by_text: bool
    """Put into the graph as text (``Sheet.set_many_text``), else as the value (``set_many``)."""

    def from_value(self, spec: InputSpec, value: Any) -> Any:
        """The entry that shows ``value``."""

    def to_json(self, spec: InputSpec, entry: Any) -> Any:
        """The entry as JSON-able data (the recovery file)."""

    def from_json(self, spec: InputSpec, plain: Any) -> Any:
        """The entry read back from :meth:`to_json`.

        Raises:
            ValueError: it cannot be (its text says why, for the player).
        """


class TextEntry:
    """An entry kept as text, exactly as typed (valid or not) and parsed by the declaration,
    so undo and the recovery file never lose text that does not parse (:class:`Entry`)."""

    by_text = True

    def from_value(self, spec: InputSpec, value: Any) -> str:
        return spec.to_text(value)

    def to_json(self, spec: InputSpec, entry: Any) -> Any:
        return entry

    def from_json(self, spec: InputSpec, plain: Any) -> str:
        if not isinstance(plain, str):
            raise ValueError(f"{spec.name} is not text")
        return plain


TEXT_ENTRY = TextEntry()
"""The entry of every kind edited as text."""


def _no_width(spec: InputSpec) -> int | None:
    """The editor takes the column's width (app.tcss)."""
    return None


def _one_line(spec: InputSpec) -> int:
    """The editor is one line tall."""
    return 1


def _set_text(row: Any, entry: Any) -> None:
    """An input row shows a text entry in its editor (``InputRow.set_text``)."""
    row.set_text(entry)


MakeEditor = Callable[[InputSpec, str, str, bool], Widget]
"""``(spec, text, widget_id, cursor_blink)``: the editor widget showing ``text``. It answers
``text(spec)`` and ``set_text(spec, text)`` and posts one of ``editors.EDITOR_MESSAGES`` when
the player changes it (the row forwards those as ``InputRow.Edited``)."""

MakeRow = Callable[[InputSpec, Any, bool, bool], Widget]
"""``(spec, entry, cursor_blink, defer_editor)``: a form row of the kind's own, with the input's
declaration as ``spec`` (an ``InputRow`` otherwise)."""


@dataclass(frozen=True)
class EditorKind:
    """How the form edits one kind of input: the one place a new type of input is added.

    Attributes:
        name: the ``kind`` of the declarations it edits (``InputSpec.kind``); their row has the
            CSS class ``-name``.
        make_editor: the editor of an input row (``None``: the kind makes its own row).
        stand_in: what the row draws until its editor is made (``None``: made at once).
        width: the least width of the editor, so no label is ever cut (``None``: the column's,
            app.tcss).
        lines: the lines the row's cell takes at least (the editor lies over them).
        entry: how the entry is kept (:class:`Entry`; text as typed by default).
        make_row: a row of the kind's own instead of an input row (a record list's table).
        show_entry: ``(row, entry)``: show an entry in the row without posting an edit (a
            load, an undo).
        steps: ↑/↓ step the value by one (a number).
        record_list: its row is a record list (``widgets.records``), whose records are edited
            in a dialog: the palette offers the list's commands, and the round group shows a
            summary of it instead of moving it to the top.
    """

    name: str
    make_editor: MakeEditor | None = None
    stand_in: StandIn | None = None
    width: Callable[[InputSpec], int | None] = _no_width
    lines: Callable[[InputSpec], int] = _one_line
    entry: Entry = TEXT_ENTRY
    make_row: MakeRow | None = None
    show_entry: Callable[[Any, Any], None] = _set_text
    steps: bool = False
    record_list: bool = False

    def __post_init__(self) -> None:
        if (self.make_editor is None) == (self.make_row is None):
            raise ValueError(f"input kind {self.name!r}: give one of make_editor and make_row")

    def can_wait(self, spec: InputSpec, text: str) -> bool:
        """True when the row can draw ``text`` as the editor does until it is made."""
        return self.stand_in is not None and self.stand_in.can_wait(spec, text)


KINDS: dict[str, EditorKind] = {}
"""The registered kinds by name (:func:`register` adds them)."""


def register(*kinds: EditorKind) -> None:
    """Add kinds to the registry.

    Raises:
        ValueError: a kind of that name is registered already (two would silently fight).
    """
    for kind in kinds:
        if kind.name in KINDS:
            raise ValueError(f"input kind {kind.name!r} is registered already")
        KINDS[kind.name] = kind


def kind_of(spec: InputSpec) -> EditorKind:
    """The kind that edits ``spec``.

    Raises:
        LookupError: none is registered for its ``kind`` (a new type of input without one).
    """
    try:
        return KINDS[spec.kind]
    except KeyError:
        raise LookupError(f"{spec.name}: no input kind {spec.kind!r} is registered "
                          "(worksheet.ui.widgets.kinds)") from None


def make_editor(spec: InputSpec, text: str, widget_id: str | None = None,
                cursor_blink: bool = False) -> Widget:
    """The editor widget for one input, showing ``text``.

    Args:
        spec: the input's declaration.
        text: the entry to show (as ``spec.to_text`` writes it, or as typed).
        widget_id: the widget id; defaults to the input's name in kebab-case.
        cursor_blink: let a text cursor blink.
    """
    kind = kind_of(spec)
    if kind.make_editor is None:
        raise TypeError(f"{spec.name}: a {spec.kind} input has a row of its own, not an editor")
    return kind.make_editor(spec, text, widget_id or kebab(spec.name), cursor_blink)


def stepped_width(needed: int) -> int:
    """A least editor width of ``needed`` cells, rounded up in steps of 4 from the narrow
    column's 12, then of 8 past the wide column's 16: the help beside the fields of a form
    keeps to a few columns instead of one per field."""
    step = 4 if needed <= 16 else 8
    return -(-needed // step) * step
