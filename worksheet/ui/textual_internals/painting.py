"""What is painted and sent: repaints without messages, compacted output, arrangements dropped.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Any, Callable


class RepaintWithoutMessages:
    """Widget mixin: a repaint (no layout) is noted on the screen at once, without the two
    messages Textual sends for it.

    Buys: a keystroke repaints the editor, the status line, the result strip and each value
    row it changed (eight widgets on Rise at 200×50); Textual answers each ``refresh`` with a
    ``Prompt`` to the widget, whose idle then posts an ``Update`` to the screen, and each
    message costs a pass through the message pump. The screen's answer to ``Update`` (the
    widget added to its dirty set, the screen prompted) is done here directly; a widget
    scrolled out of view is not added (Textual would re-arrange the screen to find nothing
    to draw), its caches are cleared all the same.
    Relies on: what ``Widget.refresh`` does for a repaint (``_layout_cache``, ``_set_dirty``,
    ``clear_cached_dimensions``, ``_rich_style_cache``), ``Screen._on_update``
    (``_dirty_widgets``, ``check_idle``) and ``Screen._compositor.visible_widgets``.
    """

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        if layout or recompose or not repaint or not self._is_mounted or not self.display:
            return super().refresh(*regions, repaint=repaint, layout=layout,  # type: ignore
                                   recompose=recompose)
        try:
            screen = self.screen  # type: ignore[attr-defined]
            visible = self in screen._compositor.visible_widgets
        except Exception:  # noqa: BLE001 — no screen yet: leave it to Textual
            return super().refresh(*regions)  # type: ignore[misc]
        self._layout_cache.clear()  # type: ignore[attr-defined]
        self._set_dirty(*regions)  # type: ignore[attr-defined]
        self.clear_cached_dimensions()  # type: ignore[attr-defined]
        self._rich_style_cache.clear()  # type: ignore[attr-defined]
        if visible and screen in screen._compositor:
            screen._dirty_widgets.add(self)
            screen.check_idle()
        return self


def compact_output(app: Any, compact: Callable[[str], str]) -> None:
    """Pass everything the app writes to the terminal through ``compact`` (once per app), in
    the order written.

    Buys: each frame in fewer bytes over SSH (``terminal.output.compact``: a style written
    once per run of text, not once per segment; ~35% of a full paint at 80×24).
    Relies on: ``App._driver`` existing once the app composes, and everything reaching the
    terminal through ``driver.write(str)``, each frame in one call (``App._display``).
    """
    driver = app._driver
    if driver is None or getattr(driver, "_worksheet_compacts", False):
        return
    write = driver.write

    def compact_write(data: str) -> None:
        write(compact(data))

    driver.write = compact_write
    driver._worksheet_compacts = True

def forget_arrangement(widget: Any) -> None:
    """Drop the layout ``widget`` keeps of its children's last arrangement.

    Buys: the rows a hidden tab drops are freed at once. A container keeps its last
    arrangement (every child's placement) until it is laid out again, and a hidden container
    is not laid out, so the dropped rows stayed alive for as long as the tab was hidden.
    Relies on: ``Widget._clear_arrangement_cache``, which Textual calls itself when a child's
    layout changes.
    """
    widget._clear_arrangement_cache()


def layout_pending(screen: Any) -> bool:
    """Whether ``screen`` has a layout to do that was asked for and not done yet.

    Buys: Tab waits until the rows are where a keystroke just moved them. Textual orders
    the focus chain by place on screen; with the places of before the layout, a Tab right
    after "8" typed in an Odds attack field (its chances grew the panel by a dozen lines)
    went to the top of the form.
    Relies on: ``Widget._layout_required`` (set by ``refresh(layout=True)``, handed to the
    screen as a ``messages.Layout`` in the widget's idle), the screen's queue holding that
    message (``message_queue_size``), and ``Screen._layout_required`` until its layout is done.
    """
    return (screen._layout_required or screen.message_queue_size
            or any(widget._layout_required for widget in screen.walk_children()))
