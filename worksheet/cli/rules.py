"""``worksheet rules RULESET [--format text|markdown]``: a ruleset as implemented, from its
declarations (what ``docs/rulesets/`` holds)."""

from __future__ import annotations

from typing import Sequence

from worksheet import rulesets
from worksheet.cli.common import EXIT_OK, Parser, ruleset_named


def run_rulesets(argv: Sequence[str]) -> int:
    """``worksheet rulesets``: the ids and titles."""
    Parser(prog="worksheet rulesets", description="List the rulesets.").parse_args(argv)
    for ruleset_id in rulesets.ids():  # titles from the registry: no ruleset is imported
        print(f"{ruleset_id:<12} {rulesets.title(ruleset_id)}")
    return EXIT_OK


def run_rules(argv: Sequence[str]) -> int:
    """``worksheet rules``: a ruleset's inputs and rules (:mod:`worksheet.formats.rules_doc`)."""
    from worksheet.formats.rules_doc import FORMATS    # only this command needs it

    parser = Parser(prog="worksheet rules",
                     description="Print a ruleset's inputs and rules, in derivation order.")
    parser.add_argument("ruleset", help="ruleset id: " + ", ".join(rulesets.ids()))
    parser.add_argument("--format", choices=tuple(FORMATS), default="text")
    args = parser.parse_args(argv)
    print(FORMATS[args.format](ruleset_named(args.ruleset)))
    return EXIT_OK
