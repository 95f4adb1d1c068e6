"""The UI carries nothing that only tests read: no module of helpers for tests, no attribute of
ours left on Textual's classes for a test to find, no counter kept for a test to look at.

What tests need to read of the app's private state, or Textual's, they read through
``tests/ui/hooks_probe.py``, and instrumentation they need (a count of collections, Textual's
own constructor) they install themselves for the test's time.

Read from the source with ``ast``: a name defined in ``worksheet/ui`` counts as used when the
package itself reads it anywhere (an attribute or name read, a string a ``getattr`` may take;
``__all__`` does not count), when Textual calls it (the name is one Textual defines: an
override, a handler, a CSS class attribute), or when a stylesheet names it.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path
from typing import Iterable

import textual

ROOT = Path(__file__).resolve().parent.parent

KEPT = {
    "PINNED_TEXTUAL": "the Textual version the hooks are written against, beside them for a "
                      "reader; the hooks' test holds it equal to pyproject.toml's pin",
}
"""Names only tests read that stay, and why."""

TEXTUAL_CONVENTIONS = re.compile(r"_?(on|action|watch|compute|validate|key)_\w+")
"""Names Textual calls by their shape: handlers, actions, watchers (a message's handler is
named after the message: ``on_input_row_edited``)."""


def _names(paths: Iterable[Path]) -> tuple[dict[str, set[str]], Counter]:
    """The names the modules define (with where), and how often each is read."""
    defined: dict[str, set[str]] = {}
    read: Counter = Counter()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        exported = {id(node) for statement in tree.body if isinstance(statement, ast.Assign)
                    and any(getattr(t, "id", "") == "__all__" for t in statement.targets)
                    for node in ast.walk(statement.value)}
        where = "/".join(path.parts[-3:])  # enough to find it (ui/terminal/garbage.py)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.setdefault(node.name, set()).add(where)
            elif isinstance(node, (ast.Attribute, ast.Name)):
                name = node.attr if isinstance(node, ast.Attribute) else node.id
                if isinstance(node.ctx, ast.Store):
                    defined.setdefault(name, set()).add(where)
                else:
                    read[name] += 1
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in exported):
                read[node.value] += 1
    return defined, read


def only_tests_read(root: Path = ROOT) -> dict[str, set[str]]:
    """The names defined in ``root``'s UI that nothing but its tests reads, with where."""
    ui = root / "worksheet" / "ui"
    defined, _ = _names(ui.rglob("*.py"))
    _, read = _names((root / "worksheet").rglob("*.py"))
    textuals, _ = _names(Path(textual.__file__).parent.rglob("*.py"))
    styles = "\n".join(path.read_text(encoding="utf-8") for path in ui.rglob("*.tcss"))
    tests = "\n".join(path.read_text(encoding="utf-8") for path in (root / "tests").rglob("*.py")
                      if path.resolve() != Path(__file__).resolve())
    return {name: where for name, where in defined.items()
            if not read[name] and name not in textuals and name not in styles
            and not name.startswith("__") and not TEXTUAL_CONVENTIONS.fullmatch(name)
            and re.search(rf"\b{re.escape(name)}\b", tests)}


def test_the_reader_finds_a_name_only_tests_read(tmp_path):
    """The reader itself: a counter kept only for tests is found (a reader that found nothing
    would pass the test below)."""
    package = tmp_path / "worksheet" / "ui"
    package.mkdir(parents=True)
    (package / "counter.py").write_text("class Pump:\n    def run(self):\n"
                                        "        self.runs_seen = 1\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_pump.py").write_text("assert pump.runs_seen == 1\n")
    assert only_tests_read(tmp_path) == {"runs_seen": {"worksheet/ui/counter.py"}}


def test_the_ui_defines_nothing_only_tests_read():
    found = {name: where for name, where in only_tests_read().items() if name not in KEPT}
    assert not found, "defined in worksheet/ui, read only by tests (move it to tests/ui/" \
        "hooks_probe.py, or use it):\n" + "\n".join(
            f"  {name}: {', '.join(sorted(where))}" for name, where in sorted(found.items()))
