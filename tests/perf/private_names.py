"""Count the private Textual and Rich names the app's UI uses, read from the source with ``ast``.

A name counts once however often it is used: a private module imported (``textual._context``),
a private name imported (``_RenderCache``), an attribute read or set (``app._driver``), a
private method overridden (``def _on_key`` in a class: Textual calls it), or a string naming
one (``sys.modules.get("textual.widgets._data_table")``, ``getattr(x, "_y")``, and in
``textual_internals`` any string that is such a name: ``STRIP_CACHES``' slot names). It is
Textual's or Rich's when their installed source defines it (a function, class, module, slot,
or an attribute or name assigned). Dunders do not count, nor a private name the worksheet
defines for itself: outside ``textual_internals`` (where the app's rule says no private name
of Textual's is used) a name some module of ``worksheet/ui`` defines is taken for the
worksheet's own (``self._spans``), and a method counts only when a Textual or Rich class in
its class's MRO has one of that name (``KeyBar._bindings_changed`` is not ``Footer``'s).

    .venv/bin/python tests/perf/private_names.py            # the total and each name's modules
    .venv/bin/python tests/perf/private_names.py --total    # the number alone

Not part of the test suite (issue 41: the count before and after a change of the hooks).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import sys
from collections import defaultdict
from pathlib import Path

import rich
import textual

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "worksheet" / "ui"
PRIVATE = re.compile(r"_(?!_)\w*")
PRIVATE_MODULE = re.compile(r"(?:textual|rich)(?:\.\w+)*\._(?!_)\w*")


def private(name: str) -> bool:
    return bool(PRIVATE.fullmatch(name)) and not name.endswith("__")


def library_names() -> set[str]:
    """Every private name Textual and Rich define, and their private modules (dotted)."""
    names: set[str] = set()
    for package in (textual, rich):
        base = Path(package.__file__).parent
        for path in base.rglob("*.py"):
            parts = [package.__name__, *path.relative_to(base).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            dotted = ".".join(parts)
            if PRIVATE_MODULE.fullmatch(dotted) or any(private(p) for p in parts):
                names.add(dotted)
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    if private(node.value):  # __slots__ entries
                        names.add(node.value)
    return {name for name in names if private(name.rsplit(".", 1)[-1])}


def own_names(paths: list[Path]) -> set[str]:
    """The private names the modules at ``paths`` define: functions, classes, names and
    attributes assigned."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return {name for name in names if private(name)}


def overrides_library(path: Path, class_name: str, name: str) -> bool:
    """Whether the class ``class_name`` of the module at ``path`` has a Textual or Rich class
    in its MRO that defines ``name`` (the module is imported to find out)."""
    root = next(folder.parent for folder in path.parents if folder.name == "worksheet")
    dotted = ".".join(path.relative_to(root).with_suffix("").parts)
    cls = getattr(importlib.import_module(dotted.removesuffix(".__init__")), class_name, None)
    return isinstance(cls, type) and any(
        name in vars(base) for base in cls.__mro__[1:]
        if base.__module__.split(".")[0] in ("textual", "rich"))


GETATTR = frozenset({"getattr", "setattr", "hasattr", "delattr"})


def uses(path: Path, known: set[str], own: set[str] = frozenset(),
         inside: bool = True) -> set[str]:
    """The private Textual/Rich names the module at ``path`` uses; outside
    ``textual_internals`` (``inside`` false) not those in ``own`` (see the docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def module(dotted: str | None) -> None:
        if dotted and dotted.split(".")[0] in ("textual", "rich"):
            parts = dotted.split(".")
            for end in range(2, len(parts) + 1):
                if private(parts[end - 1]):
                    found.add(".".join(parts[:end]))

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module(node.module)
            if node.module and node.module.split(".")[0] in ("textual", "rich"):
                for alias in node.names:
                    if f"{node.module}.{alias.name}" in known:  # a private module
                        found.add(f"{node.module}.{alias.name}")
                    elif private(alias.name):
                        found.add(alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                module(alias.name)
        elif isinstance(node, ast.Attribute) and private(node.attr) and node.attr in known:
            if inside or node.attr not in own:
                found.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if (isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and private(item.name) and item.name in known
                        and (inside or overrides_library(path, node.name, item.name))):
                    found.add(item.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if PRIVATE_MODULE.fullmatch(node.value):
                module(node.value)
            elif inside and private(node.value) and node.value in known:  # a slot's name
                found.add(node.value)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in GETATTR and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and private(node.args[1].value) and node.args[1].value in known
              and (inside or node.args[1].value not in own)):
            found.add(node.args[1].value)
    return found


def count(ui: Path = UI) -> dict[str, list[str]]:
    """Each private name the UI uses, with the modules (relative to ``worksheet/ui``) using it."""
    known = library_names()
    paths = sorted(ui.rglob("*.py"))
    internals = ui / "textual_internals"
    outside = [path for path in paths if internals not in path.parents]
    own = own_names(outside)
    where: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        for name in sorted(uses(path, known, own, inside=path not in outside)):
            where[name].append(str(path.relative_to(ui)))
    return dict(sorted(where.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--total", action="store_true", help="print the number only")
    parser.add_argument("--ui", type=Path, default=UI, help="the UI package to read")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.ui.resolve().parents[1]))  # its tree's worksheet is imported
    names = count(args.ui)
    modules = sorted({module for found in names.values() for module in found})
    if args.total:
        print(len(names))
        return 0
    for name, found in names.items():
        print(f"  {name:40} {', '.join(found)}")
    print(f"{len(names)} private Textual/Rich names in {len(modules)} modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
