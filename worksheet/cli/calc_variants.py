"""``worksheet calc … --what-if`` and ``… --sweep``: the sheet and its variants
(``shared/spec/compare.md``).

The starting sheet is ``calc``'s own; while it is invalid, the command prints what ``calc``
prints and exits 2 (a variant of an invalid sheet answers nothing). A bad ``--sweep`` argument
is refused before anything is evaluated. Variants that an input or a rule refuses are part of
the answer and never change the exit status.
"""

from __future__ import annotations

import sys
from typing import Any, Mapping

from worksheet.cli.common import EXIT_BAD_INPUT, EXIT_OK, EXIT_UNEXPECTED, UsageError
from worksheet.engine.variants import Variants


def run_variants(args: Any, ruleset: Any, values: Mapping[str, Any],
                 texts: Mapping[str, str]) -> int:
    """Print the what-if or the sweep in ``args.format``; return the exit status."""
    if args.format not in ("text", "json", "markdown"):
        option = "--what-if" if args.what_if else "--sweep"
        raise UsageError(f"{option} prints text, json or markdown, not {args.format}",
                         "worksheet calc")
    sweep = None
    if args.sweep is not None:
        from worksheet.cli.sweep_arg import parse_sweep

        sweep = parse_sweep(args.sweep, ruleset)
    variants = Variants(ruleset, values, texts)
    sheet = variants.sheet
    if sheet.internal_errors or sheet.problems:
        from worksheet.formats.report import FORMATS

        print(FORMATS[args.format](sheet))
        for _, message in sheet.internal_errors:
            print(f"worksheet: {message}", file=sys.stderr)
        for problem in sheet.problems:
            print(f"worksheet: {problem.message}", file=sys.stderr)
        return EXIT_UNEXPECTED if sheet.internal_errors else EXIT_BAD_INPUT
    if sweep is None:
        from worksheet.formats.what_if import FORMATS as WHAT_IF

        outcomes = variants.what_if()
        print(WHAT_IF[args.format](sheet, variants.base, outcomes))
    else:
        from worksheet.formats.sweep import FORMATS as SWEEP

        name, row_values = sweep
        rows = variants.sweep(name, row_values)
        print(SWEEP[args.format](sheet, variants.base, name, rows))
    return EXIT_OK
