"""The app's plain command lines are read without ``argparse`` (``cli.app.plain_app_args``),
exactly as ``argparse`` reads them: anything else goes to ``argparse``, which reads or refuses it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worksheet.cli.app import _app_parser, plain_app_args
from worksheet.cli.common import UsageError

TOKENS = ["rise", "gemstone4", "--preset", "example-1", "my preset.toml", "", "-", "--",
          "-h", "--help", "--pre", "--preset=x", "-1", "--nope", "-x y", "@file", "rise=2"]
"""Plain words, the option and its value, and every shape ``argparse`` treats apart."""


def argparse_reads(argv: list[str]) -> tuple[str | None, str | None] | str:
    """``(ruleset, preset)`` as ``argparse`` reads ``argv``, or ``"refused"``."""
    try:
        args = _app_parser().parse_args(argv)
    except (UsageError, SystemExit):
        return "refused"
    return args.ruleset, args.preset


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=5))
def test_a_plain_line_reads_as_argparse_reads_it(argv):
    plain = plain_app_args(argv)
    if plain is not None:
        assert plain == argparse_reads(argv)


@pytest.mark.parametrize("argv, expected", [
    ([], (None, None)),
    (["rise"], ("rise", None)),
    (["--preset", "example-1"], (None, "example-1")),
    (["rise", "--preset", "r1 fighter.toml"], ("rise", "r1 fighter.toml")),
    (["--preset", "x.toml", "gemstone4"], ("gemstone4", "x.toml")),
])
def test_plain_lines(argv, expected):
    assert plain_app_args(argv) == expected == argparse_reads(argv)


@pytest.mark.parametrize("argv", [
    ["--help"], ["-h"], ["rise", "gemstone4"], ["--preset"], ["--preset", ""],
    ["--preset", "-x"], ["--preset", "a", "--preset", "b"], ["--pre", "a"], ["--preset=a"],
    ["--", "rise"], [""], ["-"], ["rise", "--nope"],
])
def test_anything_else_goes_to_argparse(argv):
    assert plain_app_args(argv) is None


def test_the_apps_help_names_every_subcommand(capsys):
    """``worksheet --help`` is where a player looks for the commands: it names each one
    (``import`` was missing once, since the list was written by hand)."""
    from worksheet.cli import COMMANDS, main

    assert main(["--help"]) == 0
    words = " ".join(capsys.readouterr().out.split())
    assert "Subcommands: " in words
    listed = words.split("Subcommands: ", 1)[1].split(".", 1)[0].split(", ")
    assert listed == list(COMMANDS) and "import" in listed
