"""Each distinct piece of CSS parsed once per test process, not once per app.

Textual keeps the rules it parsed in each app's own stylesheet (``Stylesheet._parse_cache``),
so every Pilot app parsed the same thirty-odd sources again, its own and every widget's
``DEFAULT_CSS``: about an eighth of the CPU of starting an app, and the suite starts some
500. The rules a piece of CSS parses to depend only on its text, where it was read from, its
scope and priority, and the stylesheet's variables (the theme's colours), all part of the
key here; a rule set is not changed after it is parsed, so apps can share it. A parse that
fails raises as before and is not kept. Each app's own cache is read and filled as Textual
does (a test reads its misses), so the app's behaviour is untouched: this only saves
tokenising the same text again.
"""

from __future__ import annotations


def parse_each_css_once() -> None:
    """Make every ``Stylesheet`` in this process share the rules parsed from the same CSS."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    if getattr(parse, "shared", False):
        return
    parsed: dict[tuple, list] = {}

    def shared_parse(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope)
        shared_key = (*key, tuple(self._variables.items()))
        rules = parsed.get(shared_key)
        if rules is None:  # Textual's own parse, which keeps it in the app's cache
            rules = parsed[shared_key] = parse(self, css, read_from, is_default_rules,
                                               tie_breaker, scope)
            return rules
        try:  # the app's cache as Textual has it: its hits, misses and keys
            return self._parse_cache[key]
        except KeyError:
            self._parse_cache[key] = rules
            return rules

    shared_parse.shared = True
    Stylesheet._parse_rules = shared_parse
