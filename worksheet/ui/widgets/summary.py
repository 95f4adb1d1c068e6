"""The results strip: the ruleset's contract results, always in sight above the form.

Mid-fight a player edits an input far down the form and still reads the defense at the top.
The results no other result depends on (the final defenses) come first. Each shows its value,
or — never a stale number — what it waits for.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from ...engine import Ruleset, Sheet, State


def headline_order(ruleset: Ruleset) -> list[str]:
    """The results, the final ones (no other result depends on them) first."""
    results = set(ruleset.results)

    def feeds_a_result(name: str) -> bool:
        seen: set[str] = set()
        stack = list(ruleset.children[name])
        while stack:
            node = stack.pop()
            if node in results:
                return True
            if node not in seen:
                seen.add(node)
                stack.extend(ruleset.children[node])
        return False

    finals = [name for name in ruleset.results if not feeds_a_result(name)]
    return finals + [name for name in ruleset.results if name not in finals]


class ResultStrip(Static):
    """One line (wrapping) of ``label value`` for each result of a ruleset.

    Args:
        ruleset: the ruleset whose results are shown.
    """

    def __init__(self, ruleset: Ruleset):
        super().__init__("", classes="result-strip", markup=False)
        self.names = headline_order(ruleset)
        """The results shown, in order."""
        self._labels = {name: ruleset.rules[name].label for name in self.names}
        self._shown = ""

    def show(self, sheet: Sheet) -> None:
        """Show the current results."""
        parts: list[Content] = []
        for index, name in enumerate(self.names):
            status = sheet.status(name)
            if status.state is State.OK:
                value = Content.styled(status.derivation.result if status.derivation
                                       else str(status.value), "bold $text-success")
            elif status.state is State.BLOCKED:
                value = Content.styled("waits for " + ", ".join(status.waiting_for),
                                       "$text-warning")
            else:
                value = Content.styled("✗ " + ", ".join(status.waiting_for), "$text-error")
            separator = Content("  ·  ") if index else Content("")
            parts.append(Content.assemble(separator, Content(self._labels[name] + " "), value))
        content = Content("").join(parts)
        if content.plain != self._shown:
            # Same lines at this width: a repaint, not a new layout of the whole screen.
            width = self.content_size.width
            same = bool(width) and self.is_mounted and Content(self._shown).get_height(
                self.styles, width) == content.get_height(self.styles, width)
            self._shown = content.plain
            self.update(content, layout=not same)
