"""A key binding that carries its own help, and a palette command that carries its own key: the
help screen (F1), the command palette (Ctrl+P) and docs/keys.md's key table are all read from
these declarations.

The keys used to be listed four times — the bindings, the help's table, the palette's
commands and the README — and the copies drifted. Now each binding says, once, what it does
in one line (``help``) and, when the palette offers it, under which name (``command``);
``tests/ui/test_keys.py`` holds docs/keys.md's table to the same rows. The palette's commands
are :mod:`worksheet.ui.commands`' (imported with the palette, not at start).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from textual.binding import Binding

MODIFIERS = {"ctrl": "Ctrl", "shift": "Shift", "alt": "Alt"}
"""Modifier names as the player reads them."""

KEY_NAMES = {
    "up": "↑", "down": "↓", "left": "←", "right": "→", "pagedown": "PgDn", "pageup": "PgUp",
    "question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]",
    "escape": "Esc", "enter": "Enter", "insert": "Insert", "delete": "Delete", "tab": "Tab",
    "space": "Space",
}
"""Textual's key names as the player reads them (other names: ``f5`` → ``F5``)."""

ALT_DIGITS = ("inverted_exclamation_mark", "trade_mark_sign", "pound_sign", "cent_sign",
              "infinity", "section_sign", "pilcrow_sign", "bullet", "ª")
"""What Textual makes of Alt+1 … Alt+9 from terminals that send ESC and the digit (xterm,
tmux, most SSH clients): it reads them as the macOS Option characters ¡ ™ £ ¢ ∞ § ¶ • ª."""


NAMED_KEYS: dict[str, tuple[str | None, str]] = {
    "backspace": ("\x08", "⌫"), "delete": ("\x7f", "del"), "escape": ("\x1b", "esc"),
    "enter": (None, "⏎"), "tab": ("\t", "tab"), "space": (" ", "space"),
    "insert": (None, "insert"), "home": (None, "home"), "end": (None, "end"),
    "pageup": (None, "pgup"), "pagedown": (None, "pgdn"),
    "up": (None, "↑"), "down": (None, "↓"), "left": (None, "←"), "right": (None, "→"),
    **{f"f{number}": (None, f"f{number}") for number in range(1, 13)},
    "question_mark": ("?", "?"), "left_square_bracket": ("[", "["),
    "right_square_bracket": ("]", "]"), "backslash": (None, "\\"),
    "inverted_exclamation_mark": ("¡", "inverted_exclamation_mark"),
    "trade_mark_sign": ("™", "trade_mark_sign"), "pound_sign": ("£", "pound_sign"),
    "cent_sign": ("¢", "cent_sign"), "infinity": ("∞", "∞"),
    "section_sign": ("§", "section_sign"), "pilcrow_sign": ("¶", "pilcrow_sign"),
    "bullet": ("•", "•"),
}
"""Each named key a binding of the app, its screens or their widgets uses (Textual's included),
with the character Textual takes it for and how Textual writes it in a key bar: what
``textual.keys.key_to_character`` and ``format_key`` answer, written out.

Textual answers both by looking the name up in Unicode's name database (``unicodedata``),
and every lookup reads pages of that table that no other process shares: the 77 lookups of a
first paint (every binding above the focused field, and every key the bar writes) cost
0.8 MiB of memory per session, for answers that never change. :func:`key_character` and
:func:`key_display` answer from here; ``tests/ui/test_key_table.py`` holds every entry to
Textual's own answer and fails when a binding uses a named key this table lacks."""


CHARACTER_KEYS: dict[str, str] = {
    " ": "space", "!": "exclamation_mark", '"': "quotation_mark", "#": "number_sign",
    "$": "dollar_sign", "%": "percent_sign", "&": "ampersand", "'": "apostrophe",
    "(": "left_parenthesis", ")": "right_parenthesis", "*": "asterisk", "+": "plus",
    ",": "comma", "-": "minus", ".": "full_stop", "/": "slash", ":": "colon",
    ";": "semicolon", "<": "less_than_sign", "=": "equals_sign", ">": "greater_than_sign",
    "?": "question_mark", "@": "at", "[": "left_square_bracket", "\\": "backslash",
    "]": "right_square_bracket", "^": "circumflex_accent", "_": "underscore",
    "`": "grave_accent", "{": "left_curly_bracket", "|": "vertical_line",
    "}": "right_curly_bracket", "~": "tilde",
    "¡": "inverted_exclamation_mark", "™": "trade_mark_sign", "£": "pound_sign",
    "¢": "cent_sign", "∞": "infinity", "§": "section_sign", "¶": "pilcrow_sign", "•": "bullet",
}
"""The key Textual names a typed character that is not a letter or digit (``-`` → ``minus``),
written out: the terminal parser asks it of Unicode's name database for every such character
read (a space, a minus sign, Alt+3 read as ``£``), at the same cost as :data:`NAMED_KEYS`.
Every printable ASCII one, and the characters Alt+1 … Alt+8 arrive as (:data:`ALT_DIGITS`);
``tests/ui/test_key_table.py`` holds each to Textual's own answer."""


def key_character(key: str) -> str | None:
    """The character ``key`` stands for, as ``textual.keys.key_to_character`` answers: none
    with a modifier, the key itself when it is one character, else :data:`NAMED_KEYS`' (a
    name it lacks is asked of Textual)."""
    _, modifier, name = key.rpartition("+")
    if modifier:
        return None
    if len(name) == 1:
        return name
    if name in NAMED_KEYS:
        return NAMED_KEYS[name][0]
    from textual.keys import key_to_character
    return key_to_character(name)


def key_display(binding: Binding) -> str:
    """How the key bar writes ``binding``'s key, as ``App.get_key_display`` does (``^s``,
    ``f5``, ``↑``), from :data:`NAMED_KEYS` (a name it lacks is asked of Textual)."""
    if binding.key_display:
        return binding.key_display
    modifiers, name = binding.parse_key()
    if name in NAMED_KEYS:
        name = NAMED_KEYS[name][1]
    elif len(name) != 1:
        from textual.keys import format_key
        name = format_key(name)
    if "ctrl" in modifiers:
        modifiers.remove("ctrl")
        name = f"^{name}"
    return "+".join([*modifiers, name])


@dataclass(frozen=True)
class Key(Binding):
    """A binding with its one line of help and, optionally, its command in the palette.

    Textual reads it as any ``Binding``; what it adds is read only from the ``BINDINGS``
    declarations (:func:`help_rows`, ``commands.key_commands``).

    Attributes:
        help: what the key does, in one line (the help screen's and the README's text).
        command: the command's title in the palette; empty when the palette does not offer
            it (its title depends on the tab, or it is only one of a group of keys).
        keys: the keys as the help names them, when not every bound key is worth naming
            (Alt+1 is also bound to the character some terminals send for it).
    """

    help: str = ""
    command: str = ""
    keys: str = ""


def key_name(key: str) -> str:
    """One Textual key as the player reads it: ``ctrl+pagedown`` → ``Ctrl+PgDn``."""
    *modifiers, name = key.strip().split("+")
    if name in KEY_NAMES:
        name = KEY_NAMES[name]
    elif modifiers or name[0] == "f" and name[1:].isdigit():
        name = name.upper()  # Ctrl+S, F5; a letter alone stays as typed (a, e, d)
    return "+".join([*(MODIFIERS.get(m, m) for m in modifiers), name])


def key_names(binding: Binding) -> str:
    """All the keys of a binding as the help names them: ``Ctrl+Y, Ctrl+Shift+Z``."""
    if isinstance(binding, Key) and binding.keys:
        return binding.keys
    return ", ".join(key_name(key) for key in binding.key.split(","))


def helped(bindings: Iterable[Binding]) -> list[Key]:
    """The bindings that carry help, in order."""
    return [binding for binding in bindings if isinstance(binding, Key) and binding.help]


def help_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """``(keys, help)`` for each binding with help; bindings in a row with the same help are
    one row (``Alt+1 … Alt+9``)."""
    rows: list[tuple[list[str], str]] = []
    for binding in helped(bindings):
        if rows and rows[-1][1] == binding.help:
            rows[-1][0].append(key_names(binding))
        else:
            rows.append(([key_names(binding)], binding.help))
    return [(keys[0] if len(keys) == 1 else " / ".join(keys) if len(keys) == 2
             else f"{keys[0]} … {keys[-1]}", text) for keys, text in rows]
