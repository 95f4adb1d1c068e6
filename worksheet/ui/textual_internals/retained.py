"""What Textual keeps alive after a widget is gone.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

from rich.cells import cached_cell_len
from textual import events
from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.screen import Screen

BACKGROUND_PAIRS_KEPT = 1024
"""How many (base background, background) pairs are kept: the size Textual gives its cache."""


def background_pairs_by_colour() -> list[tuple[Any, str, Any]]:
    """Key Textual's cache of a widget's inner and outer backgrounds by the two colours alone:
    what to change for that (``StylesCache.get_inner_outer``), applied while an app runs
    (``process_wide``), which calls this then (Textual's cache is emptied).

    Buys: ``StylesCache.get_inner_outer`` is an ``lru_cache(1024)`` on an instance method, so
    every key holds the ``StylesCache`` of the widget that asked, and with it every line that
    widget last rendered, long after the widget is gone. After every tab was visited and
    scrolled to its end, 509 styles caches were alive for 130 widgets, holding 3,258 strips
    and 8,371 segments. Keyed by the colours, the pairs are the same and no widget is kept.
    Relies on: ``StylesCache.get_inner_outer`` being that ``lru_cache`` wrapper (with
    ``__wrapped__``), called as ``self.get_inner_outer(base_background, background)``, and
    its answer depending on the two colours only.
    """
    keyed_by_widget = StylesCache.get_inner_outer
    make_pair = keyed_by_widget.__wrapped__  # type: ignore[attr-defined]

    @lru_cache(BACKGROUND_PAIRS_KEPT)
    def pair_for(base_background: Any, background: Any) -> Any:
        return make_pair(None, base_background, background)

    def get_inner_outer(self: StylesCache, base_background: Any, background: Any) -> Any:
        return pair_for(base_background, background)

    keyed_by_widget.cache_clear()  # type: ignore[attr-defined]
    return [(StylesCache, "get_inner_outer", get_inner_outer)]


def forget_geometry() -> None:
    """Empty the caches Textual and Rich keep of region arithmetic and text widths.

    Buys: every scroll position gives every widget new regions, so scrolling a tab to its end
    fills Textual's region caches (``intersection``, ``shrink``, ``overlaps``... up to 4,096
    entries each) with the geometry of a tab that is no longer shown: after every tab was
    visited and scrolled to its end, 11,642 entries, about 2 MiB of the process at 80×24.
    Called once a hidden tab's rows are removed; the next frames compute what they need
    again.
    Relies on: ``Region``'s cached methods and ``rich.cells.cached_cell_len`` being
    ``functools.lru_cache`` wrappers (``cache_clear``).
    """
    for cached in geometry_caches():
        cached.cache_clear()


def geometry_caches() -> list[Any]:
    """The ``lru_cache`` wrappers :func:`forget_geometry` empties."""
    methods = [getattr(member, "__func__", member) for member in vars(Region).values()]
    return [*(method for method in methods if hasattr(method, "cache_clear")), cached_cell_len]


def forget_cell_styles() -> None:
    """Empty Textual's cache of a data table's cell styles, which keeps every table that asked.

    Buys: ``DataTable._get_styles_to_render_cell`` is an ``lru_cache(32)`` on an instance
    method, so each key holds the table that asked, with its rows and rendered lines, after
    the table is removed: after every tab was visited, the two record tables of a tab no
    longer shown were alive. Called as a record table is unmounted; tables still shown
    compute their styles again on their next render. Nothing to do while no data table was
    ever imported.
    Relies on: ``DataTable._get_styles_to_render_cell`` being a ``functools.lru_cache``
    wrapper (``cache_clear``) in ``textual.widgets._data_table``.
    """
    table_module = sys.modules.get("textual.widgets._data_table")
    if table_module is not None:
        table_module.DataTable._get_styles_to_render_cell.cache_clear()


def lay_out_without_painting(screen: Screen) -> None:
    """Lay ``screen`` out now, without drawing a frame: Textual lets go of the widgets removed
    since its last layout.

    Buys: Textual's compositor keeps its last map (each widget laid out, with its geometry)
    until the next frame, so the rows of a tab just hidden stayed alive while the next tab's
    rows were made: the process held two tabs' rows at once, and kept that size once they were
    freed. Laying out before the next tab is built frees them first (USS after the tour at
    200×50: 38.4 → 36.0 MiB). The widgets the layout hides get Textual's ``Hide`` as they
    would from a frame; the next frame lays out again and paints what changed since the last
    one painted.
    Relies on: ``Screen._compositor`` (a ``Compositor``) and ``Compositor.reflow(root, size)``
    returning the hidden, shown and resized widgets, replacing the map and adding the regions
    that changed to those the next frame paints.
    """
    hidden, _shown, _resized = screen._compositor.reflow(screen, screen.outer_size)
    for widget in hidden:
        widget.post_message(events.Hide())
