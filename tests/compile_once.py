"""Compile the modules the test processes import once, before they start, not once in each.

This machine's shell sets ``PYTHONDONTWRITEBYTECODE``: no process writes what it compiles, so
each of the xdist workers, and each program a test starts (``worksheet`` in a pty or as a
command), compiled every module of ``worksheet`` from source again, and pytest rewrote the
assertions of every test module and of every pytest plugin's package (``hypothesis`` and
``platformdirs`` whole) in every worker: about 5 s of CPU per worker before its first test.
Reading a compiled file is allowed either way, so the controller compiles them once
(:func:`compile_once`), as ``pip install`` does for an installed copy, and every process reads
them. It writes only ``__pycache__`` folders (ignored by git); anything it cannot write is left
to be compiled as before.
"""

from __future__ import annotations

import compileall
import importlib.util
import os
import re
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]

REWRITTEN = re.compile(r"(^|[/\\])(test_[^/\\]*|[^/\\]*_test|conftest)\.py$")
"""The files pytest rewrites the assertions of (``python_files`` and conftests): compiled by
:func:`rewrite_once`, so :mod:`compileall` leaves them."""


def compile_once(config) -> None:
    """Compile ``worksheet`` and the tests' helpers (plain bytecode), and, when the tests run
    in xdist workers, the test modules and plugin packages as pytest rewrites them."""
    for folder in ("worksheet", "tests"):
        compileall.compile_dir(str(ROOT / folder), quiet=2, rx=REWRITTEN, workers=1)
    if config.getoption("numprocesses", None):
        rewrite_once(config)


def rewrite_once(config) -> None:
    """Write pytest's rewritten bytecode of the test modules and of the packages it rewrites,
    where the workers look for it (pytest reads it even when it would not write it).

    Uses pytest's own rewriting (``_pytest.assertion.rewrite``, private): if it moved, this
    does nothing and the workers rewrite as before."""
    try:
        from _pytest.assertion import rewrite

        hook = config.pluginmanager.rewrite_hook
        state = config.stash[rewrite.assertstate_key]
        packages = sorted(hook._must_rewrite)
    except (ImportError, AttributeError, KeyError):
        return
    files = [path for path in (ROOT / "tests").rglob("*.py") if REWRITTEN.search(str(path))]
    for name in packages:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            continue
        origin = Path(spec.origin)
        files += (origin.parent.rglob("*.py") if spec.submodule_search_locations else [origin])
    def rewrite_each(paths) -> None:
        for path in paths:
            pyc = rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)
            try:
                if rewrite._read_pyc(path, pyc) is not None:
                    continue
                if not rewrite.try_makedirs(pyc.parent):
                    continue
                source_stat, code = rewrite._rewrite_test(path, config)
                rewrite._write_pyc(state, code, source_stat, pyc)
            except (OSError, SyntaxError, ValueError):
                continue

    in_halves(rewrite_each, files)


def in_halves(work: Callable[[list[Path]], None], paths: list[Path]) -> None:
    """``work`` on every other path in a forked child and on the rest here, at once: on a
    fresh clone the rewriting took 3 s of the run's start, before any worker began. Each file
    is written by one process (``_write_pyc`` writes a temporary file and renames it), so a
    child that fails leaves only files pytest rewrites again."""
    try:
        child = os.fork()
    except OSError:
        work(paths)
        return
    if child == 0:
        try:
            work(paths[1::2])
        finally:
            os._exit(0)
    work(paths[0::2])
    os.waitpid(child, 0)


def is_controller(config) -> bool:
    """Whether this process runs the session (not an xdist worker)."""
    return not hasattr(config, "workerinput")
