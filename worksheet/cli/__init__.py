"""The command line: ``worksheet calc``, ``rulesets``, ``rules``, ``presets``, ``party``,
``compare``, ``serve``, ``import``, and opening the app; one module per command, what they share in
:mod:`.common`.

``main(argv)`` returns the exit status instead of exiting, so tests call it directly:
0 — the sheet is valid; 2 — a bad argument or input (the message names the input, the value and
what is allowed); 1 — anything unexpected. Imports the headless core only; the app is imported
by :func:`worksheet.cli.app.run_app` when it runs.
"""

from __future__ import annotations

import os
import sys
from typing import Callable, Sequence

from worksheet.cli.common import (EXIT_BAD_INPUT, EXIT_UNEXPECTED, MESSAGE_LENGTH, UsageError,
                                  report_preset_error)
from worksheet.cli.names import MODULES, SUBCOMMANDS
from worksheet.engine.quote import clip
from worksheet.presets import PresetError


def _command(module: str) -> Callable[[Sequence[str]], int]:
    """The command's runner, its module imported only when that command runs (``calc`` need
    not load the presets' writing code, nor ``rulesets`` any ruleset)."""

    def run(argv: Sequence[str]) -> int:
        from importlib import import_module

        return getattr(import_module(f"worksheet.cli.{module}"), f"run_{module}")(argv)

    return run


COMMANDS = {name: _command(MODULES.get(name, name)) for name in SUBCOMMANDS}
"""Subcommands by name; anything else opens the app."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status (0 ok, 2 bad input, 1 unexpected)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in COMMANDS:
            return COMMANDS[argv[0]](argv[1:])
        from worksheet.cli.app import run_app

        return run_app(argv)
    except UsageError as error:
        print(f"{error.prog}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except PresetError as error:
        report_preset_error(error)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `worksheet presets list | head`: the reader left; not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except SystemExit as exit_:  # --help
        return int(exit_.code or 0) if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    except Exception as error:  # noqa: BLE001 — the promised exit status 1
        print(f"worksheet: unexpected error: {type(error).__name__}: "
              f"{clip(str(error), MESSAGE_LENGTH, keep_end=True)}", file=sys.stderr)
        return EXIT_UNEXPECTED


def main_entry() -> None:
    """The ``worksheet`` console script."""
    sys.exit(main())
