"""One derived value of a form: step and label, the formula with the numbers, the result, and
the rule in one line beneath.

The result widget has the id ``value-<node>`` (the node's name in kebab-case). When the value
is not current the row never shows a number: a blocked row says which inputs it waits for, a
row in error says what is wrong.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.content import Content
from textual.widgets import Static

from ...engine import NodeStatus, Rule, State


def result_text(status: NodeStatus) -> str:
    """What the result cell shows for a status (never a stale number)."""
    if status.state is State.OK:
        return status.derivation.result if status.derivation else str(status.value)
    if status.state is State.BLOCKED:
        return "… waiting for " + ", ".join(status.waiting_for)
    return "✗ fix " + ", ".join(status.waiting_for)


def formula_text(status: NodeStatus) -> str:
    """What the formula cell shows: the formula with the numbers, or why there is none."""
    if status.state is State.OK and status.derivation is not None:
        derivation = status.derivation
        return derivation.substituted or derivation.formula or derivation.result
    if status.state is State.BLOCKED:
        return "—"
    return status.message


class Cell(Static):
    """A cell of a row that repaints only when it is on screen.

    Textual answers a repaint of a widget scrolled out of view by re-arranging every widget of
    the screen (~6 ms on a sheet) before it knows there is nothing to draw. The cell's caches
    are cleared all the same (``refresh``), so it shows its new text when scrolled into view.
    """

    def _check_refresh(self) -> None:  # Textual 8.2 internals (pinned in pyproject.toml)
        if self._repaint_required and not self._layout_required and self.is_attached:
            try:
                visible = self in self.screen._compositor.visible_widgets
            except Exception:  # noqa: BLE001 — no screen yet: leave it to Textual
                visible = True
            if not visible:
                self._repaint_required = False
        super()._check_refresh()


class ValueRow(Grid, can_focus=True):
    """A derived node's row; focusable so the rule panel can show its full rule.

    Enter opens the full explanation in a dialog (as F3 does anywhere).

    Args:
        rule: the node's declaration.
        status: its status now.
    """

    def __init__(self, rule: Rule, status: NodeStatus):
        super().__init__(classes="value-row", id=f"row-{rule.widget_id[len('value-'):]}")
        self.rule = rule
        """The node's declaration."""
        self.status = status
        """The status shown."""

    def compose(self) -> ComposeResult:
        yield Static(f"{self.rule.step:>2} {self.rule.label}", classes="value-head", markup=False)
        yield Cell("", classes="value-formula", markup=False)
        yield Cell("", classes="value-result", id=self.rule.widget_id, markup=False)
        yield Cell("", classes="value-rule", markup=False)

    BINDINGS = [Binding("enter", "app.explain", "Explain", show=False)]

    def on_mount(self) -> None:
        self.show(self.status)

    def show(self, status: NodeStatus) -> None:
        """Show a new status (called only for nodes whose status changed)."""
        self.status = status
        self.set_class(status.state is State.BLOCKED, "-blocked")
        self.set_class(status.state is State.ERROR, "-error")
        notes = status.derivation.notes if status.ok and status.derivation else ()
        texts = (formula_text(status), result_text(status),
                 "\n".join([self.rule.rule, *(f"• {note}" for note in notes)]))
        # The result's column is as wide as its text; the formula and rule wrap at theirs.
        for cell, text, fits in zip(self.children[1:], texts, (False, True, False)):
            update(cell, text, sized_by_text=fits)


def update(cell: Static, text: str, *, sized_by_text: bool = False) -> None:
    """Show ``text`` in a cell; no repaint when it is unchanged, and no new layout when the
    cell keeps its size.

    A new layout re-arranges every widget of the screen (~20 ms per keystroke on the sheet);
    a cell whose new text is as wide (auto-width cells) and as many lines tall at its width
    as the old one only needs a repaint.
    """
    if cell.content == text:
        return
    cell.update(text, layout=not same_size(cell, text, sized_by_text))


def same_size(cell: Static, text: str, sized_by_text: bool = False) -> bool:
    """True when ``text`` would take exactly the room ``cell``'s current text takes (as
    wide too, when the cell's width follows its text)."""
    width = cell.content_size.width
    if not width or not cell.is_mounted:
        return False
    old, new = Content(str(cell.content)), Content(text)
    if sized_by_text and old.cell_length != new.cell_length:
        return False
    return old.get_height(cell.styles, width) == new.get_height(cell.styles, width)
