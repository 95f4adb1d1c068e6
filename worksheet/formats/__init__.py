"""The output formats of a worked-out sheet, shared by the command line and the app.

``report`` prints a sheet as text, JSON or markdown (``worksheet calc``); ``oneline`` is the
one line a player pastes into the game (``--format line``, Ctrl+L); ``derivation_block`` the
derivation a player copies (Ctrl+T); ``rules_doc`` a ruleset as implemented (``worksheet
rules``, ``docs/rulesets/``). Imports the engine and the rulesets only: never Textual.
"""
