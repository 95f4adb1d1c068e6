"""One derived value of a form: step and label, the formula with the numbers, the result, and
the rule in one line beneath.

The row is one widget with the id ``value-<node>`` (the node's name in kebab-case) that draws
its columns itself: a sheet has dozens of rows, and a widget per cell made start-up, memory
and every layout several times dearer. When the value is not current the row never shows a
number: a blocked row says which inputs it waits for, a row in error says what is wrong.
"""

from __future__ import annotations

from typing import Iterable

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

from worksheet.engine import NodeStatus, Rule, State
from worksheet.engine.percent import is_chance, percent
from worksheet.ui.textual_internals import LeftFramedLines, RepaintWithoutMessages
from worksheet.ui.widgets.ids import value_id
from worksheet.ui.widgets.no_links import NoLinks
from worksheet.ui.widgets.refuse_typed import RefuseTyped
from worksheet.ui.widgets.row_visual import HEAD_WIDTH, HEAD_WIDTH_NARROW, ROW_EDGE, RowVisual
from worksheet.ui.widgets.shared_styles import SharedComponentStyles

PARTS = ("head", "formula", "result", "rule")
"""A row's parts; each is styled in app.tcss as the component class ``value-row--<part>``
(``value-row--<part>-blocked`` / ``-error`` for the formula and result of a row whose value is
not current), shared by all rows through the screen (see ``shared_styles``)."""

STATE_PARTS = ("formula", "result")
"""The parts whose colour says the row is blocked or refused."""


def result_text(status: NodeStatus, name: str = "") -> str:
    """What the result cell shows for a status (never a stale number).

    A chance (node ``name`` is ``p_…``) reads as a percentage, as in the strip and the Odds
    panel, so the change marked beside it (``+6.2``, in points) reads in the same unit; the
    exact fraction stays in the formula cell (``… = 9064/15625 = 58.0 %``).
    """
    if status.state is State.OK:
        if is_chance(name, status.value):
            return percent(status.value)
        return status.derivation.result if status.derivation else str(status.value)
    if status.state is State.BLOCKED:
        return "… waiting for " + ", ".join(status.waiting_for)
    return "✗ fix " + ", ".join(status.waiting_for)


def formula_text(status: NodeStatus) -> str:
    """What the formula cell shows: the formula with the numbers, or why there is none."""
    if status.state is State.OK and status.derivation is not None:
        derivation = status.derivation
        return derivation.substituted or derivation.formula or derivation.result
    if status.state is State.BLOCKED:
        return "—"
    return status.message


class ValueRow(NoLinks, RefuseTyped, SharedComponentStyles, LeftFramedLines,
               RepaintWithoutMessages, Widget, can_focus=True):
    """A derived node's row; focusable so the rule panel can show its full rule.

    Enter opens the full explanation in a dialog (as F3 does anywhere). A repaint while it is
    scrolled out of view costs nothing (``textual_internals.RepaintWithoutMessages``). Text typed
    or pasted here is refused aloud (:class:`RefuseTyped`).

    Args:
        rule: the node's declaration.
        status: its status now.
    """

    BINDINGS = [Binding("enter", "app.explain", "Explain", show=False)]

    def __init__(self, rule: Rule, status: NodeStatus):
        super().__init__(classes="value-row", id=value_id(rule.name))
        self.rule = rule
        """The node's declaration."""
        self.status = status
        """The status shown."""
        self.result = ""
        """The result (the result column shows it, then what it was when marked)."""
        self.was: str | None = None
        """What the value was before the last edit (``was 6``), or ``None`` when unchanged."""
        self._texts = self._texts_of(status)
        self._visual: RowVisual | None = None
        self._drawn: dict[tuple, list[Strip]] = {}
        self._part_styles: dict[str, Style] = {}

    SHARED_COMPONENTS = frozenset(
        {f"value-row--{part}" for part in PARTS} | {"value-row--bar"}
        | {f"value-row--{part}-{state}" for part in STATE_PARTS for state in ("blocked", "error")})
    COMPONENT_CLASSES = set(SHARED_COMPONENTS)

    def _texts_of(self, status: NodeStatus) -> tuple[str, ...]:
        notes = status.derivation.notes if status.ok and status.derivation else ()
        self.result = result_text(status, self.rule.name)
        marked = self.was is not None  # ▸ marks the row without colour (NO_COLOR)
        head = f"▸{self.rule.step} {self.rule.label}" if marked else \
            f"{self.rule.step:>2} {self.rule.label}"
        return (head, formula_text(status), f"{self.result} ({self.was})" if marked
                else self.result, "\n".join([self.rule.text, *(f"• {note}" for note in notes)]))

    def lines_at(self, width: int, narrow: bool) -> int:
        """The lines the row will take at ``width`` (its outer width) on a narrow screen or
        not: measured before it is built, so the first paint builds only the rows it shows."""
        visual = RowVisual(*(Content(text) for text in self._texts))
        visual.head_width = HEAD_WIDTH_NARROW if narrow else HEAD_WIDTH
        return visual.get_height({}, max(1, width - ROW_EDGE))

    def _component(self, part: str) -> str:
        state = self.status.state
        if part in STATE_PARTS and state is not State.OK:
            return f"value-row--{part}-{'blocked' if state is State.BLOCKED else 'error'}"
        return f"value-row--{part}"

    def _part_style(self, component: str) -> Style:
        """A part's colours: the screen's, the same for every row (``shared_styles``), kept
        until the styles change. Textual's own cache of them is keyed by the row's
        pseudo-classes, and working those out (focus, hover, disabled up the tree) was most
        of the cost of the row's new texts on each keystroke."""
        style = self._part_styles.get(component)
        if style is None:
            style = self._part_styles[component] = self.get_visual_style(component,
                                                                         partial=True)
        return style

    def _make_visual(self) -> RowVisual:
        visual = RowVisual(*(Content.styled(text, self._part_style(self._component(part)))
                             for text, part in zip(self._texts, PARTS)))
        visual.head_width = self._head_width()
        visual.drawn = self._drawn
        return visual

    def refused_where(self) -> str:
        return f"Step {self.rule.step} · {self.rule.label} is worked out, not typed"

    def _head_width(self) -> int:
        return HEAD_WIDTH_NARROW if self.screen.has_class("-narrow") else HEAD_WIDTH

    def render(self) -> RowVisual:
        if self._visual is None:
            self._visual = self._make_visual()
        return self._visual

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._visual = None  # the parts' colours follow the theme
        self._part_styles.clear()
        self._bars = None
        self._drawn.clear()
        self.refresh()

    CHANGED_BAR = "█"
    """The bar on the left of a row the last edit changed: the glyph of Textual's ``thick``
    left border, in the colour of the component class ``value-row--bar`` ($warning)."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """The row's lines; a row the last edit changed has the bar in its left border cell.

        The row draws the bar itself instead of a ``ValueRow.-changed`` border rule: a class
        with a rule restyles the row through the stylesheet, and an edit marks and unmarks a
        dozen rows at a time (a fifth of a keystroke's CPU). The focused row shows the focus
        border instead (``ValueRow:focus``), as it did with the rule."""
        strips = super().render_lines(crop)
        if self.was is None or self.has_focus or crop.x > 0 or not strips:
            return strips
        return [Strip.join([bar, strip.crop(1)])
                if (cell := _first_cell(strip)) and (bar := self._bar(cell.style)) else strip
                for strip in strips]

    _bars: dict[RichStyle | None, Strip] | None = None
    """The bar's cell over the left edge drawn in each style; made when the row is first
    marked (most rows never are, and a sheet has dozens)."""

    def _bar(self, style: RichStyle | None) -> Strip | None:
        """The bar's cell over a left edge drawn in ``style``: worked out once per style until
        the styles change (the colour lookup was a tenth of a changed row's repaint)."""
        if self._bars is None:
            self._bars = {}
        bar = self._bars.get(style)
        if bar is None:
            # No bar colour off the sheet's screen: a row being removed (a hidden tab drops
            # its rows) may be painted once more, when it has no screen to take it from.
            colour = self.get_component_rich_style("value-row--bar", partial=True,
                                                   default=RichStyle()).color
            if colour is None:
                return None
            bar = self._bars[style] = Strip(
                [Segment(self.CHANGED_BAR, (style or RichStyle()) + RichStyle(color=colour))])
        return bar

    def _content_box(self) -> tuple[int, int, int]:
        """The content's width and height and the left edge's width, from the row's own size:
        ``content_size`` and ``content_offset`` each found the row's region by walking up to
        the screen, four times per changed row on each keystroke. A row never scrolls, so
        its content is its outer size less its border and padding (0 wide before layout)."""
        gutter = self.styles.gutter
        width, height = self.outer_size
        return max(0, width - gutter.width), max(0, height - gutter.height), gutter.left

    def on_resize(self) -> None:
        if self._visual is not None and self._visual.head_width != self._head_width():
            self._visual = None  # the screen crossed a breakpoint
            self.refresh(layout=True)

    def show_change(self, was: str | None, *, paint: bool = True) -> None:
        """Mark the row as changed by the last edit with what it was, or unmark it (``None``).

        With ``paint`` False the row only takes the mark; :func:`paint_rows` restyles and
        paints it with the other rows an edit touched."""
        if was != self.was:
            self.was = was
            self._classes_changed |= self._set_class(was is not None, "-changed")
        if paint:
            paint_rows([self])

    def show(self, status: NodeStatus, *, paint: bool = True) -> None:
        """Show a new status (called only for nodes whose status changed); ``paint`` as in
        :meth:`show_change`."""
        self.status = status
        changed = self._set_class(status.state is State.BLOCKED, "-blocked")
        changed |= self._set_class(status.state is State.ERROR, "-error")
        if changed:
            self._visual = None  # the formula and result take the state's component classes
        self._classes_changed |= changed
        if paint:
            paint_rows([self])

    _classes_changed = False
    """A mark or state class changed since the row was last painted (``paint_rows`` paints
    its bar)."""

    def _set_class(self, add: bool, name: str) -> bool:
        """Set or clear a class without restyling (no stylesheet rule reads these classes);
        True when it changed."""
        if self.has_class(name) == add:
            return False
        self.set_class(add, name, update=False)
        return True

    def _take_texts(self) -> tuple[str, ...]:
        """Take the texts of the status and mark now; returns the texts shown before."""
        old, self._texts = self._texts, self._texts_of(self.status)
        if self._texts != old:
            self._visual = None
        return old

    def _paint(self, old: tuple[str, ...], width: int, height: int,
               bar: Region | None) -> None:
        """Draw the texts taken (``old``: those shown before) without a new layout of the
        whole screen when the row keeps its height at this width (nearly every edit), with
        the ``bar`` region if its mark changed, in one repaint; ``width`` and ``height``:
        the content's (:meth:`_content_box`)."""
        regions = [bar] if bar is not None else []
        texts = self._texts
        if texts != old:
            if not width:  # not laid out (or not even on a screen): drawn when it is
                self.refresh(layout=True)
                return
            visual = self.render()
            if visual.get_height(self.styles, width) != height:
                self.refresh(layout=True)
                return
            if texts[3] != old[3]:  # the rule lines too: the whole row
                self.refresh()
                return
            regions.append(Region(0, 0, width, visual.top_height(self.styles, width)))
        if regions:
            self.refresh(*regions)


def _first_cell(strip: Strip) -> Segment | None:
    """The first cell of a line (the row's left border), or ``None`` for an empty line."""
    for segment in strip:
        if segment.text:
            return Segment(segment.text[0], segment.style)
    return None


def paint_rows(rows: Iterable[ValueRow]) -> None:
    """Paint the rows an edit touched: each row's new texts, and the bar of a row whose mark
    or state changed. Neither restyles a row (no stylesheet rule reads those classes:
    ``tests/ui/test_keystroke_paint.py``), so an edit that marks a dozen rows costs no pass
    of the stylesheet."""
    for row in rows:
        old = row._take_texts()
        width, height, left = row._content_box()
        bar = None
        if row._classes_changed:
            row._classes_changed = False
            if row.is_mounted and width:  # the bar, in the left edge (content coordinates)
                bar = Region(-left, 0, left, height)
        row._paint(old, width, height, bar)
