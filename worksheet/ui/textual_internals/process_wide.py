"""The hooks that change Textual for the whole process, applied in one place while an app runs
and undone as it ends.

Four hooks replace something every app and widget of the process shares, not one widget's or
screen's: ``Strip``'s constructor (:func:`~.compositor.lazy_strip_caches`), ``StylesCache``'s
cache of background pairs (:func:`~.retained.background_pairs_by_colour`), the terminal
parser the Linux driver makes (:func:`~.key_path.mark_keys_typed_after_escape`) and the key
names a screen and that parser look up (:func:`~.key_path.key_names_from_tables`). Each
returns what it changes, as ``(class or module, attribute, value)``; :func:`install` applies
them all, :func:`uninstall` puts Textual's own back, and :class:`HooksWhileRunning` does both
at an app's start and end. Applied once for the first app of several running at once (tests),
undone after the last.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Any

from worksheet.ui.textual_internals.compositor import lazy_strip_caches
from worksheet.ui.textual_internals.key_path import (key_names_from_tables,
                                                     mark_keys_typed_after_escape)
from worksheet.ui.textual_internals.retained import background_pairs_by_colour

_ABSENT = object()
"""An attribute the owner did not have itself (it is deleted again, not set)."""

_applied: list[tuple[tuple[Any, str, Any], Any]] = []
"""The patches applied, each with what the owner had before (:data:`_ABSENT`: nothing)."""

_apps = 0
"""How many apps asked for the patches and have not ended yet."""


def install() -> None:
    """Apply every process-wide hook, unless an app running already did; each call is
    undone by one :func:`uninstall`."""
    global _apps
    _apps += 1
    if _apps > 1:
        return
    for change in [*lazy_strip_caches(), *background_pairs_by_colour(),
                   *mark_keys_typed_after_escape(), *key_names_from_tables()]:
        owner, name, value = change
        _applied.append((change, vars(owner).get(name, _ABSENT)))
        setattr(owner, name, value)


def uninstall() -> None:
    """Undo one :func:`install`; after the last, Textual's classes and modules are exactly
    as they were before the first (the same objects)."""
    global _apps
    if _apps == 0:
        return
    _apps -= 1
    if _apps:
        return
    while _applied:
        (owner, name, _), before = _applied.pop()
        if before is _ABSENT:
            delattr(owner, name)
        else:
            setattr(owner, name, before)


class HooksWhileRunning:
    """App mixin: the process-wide hooks are applied as the app loads and undone as it
    unmounts, however it runs (``run``, ``run_test``).

    Buys: Textual as shipped for everything else in the process (a test's next app, an
    in-process caller's own Textual app), and one place that says when the hooks hold.
    Relies on: Textual sending the app ``Load`` before it makes its driver (whose input thread
    makes the terminal parser) and any screen (whose strips are made with the hooks), and
    ``Unmount`` once its screens are gone, as its message loop ends.
    """

    _hooks_installed = False

    def on_load(self) -> None:
        if not self._hooks_installed:
            self._hooks_installed = True
            install()

    def on_unmount(self) -> None:
        if self._hooks_installed:
            self._hooks_installed = False
            uninstall()
