"""Untrusted text as a message repeats it: escaped, and never more than a few lines long.

A message names what was wrong — a preset file's path, a TOML key, a preset name, a value typed
or given with ``--set`` — and every one of those may come from someone else: a file another
player dropped in the shared folder, a command line pasted from a chat. Repeated whole, a
50,000-character key made a 50,000-character message that buried what was wrong; repeated raw,
an escape sequence in a key could rewrite the player's terminal, and a newline could forge a
second message. Every message that repeats such text goes through :func:`clip` or
:func:`quote`: control characters, escape sequences and newlines come out as escapes
(``\\x1b``, ``\\n``), and the text is cut to :data:`QUOTED_LENGTH` characters with an ellipsis
and the length it had. Each takes time bounded by its limit, whatever the text's size.

Textual markup is not escaped here (the core never knows where a message is shown): the app
shows every message as plain text (``markup=False``), so ``[b]`` in a key stays ``[b]``.
"""

from __future__ import annotations

import unicodedata
from itertools import islice
from typing import Iterable

QUOTED_LENGTH = 200
"""The most characters of untrusted text a message repeats (escapes counted as written)."""

_BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides: they can make the rest of a line display as something else."""


def _escape(character: str, quote_mark: str) -> str:
    """One character as a message writes it: itself, or its escape (as ``repr`` writes it)."""
    if character == "\\" and quote_mark or character == quote_mark:
        return "\\" + character
    if character.isprintable() or character == " ":
        return character
    return character.encode("unicode_escape").decode("ascii")


def _take(characters: Iterable[str], room: int, quote_mark: str) -> tuple[list[str], int]:
    """The escaped pieces of ``characters`` that fit in ``room`` characters, and how many
    characters of the text they are."""
    pieces: list[str] = []
    used = 0
    for character in characters:
        piece = _escape(character, quote_mark)
        if used + len(piece) > room:
            break
        pieces.append(piece)
        used += len(piece)
    return pieces, len(pieces)


def _cut(text: str, limit: int, quote_mark: str) -> tuple[str, bool]:
    """The escaped start of ``text`` that fits in ``limit`` characters; whether it is all."""
    pieces, count = _take(islice(text, limit + 1), limit, quote_mark)
    return "".join(pieces), count == len(text)


def clip(text: str, limit: int = QUOTED_LENGTH, *, keep_end: bool = False) -> str:
    """``text`` escaped and cut to about ``limit`` characters, for a message to repeat.

    Args:
        text: the untrusted text.
        limit: the most characters of it shown (escapes count as the characters they take).
        keep_end: cut in the middle, keeping the end too: a long path still shows its file
            name, a long message still shows what is allowed.

    Returns:
        The text whole when it fits; else its start (and, with ``keep_end``, its end) with
        ``…`` and the length it had: ``kkkk… (50000 characters)``,
        ``/tmp/aa…(5000 characters)…/bad.toml``.
    """
    shown, whole = _cut(text, limit, "")
    if whole:
        return shown
    length = f"({len(text)} characters)"
    if not keep_end:
        return f"{shown}… {length}"
    half = max(1, (limit - 1) // 2)
    head, _ = _take(islice(text, half), half, "")
    tail, _ = _take(islice(reversed(text), half), half, "")
    return f"{''.join(head)}…{length}…{''.join(reversed(tail))}"


def quote(text: str, limit: int = QUOTED_LENGTH) -> str:
    """``text`` between quotes as ``repr`` writes it, escaped and cut as :func:`clip` does.

    A text that fits reads exactly as ``repr(text)`` does: ``'sideways'``, ``"it's"``,
    ``'\\x1b[2J'``. A longer one ends with the ellipsis inside the quotes and its length after
    them: ``'kkkk…' (50000 characters)``.
    """
    start = text[:limit]
    mark = '"' if "'" in start and '"' not in start else "'"
    shown, whole = _cut(text, limit, mark)
    if whole:
        return f"{mark}{shown}{mark}"
    return f"{mark}{shown}…{mark} ({len(text)} characters)"


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes (``\\x1b``), safe to print, not cut.

    For whole lines the program prints (a listing of presets): the names and descriptions in
    them are already bounded when read, and spaces and joiners (``Zs``, ``Cf``) are kept so a
    name written with them reads as written — all but the direction overrides.
    """
    if text.isprintable():
        return text
    out = []
    for character in text:
        if character.isprintable() or character == " " or not character.isascii() and \
                unicodedata.category(character) in ("Zs", "Cf") and character not in _BIDI:
            out.append(character)
        else:
            out.append(character.encode("unicode_escape").decode("ascii"))
    return "".join(out)
