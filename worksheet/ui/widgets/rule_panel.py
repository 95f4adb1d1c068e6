"""The panel beside the form that explains the focused row in full.

For a derived value: its full rule in the project's words, the formula with names and with
numbers, notes, and the citation. For an input: what it allows, its help, its problem if any,
and the values it feeds. It follows keyboard focus; no mouse needed.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

from worksheet.engine import InputSpec, NodeStatus, Rule, Ruleset, State
from worksheet.ui.widgets.value_row import result_text


MORE = "  ·  F3 shows all"
"""Added to the panel's title while its explanation is longer than the panel (issue 42: at
80×24 the panel under the form shows four lines, and the rest of a long rule was out of sight
with nothing saying where it was)."""


class RulePanel(VerticalScroll):
    """Explains the focused row of a sheet (not a Tab stop in the sheet; F3 opens it whole,
    and the title says so when the explanation does not fit)."""

    def __init__(self, *, classes: str = ""):
        super().__init__(classes=classes)
        self.can_focus = "explain-panel" in classes
        self._shown = ("", "", "")
        self._more = False  # the title says MORE

    def compose(self):
        yield Static("", classes="panel-title", markup=False)
        yield Static("Move to a row with Tab to read its rule here.", classes="panel-body",
                     markup=False)
        yield Static("", classes="panel-cite", markup=False)

    def _put(self, title: str, body: str, cite: str) -> None:
        if (title, body, cite) == self._shown:
            return
        moved = title != self._shown[0]
        self._shown = (title, body, cite)
        # the hint as for the last explanation until this one is laid out: at 80×24 nearly
        # every one is cut, so the title is drawn once per move, not without it, then with it
        shown = (title + MORE if self._more else title, body, cite)
        for widget, text in zip(self.children, shown):
            if str(widget.content) != text:
                widget.update(text)
        if moved:
            self.scroll_home(animate=False)
        self.call_after_refresh(self._say_more)  # once laid out: does it fit?

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """Put :data:`MORE` after the title while the explanation is cut (the sheet's panel
        only: the F3 dialog, which can be scrolled, shows it all)."""
        if self.can_focus or not self.is_attached or not self.children:
            return
        self._more = bool(self._shown[0]) and self.max_scroll_y > 0
        title = self._shown[0] + (MORE if self._more else "")
        shown = self.children[0]
        if isinstance(shown, Static) and str(shown.content) != title:
            shown.update(title)

    def explain(self, ruleset: Ruleset, name: str, status: NodeStatus) -> None:
        """Explain an input or a derived node of ``ruleset`` by its name."""
        if name in ruleset.inputs:
            self.explain_input(ruleset.inputs[name], status, ruleset)
        else:
            self.explain_rule(ruleset.rules[name], status)

    def explain_rule(self, rule: Rule, status: NodeStatus) -> None:
        """Show a derived node's full rule and how its value was reached."""
        lines = [rule.details or rule.text, ""]
        derivation = status.derivation
        if status.ok and derivation is not None:
            if derivation.formula:
                lines.append(f"= {derivation.formula}")
            if derivation.substituted and derivation.substituted != derivation.formula:
                lines.append(f"= {derivation.substituted}")
            lines.append(f"= {derivation.result}")
            lines.extend(f"• {note}" for note in derivation.notes)
        elif status.state is State.BLOCKED:
            lines.append(result_text(status) + " (fix the input marked ✗)")
        else:
            lines.append(f"✗ {status.message}")
        self._put(f"Step {rule.step} · {rule.label}", "\n".join(lines), f"Source: {rule.cite}")

    def explain_input(self, spec: InputSpec, status: NodeStatus, ruleset: Ruleset) -> None:
        """Show what an input allows, its help and the values it feeds."""
        lines = [spec.help or spec.title, f"Allowed: {spec.allowed()}"
                 + (", or empty" if spec.optional else "")]
        if status.state is State.ERROR:
            lines += ["", f"✗ {status.message}"]
        feeds = [ruleset.rules[name].label for name in ruleset.consumers(spec.name)]
        if feeds:
            lines += ["", "Feeds: " + "; ".join(feeds)]
        self._put(f"Input · {spec.title}", "\n".join(lines), f"Preset key: {spec.name}")
