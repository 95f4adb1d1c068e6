"""How a value row draws: its columns (head, formula, result) side by side and its rule lines
beneath, laid out for the width the row gets, with what it drew kept for the next repaint.

Kept apart from ``value_row`` (the widget: what it shows and when it repaints).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

HEAD_WIDTH, HEAD_WIDTH_NARROW = 28, 22
"""The step-and-label column is 28 cells wide, 22 on a narrow screen (``Screen.-narrow``)."""
RESULT_MIN, GUTTER, RULE_INDENT = 6, 1, 3
"""The result column's least width, the space between columns, the rule line's indent."""
ROW_EDGE = 2
"""Columns left of a row's content: its border and padding (app.tcss)."""


_WRAPPED: dict[tuple[str, int], int] = {}
"""``(text, width) → lines`` of the texts that wrap: a rule's text is the same in every
keystroke, and wrapping it again was a good part of each one."""


def content_lines(content: Content, rules: RulesMap, width: int) -> int:
    """The lines ``content`` takes at ``width``, as ``Content.get_height``: one, without
    wrapping, when it fits; else remembered by text and width (neither the rows' rules nor
    the result strip's, which also asks, change how a text wraps)."""
    plain = content.plain
    if "\n" not in plain and content.cell_length <= width:
        return 1
    key = (plain, width)
    lines = _WRAPPED.get(key)
    if lines is None:
        if len(_WRAPPED) >= 4096:  # bounded: widths change with every resize
            _WRAPPED.clear()
        lines = _WRAPPED[key] = content.get_height(rules, width)
    return lines


class RowVisual(Visual):
    """A row's columns — head, formula, result (right-aligned) — and its rule lines beneath,
    laid out for whatever width the row gets.

    Args:
        head: the step and label.
        formula: the formula with the numbers.
        result: the result (or why there is none).
        rule: the rule and any notes, one per line.
    """

    def __init__(self, head: Content, formula: Content, result: Content, rule: Content):
        self.parts = (head, formula, result, rule)
        self.head_width = HEAD_WIDTH
        """The width of the step-and-label column."""
        self._heights: dict[int, tuple[int, int]] = {}
        """``width → (top lines, all lines)``: wrapping the texts is the dearest part of a
        repaint, and a keystroke asks a marked row its height several times."""
        self.drawn: dict[tuple, list[Strip]] | None = None
        """The row's parts as drawn before (see :meth:`_part_lines`), kept by the row across
        its visuals; ``None``: draw every part."""

    def __str__(self) -> str:
        return "\n".join(part.plain for part in self.parts)

    def _widths(self, width: int) -> tuple[int, int, int]:
        result = max(1, min(max(RESULT_MIN, self.parts[2].cell_length), width // 2))
        head = max(1, min(self.head_width, width - result - 2 * GUTTER - 1))
        return head, result, max(1, width - head - result - 2 * GUTTER)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def _height(self, rules: RulesMap, width: int) -> tuple[int, int]:
        if width not in self._heights:
            head, formula, result, rule = self.parts
            head_w, result_w, formula_w = self._widths(width)
            top = max(content_lines(head, rules, head_w),
                      content_lines(formula, rules, formula_w),
                      content_lines(result, rules, result_w))
            rule_lines = content_lines(rule, rules, max(1, width - RULE_INDENT))
            self._heights[width] = (top, top + rule_lines)
        return self._heights[width]

    def top_height(self, rules: RulesMap, width: int) -> int:
        """The lines of the head, formula and result (the rule lines come after them)."""
        return self._height(rules, width)[0]

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._height(rules, width)[1]

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        head, formula, result, rule = self.parts
        head_w, result_w, formula_w = self._widths(width)
        rich = RichStyle(bgcolor=style.rich_style.bgcolor)  # blank cells: background only
        lines_of = self._part_lines
        # The result is right-aligned when it fits; a long reason wraps in its half of the row.
        right = 0 < result.cell_length <= result_w
        columns = [(lines_of(0, head_w, style, options), head_w, 0, False),
                   (lines_of(1, formula_w, style, options), formula_w, 0, False),
                   (lines_of(2, result.cell_length if right else result_w, style, options),
                    result_w, result_w - result.cell_length if right else 0, right)]
        top = max(len(column[0]) for column in columns)
        top_w = head_w + formula_w + result_w + 2 * GUTTER
        gap = Segment(" " * GUTTER, rich)
        lines = []
        for y in range(top):
            segments: list[Segment] = []
            for index, (strips, cell_width, indent, joined) in enumerate(columns):
                if index:
                    segments.append(gap)
                segments += (_cell(strips[y], cell_width, indent, joined, rich)
                             if y < len(strips) else [Segment(" " * cell_width, rich)])
            lines.append(Strip(segments, top_w))
        rule_w = max(1, width - RULE_INDENT)
        indent = Segment(" " * RULE_INDENT, rich)
        for strip in lines_of(3, rule_w, style, options):
            segments = [indent, *strip]
            length = strip.cell_length
            if length < rule_w:
                segments.append(Segment(" " * (rule_w - length), rich))
            lines.append(Strip(segments, RULE_INDENT + max(rule_w, length)))
        return lines[:height] if height is not None else lines

    DRAWN_KEPT = 12
    """Parts a row keeps drawn: a keystroke and its undo (7 → 17 → 7) find every part."""

    def _part_lines(self, index: int, width: int, style: Style,
                    options: RenderOptions) -> list[Strip]:
        """Part ``index`` drawn at ``width``: as drawn before when its text, colours and width
        are the same. A keystroke changes a row's number, not its label or its rule, and
        drawing the four texts again was a third of each changed row's repaint."""
        content = self.parts[index]
        if self.drawn is None or options.selection is not None:
            return content.render_strips(width, None, style, options)
        key = (index, content.plain, tuple(content.spans), width, style)
        lines = self.drawn.get(key)
        if lines is None:
            if len(self.drawn) >= self.DRAWN_KEPT:
                self.drawn.clear()
            lines = self.drawn[key] = content.render_strips(width, None, style, options)
        return lines




def _cell(strip: Strip, width: int, indent: int, joined: bool,
          blank: RichStyle) -> list[Segment]:
    """One column of a row's top line: ``indent`` blank cells and then ``strip``, filled with
    blanks to ``width`` cells and cut there. The same segments as ``Strip.join`` of
    ``Strip.blank(indent)`` and ``strip`` (``joined``: that join drops a part without a
    character, and an indent of 0), then ``extend_cell_length(width)`` and ``crop(0, width)``,
    in one pass: a keystroke repaints a changed row's lines, and making a strip for each of
    those steps was most of it."""
    column = [Segment(" " * indent, blank)] if indent else []
    if not joined or strip.cell_count:
        column.extend(strip)
    length = indent + strip.cell_length
    if length > width:  # never seen (Textual wraps a part to its width); cut as crop did
        return list(Strip(column, length).crop(0, width))
    if length < width:
        column.append(Segment(" " * (width - length), blank))
    return column
