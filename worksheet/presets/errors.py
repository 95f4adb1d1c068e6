"""The errors of the preset store: a bad preset, and a save that would overwrite another."""

from __future__ import annotations

from pathlib import Path

from worksheet.engine.quote import clip, printable

__all__ = ["PresetConflict", "PresetError", "printable"]

PROBLEM_LENGTH = 1000
"""The longest problem a message states: every problem is far shorter; a longer one repeats
something untrusted that :func:`~worksheet.engine.quote.clip` was not asked to cut."""


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
        # The file, key and problem may all be someone else's text (a path given on the
        # command line, a key in a shared preset): each is escaped and bounded.
        shown = clip(file, keep_end=True)  # a long path still ends with its file name
        where = f"{shown}:{line}" if line else shown
        problem = clip(problem, PROBLEM_LENGTH, keep_end=True)
        message = f"{where}: {clip(key)}: {problem}" if key else f"{where}: {problem}"
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
