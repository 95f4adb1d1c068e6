"""No module of the package imports a module that imports it back, directly or through others,
counting every import: at the top, inside a function, and under ``TYPE_CHECKING``.

A circle of imports means neither module can be read, changed or tested without the other (the
app's mixins once imported the app back for their types; now they are controllers typed
against ``ui/host.Host``). The graph is read from the source, so a circle that only a type
checker would follow is caught too.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "worksheet"


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name, with its file and whether it is a package."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imports(name: str, path: Path, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules that module ``name`` imports anywhere in its source."""
    package = name if is_package else name.rpartition(".")[0]
    targets: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # ``from . import store`` imports the module ``store``; ``from .x import f``, x
            targets.extend(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                           for alias in node.names)
    found = set()
    for target in targets:
        while target and target not in known:  # a name inside a module: the module
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, is_package, set(known))
            for name, (path, is_package) in known.items()}


def cycle_from(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path of imports from ``start`` back to itself, or ``None``."""
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for target in sorted(graph[node]):
            if target == start:
                return [*path, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def test_the_graph_sees_the_imports_it_must():
    """The reader is not blind: the app's known imports are found, lazy and typing ones too."""
    graph = import_graph()
    assert {"worksheet.ui.sheet", "worksheet.ui.recovery_actions",
            "worksheet.ui.palette"} <= graph["worksheet.ui.app"]  # palette: inside a method
    assert "worksheet.ui.sheet" in graph["worksheet.ui.host"]  # under TYPE_CHECKING
    assert "worksheet.ui.store" in graph["worksheet.ui.recovery_actions"]  # from . import store


def test_no_module_imports_itself_back():
    graph = import_graph()
    circles = [" → ".join(path) for name in sorted(graph)
               if (path := cycle_from(graph, name)) is not None]
    assert circles == [], "imports that run in a circle:\n" + "\n".join(circles)


def test_a_planted_circle_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycle_from(graph, "a") == ["a", "b", "c", "a"]
    assert cycle_from(graph, "d") is None
