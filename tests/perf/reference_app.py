"""The reference for the benchmark: the smallest useful Textual app — a label, an input and a
static that echoes it. Worksheet's numbers are reported as ratios to this app's, measured in the
same run, because absolute times drift on a shared machine.

Run: ``python tests/perf/reference_app.py [--no-blink]``.
"""

from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.widgets import Input, Label, Static


class ReferenceApp(App):
    """A label, an input and an echo of the input."""

    def __init__(self, blink: bool = True):
        super().__init__()
        self.blink = blink

    def compose(self) -> ComposeResult:
        yield Label("Reference")
        field = Input(id="field")
        field.cursor_blink = self.blink
        yield field
        yield Static("Echo: []", id="echo", markup=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#echo", Static).update(f"Echo: [{event.value}]")


if __name__ == "__main__":
    ReferenceApp(blink="--no-blink" not in sys.argv).run()
