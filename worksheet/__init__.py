"""Worksheet: a character's defense in five role-playing games, with every step shown.

The package splits into a headless core (``engine``, ``rulesets``, ``presets``, ``cli``, ``report``)
that never imports Textual, and the terminal app in ``ui`` that uses it.
"""

__version__ = "0.1.0"
