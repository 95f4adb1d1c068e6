"""``worksheet [RULESET] [--preset NAME_OR_PATH]``: open the terminal app (the one place the
headless core reaches for the UI, and only when it runs)."""

from __future__ import annotations

import gc
import os
import sys
from typing import Sequence

from worksheet import presets
from worksheet.cli.common import EXIT_OK, EXIT_UNEXPECTED, UsageError, a_preset_of, ruleset_named
from worksheet.engine.quote import quote

FRAME_RATE = 240
"""The app's default frame rate (Textual's is 60); see :func:`run_app`."""


def _app_parser():
    from worksheet.cli.common import Parser
    from worksheet.cli.names import SUBCOMMANDS  # the dispatcher's own list

    parser = Parser(prog="worksheet",
                     description="Open the terminal worksheet. "
                     f"Subcommands: {', '.join(SUBCOMMANDS)}.")
    parser.add_argument("ruleset", nargs="?", help="open on this ruleset's tab")
    parser.add_argument("--preset", metavar="NAME_OR_PATH", help="open with this preset loaded")
    return parser


def plain_app_args(argv: Sequence[str]) -> tuple[str | None, str | None] | None:
    """``(RULESET, NAME_OR_PATH)`` of a plain command line — at most one ruleset and one
    ``--preset VALUE``, in any order, no value empty or starting with ``-`` — read without
    ``argparse``, which the app would otherwise keep in memory for the whole session (see
    ``cli.common``); ``None`` for anything else (``--help``, an abbreviation, ``--``, a
    mistake), which :func:`run_app` hands to ``argparse`` to read or refuse.
    ``tests/cli/test_app_args.py`` checks that both read every plain line alike."""
    ruleset = preset = None
    args = iter(argv)
    for arg in args:
        if arg == "--preset" and preset is None:
            preset = next(args, None)
            if not preset or preset.startswith("-"):
                return None
        elif arg and not arg.startswith("-") and ruleset is None:
            ruleset = arg
        else:
            return None
    return ruleset, preset


def run_app(argv: Sequence[str]) -> int:
    """``worksheet [RULESET] [--preset NAME_OR_PATH]``: open the terminal app."""
    plain = plain_app_args(argv)
    if plain is None:
        args = _app_parser().parse_args(argv)
        plain = args.ruleset, args.preset
    ruleset, preset_name = plain
    if ruleset is not None:
        ruleset_named(ruleset)
    preset = presets.find_preset(preset_name, ruleset) if preset_name else None
    if preset is not None and ruleset and preset.ruleset != ruleset:
        raise UsageError(f"--preset {quote(preset_name)} is {a_preset_of(preset.ruleset)}, "
                         f"not {ruleset}")
    # Textual paints at most MAX_FPS frames a second (read once, at import): at its default
    # of 60 a keystroke waits up to two frame periods before its new values show. A keystroke
    # costs the same CPU and bytes at a higher rate (frames are only drawn when something
    # changed); TEXTUAL_FPS in the environment still wins.
    os.environ.setdefault("TEXTUAL_FPS", str(FRAME_RATE))
    # No automatic garbage collection until the first paint: start-up's objects are scanned
    # once, in a pause after it (worksheet.ui.terminal.garbage, PauseCollector.start). Put
    # back as it was on every way out: an app that never painted (it failed to start, an
    # exception, a headless run) left it off for an in-process caller.
    collecting = gc.isenabled()
    gc.disable()
    try:
        from worksheet.ui import WorksheetApp    # the only place the core reaches for the UI

        app = WorksheetApp(ruleset=ruleset, preset=preset)
        app.run()
    finally:
        if collecting:
            gc.enable()
    if app.failure:  # a bug inside the app: one line, the edits kept for recovery
        print(f"worksheet: {app.failure}", file=sys.stderr)
        return EXIT_UNEXPECTED
    return app.return_code or EXIT_OK  # 128 + N after signal N (SIGHUP, SIGTERM)
