"""Widgets whose text is never a link."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget


class NoLinks:
    """Widget mixin: Textual's link styling is turned off (``auto_links``).

    Nothing Worksheet draws is a link, and nothing is clicked (it runs without a mouse).
    Textual still styles links on every line it draws, working out the widget's background
    colours each time: a third of a value row's repaint, which a keystroke does for every row
    it changes (rise at 200×50: 20.3 → 18.0 ms of CPU per keystroke with the rows alone).
    """

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.set_reactive(Widget.auto_links, False)  # type: ignore[attr-defined]
