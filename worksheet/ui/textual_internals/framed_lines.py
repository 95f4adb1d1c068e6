"""A widget's lines framed on the left only, put together from a frame worked out once.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._border import get_box
from textual._segment_tools import make_blank
from textual.dom import NoScreen
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style


class LeftFramedLines:
    """Widget mixin: when the widget's only frame is a left border and padding on its sides,
    its lines are its content's lines in that frame, which is worked out once per change of
    its styles or size, not for every line drawn.

    Buys: for each line it draws, Textual's ``StylesCache.render_line`` works out the
    widget's and its parent's backgrounds (a walk up to the screen), the border's colours,
    the padding and the outline, some 45 style lookups per repaint of a value row: 214 us
    of a two-line repaint at 200 columns, against 73 us for its content. The frame is kept
    with the styles' ``_cache_key`` it was made for, as Textual keeps ``visual_style``:
    every restyle (theme, focus, a class) changes the key. Anything more than a left border
    and padding left and right (a border elsewhere, padding above or below, an outline,
    tint, opacity, hatch, a title, links) takes Textual's own way.
    Relies on: ``StylesCache.render_line``'s content branch (``render_content_line``
    adjusted to the content width in the inner style, ``line_pad``, the left border from
    ``get_box(type, inner, outer, Style(foreground=base + colour))[1][0]``, ``Strip(line,
    width)``), ``StylesCache.render`` (the widget's line filters applied with its
    background, then the crop) and ``render_widget`` (``background_colors``;
    ``get_inner_outer``: inner ``base + background``, outer ``base``); ``Widget.render_line``
    (the content's lines, rendered again first when dirty), ``Widget._size`` (outer size),
    ``RenderStyles._cache_key``, ``styles.border``, ``outline``, ``padding``, ``tint``,
    ``text_opacity`` and ``hatch``.
    """

    _left_frame: tuple | None = None
    """``(key, frame)``: the frame made for the styles' cache key, size and line filters
    (``frame`` is ``None`` when Textual's own way is needed)."""

    def render_lines(self, crop: Region) -> list:
        try:
            self.screen  # type: ignore[attr-defined]  # noqa: B018
        except NoScreen:  # a row being removed, painted once more: Textual draws it blank
            return super().render_lines(crop)  # type: ignore[misc]
        filters = self.get_line_filters()  # type: ignore[attr-defined]
        key = (self.styles._cache_key, self._size, tuple(filters))  # type: ignore[attr-defined]
        kept = self._left_frame
        if kept is None or kept[0] != key:
            kept = self._left_frame = (key, self._make_left_frame())
        frame = kept[1]
        if frame is None:
            return super().render_lines(crop)  # type: ignore[misc]
        head, tail, inner, background, content_width, width = frame
        render_line = self.render_line  # type: ignore[attr-defined]
        height = self._size.height  # type: ignore[attr-defined]
        lines = []
        for y in crop.line_range:
            content = (render_line(y).adjust_cell_length(content_width, inner) if y < height
                       else Strip.blank(content_width, inner))
            strip = Strip([*head, *content, *tail], width)
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            lines.append(strip)
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            lines = [line.crop(x1, x2) for line in lines]
        return lines

    def _make_left_frame(self) -> tuple[list[Segment], list[Segment], RichStyle, Any, int,
                                        int] | None:
        """The segments before each content line (border, padding) and after it (padding),
        the inner style, the background the filters take, and the content's and the line's
        widths; ``None`` when the widget's styles draw more than that."""
        styles = self.styles  # type: ignore[attr-defined]
        (top, _), (right, _), (bottom, _), (left, left_colour) = styles.border
        pad_top, pad_right, pad_bottom, pad_left = styles.padding
        if (self.BLANK or self.auto_links or top or right or bottom  # type: ignore
                or pad_top or pad_bottom
                or any(edge for edge, _ in styles.outline) or styles.tint.a
                or styles.text_opacity != 1.0 or self.opacity != 1.0  # type: ignore
                or (styles.has_rule("hatch") and styles.hatch != "none")
                or self._border_title is not None  # type: ignore[attr-defined]
                or self._border_subtitle is not None):  # type: ignore[attr-defined]
            return None
        base_background, background = self.background_colors  # type: ignore[attr-defined]
        width = self._size.width  # type: ignore[attr-defined]
        shared = (base_background, background, left, left_colour, pad_left, pad_right,
                  styles.gutter.width, width)
        frame = _FRAMES.get(shared)
        if frame is None:
            if len(_FRAMES) >= _FRAMES_KEPT:
                _FRAMES.clear()
            inner = Style(background=base_background + background)
            outer = Style(background=base_background)
            head = []
            if left:
                edge = Style(foreground=base_background + left_colour.multiply_alpha(1.0))
                head.append(get_box(left, inner, outer, edge)[1][0])
            if pad_left:
                head.append(make_blank(pad_left, inner.rich_style))
            tail = [make_blank(pad_right, inner.rich_style)] if pad_right else []
            frame = _FRAMES[shared] = (head, tail, inner.rich_style, background,
                                       max(0, width - styles.gutter.width), width)
        return frame


_FRAMES: dict[tuple, tuple] = {}
"""Frames by what they are made of, shared by every widget drawn in the same one (the rows
of a sheet share two or three: memory may not grow with the rows shown)."""
_FRAMES_KEPT = 256
