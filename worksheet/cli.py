"""The command line: ``worksheet calc``, ``worksheet rulesets``, ``worksheet rules``, and opening
the app.

``main(argv)`` returns the exit status instead of exiting, so tests call it directly:
0 — the sheet is valid; 2 — a bad argument or input (the message names the input, the value and
what is allowed); 1 — anything unexpected.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from typing import Sequence

from . import rulesets
from .engine import RecordsInput, Sheet
from .engine.quote import clip, quote
from . import presets  # each name loads its module on first use (a preset is not always asked for)
from .presets import PresetError

EXIT_OK, EXIT_UNEXPECTED, EXIT_BAD_INPUT = 0, 1, 2

MESSAGE_LENGTH = 400
"""The longest message of someone else's making printed whole (argparse's, an unexpected
error's); a longer one is cut in the middle."""

FRAME_RATE = 240
"""The app's default frame rate (Textual's is 60); see :func:`run_app`."""


class UsageError(Exception):
    """A bad argument: reported on standard error with exit status 2.

    Attributes:
        prog: the command the message is about (``worksheet calc``), printed before it.
    """

    def __init__(self, message: str, prog: str = "worksheet"):
        self.prog = prog
        super().__init__(message)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit; we report through main's status
        # argparse repeats the arguments it refuses (``unrecognized arguments: …``), raw: cut
        # in the middle, its message keeps what it names and what it allows.
        raise UsageError(clip(message, MESSAGE_LENGTH, keep_end=True), self.prog)


def _a_preset_of(ruleset_id: str) -> str:
    """``a gemstone4 preset``, ``an exalted2e preset``."""
    return f"{'an' if ruleset_id[:1] in 'aeiou' else 'a'} {ruleset_id} preset"


def _report_preset_error(error: PresetError) -> None:
    """Every problem a preset has, one a line (``presets check`` lists the same ones)."""
    for problem in (error, *error.more):
        print(f"worksheet: {problem}", file=sys.stderr)


def _calc_parser() -> _Parser:
    parser = _Parser(prog="worksheet calc",
                     description="Evaluate a sheet and print every step of the derivation.")
    parser.add_argument("ruleset", help="ruleset id: " + ", ".join(rulesets.ids()))
    parser.add_argument("--preset", metavar="NAME_OR_PATH", help="start from this preset")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                        help="override one input after the preset (repeatable)")
    from .report import FORMATS  # the app never needs it

    parser.add_argument("--format", choices=tuple(FORMATS), default="text",
                        help="line: the result on one line, for a chat or MUD client")
    return parser


def _app_parser() -> _Parser:
    parser = _Parser(prog="worksheet",
                     description="Open the terminal worksheet. "
                     "Subcommands: calc, rulesets, rules, presets.")
    parser.add_argument("ruleset", nargs="?", help="open on this ruleset's tab")
    parser.add_argument("--preset", metavar="NAME_OR_PATH", help="open with this preset loaded")
    return parser


def _ruleset(ruleset_id: str):
    try:
        return rulesets.get(ruleset_id)
    except KeyError:
        raise UsageError(f"unknown ruleset {quote(ruleset_id)}; known: "
                         + ", ".join(rulesets.ids())) from None


def _split_set(argument: str, ruleset) -> tuple[str, str]:
    name, equals, text = argument.partition("=")
    name = name.strip().replace("-", "_")
    if not equals or not name:
        raise UsageError(f"--set {quote(argument)}: expected NAME=VALUE")
    spec = ruleset.inputs.get(name)
    if spec is None:
        raise UsageError(f"--set {quote(argument)}: {ruleset.id} has no input {quote(name)}; "
                         "inputs: "
                         + ", ".join(ruleset.inputs))
    if isinstance(spec, RecordsInput):
        raise UsageError(f"--set {quote(argument)}: {name} is a record list; set it in a "
                         "preset")
    return name, text


def run_calc(argv: Sequence[str]) -> int:
    """``worksheet calc``: evaluate and print; see the module docstring for exit statuses."""
    args = _calc_parser().parse_args(argv)
    ruleset = _ruleset(args.ruleset)
    values = {}
    if args.preset:
        preset = presets.find_preset(args.preset, ruleset.id)
        if preset.ruleset != ruleset.id:
            raise UsageError(f"--preset {quote(args.preset)} is {_a_preset_of(preset.ruleset)}, "
                             f"not {ruleset.id}")
        values = preset.inputs
    texts = dict(_split_set(argument, ruleset) for argument in args.sets)
    sheet = Sheet(ruleset, values)
    sheet.set_many_text(texts)
    from .report import FORMATS

    print(FORMATS[args.format](sheet))
    if sheet.internal_errors:
        for node, message in sheet.internal_errors:
            print(f"worksheet: {message}", file=sys.stderr)
        return EXIT_UNEXPECTED
    if sheet.problems:
        for problem in sheet.problems:
            print(f"worksheet: {problem.message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def run_rulesets(argv: Sequence[str]) -> int:
    """``worksheet rulesets``: the ids and titles."""
    _Parser(prog="worksheet rulesets", description="List the rulesets.").parse_args(argv)
    for ruleset_id in rulesets.ids():  # titles from the registry: no ruleset is imported
        print(f"{ruleset_id:<12} {rulesets.title(ruleset_id)}")
    return EXIT_OK


def run_rules(argv: Sequence[str]) -> int:
    """``worksheet rules``: a ruleset's inputs and rules (:mod:`worksheet.rulesets.rules_doc`)."""
    from .rulesets.rules_doc import FORMATS  # only this command needs it

    parser = _Parser(prog="worksheet rules",
                     description="Print a ruleset's inputs and rules, in derivation order.")
    parser.add_argument("ruleset", help="ruleset id: " + ", ".join(rulesets.ids()))
    parser.add_argument("--format", choices=tuple(FORMATS), default="text")
    args = parser.parse_args(argv)
    print(FORMATS[args.format](_ruleset(args.ruleset)))
    return EXIT_OK


def run_presets(argv: Sequence[str]) -> int:
    """``worksheet presets``: see :mod:`worksheet.cli_presets`."""
    from .cli_presets import run_presets as run  # it loads the saving code the app defers

    return run(argv)


def run_app(argv: Sequence[str]) -> int:
    """``worksheet [RULESET] [--preset NAME_OR_PATH]``: open the terminal app."""
    args = _app_parser().parse_args(argv)
    if args.ruleset is not None:
        _ruleset(args.ruleset)
    preset = presets.find_preset(args.preset, args.ruleset) if args.preset else None
    if preset is not None and args.ruleset and preset.ruleset != args.ruleset:
        raise UsageError(f"--preset {quote(args.preset)} is {_a_preset_of(preset.ruleset)}, "
                         f"not {args.ruleset}")
    # Textual paints at most MAX_FPS frames a second (read once, at import): at its default
    # of 60 a keystroke waits up to two frame periods before its new values show. A keystroke
    # costs the same CPU and bytes at a higher rate (frames are only drawn when something
    # changed); TEXTUAL_FPS in the environment still wins.
    os.environ.setdefault("TEXTUAL_FPS", str(FRAME_RATE))
    # No automatic garbage collection until the first paint: start-up's objects are scanned
    # once, in a pause after it (worksheet.ui.garbage, PauseCollector.start).
    gc.disable()
    from .ui import WorksheetApp  # the only place the core reaches for the UI

    app = WorksheetApp(ruleset=args.ruleset, preset=preset)
    app.run()
    if app.failure:  # a bug inside the app: one line, the edits kept for recovery
        print(f"worksheet: {app.failure}", file=sys.stderr)
        return EXIT_UNEXPECTED
    return app.return_code or EXIT_OK  # 128 + N after signal N (SIGHUP, SIGTERM)


COMMANDS = {"calc": run_calc, "rulesets": run_rulesets, "rules": run_rules,
            "presets": run_presets}
"""Subcommands by name; anything else opens the app."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status (0 ok, 2 bad input, 1 unexpected)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in COMMANDS:
            return COMMANDS[argv[0]](argv[1:])
        return run_app(argv)
    except UsageError as error:
        print(f"{error.prog}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except PresetError as error:
        _report_preset_error(error)
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
