"""The package's layout holds: layers import only downwards, no import circle, widgets and
screens never reach the app or its controllers, and no module over 400 lines.

Read from the source with ``ast``, not by importing: every import counts, the ones inside
functions (lazy imports) and inside ``if TYPE_CHECKING:`` blocks too, since a circle that
only a type checker follows is still a circle a reader has to untangle. An import names a
module of ``worksheet`` (``from .widgets import InputRow`` is an import of the package
``worksheet.ui.widgets``, ``from . import rulesets`` one of ``worksheet.rulesets``); the parent
packages Python loads on the way are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "worksheet"

MAX_LINES = 400
"""Lines a module may have at most (``.py`` and ``.tcss``): one job each."""

RANKS = {
    "worksheet.engine": 0,
    "worksheet.processes": 1, "worksheet.recovery": 1, "worksheet.formats": 1,
    "worksheet.rulesets": 1,
    "worksheet.presets": 2, "worksheet.importers": 2,
    "worksheet.cli": 3, "worksheet.__main__": 3, "worksheet.serve": 3,
    "worksheet.ui": 4,
}
"""Each module's layer, by the longest prefix that names it: a module imports only modules of
its own layer or below. The headless core (engine, rulesets, the output formats and support
modules, presets, the command line, the SSH server of ``worksheet serve``) sits under the
terminal app (``ui``): the server starts the app as separate processes, never imports it."""

UI_PACKAGES = {
    "worksheet.ui.textual_internals": 0,
    "worksheet.ui.terminal": 1,
    "worksheet.ui.widgets": 2, "worksheet.ui.screens": 2,
    "worksheet.ui.form": 3,
    "worksheet.ui.controllers": 4,
    "worksheet.ui.app": 5,
}
"""The UI's own layers, one package each: the private hooks; the terminal (keys read, bytes
written, timers, garbage); the building blocks; one ruleset's form; the controllers; the app.
A UI module imports only from its own package or one lower (``worksheet.ui`` itself, which
only re-exports the app, sits above them all)."""

TOP_MODULES = {"worksheet": 4, "worksheet.ui": 8}
"""Modules a package may hold at its top, besides its packages: a tree that shows its parts."""

UPWARD_ALLOWED = {("worksheet.cli.app", "worksheet.ui", "run_app")}
"""``(importer, imported, function)``: the imports allowed to run up a layer, each inside that
function only. The command line opens the app: ``worksheet`` with no subcommand imports the
UI then, and only then (``tests/test_headless.py`` proves the core runs without Textual)."""

WIDGET_PACKAGES = ("worksheet.ui.widgets", "worksheet.ui.screens")
"""The building blocks: they post messages up and never reach for the app or its wiring."""


def is_controller(module: str) -> bool:
    """The app and what wires it: the ``app`` and ``controllers`` packages."""
    return any(module == package or module.startswith(package + ".")
               for package in ("worksheet.ui.app", "worksheet.ui.controllers"))


class Import(NamedTuple):
    """One import statement's target within ``worksheet``."""

    importer: str
    imported: str
    line: int
    function: str
    """The innermost function it is in (``""`` at module level)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _targets(module: str, path: Path, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:  # relative: from the module's package, one level up per extra dot
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = package[:len(package) - (node.level - 1)]
        base = ".".join(package + ([base] if base else []))
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        yield submodule if submodule in MODULES else base


def imports_of(module: str, path: Path) -> Iterator[Import]:
    """Every import in a module that names a module of ``worksheet``, wherever it stands, in
    the order they stand. An import is a statement, so expressions are not searched: every
    test process reads all of ``worksheet`` here as it collects, and an expression holds no
    import (this took a fifth of collecting the suite)."""
    found: list[Import] = []
    pending: list[tuple[ast.AST, str]] = [(ast.parse(path.read_text(encoding="utf-8"),
                                                     str(path)), "")]
    while pending:
        node, function = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found += (Import(module, target, child.lineno, function)
                          for target in _targets(module, path, child)
                          if target == "worksheet" or target.startswith("worksheet."))
            elif not isinstance(child, (ast.expr, ast.expr_context, ast.operator,
                                        ast.arguments, ast.keyword, ast.alias)):
                inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    else function
                pending.append((child, inner))
    found.sort(key=lambda found_import: found_import.line)
    yield from found


IMPORTS = [found for module, path in MODULES.items() for found in imports_of(module, path)]


def rank(module: str) -> int:
    prefix = max((p for p in RANKS if module == p or module.startswith(p + ".")), key=len)
    return RANKS[prefix]


def where(found: Import) -> str:
    inside = f" in {found.function}()" if found.function else ""
    return f"{MODULES[found.importer].relative_to(PACKAGE.parent)}:{found.line}{inside}"


def test_the_import_reader_sees_lazy_and_type_checking_imports():
    """The reader itself: a known lazy import and a known package import are found (a reader
    that found nothing would pass every test below)."""
    found = {(i.importer, i.imported, i.function) for i in IMPORTS}
    assert ("worksheet.cli.app", "worksheet.ui", "run_app") in found
    assert ("worksheet.ui.form.sheet_form", "worksheet.ui.widgets", "") in found
    assert ("worksheet.ui.form.sheet_form", "worksheet.ui.screens.record_editor",
            "on_record_list_edit_requested") in found
    assert all(module in MODULES for module in RANKS), "a layer names a module that is gone"
    assert {i.imported for i in IMPORTS} <= set(MODULES), "every import resolves to a module"


def test_no_import_runs_up_a_layer():
    upward = [f"{where(i)}: {i.importer} imports {i.imported}" for i in IMPORTS
              if rank(i.imported) > rank(i.importer)
              and (i.importer, i.imported, i.function) not in UPWARD_ALLOWED]
    assert not upward, "imports running up a layer:\n" + "\n".join(upward)


def test_the_core_never_imports_the_ui_outside_opening_the_app():
    """Engine, rulesets, presets, the command line: no ``worksheet.ui``, not even lazily or for
    type checking, except where the command line opens the app."""
    found = [f"{where(i)}: {i.importer} imports {i.imported}" for i in IMPORTS
             if not i.importer.startswith("worksheet.ui") and i.imported.startswith("worksheet.ui")
             and (i.importer, i.imported, i.function) not in UPWARD_ALLOWED]
    assert not found, "the core reaches for the UI:\n" + "\n".join(found)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module, or a module importing
    itself (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(edges.get(node, ())):
            if after not in index:
                connect(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_the_cycle_finder_finds_a_circle_and_names_its_modules():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert sorted(_cycles(edges)) == [["a", "b", "c"], ["e"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle():
    edges: dict[str, set[str]] = {}
    for i in IMPORTS:
        edges.setdefault(i.importer, set()).add(i.imported)
    cycles = _cycles(edges)
    detail = []
    for members in cycles:
        detail.append(" ↔ ".join(members))
        detail += [f"    {where(i)}: imports {i.imported}" for i in IMPORTS
                   if i.importer in members and i.imported in members]
    assert not cycles, "import circles (the imports that close them below each):\n" \
        + "\n".join(detail)


def test_widgets_and_screens_never_reach_the_app_or_its_controllers():
    """Not directly, nor through another module: a widget posts a message, and whatever
    composes it decides what happens."""
    edges: dict[str, set[str]] = {}
    for i in IMPORTS:
        edges.setdefault(i.importer, set()).add(i.imported)
    found = []
    for start in MODULES:
        if not any(start == p or start.startswith(p + ".") for p in WIDGET_PACKAGES):
            continue
        path, seen = {start: [start]}, {start}
        todo = [start]
        while todo:
            module = todo.pop()
            for after in sorted(edges.get(module, ())):
                if after in seen:
                    continue
                seen.add(after)
                path[after] = path[module] + [after]
                if is_controller(after):
                    found.append(" → ".join(path[after]))
                else:
                    todo.append(after)
    assert not found, "a widget or screen reaches the app's wiring:\n" + "\n".join(found)


def test_the_controller_test_knows_the_app_and_its_wiring():
    assert is_controller("worksheet.ui.app.worksheet_app")
    assert is_controller("worksheet.ui.controllers.presets")
    assert is_controller("worksheet.ui.controllers")
    assert not is_controller("worksheet.ui.form.sheet_form") and not is_controller("worksheet.engine")
    assert not is_controller("worksheet.ui.widgets.records")
    assert not is_controller("worksheet.ui.application_helpers")


def ui_rank(module: str) -> int | None:
    """The UI layer of a module in one of :data:`UI_PACKAGES` (``None`` outside them)."""
    found = [p for p in UI_PACKAGES if module == p or module.startswith(p + ".")]
    return UI_PACKAGES[max(found, key=len)] if found else None


def test_ui_packages_import_only_their_own_layer_or_below():
    """The terminal knows nothing of forms, a form nothing of the controllers, the
    controllers nothing of the app; widgets and screens are one layer (a screen shows
    widgets, and a row may open a screen)."""
    upward = [f"{where(i)}: {i.importer} imports {i.imported}" for i in IMPORTS
              if ui_rank(i.importer) is not None and (
                  i.imported == "worksheet.ui" or (ui_rank(i.imported) or 0) > ui_rank(i.importer))]
    assert not upward, "UI imports running up a layer:\n" + "\n".join(upward)


@pytest.mark.parametrize("package, most", TOP_MODULES.items())
def test_a_package_top_shows_its_parts(package, most):
    folder = PACKAGE.parent.joinpath(*package.split("."))
    modules = sorted(path.name for path in folder.glob("*.py"))
    assert len(modules) <= most, (f"{package} holds {len(modules)} modules at its top "
                                  f"(at most {most}): {modules}; put them in a package")


@pytest.mark.parametrize("init", sorted(PACKAGE.rglob("__init__.py")),
                         ids=lambda path: str(path.parent.relative_to(PACKAGE.parent)))
def test_every_package_says_what_it_holds(init):
    """A package opens with a docstring: what it holds, what it may import."""
    docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert docstring and len(docstring.split()) >= 8, f"{init}: no docstring saying what it holds"


@pytest.mark.parametrize("path", sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.tcss")]),
                         ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_is_over_400_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(PACKAGE.parent)} has {lines} lines " \
        f"(at most {MAX_LINES}: split it by job)"
