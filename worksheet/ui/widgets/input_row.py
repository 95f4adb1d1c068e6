"""One input of a form: its label, an editor fitting its type, what it allows, its help, and the
message when the text does not parse.

The editor, its width and what the row draws before it is made come from the input's kind
(``widgets.kinds``): text kept exactly as typed for numbers and dice faces, a select for a
choice, a yes/no switch, a selection list for a list of names.
The row never touches the graph: it posts :class:`InputRow.Edited` (the sheet reads the
editor's text when it handles it), and the sheet shows the input's new status with :meth:`InputRow.show_error` — for text the
declaration refuses, the refusal's own message (``InputError.message``, the command line's).
"""

from __future__ import annotations

from textual.app import ComposeResult
from rich.style import Style as RichStyle
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.message import Message
from textual.widget import AwaitMount, Widget
from textual.widgets import Checkbox, Input, Select, SelectionList

from worksheet.engine import InputSpec
from worksheet.ui.widgets.editors import EDITOR_MESSAGES, AnyEditor
from worksheet.ui.widgets.kinds import STAND_IN_COMPONENTS, kind_of, make_editor
from worksheet.ui.textual_internals import LeftFramedLines
from worksheet.ui.widgets.frame_hold import frame_hold
from worksheet.ui.widgets.no_links import NoLinks
from worksheet.ui.widgets.shared_styles import SharedComponentStyles
from worksheet.ui.widgets.row_visual import ROW_EDGE


def describe(spec: InputSpec) -> str:
    """What an input allows and its help, in one line."""
    parts = []
    allowed = spec.allowed(short=True)
    if allowed:
        parts.append(allowed + (", or empty" if spec.optional else ""))
    if spec.help:
        parts.append(spec.help)
    return " · ".join(parts)


LABEL_WIDTH, LABEL_WIDTH_NARROW = 24, 20
"""The label column is 24 cells wide, 20 on a narrow screen (``Screen.-narrow``)."""
EDITOR_WIDTH, EDITOR_WIDTH_NARROW = 16, 12
"""The editor column (app.tcss places the editor there: ``InputRow > .input-editor``)."""
CELL_GUTTER = 1
INFO_MIN = 20
"""The help beside an editor is never narrower: beside a wide choice it goes under it."""


MESSAGE_INDENT = 2
"""Cells before the message under a refused input."""


class CellVisual(Visual):
    """An input row's label and its allowed-and-help text, with a gap for the editor between,
    and under them the message of a refused input.

    Args:
        label: the input's title.
        info: what it allows and its help.
        widths: the label and editor columns.
        min_height: the editor's height (the row's cell is never shorter).
        message: why the text is refused (``None``: it is not).
        stand_in: the editor as it draws itself unfocused, drawn in its gap while the row has
            no editor yet (its kind's ``StandIn``; ``None``: the editor lies over a blank
            gap).
    """

    def __init__(self, label: Content, info: Content, widths: tuple[int, int],
                 min_height: int, message: Content | None = None,
                 stand_in: Content | None = None):
        self.label, self.info = label, info
        self.widths = widths
        self.min_height = min_height
        self.message = message
        self.stand_in = stand_in

    def __str__(self) -> str:
        return "\n".join(part.plain for part in (self.label, self.info, self.message) if part)

    def _message_lines(self, rules: RulesMap, width: int) -> int:
        if not self.message:
            return 0
        return self.message.get_height(rules, max(1, width - MESSAGE_INDENT))

    def _columns(self, width: int) -> tuple[int, int, int]:
        label_w, editor_w = self.widths
        label_w = max(1, min(label_w, width))
        return label_w, editor_w, max(1, width - label_w - editor_w - 2 * CELL_GUTTER)

    def _info_below(self, width: int) -> bool:
        """True when the help goes under the editor (a wide choice leaves too little room)."""
        return self._columns(width)[2] < INFO_MIN and bool(self.info.cell_length)

    def _info_layout(self, width: int) -> tuple[int, int]:
        """The help's width and first line."""
        label_w, _, info_w = self._columns(width)
        if self._info_below(width):
            return max(1, width - label_w - CELL_GUTTER), self.min_height
        return info_w, 0

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def cell_height(self, rules: RulesMap, width: int) -> int:
        """The lines of the label and the help (the editor lies over the first)."""
        label_w = self._columns(width)[0]
        info_w, first = self._info_layout(width)
        return max(self.min_height, self.label.get_height(rules, label_w),
                   first + self.info.get_height(rules, info_w) if self.info.cell_length else 1)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.cell_height(rules, width) + self._message_lines(rules, width)

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        label_w, editor_w, _ = self._columns(width)
        info_w, first = self._info_layout(width)
        if first:  # under the editor: the editor's column and the help's are one
            editor_w = -CELL_GUTTER
        rich = RichStyle(bgcolor=style.rich_style.bgcolor)
        label = self.label.render_strips(label_w, None, style, options)
        info = [Strip.blank(info_w, rich)] * first + \
            self.info.render_strips(info_w, None, style, options) if self.info.cell_length else []
        lines = max(self.min_height, len(label), len(info))
        blank_middle = Strip.blank(CELL_GUTTER + editor_w + CELL_GUTTER, rich)
        first_middle = blank_middle
        if self.stand_in is not None and not first:  # the editor's line, until it is made
            editor = self.stand_in.render_strips(editor_w, 1, style, options)[0]
            gutter = Strip.blank(CELL_GUTTER, rich)
            first_middle = Strip.join([gutter, editor.extend_cell_length(editor_w, rich)
                                       .crop(0, editor_w), gutter])
        strips = []
        for y in range(lines):
            middle = first_middle if y == 0 else blank_middle
            left = label[y].extend_cell_length(label_w, rich).crop(0, label_w) \
                if y < len(label) else Strip.blank(label_w, rich)
            right = info[y].extend_cell_length(info_w, rich).crop(0, info_w) \
                if y < len(info) else Strip.blank(info_w, rich)
            strips.append(Strip.join([left, middle, right]).crop(0, width))
        if self.message:
            indent = Strip.blank(MESSAGE_INDENT, rich)
            message_w = max(1, width - MESSAGE_INDENT)
            strips.extend(Strip.join([indent, line.extend_cell_length(message_w, rich)])
                          .crop(0, width)
                          for line in self.message.render_strips(message_w, None, style,
                                                                 options))
        if height is not None:
            blank = Strip.blank(width, rich)
            strips = strips[:height] + [blank] * (height - len(strips))
        return strips


def cell_widths(narrow: bool, editor_width: int | None) -> tuple[int, int]:
    """The label's and the editor's columns on a narrow screen or not (a choice: wide enough
    for its longest label, ``editor_width``)."""
    label, editor = (LABEL_WIDTH_NARROW, EDITOR_WIDTH_NARROW) if narrow else \
        (LABEL_WIDTH, EDITOR_WIDTH)
    return label, max(editor, editor_width or 0)


class InputRow(NoLinks, SharedComponentStyles, LeftFramedLines, Widget):
    """A labelled editor for one input, with what it allows, its help and its error message.

    The row draws the label, the allowed-and-help text and the message under a refused input
    itself (:class:`CellVisual`); its one child is the editor, placed over the gap between
    the label and the help (``app.tcss``). A sheet has dozens of inputs, and a widget per
    cell and per message was styled, laid out and kept in every SSH session.

    Args:
        spec: the input's declaration.
        text: the entry to show first.
        editor_id: the editor's widget id (the input's kebab-case name by default).
        cursor_blink: let a text cursor blink.
        hold_frame: hold the frame of a player's edit until the owner lets it go
            (``frame_hold``: the sheet form and the app do; a row whose owner does not would
            delay every echo by the hold's limit).
        defer_editor: draw the text where the editor goes and make the editor only when
            :meth:`make_editor` is called (see :meth:`make_editor`); ignored where the row
            could not draw it as the editor does (``EditorKind.can_wait``).
    """

    class Edited(Message):
        """The user changed the editor's text (never posted for programmatic writes)."""

        def __init__(self, row: "InputRow", name: str):
            super().__init__()
            self.row = row
            """The row that changed; its ``text`` is the editor's text when the edit is
            handled (a text carried here could be stale by then)."""
            self.name = name
            """The input's name."""

    SHARED_COMPONENTS = frozenset({"input-cell--label", "input-cell--label-error",
                                   "input-cell--info", "input-cell--message"}) \
        | STAND_IN_COMPONENTS
    COMPONENT_CLASSES = set(SHARED_COMPONENTS)

    def __init__(self, spec: InputSpec, text: str, *, editor_id: str | None = None,
                 cursor_blink: bool = False, hold_frame: bool = False,
                 defer_editor: bool = False):
        super().__init__(classes=f"input-row -{spec.kind}")
        self.spec = spec
        """The input's declaration."""
        self._kind = kind_of(spec)
        self._text = text
        self._editor_id = editor_id
        self._blink = cursor_blink
        self._hold_frame = hold_frame
        self._editor: Widget | None = None
        self._message = ""
        self._pending_error: str | None = None
        self._info = describe(spec)
        self._visual: CellVisual | None = None
        self._composed = False
        self._deferred = defer_editor and self._kind.can_wait(spec, text)

    def compose(self) -> ComposeResult:
        self._composed = True
        if self._pending_error:  # a refused text shows in its editor's colours
            self._deferred = False
        if not self._deferred:
            yield self._new_editor()

    def _new_editor(self) -> Widget:
        self._editor = make_editor(self.spec, self._text, self._editor_id, self._blink)
        self._editor.add_class("input-editor", update=False)
        return self._editor

    @property
    def waits_for_editor(self) -> bool:
        """True while the row draws its text in place of an editor not made yet."""
        return self._deferred

    def make_editor(self) -> AwaitMount | None:
        """Make and mount the editor of a row made with ``defer_editor`` (``None``: it has it).

        At start, in a terminal, the rows of the first view but the focused one are made
        without their editors, which are most of a first view's widgets (each styled, laid
        out and drawn before the first frame); the form makes them right after it, and the
        keys that move focus wait for them (``FormBody.make_editors``). Until then the row
        draws the editor's text as the editor draws it unfocused, so the frame the editors
        come with sends nothing.
        """
        if not self._deferred:
            return None
        self._deferred = False
        self._visual = None
        return self.mount(self._new_editor())

    @property
    def message(self) -> str:
        """The message under the row (``✗ …`` while its text is refused, else empty)."""
        return self._message

    def _widths(self) -> tuple[int, int]:
        return cell_widths(self.screen.has_class("-narrow"), self._kind.width(self.spec))

    def render(self) -> CellVisual:
        if self._visual is None:
            style = self.get_visual_style
            label_part = "input-cell--label-error" if self._message else "input-cell--label"
            self._visual = CellVisual(
                Content.styled(self.spec.title, style(label_part, partial=True)),
                Content.styled("" if self.brief else self._info,
                               style("input-cell--info", partial=True)),
                self._widths(), self._kind.lines(self.spec),
                Content.styled(self._message, style("input-cell--message", partial=True))
                if self._message else None,
                self._kind.stand_in.draw(self.spec, self._text, self._widths()[1], style)
                if self._deferred else None)
        return self._visual

    @property
    def brief(self) -> bool:
        """True in the fight view (F10, ``SheetForm.-fight-view``): the label and the editor
        only, not the help beside them, so the whole round fits at 80×24."""
        return any(node.has_class("-fight-view") for node in self.ancestors)

    def restyle(self) -> None:
        """Draw again after the fight view was shown or left (the help shown or not)."""
        self._invalidate(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        # the row's own lines: the editor, its one child, lies over them
        return self.render().get_height(self.styles, width) if width else 0

    def _invalidate(self, layout: bool = False) -> None:
        """Draw again with the texts and styles now."""
        self._visual = None
        self.refresh(layout=layout)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._invalidate()

    def on_resize(self) -> None:
        if self._visual is not None and self._visual.widths != self._widths():
            self._invalidate(layout=True)  # the screen crossed a breakpoint

    def lines_at(self, width: int, narrow: bool) -> int:
        """The lines the row will take at ``width`` (its outer width) on a narrow screen or
        not: measured before it is built, so the first paint builds only the rows it shows."""
        spec, kind = self.spec, self._kind
        cell = CellVisual(Content(spec.title), Content(describe(spec)),
                          cell_widths(narrow, kind.width(spec)), kind.lines(spec))
        return cell.get_height({}, max(1, width - ROW_EDGE))

    @property
    def editor(self) -> AnyEditor:
        """The editor widget."""
        return self._editor

    @property
    def text(self) -> str:
        """The entry the editor holds now."""
        return self._text if self._editor is None else self.editor.text(self.spec)

    def set_text(self, text: str) -> None:
        """Show ``text`` without posting :class:`Edited` (a load or an undo).

        A row not built yet (below the first screen at start-up) shows it once built."""
        self._text = text
        if self._deferred:  # drawn by the row: again, or by its editor if the row cannot
            if self._kind.can_wait(self.spec, text):
                self._invalidate()
            elif self._composed:
                self.make_editor()
            else:
                self._deferred = False
        if self._editor is not None:
            with self.prevent(*EDITOR_MESSAGES):
                self.editor.set_text(self.spec, text)

    def on_mount(self) -> None:
        if self._pending_error is not None:
            self.show_error(self._pending_error)

    def show_error(self, message: str | None) -> None:
        """Mark the row as refused with ``message``, or clear the mark with ``None``."""
        if not self._composed:  # shown once the row is built
            self._pending_error = message
            return
        if message:  # a refused text shows in its editor's colours
            self.make_editor()
        self._pending_error = None
        text = f"✗ {message}" if message else ""
        if text != self._message:
            self._message = text
            self.set_class(bool(message), "-error")
            self._invalidate(layout=True)

    def _edited(self, event: Message) -> None:
        event.stop()
        if self._hold_frame and self.has_focus_within:
            # A player's edit: its echo waits for the values (``frame_hold``). Not an
            # editor's echo as its row mounts: held, the screen would run its after-refresh
            # callbacks (the focused row scrolled into view) before the new rows were laid out.
            frame_hold(self.app).hold()
        form = self._form()
        # Straight to the form: bubbling, it waited in the queue of each widget in between.
        (form or self).post_message(self.Edited(self, self.spec.name))

    def _form(self) -> Widget | None:
        """The sheet's form this row is in (what takes its edits), or ``None`` (a dialog's
        row, whose ``Edited`` bubbles to the dialog)."""
        return next((node for node in self.ancestors if hasattr(node, "take_edit")), None)

    def take_pending_edit(self) -> None:
        """Have the form take this row's text now if its ``Edited`` is still on its way (the
        app's key gate, before the next key: see ``SheetForm.take_edit``)."""
        form = self._form()
        if form is not None:
            form.take_edit(self)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._edited(event)

    def on_select_changed(self, event: Select.Changed) -> None:
        self._edited(event)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._edited(event)

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        self._edited(event)
