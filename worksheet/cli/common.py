"""What every command shares: exit statuses, the usage error and the parser that raises it,
and the refusals they word alike (an unknown ruleset, a preset of another ruleset).

``argparse`` (and the ``gettext`` it imports) is imported with the first :class:`Parser`, not
with this module: opening the app reads its plain command lines without it
(``cli.app.plain_app_args``), and every session on a shared server would otherwise keep both
in memory (about 0.35 MB, and some 300 interned names).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from worksheet import rulesets
from worksheet.engine.quote import clip, quote
from worksheet.presets import PresetError

EXIT_OK, EXIT_UNEXPECTED, EXIT_BAD_INPUT = 0, 1, 2

MESSAGE_LENGTH = 400
"""The longest message of someone else's making printed whole (argparse's, an unexpected
error's); a longer one is cut in the middle."""


class UsageError(Exception):
    """A bad argument: reported on standard error with exit status 2.

    Attributes:
        prog: the command the message is about (``worksheet calc``), printed before it.
    """

    def __init__(self, message: str, prog: str = "worksheet"):
        self.prog = prog
        super().__init__(message)


def _parser_class() -> type:
    import argparse

    class Parser(argparse.ArgumentParser):
        """``argparse``'s parser, reporting a bad argument as a :class:`UsageError`."""

        def error(self, message: str):  # argparse would exit; we report through main's status
            # argparse repeats the arguments it refuses (``unrecognized arguments: …``), raw:
            # cut in the middle, its message keeps what it names and what it allows.
            raise UsageError(clip(message, MESSAGE_LENGTH, keep_end=True), self.prog)

    Parser.__module__ = __name__
    return Parser


if TYPE_CHECKING:
    from argparse import ArgumentParser as Parser
else:
    def __getattr__(name: str) -> Any:
        """``Parser``, made (and ``argparse`` imported) when a command first asks for it."""
        if name == "Parser":
            globals()["Parser"] = parser = _parser_class()
            return parser
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def a_preset_of(ruleset_id: str) -> str:
    """``a gemstone4 preset``, ``an exalted2e preset``."""
    return f"{'an' if ruleset_id[:1] in 'aeiou' else 'a'} {ruleset_id} preset"


def report_preset_error(error: PresetError) -> None:
    """Every problem a preset has, one a line (``presets check`` lists the same ones)."""
    for problem in (error, *error.more):
        print(f"worksheet: {problem}", file=sys.stderr)


def ruleset_named(ruleset_id: str):
    try:
        return rulesets.get(ruleset_id)
    except KeyError:
        raise UsageError(f"unknown ruleset {quote(ruleset_id)}; known: "
                         + ", ".join(rulesets.ids())) from None
