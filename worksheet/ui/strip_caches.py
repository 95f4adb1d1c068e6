"""DRAFT (folds into textual_internals): a Strip makes its caches when first used."""

from __future__ import annotations

from typing import Any

from textual.cache import FIFOCache
from textual.strip import Strip

STRIP_CACHES = {"_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
                "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4}
"""The caches ``Strip.__init__`` makes for every strip, and their sizes."""


def lazy_strip_caches() -> None:
    """Make each ``Strip``'s seven result caches when first used, not when it is made.

    Buys: Textual makes seven ``FIFOCache`` objects (each with its dict) for every strip, and
    most strips are never cropped, divided or styled again: after every tab of the sheet was
    visited and scrolled to its end, 6,070 strips held 42,608 caches (5.9 MB, 3,989 ever
    used). Made on first use, the same caches hold the same results.
    Relies on: ``Strip.__init__`` setting ``_segments`` and ``_cell_length`` from its
    arguments, the caches named in :data:`STRIP_CACHES` with those sizes, and
    ``_render_cache``, ``_link_ids`` and ``_cell_count`` to ``None``; ``Strip`` having
    ``__slots__`` with those names, and no ``__getattr__`` of its own.
    """
    if getattr(Strip, "_worksheet_lazy", False):
        return

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

    Strip.__init__ = __init__  # type: ignore[method-assign]
    Strip.__getattr__ = __getattr__  # type: ignore[attr-defined]
    Strip._worksheet_lazy = True  # type: ignore[attr-defined]
