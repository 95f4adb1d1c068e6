"""``worksheet import RULESET SOURCE [--preset NAME] [--into shared|user] [--replace]
[--format text|json]``: a character read from the game's output, a Chummer 4 save or an
Anathema character (``import.md``), printed, and saved as a preset when asked.

A refused source (exit status 2) is one line naming it and what is wrong; nothing is written.
With ``--preset`` the preset is saved through the same safe save as the app's, after the source
was read whole: a refusal never leaves a preset behind. The preset is a character preset; when
the import filled a round input (Shadowrun's damage boxes) it is a fight preset instead, so
``calc --preset NAME`` shows every imported value.
"""

from __future__ import annotations

import json
import sys
import textwrap
from typing import Sequence

from worksheet import rulesets
from worksheet.cli.common import EXIT_BAD_INPUT, EXIT_OK, Parser, UsageError, ruleset_named
from worksheet.engine.quote import clip, printable, quote
from worksheet.importers import (NOTHING_TO_IMPORT, ImportRefused, Imported, can_import,
                                 read_import)
from worksheet.importers.reading import read_source

PROG = "worksheet import"


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="Read a character from the game's output "
                    "(gemstone4), a Chummer 4 save (shadowrun4) or an Anathema character "
                    "(exalted2e); print what it fills, and save it as a preset if asked.")
    parser.add_argument("ruleset", help="ruleset id: " + ", ".join(rulesets.ids()))
    parser.add_argument("source", metavar="SOURCE", help="a file, or - for standard input")
    parser.add_argument("--preset", metavar="NAME", help="also save a preset of this name")
    parser.add_argument("--into", choices=("user", "shared"), default="user",
                        help="where the preset is saved (default: your own folder)")
    parser.add_argument("--replace", action="store_true",
                        help="overwrite an existing preset of that name")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    return parser


def preset_kind(imported: Imported) -> str:
    """``character``, or ``fight`` when the import filled a round input or the attacker's
    side (a character preset may not hold them)."""
    from worksheet.presets.kinds import part_of

    ruleset = rulesets.get(imported.ruleset)
    if all(part_of(ruleset, name) == "character" for name in imported.inputs):
        return "character"
    return "fight"


def text_report(imported: Imported, origin: str) -> str:
    """The text output: each filled input with its label, value and where it came from, then
    what was left and the warnings."""
    specs = rulesets.get(imported.ruleset).inputs
    rows = [(specs[name].title, specs[name].to_text(value), imported.where[name])
            for name, value in imported.inputs.items()]
    label_width = max((len(row[0]) for row in rows), default=0)
    value_width = max((len(row[1]) for row in rows), default=0)
    lines = [f"Imported from {clip(origin, 80, keep_end=True)} ({imported.source}) "
             f"for {imported.ruleset}:"]
    lines += [f"  {label:<{label_width}}  {value:>{value_width}}  from {where}"
              for label, value, where in rows]
    if imported.left:
        left = ", ".join(specs[name].title for name in imported.left)
        lines += textwrap.wrap(f"Left for you: {left}", 100, subsequent_indent="  ")
    lines += [f"Check: {warning}" for warning in imported.warnings]
    return "\n".join(printable(line) for line in lines)


def run_importing(argv: Sequence[str]) -> int:
    """``worksheet import``; see the module docstring for exit statuses."""
    args = _parser().parse_args(argv)
    ruleset = ruleset_named(args.ruleset)
    if not can_import(ruleset.id):
        print(f"{PROG}: {NOTHING_TO_IMPORT.format(ruleset=ruleset.id)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        data, origin = read_source(args.source)
        imported = read_import(ruleset.id, data, origin)
    except ImportRefused as refused:
        print(f"{PROG}: {refused}", file=sys.stderr)
        return EXIT_BAD_INPUT
    saved = None
    if args.preset is not None:
        saved = _save(imported, args.preset, args.into, args.replace, origin)
    if args.format == "json":
        print(json.dumps(imported.to_json(), ensure_ascii=False, indent=2))
    else:
        print(text_report(imported, origin))
        if saved is not None:
            print(printable(f"Saved the preset {quote(args.preset.strip())} ("
                            f"{preset_kind(imported)}) to {clip(str(saved), keep_end=True)}"))
    return EXIT_OK


def _save(imported: Imported, name: str, where: str, replace: bool, origin: str):
    from worksheet.presets import Preset, PresetConflict, check_name, save_preset

    name = check_name(name)
    preset = Preset(imported.ruleset, name, clip(f"Imported from {origin} ({imported.source})",
                                                 150, keep_end=True),
                    dict(imported.inputs), kind=preset_kind(imported))
    try:
        return save_preset(preset, where, force=replace)
    except PresetConflict as conflict:
        raise UsageError(f"a preset file is already there for {quote(name)} "
                         f"({clip(str(conflict.path), keep_end=True)}); nothing was saved — "
                         "give --replace to overwrite it, or another name", PROG) from None
