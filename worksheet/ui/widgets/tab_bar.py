"""The tab bar: the rulesets' short titles on one line over a rule that marks the active one.

Textual's ``TabbedContent`` is seventeen widgets for five tabs (a tab and a pane each, and the
containers that scroll them), and every SSH session paid for them at start-up. This bar draws the
same two lines itself; the app shows the active tab's form (``app.py``). The app's keys switch
tabs from anywhere (Ctrl+PageUp/PageDown, F7/F8, Alt+digit); Left and Right do when the bar has
focus. A click on a title selects it, though nothing needs a mouse. Without colour the active
tab is still marked: the rule is broken (``╸ ╺``) on either side of its title. The app gives it
the short titles (``rulesets.short_title``) so all five fit 80 columns; the status line shows
the active tab's full title. Titles wider than the bar scroll to keep the active one in view.
"""

from __future__ import annotations

from typing import Sequence

from textual import events
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from worksheet.ui.keys import Key

RULE, LEFT_END, RIGHT_END = "━", "╸", "╺"


class TabBar(Widget, can_focus=True):
    """The titles of the tabs and the active one (``TabBar`` in bars.tcss; parts below).

    Args:
        tabs: ``(id, title)`` of each tab, in order.
        active: the id of the tab shown first.
        id: the widget's id.
    """

    COMPONENT_CLASSES = {"tab-bar--tab", "tab-bar--active", "tab-bar--rule",
                         "tab-bar--rule-active"}

    BINDINGS = [
        Key("left", "step(-1)", "Previous tab", show=False,
            help="tab bar: previous tab (Shift+Tab from the first field)"),
        Key("right", "step(1)", "Next tab", show=False, help="tab bar: next tab"),
    ]

    active: reactive[str] = reactive("")
    """The id of the active tab; setting it posts :class:`TabBar.Changed`."""

    class Changed(Message):
        """Another tab became active (by a key, a click or the app)."""

        def __init__(self, bar: TabBar, tab_id: str):
            super().__init__()
            self.bar = bar
            self.tab_id = tab_id

    def __init__(self, tabs: Sequence[tuple[str, str]], active: str, *, id: str | None = None):
        super().__init__(id=id)
        self.tabs = tuple(tabs)
        self.ids = tuple(tab_id for tab_id, _ in self.tabs)
        """The tabs' ids, in order."""
        self.set_reactive(TabBar.active, active)

    def watch_active(self, tab_id: str) -> None:
        hold_keys = getattr(self.app, "hold_keys", None)  # the app's ``KeyGate``
        if hold_keys is not None:  # the next keys wait for the tab's focus: in this same
            hold_keys()  # burst they would be read before the change reaches the app
        self.post_message(self.Changed(self, tab_id))

    def action_step(self, step: int) -> None:
        """Make the next (``1``) or previous (``-1``) tab active, wrapping around."""
        self.active = self.ids[(self._active_index() + step) % len(self.ids)]

    def spans(self) -> list[tuple[int, int]]:
        """Each tab's first and past-the-end column, padding included, from the bar's start."""
        spans, column = [], 0
        for _, title in self.tabs:
            width = len(title) + 2
            spans.append((column, column + width))
            column += width
        return spans

    def scroll_offset_x(self) -> int:
        """The first column shown: 0 when every title fits, else the active one is centred."""
        spans, width = self.spans(), self.size.width
        total = spans[-1][1] if spans else 0
        if total <= width:
            return 0
        start, end = spans[self._active_index()]
        return max(0, min(total - width, (start + end) // 2 - width // 2))

    def _active_index(self) -> int:
        return self.ids.index(self.active) if self.active in self.ids else 0

    def render(self) -> Content:
        spans, index = self.spans(), self._active_index()
        offset, width = self.scroll_offset_x(), self.size.width
        full = max(width, spans[-1][1] if spans else 0)
        titles = Content("").join(
            Content.styled(f" {title} ", self.get_visual_style(
                "tab-bar--active" if n == index else "tab-bar--tab"))
            for n, (_, title) in enumerate(self.tabs))
        start, end = spans[index][0] + 1, spans[index][1] - 1  # the title, not its padding
        rule_style = self.get_visual_style("tab-bar--rule")
        rule = Content.assemble(
            Content.styled(RULE * (start - 1) + LEFT_END if start > 0 else "", rule_style),
            Content.styled(RULE * (end - start), self.get_visual_style("tab-bar--rule-active")),
            Content.styled(RIGHT_END + RULE * (full - end - 1) if end < full else "", rule_style))
        titles = Content.assemble(titles, " " * (full - titles.cell_length))
        return Content("\n").join([titles[offset:offset + width], rule[offset:offset + width]])

    def on_resize(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        column = event.x + self.scroll_offset_x()
        for (tab_id, _), (start, end) in zip(self.tabs, self.spans()):
            if start <= column < end:
                self.active = tab_id
                return
