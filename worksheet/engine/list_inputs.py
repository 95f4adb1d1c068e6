"""Inputs whose value is a list typed on one line: dice faces as rolled, and names.

Items are separated by commas, spaces or both (``8,3``, ``8, 3``, ``8 3``); the count is checked
before any item is converted, so a pasted megabyte is refused at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from worksheet.engine.inputs import InputSpec
from worksheet.engine.quote import quote
from worksheet.engine.shown import SHOWN_LENGTH, show_value


def _split(text: str) -> list[str]:
    """A typed list's items: separated by commas, spaces or both (``8,3``, ``8, 3``, ``8 3``);
    two commas in a row leave an empty item, which the caller refuses."""
    text = text.strip()
    return re.split(r"\s*,\s*|\s+", text) if text else []


@dataclass(frozen=True)
class FacesInput(InputSpec):
    """Dice as rolled: a list of faces, each from 1 to ``sides``.

    Attributes:
        sides: the die (6 or 10).
        max_count: how many faces at most.
    """

    default: Any = ()
    sides: int = 10
    max_count: int = 30
    kind: ClassVar[str] = "faces"
    text_pattern: ClassVar[str] = r"[0-9, ]*"

    def allowed(self, short: bool = False) -> str:
        if short:
            return f"up to {self.max_count} d{self.sides} faces, e.g. {self.example}"
        return (f"up to {self.max_count} d{self.sides} faces, each 1–{self.sides}, "
                f"separated by commas or spaces, e.g. {self.example} (empty for none)")

    @property
    def example(self) -> str:
        """A roll this input accepts, for help texts (``5,3,6`` on d6, ``8,3,10`` on d10)."""
        return ",".join(str(face) for face in (min(8, self.sides - 1), 3, self.sides)
                        [:self.max_count])

    def _parse_text(self, text: str) -> tuple[int, ...]:
        parts = _split(text)
        if len(parts) > self.max_count:  # before converting anything: a paste may be huge
            raise self.fail(text, f"{len(parts)} faces is more than {self.max_count}")
        faces = []
        for part in parts:
            if not re.fullmatch(r"[0-9]{1,3}", part):
                raise self.fail(text, f"{quote(part, SHOWN_LENGTH)} is not a die face")
            faces.append(int(part))
        return self._coerce(faces)

    def _coerce(self, raw: Any) -> tuple[int, ...]:
        if isinstance(raw, str):
            return self._parse_text(raw)
        if not isinstance(raw, (list, tuple)):
            raise self.fail(raw, "not a list of die faces")
        if len(raw) > self.max_count:
            raise self.fail(raw, f"{len(raw)} faces is more than {self.max_count}")
        for face in raw:
            if isinstance(face, bool) or not isinstance(face, int):
                shown = quote(show_value(face, 1), SHOWN_LENGTH)
                raise self.fail(raw, f"{shown} is not a die face")
            if not 1 <= face <= self.sides:
                raise self.fail(raw, f"face {show_value(face, 1)} is outside 1–{self.sides}")
        if len(raw) > self.max_count:
            raise self.fail(raw, f"{len(raw)} faces is more than {self.max_count}")
        return tuple(raw)

    def to_toml(self, value: Any) -> Any:
        return list(value)

    def to_json(self, value: Any) -> Any:
        return list(value)


@dataclass(frozen=True)
class NamesInput(InputSpec):
    """A list of names, each from ``choices``, without repeats."""

    default: Any = ()
    choices: tuple[str, ...] = ()
    kind: ClassVar[str] = "names"
    text_pattern: ClassVar[str] = r"[-_a-z0-9, ]*"

    def allowed(self, short: bool = False) -> str:
        if short:
            return ""  # the list of names shows them
        return ("names from " + ", ".join(self.choices)
                + ", separated by commas or spaces (empty for none)")

    @property
    def example(self) -> str:
        """Up to two of the names, as they are typed."""
        return ",".join(self.choices[:2])

    def _coerce(self, raw: Any) -> tuple[str, ...]:
        if isinstance(raw, str):
            raw = _split(raw)
        if not isinstance(raw, (list, tuple)):
            raise self.fail(raw, "not a list of names")
        if len(raw) > len(self.choices):
            raise self.fail(raw, f"{len(raw)} names, but there are only {len(self.choices)}")
        for item in raw:
            if not isinstance(item, str) or item not in self.choices:
                raise self.fail(raw, f"{quote(show_value(item, 1), SHOWN_LENGTH)} is not "
                                     "one of the names")
        if len(set(raw)) != len(raw):
            raise self.fail(raw, "a name is repeated")
        return tuple(raw)

    def to_toml(self, value: Any) -> Any:
        return list(value)

    def to_json(self, value: Any) -> Any:
        return list(value)
