"""The player's messages live in one module (``worksheet/ui/messages.py``): no toast is worded
where it is shown, so rewording one is an edit there, and a test finds its words there."""

from __future__ import annotations

import ast
from pathlib import Path

from worksheet.ui import messages

UI = Path(messages.__file__).resolve().parent
WORDED_ELSEWHERE = {"messages.py", "app/one_message.py"}
"""Where ``notify`` may be called with words: the module of words, and the override that makes
every message plain text (it passes the words on). ``textual_internals`` touches Textual's own."""


def _notify_calls(path: Path) -> list[str]:
    """Each call of a ``notify`` in a module, and each call handing ``notify`` on with text
    (``call_after_refresh(host.notify, "…")``), as ``file:line``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        hands_on = any(getattr(arg, "attr", "") == "notify" for arg in node.args) and any(
            isinstance(arg, (ast.Constant, ast.JoinedStr)) for arg in node.args)
        if name == "notify" or hands_on:
            found.append(f"{path.relative_to(UI)}:{node.lineno}")
    return found


def test_no_toast_is_worded_where_it_is_shown():
    found = [call for path in sorted(UI.rglob("*.py"))
             if str(path.relative_to(UI)) not in WORDED_ELSEWHERE
             and path.relative_to(UI).parts[0] != "textual_internals"
             for call in _notify_calls(path)]
    assert not found, "toasts worded where they are shown (use a Toast of ui/messages.py):\n" \
        + "\n".join(found)


def test_the_reader_finds_notify_calls():
    assert _notify_calls(UI / "app" / "one_message.py"), "a reader that finds nothing passes"


def test_a_toast_is_shown_with_its_words_title_severity_and_timeout():
    shown = []
    messages.fix_first(["Dodge = 'x': not a whole number", "Parry"]).show(
        lambda message, **options: shown.append((message, options)))
    assert shown == [("Fix these first: Dodge = 'x': not a whole number; Parry",
                      {"title": "Not saved", "severity": "error", "timeout": 6})]


def test_the_status_line_reads_its_words_from_the_table(monkeypatch):
    """Every form of every part, from the longest line to the shortest, comes from
    ``messages.STATUS_LINE``: reworded there, reworded on the line."""
    from worksheet.ui.form.status_line import status_text

    for form, words in {"saved": "SAVED", "no preset": "NO PRESET", "others": "ALSO {names}",
                        "refused": "BAD {names}", "others count": "+{count} TABS{s}",
                        "refused count": "{count} BAD{s}", "preset": "FROM {name}"}.items():
        monkeypatch.setitem(messages.STATUS_LINE, form, words)

    def line(width: int, preset: str | None = None) -> str:
        return status_text("Exalted 2e — Defense Value", "Exalted", False, ["Dodge", "Parry"],
                           preset, ["Rise", "GemStone IV"], width)

    assert line(200) == "Exalted 2e — Defense Value · SAVED · BAD Dodge, Parry · NO PRESET · " \
                        "ALSO Rise, GemStone IV"
    assert line(200, "Dawn") == "Exalted 2e — Defense Value · SAVED · BAD Dodge, Parry · " \
                                "FROM Dawn · ALSO Rise, GemStone IV"
    assert line(80) == "Exalted 2e — Defense Value · SAVED · BAD Dodge, Parry · NO PRESET · " \
                       "+2 TABSs"
    assert line(30) == "Exalted · SAVED · 2 BADs · +2"
