"""F1 starts with the tab's own keys and rules, then the keys of every tab (issue 42: GemStone's
F9 sat among the general keys, after a screen of them)."""

from __future__ import annotations

import re

import pytest

from worksheet import rulesets
from worksheet.ui import WorksheetApp
from worksheet.ui.screens.help import HelpScreen

SIZE = (80, 24)

FIRST_KEYS = {
    "exalted2e": ["F5", "F6", "F4", "F10", "Ctrl+G", "↺ Onslaught", "↺ Action penalty"],
    "gemstone4": ["F9", "F4", "F10", "Ctrl+G"],
    "rise": ["F4", "F10", "Ctrl+G"],
    "shadowrun4": ["F5", "F6", "F4", "F10", "Ctrl+G", "↺ Previous defenses",
                   "↺ Full defense"],
    "vtm-revised": ["F5", "F6", "F4", "F10", "Ctrl+G", "↺ Position"],
}
"""Per tab, the keys its help lists before the general ones, in order (worked out from the
fight loop of each ruleset in the spec's README)."""


def help_lines(screen: HelpScreen) -> list[tuple[str, str]]:
    """The help's rows in order: ``(classes, text)`` of each section heading and key."""
    shown = []
    for widget in screen.query(".help-section, .help-key, .help-action"):
        kind = "section" if widget.has_class("help-section") else (
            "key" if widget.has_class("help-key") else "action")
        shown.append((kind, str(widget.render())))
    return shown


@pytest.mark.parametrize("tab", sorted(FIRST_KEYS))
async def test_help_starts_with_the_tabs_own_keys_and_rules(tab):
    app = WorksheetApp(ruleset=tab)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        lines = help_lines(app.screen)
        assert lines[0] == ("section", f"This tab — {rulesets.get(tab).title}")
        general = lines.index(("section", "Every tab"))
        keys = [text for kind, text in lines[1:general] if kind == "key"]
        assert keys == FIRST_KEYS[tab]
        actions = " ".join(text for kind, text in lines[1:general] if kind == "action")
        # the rules in the form's words: labels, never an input's name
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", actions), actions
        assert [text for kind, text in lines[general:] if kind == "key"][:2] == [
            "Tab", "Shift+Tab"], "then the keys of every tab, as before"


async def test_gemstone_help_puts_f9_and_its_stances_first():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        lines = help_lines(app.screen)
        assert lines[1:3] == [("key", "F9"), (
            "action", "next Stance: offensive → advanced → forward → neutral → guarded → "
                      "defensive, then offensive again")]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+pageup", "f1")  # Exalted: its F5 rule, with the citation
        await pilot.pause()
        lines = help_lines(app.screen)
        assert lines[0] == ("section", "This tab — Exalted 2e — Defense Value")
        assert lines[1] == ("key", "F5")
        assert "onslaught + 1" in lines[2][1] and "“Onslaught Penalty”" in lines[2][1]
        assert ("key", "F9") not in lines[:lines.index(("section", "Every tab"))]
