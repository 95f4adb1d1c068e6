"""Rendering a frame: only the lines a partial update sends, and strips that make their caches
when first used.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from textual._compositor import ChopsUpdate, Compositor, CompositorMap, LayoutUpdate
from textual.cache import FIFOCache
from textual.geometry import Region
from textual.strip import Strip


class RepaintWhatARebuiltMapMoves(Compositor):
    """Textual's compositor, except that rebuilding its full map on demand marks what moved
    or went as needing a repaint, as a layout does.

    Buys: a toast that expires is wiped from the terminal. Textual builds the full map lazily
    (``full_map``) once a dirty widget was out of view, and so once rows were built below the
    view; if anything asked for it between a widget's removal and the next layout, the map
    was rebuilt without the widget, and the layout then compared against that map, found no
    change and repainted nothing: "Nothing to undo" stayed over the status line for good.
    Relies on: ``Compositor.full_map`` being a property that rebuilds ``_full_map`` when
    ``_full_map_invalidated`` is set and ``root`` is not ``None``, and ``reflow`` marking
    ``clip ∩ region`` of each changed geometry in ``_dirty_regions`` unless the whole
    screen is marked.
    """

    @property
    def full_map(self) -> CompositorMap:
        """The full map; a rebuild marks every changed geometry's visible region dirty."""
        before = self._full_map
        rebuilding = self.root is not None and self._full_map_invalidated
        after = Compositor.full_map.fget(self)  # type: ignore[attr-defined]
        if rebuilding and self.size.region not in self._dirty_regions:
            for _, geometry in before.items() ^ after.items():
                shown = geometry.clip.intersection(geometry.region)
                if shown:
                    self._dirty_regions.add(shown)
        return after


class LineCompositor(RepaintWhatARebuiltMapMoves):
    """Textual's compositor, except that a partial update renders only the widgets that show
    on the cells it sends, and only those lines of each.

    Buys: a keystroke that changes the result strip at the top and a few rows further down
    renders those rows only. Textual renders every widget inside the rectangle around all
    the changed regions (nearly the whole screen) and then drops the lines nobody changed;
    at 200×50 that was most of a keystroke's CPU. Of the widgets on a line sent, one beside
    the changed cells (the rule panel beside a row) or wholly behind the widgets in front of
    it there (the form behind its rows, a row behind its editor) is not rendered either:
    Textual fills each piece of a line from the front-most widget and drops the rest. A full
    update (not an SVG export) skips the covered widgets the same way.
    Relies on: ``Compositor.render_partial_update`` building the update from
    ``_dirty_regions``, ``_regions_to_spans`` and ``cuts`` into a ``ChopsUpdate`` that
    writes, of each line's chops (``cut → strip``, front-most widget first), those that
    overlap a span; ``render_full_update`` clearing ``_dirty_regions`` and making a
    ``LayoutUpdate`` of every line's chops; ``visible_widgets`` ordered front to back, as
    ``_render_chops`` reads it.
    """

    def render_partial_update(self) -> ChopsUpdate | None:
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not update_regions:
            return None
        spans = list(self._regions_to_spans(update_regions))
        chops = self._render_sent_chops(spans)
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        """The whole screen, each widget rendered only on the lines where it shows: the
        screen, the form and the panels behind their rows are mostly covered (15% of a
        200×50 full paint, which every start, tab switch and resize makes)."""
        if simplify:  # an SVG export: as Textual makes it
            return super().render_full_update(simplify)
        width, height = self.size
        self._dirty_regions.clear()
        chops = self._render_sent_chops([(y, 0, width) for y in range(height)])
        return LayoutUpdate([chop.values() for chop in chops], self.size.region)

    def _render_sent_chops(self, spans: list[tuple[int, int, int]]
                           ) -> list[dict[int, Strip | None]]:
        """Each line's chops, filled (as ``_render_chops`` does) on the cells ``spans`` send
        only, rendering only the lines of each widget that fill an empty chop there."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1])
                                                for cut_set in cuts]
        sent: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in spans:
            sent.setdefault(y, []).append((x1, x2))
        lines = sorted(y for y in sent if 0 <= y < len(cuts))
        for widget, (region, clip) in list(self.visible_widgets.items()):
            x, y, width, height = region.intersection(clip)
            if not (width and height):
                continue
            shown = [line for line in lines[bisect_left(lines, y):bisect_left(lines, y + height)]
                     if _fills_a_gap(cuts[line], chops[line], sent[line], x, x + width)]
            if not shown:
                continue
            top, bottom = shown[0], shown[-1] + 1
            strips = widget.render_lines(Region(x - region.x, top - region.y, width,
                                                bottom - top))
            for line in shown:
                chops_line = chops[line]
                pieces = [cut for cut in cuts[line] if x <= cut <= x + width]
                for cut, piece in zip(pieces, strips[line - top].divide(
                        [cut - x for cut in pieces[1:]])):
                    if chops_line.get(cut) is None:
                        chops_line[cut] = piece
        return chops


def _fills_a_gap(line_cuts: list[int], chops_line: dict[int, Strip | None],
                 line_spans: list[tuple[int, int]], left: int, right: int) -> bool:
    """True when a widget from column ``left`` to ``right`` has a piece of a line that no
    widget in front filled yet and that has a cell in a span (``ChopsUpdate`` writes only a
    cursor move for a piece that starts where a span ends, which the screen diff drops)."""
    for index in range(len(line_cuts) - 1):
        cut = line_cuts[index]
        if cut < left or cut >= right or chops_line[cut] is not None:
            continue
        cut_end = line_cuts[index + 1]
        for x1, x2 in line_spans:
            if cut < x2 and cut_end > x1:
                return True
    return False


class RenderSentLinesOnly:
    """Screen mixin: the screen composes with :class:`LineCompositor` (which also repaints
    what a rebuilt map moves, :class:`RepaintWhatARebuiltMapMoves`).

    Buys: see both.
    Relies on: ``Screen.__init__`` creating ``Screen._compositor``, used for nothing before
    the screen is mounted.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = LineCompositor()


STRIP_CACHES = {"_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
                "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4}
"""The caches ``Strip.__init__`` makes for every strip, and their sizes."""


def lazy_strip_caches() -> list[tuple[Any, str, Any]]:
    """Make each ``Strip``'s seven result caches when first used, not when it is made: what
    to change for that (``Strip.__init__``, and a ``__getattr__`` it does not have), applied
    while an app runs (``process_wide``).

    Buys: Textual makes seven ``FIFOCache`` objects (each with its dict) for every strip, and
    most strips are never cropped, divided or styled again: after every tab of the sheet was
    visited and scrolled to its end, 6,070 strips held 42,608 caches (5.9 MB, 3,989 ever
    used). Made on first use, the same caches hold the same results.
    Relies on: ``Strip.__init__`` setting ``_segments`` and ``_cell_length`` from its
    arguments, the caches named in :data:`STRIP_CACHES` with those sizes, and
    ``_render_cache``, ``_link_ids`` and ``_cell_count`` to ``None``; ``Strip`` having
    ``__slots__`` with those names, and no ``__getattr__`` of its own.
    """
    def __init__(self: Strip, segments: Any, cell_length: int | None = None) -> None:
        self._segments = list(segments)
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None

    def __getattr__(self: Strip, name: str) -> Any:
        size = STRIP_CACHES.get(name)
        if size is None:
            raise AttributeError(name)
        cache: FIFOCache = FIFOCache(size)
        setattr(self, name, cache)
        return cache

    return [(Strip, "__init__", __init__), (Strip, "__getattr__", __getattr__)]
