"""``worksheet rulesets``: the ruleset ids and titles."""

from __future__ import annotations

from typing import Sequence

from worksheet import rulesets
from worksheet.cli.common import EXIT_OK, Parser


def run_rulesets(argv: Sequence[str]) -> int:
    """``worksheet rulesets``: the ids and titles."""
    Parser(prog="worksheet rulesets", description="List the rulesets.").parse_args(argv)
    for ruleset_id in rulesets.ids():  # titles from the registry: no ruleset is imported
        print(f"{ruleset_id:<12} {rulesets.title(ruleset_id)}")
    return EXIT_OK
