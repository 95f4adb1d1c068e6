"""The key bar: the keys that work now, on the bottom line, drawn by one widget.

Textual's ``Footer`` builds a widget per key and rebuilds them all whenever focus moves. On a
shared server every session pays for those widgets (about 1.7 MiB and a share of start-up
each), so the bar draws the same line itself: each shown binding of the focused widget, its
screen and the app (first key per action), disabled ones dimmed, and the command palette's key
on the right. It repaints only when that line changes. A click on a key presses it, though
nothing needs a mouse. At 80 columns the line fits by shortening and leaving out keys, never
F1 or the palette's (``KeyBar.fitted``).
"""

from __future__ import annotations

from typing import NamedTuple

from textual import events
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget

from worksheet.ui.keys import key_display


SHORT = 9
"""A label this long or shorter is never cut to its first word (``My action`` stays whole)."""

class ShownKey(NamedTuple):
    """One key as the bar shows it."""

    key: str
    """The key to simulate when clicked."""
    display: str
    """How the key is written (``^s``)."""
    description: str
    """What it does."""
    enabled: bool
    """False when the action cannot run now (shown dimmed)."""
    action: str = ""
    """The action it runs (F1's is never left out)."""
    own: bool = False
    """Bound by the focused widget or the screen, not the app: kept longest."""


class KeyBar(Widget, can_focus=False):
    """The bottom line of keys (``KeyBar`` in bars.tcss; component classes below)."""

    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description", "key-bar--disabled",
                         "key-bar--separator"}

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self._keys: list[ShownKey] = []
        self._palette: ShownKey | None = None
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        keys, palette = self.shown_keys(screen)
        if (keys, palette) != (self._keys, self._palette):
            self._keys, self._palette = keys, palette
            self.refresh()

    def shown_keys(self, screen: Screen) -> tuple[list[ShownKey], ShownKey | None]:
        """The keys to show on ``screen`` (first binding per action) and the palette's key."""
        app = self.app
        keys: list[ShownKey] = []
        actions: set[str] = set()
        palette: ShownKey | None = None
        for node, binding, enabled, tooltip in screen.active_bindings.values():
            shown = ShownKey(binding.key, key_display(binding), binding.description,
                             enabled, binding.action, node is not app)
            if binding.key == app.COMMAND_PALETTE_BINDING:
                palette = shown if app.ENABLE_COMMAND_PALETTE else None
            elif binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append(shown)
        return keys, palette

    ESSENTIAL = frozenset({"help", "app.help"})

    """Actions whose key is always shown (with the palette's): the way to every other key."""

    DROP_ORDER = (
        frozenset({"open_preset", "import_character"}),
        frozenset(),
        frozenset({"redo"}),
        frozenset({"undo"}),
        frozenset({"quit", "save_preset", "what_if", "cycle_input", "fight"}),
    )
    """The order the app's keys are left out in when the line is full (actions without
    ``app.`` or parameters; the empty set stands for every action not named): dimmed keys
    first, then Open and Import, then the rest (F10's fight view, Party, Sweep, Pin: from the
    right), Redo, Undo, and last what a player reaches for mid-fight (the round's keys, Save,
    Quit) with What if — whose view has Sweep, Pin and Party on its own bar, so every
    comparative answer has a key on a bar at 80 columns (compare.md, "In the app"). The
    focused widget's and the screen's own keys go after all of them. Every key stays in the
    help and the palette; at 120 columns F10 shows on every tab."""

    def drop_rank(self, shown: ShownKey) -> int:
        """How late a key is left out when the line is full: lowest first, then from the
        right (see :data:`DROP_ORDER`)."""
        if shown.own:
            return len(self.DROP_ORDER) + 1
        if not shown.enabled:
            return 0
        action = shown.action.removeprefix("app.").split("(")[0]
        return 1 + next((rank for rank, actions in enumerate(self.DROP_ORDER)
                         if action in actions), self.DROP_ORDER.index(frozenset()))

    def fitted(self, width: int) -> list[tuple[ShownKey, str]]:
        """The keys that fit ``width`` beside the palette's, each with its description.

        Everything fits at 120 columns. At 80 a record list adds its keys, so the line first
        says each action in its first word (``Add``, not ``Add record``), then leaves out
        keys from the right in the order of :meth:`drop_rank` — never
        F1 or the palette, which lead to all the others.
        """
        palette = self._palette
        room = width - (len(palette.display) + len(palette.description) + 3
                        if palette is not None else 0)
        items = [(shown, shown.description) for shown in self._keys]

        def used(chosen: list[tuple[ShownKey, str]]) -> int:
            return sum(len(shown.display) + len(description) + 3 for shown, description in chosen)

        if used(items) > room:  # long labels say their first word (a short one stays whole)
            items = [(shown, description if len(description) <= SHORT else
                      description.split(" ")[0]) for shown, description in items]
        while used(items) > room:
            droppable = [i for i, (shown, _) in enumerate(items)
                         if shown.action not in self.ESSENTIAL]
            if not droppable:
                break
            lowest = min(self.drop_rank(items[i][0]) for i in droppable)
            droppable = [i for i in droppable if self.drop_rank(items[i][0]) == lowest]
            # the app's keys come after the focused widget's: the rightmost goes first
            del items[droppable[-1]]
        return items

    def render(self) -> Content:
        key_style = self.get_visual_style("key-bar--key")
        text_style = self.get_visual_style("key-bar--description")
        dim_style = self.get_visual_style("key-bar--disabled")
        parts: list[Content] = []
        spans: list[tuple[int, int, str]] = []
        column = 0

        def add(shown: ShownKey, key_text: str, description: str) -> None:
            nonlocal column
            item = Content.assemble(Content.styled(key_text, key_style),
                                    Content.styled(description, text_style))
            if not shown.enabled:
                item = item.stylize(dim_style)
            spans.append((column, column + item.cell_length, shown.key))
            parts.append(item)
            column += item.cell_length

        for shown, description in self.fitted(self.size.width):
            add(shown, f" {shown.display} ", f"{description} ")
        if self._palette is not None:  # on the right, after a thin rule
            palette = self._palette
            description = f" {palette.description} "
            width = len(palette.display) + len(description)
            gap = max(0, self.size.width - column - 1 - width)
            parts.append(Content(" " * gap))
            parts.append(Content.styled("▏", self.get_visual_style("key-bar--separator")))
            column += gap + 1
            add(palette, palette.display, description)
        self._spans = spans
        return Content("").join(parts)

    def on_resize(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
