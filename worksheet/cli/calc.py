"""``worksheet calc RULESET [--preset P]... [--set NAME=VALUE]... [--format F]``: evaluate a
sheet without the app and print every step of its derivation.

``--preset`` may be repeated (a character, then an attacker): each preset replaces the inputs
of its kind, in order, as loading them one after the other in the app does."""

from __future__ import annotations

import sys
from typing import Sequence

from worksheet import presets, rulesets
from worksheet.cli.common import (EXIT_BAD_INPUT, EXIT_OK, EXIT_UNEXPECTED, Parser, UsageError,
                                  a_preset_of, ruleset_named)
from worksheet.engine import RecordsInput, Sheet
from worksheet.engine.quote import quote


def _calc_parser() -> Parser:
    parser = Parser(prog="worksheet calc",
                     description="Evaluate a sheet and print every step of the derivation.")
    parser.add_argument("ruleset", help="ruleset id: " + ", ".join(rulesets.ids()))
    parser.add_argument("--preset", dest="presets", action="append", default=[],
                        metavar="NAME_OR_PATH",
                        help="start from this preset; repeat it to combine a character and an "
                             "attacker preset: each, in order, replaces the inputs of its kind")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                        help="override one input after the preset (repeatable)")
    from worksheet.formats.report import FORMATS    # the app never needs it

    parser.add_argument("--format", choices=tuple(FORMATS), default="text",
                        help="line: the result on one line, for a chat or MUD client")
    variants = parser.add_mutually_exclusive_group()  # compare.md: what-if and sweeps
    variants.add_argument("--what-if", action="store_true",
                          help="also evaluate one step of every input, best for the defender "
                               "first")
    variants.add_argument("--sweep", metavar="NAME=FROM..TO[:STEP]",
                          help="evaluate once per value of one input (a boolean or a choice: "
                               "NAME alone); at most 1,000 rows")
    return parser


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


def set_texts(arguments: Sequence[str], ruleset) -> dict[str, str]:
    """``--set NAME=VALUE`` arguments as texts by input name, the last one of a name winning,
    as ``calc`` applies them; a bad argument is a :class:`UsageError` (exit status 2).
    ``compare`` and ``party`` read their ``--set`` through it."""
    return dict(_split_set(argument, ruleset) for argument in arguments)


def preset_values(arguments: Sequence[str], ruleset) -> dict:
    """Every input's value after the ``--preset`` arguments, applied in order as loading them
    one after the other in the app does: each replaces the inputs of its kind (a character, an
    attacker, or all of them), the rest keep theirs; defaults before the first.

    Raises:
        UsageError: a preset of another ruleset (exit status 2).
        PresetError: no such preset, or it is not valid (exit status 2).
    """
    values = ruleset.defaults()
    for argument in arguments:
        preset = presets.find_preset(argument, ruleset.id)
        if preset.ruleset != ruleset.id:
            raise UsageError(f"--preset {quote(argument)} is {a_preset_of(preset.ruleset)}, "
                             f"not {ruleset.id}")
        values.update(presets.to_load(ruleset, preset.kind, preset.inputs, values))
    return values


def run_calc(argv: Sequence[str]) -> int:
    """``worksheet calc``: evaluate and print; see :mod:`worksheet.cli` for exit statuses."""
    args = _calc_parser().parse_args(argv)
    ruleset = ruleset_named(args.ruleset)
    values = preset_values(args.presets, ruleset)
    texts = set_texts(args.sets, ruleset)
    if args.what_if or args.sweep is not None:
        from worksheet.cli.calc_variants import run_variants

        return run_variants(args, ruleset, values, texts)
    sheet = Sheet(ruleset, values)
    sheet.set_many_text(texts)
    from worksheet.formats.report import FORMATS

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
