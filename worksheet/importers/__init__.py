"""Import: a character read from what the player already has (the game's own output, a
Chummer 4 save, an Anathema character), as the inputs it states — never a guess.

``result`` holds what an import found (inputs, where each came from, what was left, warnings)
and refuses a value out of its input's bounds or two values for one input; ``reading`` reads a
file or a paste safely (a size bound, the encoding, XML with no DTD or entity); one module per
source (``gemstone_text``, ``chummer4``, ``anathema``). Headless: imports the engine and the
rulesets only; the command line and the app both call :func:`read_import`. ``result`` loads
with the first import, not with the package: the app asks :func:`can_import` at every key-bar
refresh, and a session that imports nothing keeps none of its code (issue 40, memory).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from worksheet.importers.result import ImportRefused, Imported

SOURCES = {"gemstone4": ("gemstone_text", "gemstone4-text"),
           "shadowrun4": ("chummer4", "chummer4"),
           "exalted2e": ("anathema", "anathema")}
"""The rulesets that can import, each with its reader's module and its source's name."""

NOTHING_TO_IMPORT = ("{ruleset} has no common character file to import from today; import "
                     "reads gemstone4 (the game's INFO, SKILLS, ARMOR LIST output), shadowrun4 "
                     "(a Chummer 4 .chum save) and exalted2e (an Anathema .ecg character)")
"""What import says for a ruleset it cannot read a character for."""


def can_import(ruleset_id: str) -> bool:
    """Whether a ruleset has a source to import from."""
    return ruleset_id in SOURCES


def read_import(ruleset_id: str, data: bytes, origin: str) -> Imported:
    """Read ``data`` (a file's or a paste's bytes) as a character for ``ruleset_id``.

    Args:
        ruleset_id: the ruleset; one of :data:`SOURCES`.
        data: the bytes, at most :data:`~worksheet.importers.reading.MAX_BYTES`.
        origin: how messages name the source (a file name, ``standard input``, ``the paste``).

    Raises:
        ImportRefused: the ruleset has nothing to import, or the source is refused (one line
            naming the source and what is wrong).
    """
    if ruleset_id not in SOURCES:
        from worksheet.importers.result import ImportRefused

        raise ImportRefused(origin, NOTHING_TO_IMPORT.format(ruleset=ruleset_id))
    module, _ = SOURCES[ruleset_id]
    return import_module(f"worksheet.importers.{module}").read(data, origin)


def __getattr__(name: str) -> Any:
    """``ImportRefused`` and ``Imported``, importing ``result`` on first use."""
    if name in ("ImportRefused", "Imported"):
        from worksheet.importers import result

        return getattr(result, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ImportRefused", "Imported", "SOURCES", "can_import", "read_import"]
