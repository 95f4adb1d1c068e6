"""The errors of the preset store: a bad preset, and a save that would overwrite another."""

from __future__ import annotations

import unicodedata
from pathlib import Path


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes (``\\x1b``), safe to print.

    File names, keys and names in a shared folder are written by other users; printed raw, an
    escape sequence among them could rewrite another player's terminal.
    """
    if text.isprintable():
        return text
    out = []
    for character in text:
        if character.isprintable() or character == " " or \
                unicodedata.category(character) in ("Zs", "Cf") and character not in _BIDI:
            out.append(character)
        else:
            out.append(character.encode("unicode_escape").decode("ascii"))
    return "".join(out)


_BIDI = set("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class PresetError(ValueError):
    """A preset that cannot be read, is not valid, or cannot be saved where asked.

    Attributes:
        file: the file (or ``<text>``, or the name that was asked for).
        key: the key at fault (``inputs.dodge_ranks``), or empty for the whole file.
        line: the line in the file, when known.
        problem: what is wrong.
        more: the file's other problems, when validation found several (the command line
            reports them all; a dialog shows the first).
    """

    more: tuple["PresetError", ...] = ()

    def __init__(self, file: str, key: str, problem: str, line: int | None = None):
        self.file = file
        self.key = key
        self.problem = problem
        self.line = line
        where = f"{file}:{line}" if line else file
        message = f"{where}: {key}: {problem}" if key else f"{where}: {problem}"
        super().__init__(printable(message))


class PresetConflict(PresetError):
    """Saving would overwrite a file that is not the one the caller loaded.

    Raised when the target file changed on disk since it was loaded (another user, another
    session), or holds a different preset whose name maps to the same file. The caller offers
    to overwrite (``force=True``), to save under a new name, or to cancel.

    Attributes:
        path: the file that would have been overwritten.
        reason: what is in the way, in words.
    """

    def __init__(self, path: Path, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(str(path), "", reason)
