"""The registry of rulesets, in tab order.

Each ruleset lives in its own module that defines ``RULESET``; modules are imported on first
use so that ``worksheet rulesets`` and the app's first tab do not pay for all five.
"""

from __future__ import annotations

import importlib

from ..engine import Ruleset

MODULES = {
    "exalted2e": "exalted2e",
    "gemstone4": "gemstone4",
    "rise": "rise",
    "shadowrun4": "shadowrun4",
    "vtm-revised": "vtm_revised",
}
"""Ruleset id → module name in this package, in tab order."""

_loaded: dict[str, Ruleset] = {}


def ids() -> list[str]:
    """Every ruleset id, in tab order."""
    return list(MODULES)


def get(ruleset_id: str) -> Ruleset:
    """The compiled ruleset with this id.

    Raises:
        KeyError: no such ruleset (the message lists the ids).
    """
    if ruleset_id not in MODULES:
        raise KeyError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(MODULES)}")
    if ruleset_id not in _loaded:
        module = importlib.import_module(f".{MODULES[ruleset_id]}", __name__)
        _loaded[ruleset_id] = module.RULESET.compile()
    return _loaded[ruleset_id]


def all_rulesets() -> list[Ruleset]:
    """Every ruleset, compiled, in tab order."""
    return [get(ruleset_id) for ruleset_id in MODULES]
