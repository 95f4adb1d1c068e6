"""The registry of rulesets, in tab order.

Each ruleset lives in its own module that defines ``RULESET``, and its Odds step's nodes in
``odds_<module>``, which imports that module and declares them on the same ``RULESET`` (so the
imports run one way: odds module → ruleset module → engine). The registry knows every id and
title from a static table, so listing the rulesets or titling the app's tabs imports none of
them; a module is imported on the first :func:`get` of its id, so the app's first tab pays for
one ruleset, not five. ``tests/engine/test_registry.py`` keeps the table's titles equal to the
ones the modules declare.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from worksheet.engine import Ruleset


class Entry(NamedTuple):
    """Where a ruleset lives and what its tab is called."""

    module: str
    """The module in this package that defines ``RULESET`` (its odds: ``odds_<module>``)."""
    title: str
    """The ruleset's title, as its module declares it."""
    short: str
    """The tab's title where room is short: all five fit the tab bar at 80 columns."""


TABLE = {
    "exalted2e": Entry("exalted2e", "Exalted 2e — Defense Value", "Exalted 2e"),
    "gemstone4": Entry("gemstone4", "GemStone IV — Evade DS", "GemStone IV"),
    "rise": Entry("rise", "Rise — Defenses", "Rise"),
    "shadowrun4": Entry("shadowrun4", "Shadowrun 4A — Defense Test", "Shadowrun 4A"),
    "vtm-revised": Entry("vtm_revised", "Vampire (Revised) — Defensive Maneuvers", "Vampire"),
}
"""Ruleset id → its module, title and short title, in tab order."""

_loaded: dict[str, Ruleset] = {}


def ids() -> list[str]:
    """Every ruleset id, in tab order."""
    return list(TABLE)


def _entry(ruleset_id: str) -> Entry:
    """The table entry of an id.

    Raises:
        KeyError: no such ruleset (the message lists the ids).
    """
    if ruleset_id not in TABLE:
        raise KeyError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(TABLE)}")
    return TABLE[ruleset_id]


def title(ruleset_id: str) -> str:
    """The ruleset's title, without importing its module (for tab titles and listings).

    Raises:
        KeyError: no such ruleset (the message lists the ids).
    """
    return _entry(ruleset_id).title


def short_title(ruleset_id: str) -> str:
    """The ruleset's short title (the tab bar's), without importing its module.

    Raises:
        KeyError: no such ruleset (the message lists the ids).
    """
    return _entry(ruleset_id).short


def get(ruleset_id: str) -> Ruleset:
    """The compiled ruleset with this id; its module is imported on the first call.

    Raises:
        KeyError: no such ruleset (the message lists the ids).
    """
    entry = _entry(ruleset_id)
    if ruleset_id not in _loaded:
        # the odds module imports the ruleset's and adds the Odds step: the whole ruleset
        module = importlib.import_module(f".odds_{entry.module}", __name__)
        _loaded[ruleset_id] = module.RULESET.compile()
    return _loaded[ruleset_id]


def all_rulesets() -> list[Ruleset]:
    """Every ruleset, compiled, in tab order (this imports every module)."""
    return [get(ruleset_id) for ruleset_id in TABLE]
