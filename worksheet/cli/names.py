"""The subcommands' names, in the order ``worksheet --help`` lists them.

On their own so that both the dispatcher (``worksheet.cli``) and the app's help
(``worksheet.cli.app``) read one list without importing each other.
"""

SUBCOMMANDS = ("calc", "rulesets", "rules", "presets", "party", "compare", "serve", "import")
"""Every subcommand; anything else on the command line opens the app."""

MODULES = {"import": "importing"}
"""Subcommands whose module is named otherwise (``import`` is a keyword)."""
