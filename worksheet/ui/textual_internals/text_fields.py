"""Text fields and selects: repaints while the text fits, a select list built when it opens.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Any, Callable
from textual.content import Content
from textual.css.query import NoMatches
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay



class RepaintWhileTextFits:
    """Input mixin: a change of text repaints the field, without a new layout, while the text
    fits the field before and after.

    Buys: Textual's ``Input`` re-lays out the whole screen on every change of its text length
    (its virtual size); ours is as wide as its column, so nothing moves (~10 ms less per
    keystroke on a sheet).
    Relies on: ``Input._watch_value(value)`` being the watcher that calls ``refresh(layout=
    True)``.
    """

    _repaint_only = False

    def _watch_value(self, value: str) -> None:
        width = self.content_size.width  # type: ignore[attr-defined]
        self._repaint_only = self.is_mounted and 0 < max(  # type: ignore[attr-defined]
            self.virtual_size.width, self.content_width) <= width  # type: ignore[attr-defined]
        try:
            super()._watch_value(value)  # type: ignore[misc]
        finally:
            self._repaint_only = False

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,
                recompose: bool = False):
        return super().refresh(*regions, repaint=repaint,  # type: ignore[misc]
                               layout=layout and not self._repaint_only, recompose=recompose)


class DrawnSelectCurrent(SelectCurrent):
    """The closed field of a select drawn as one widget: its label, then the arrow.

    Buys: Textual's ``SelectCurrent`` is a row of three widgets (the label, a down arrow and
    an up arrow, one of them hidden); a sheet shows two to five choices, and every widget is
    styled, laid out and kept in memory in each SSH session. Drawn here as Textual lays them
    out (the label in all but the arrow's two cells, cut with an ellipsis; ``▲`` while the
    list is open) in the same colours: ``$foreground`` for a value, ``$foreground 50%`` for
    the prompt and the arrow.
    Relies on: ``SelectCurrent.update(label)``, ``placeholder``, ``label`` and ``has_value``
    (its watcher sets ``-has-value``), ``Select.NULL`` being a ``NoSelection``, and a
    ``Select`` setting ``-expanded`` on itself while its list is open.
    """

    DEFAULT_CSS = """
    DrawnSelectCurrent > .drawn-select--dim {
        color: $foreground 50%;
    }
    """
    COMPONENT_CLASSES = {"drawn-select--dim"}

    ARROW_CELLS = 2
    """The arrow and the cell before it (Textual's ``.arrow``: width 1, padding 0 0 0 1)."""

    def compose(self):
        return iter(())

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 if width else 0  # one line (a horizontal container would take 0)

    def update(self, label: Any) -> None:
        self.label = label
        self.has_value = not isinstance(label, NoSelection)
        self.refresh()

    def render(self) -> Content:
        dim = self.get_visual_style("drawn-select--dim", partial=True)
        label = self.placeholder if isinstance(self.label, NoSelection) else self.label
        text = label if isinstance(label, Content) else Content(str(label))
        width = max(0, self.content_size.width - self.ARROW_CELLS)
        text = text.truncate(width, ellipsis=True, pad=True)
        if not self.has_value:
            text = text.stylize(dim)
        expanded = self.parent is not None and self.parent.has_class("-expanded")
        return Content.assemble(text, " ", ("▲" if expanded else "▼", dim))


CLOSING_KEYS = frozenset({"enter", "escape"})
"""The keys that close an open select's list: choose the highlighted option, or dismiss."""


class HeldSelectOverlay(SelectOverlay):
    """A select's drop-down list; after a key that closes it, the keys read next wait until
    focus is back on the select (see :class:`LazySelectList`)."""

    def settle_after_key(self, key: str) -> Callable[[], bool] | None:
        """Called by the app's ``KeyGate`` with each key it hands this list: for a key that
        closes it, whether focus has settled since, which the gate asks after each refresh
        before it lets the keys held after the key go (``None``: no need to hold)."""
        select = self.parent
        if key not in CLOSING_KEYS or not isinstance(select, LazySelectList):
            return None
        select._choosing = True
        return select.settled


class LazySelectList(Select):
    """A select whose drop-down list is built the first time it opens.

    Buys: Textual's ``Select`` builds its list (an ``OptionList`` with five styled parts) up
    front; a sheet has several selects and most are never opened in a session.
    Also buys: keys in the order typed across closing the list. A key that closes it (Enter,
    Esc) reaches the select as a message from the list, and focus comes back to the select
    only once that is handled, after the app's ``KeyGate`` has let the next key go: "Enter ↓
    Enter Enter ↑ ↑ Enter" typed at once on Vampire's Maneuver (dodge) left the list open on
    dodge; typed slowly it chose block (found in tmux). After such a key the gate holds the
    keys it reads (``settle_after_key``) until focus has settled. (Opening needs no hold: the
    gate waits for the key's binding, which asks for focus on the list first.)
    Relies on: ``textual.widgets._select`` (``SelectCurrent``, ``SelectOverlay``, the list
    looked up by type); ``Select._options``, ``_type_to_search``, ``_value``;
    ``Select._setup_options_renderables``, ``_watch_value`` and ``_watch_expanded``.
    """

    _choosing = False
    """A key that closes the list was handed to it and has not closed it yet."""

    def settled(self) -> bool:
        """Whether focus has settled after a key that closes the list: no closing is on its
        way, and focus is on the list while open, off it once closed (or the select is gone).
        The app's ``KeyGate`` asks after each refresh, for a second at most."""
        if not self.is_attached:
            return True
        overlays = self.query(SelectOverlay)
        on_list = bool(overlays) and overlays.first().has_focus
        return not self._choosing and (on_list if self.expanded else not on_list)

    def compose(self):
        current = DrawnSelectCurrent(self.prompt)
        if self._value != self.NULL:  # as the value shown on mount will set it, but before
            # the field is in the DOM: set after, the class restyled it (1 of 2 stylings)
            current.set_reactive(SelectCurrent.has_value, True)
            current.add_class("-has-value", update=False)
        yield current

    def _has_list(self) -> bool:
        return bool(self.query(SelectOverlay))

    def _ensure_list(self) -> None:
        if not self._has_list():
            overlay = HeldSelectOverlay(type_to_search=self._type_to_search)
            overlay.compact = self.compact
            self.mount(overlay)
            super()._setup_options_renderables()
            if self.value != self.NULL:
                index = next(i for i, (_, value) in enumerate(self._options)
                             if value == self.value)
                self.query_one(SelectOverlay).highlighted = index

    def _setup_options_renderables(self) -> None:
        if self._has_list():
            super()._setup_options_renderables()

    def _watch_value(self, value: Any) -> None:
        if self._has_list():
            super()._watch_value(value)
            return
        self._value = value
        try:
            current = self.query_one(SelectCurrent)
        except NoMatches:
            return
        try:
            current.update(self.NULL if value == self.NULL else
                           next(prompt for prompt, choice in self._options if choice == value))
        except NoMatches:  # its label is gone: the row is being removed as it mounts (a
            return  # tab hidden again at once, its rows made again: F8 F7 in one burst)
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        if expanded:
            self._ensure_list()
        else:
            self._choosing = False
        super()._watch_expanded(expanded)
        self.query_one(SelectCurrent).refresh()  # its arrow

    def action_show_overlay(self) -> None:
        self._ensure_list()
        super().action_show_overlay()
