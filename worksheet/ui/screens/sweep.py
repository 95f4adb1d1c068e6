"""The sweep of one input as a chart: each option's chance to be hit over a range of values,
every bar on one scale, the sheet's own value marked ``▸``.

Drawn with block characters by the same renderer as ``worksheet calc --sweep``
(:mod:`worksheet.formats.sweep`), so the app and the command line read alike, it fits 80
columns, it needs no colour (NO_COLOR) and no plotting library is imported: the chart is text
made once when the dialog opens, in a scrolling body.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from worksheet.ui.screens.dialog import Dialog


CONTEXT = 6
"""Lines shown above the sheet's own row when the chart opens scrolled to it."""


class SweepScreen(Dialog[None]):
    """Shows a sweep chart (its text made by the caller).

    Args:
        title: the dialog's title.
        chart: the chart's lines.
    """

    BINDINGS = [Binding("escape,q,enter", "close", "Close")]
    AUTO_FOCUS = "#sweep-chart"

    def __init__(self, title: str, chart: str):
        super().__init__()
        self._heading, self._chart_text = title, chart

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -help"):
            yield Label(self._heading, classes="dialog-title", markup=False)
            with VerticalScroll(id="sweep-chart", can_focus=True):
                yield Static(self._chart_text, markup=False, id="sweep-text")
            yield Static("↓ PgDn scroll · Esc closes", classes="dialog-hint", markup=False)

    def on_mount(self) -> None:
        """The sheet's own row in view (a long list of choices may put it below the fold)."""
        lines = self._chart_text.splitlines()
        row = next((i for i, line in enumerate(lines) if line.startswith("▸")), 0)
        body = self.query_one("#sweep-chart", VerticalScroll)

        def show_row() -> None:  # only when it is below the fold: the header stays in view
            if row >= body.size.height - 1:
                body.scroll_to(y=max(0, row - CONTEXT), animate=False)

        self.call_after_refresh(show_row)

    def action_close(self) -> None:
        """Close the chart."""
        self.finish(None)
