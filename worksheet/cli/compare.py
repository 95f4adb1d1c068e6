"""``worksheet compare A B [--set NAME=VALUE]... [--format text|json|markdown]``: two presets of
one ruleset side by side (``shared/spec/compare.md``).

A and B are looked up as ``--preset`` is everywhere (a name or a path); ``--set`` applies to
both, after each preset, as ``calc`` applies it — the same attack against both characters.
Presets of different rulesets, a bad ``--set`` or a bad preset: exit status 2 before anything
is printed. A side that its inputs make invalid is shown, its problems go to standard error
and the exit status is 2, as ``calc`` does for one sheet.
"""

from __future__ import annotations

import sys
from typing import Sequence

from worksheet import presets, rulesets
from worksheet.cli.common import (EXIT_BAD_INPUT, EXIT_OK, EXIT_UNEXPECTED, Parser, UsageError,
                                  a_preset_of)
from worksheet.engine.quote import quote


def _compare_parser() -> Parser:
    parser = Parser(prog="worksheet compare",
                    description="Two presets of one ruleset side by side: the inputs and "
                                "values that differ, and where the derivations part.")
    parser.add_argument("a", metavar="A", help="a preset name or path")
    parser.add_argument("b", metavar="B", help="another preset of the same ruleset")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                        help="override one input on both sides (repeatable)")
    parser.add_argument("--format", choices=("text", "json", "markdown"), default="text")
    return parser


def run_compare(argv: Sequence[str]) -> int:
    """``worksheet compare``: print the comparison; see :mod:`worksheet.cli` for statuses."""
    args = _compare_parser().parse_args(argv)
    a = presets.find_preset(args.a)
    b = presets.find_preset(args.b, a.ruleset)
    if b.ruleset != a.ruleset:
        raise UsageError(f"{quote(args.a)} is {a_preset_of(a.ruleset)} and {quote(args.b)} "
                         f"{a_preset_of(b.ruleset)}; compare presets of one ruleset",
                         "worksheet compare")
    ruleset = rulesets.get(a.ruleset)
    from worksheet.cli.calc import set_texts
    from worksheet.engine.variants import start_sheet
    from worksheet.formats.compare import FORMATS, Comparison

    texts = set_texts(args.sets, ruleset)
    sheets = (start_sheet(ruleset, a.inputs, texts), start_sheet(ruleset, b.inputs, texts))
    comparison = Comparison(*sheets, args.a, args.b)
    print(FORMATS[args.format](comparison))
    status = EXIT_OK
    for side, sheet in zip("AB", sheets):
        for _, message in sheet.internal_errors:
            print(f"worksheet: {side}: {message}", file=sys.stderr)
            status = EXIT_UNEXPECTED
        for problem in sheet.problems:
            print(f"worksheet: {side}: {problem.message}", file=sys.stderr)
            status = status or EXIT_BAD_INPUT
    return status
