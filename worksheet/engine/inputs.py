"""Input declarations: type, default, bounds or choices, help — and all parsing of inputs.

One declaration serves every place a value enters the program: text typed in the app or given
with ``--set`` (:meth:`InputSpec.parse_text`), a value read from a TOML preset or passed from
code (:meth:`InputSpec.coerce`), and the way back out (``to_text``, ``to_toml``, ``to_json``).
A value that does not fit raises :class:`InputError`, whose message names the input, the value
given and what is allowed — never a silent fallback to a default.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar, Mapping

from .numbers import NumberError, exact, format_number, json_number

REQUIRED = object()
"""Default of a record field that must be given."""


class InputError(ValueError):
    """A value that an input does not allow.

    Attributes:
        input: the input's name (``effects[2].value`` for a record field).
        given: the value as given, shown back to the user.
        problem: what is wrong with it.
        allowed: what the input allows, in words.
    """

    def __init__(self, input: str, given: Any, problem: str, allowed: str):
        self.input = input
        self.given = given
        self.problem = problem
        self.allowed = allowed
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The whole message: input, value, problem and what is allowed."""
        shown = shorten(self.given if isinstance(self.given, str) else show_value(self.given))
        return f"{self.input} = {shown!r}: {self.problem}; allowed: {self.allowed}"


SHOWN_LENGTH = 40
"""The longest value a message repeats whole; a longer one is cut, with its length given."""


def shorten(text: str) -> str:
    """``text`` cut to :data:`SHOWN_LENGTH` characters, saying how long it was, so a message
    about a megabyte of pasted digits stays one readable line."""
    if len(text) <= SHOWN_LENGTH:
        return text
    return f"{text[:SHOWN_LENGTH - 10]}… ({len(text)} characters)"


def show_value(value: Any, depth: int = 0) -> str:
    """A value as a message shows it; never fails, never deep (nested lists show as ``[…]``)."""
    if isinstance(value, (list, tuple)):
        if depth:
            return "[…]"
        items = [show_value(item, 1) for item in value[:SHOWN_LENGTH]]
        return ",".join(items) + (",…" if len(value) > SHOWN_LENGTH else "")
    if isinstance(value, Mapping):
        return "{…}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return str(value)  # cheap for any exponent; never converted to a big number
    if isinstance(value, Fraction):
        try:
            return format_number(exact(value))
        except NumberError:
            return "a fraction too large to show"
    if isinstance(value, int):
        try:
            exact(value)
        except NumberError:
            return f"a {value.bit_length()}-bit integer"
        return str(value)
    if isinstance(value, str):
        return value
    return type(value).__name__


def kebab(name: str) -> str:
    """The widget id of an input or node: ``dodge_ranks`` → ``dodge-ranks``."""
    return name.replace("_", "-")


@dataclass(frozen=True)
class InputSpec:
    """What every input declares. Subclasses define the type.

    Attributes:
        name: the input's name, also its key in presets and ``--set``.
        default: its value when nothing else is given.
        help: one line that tells a player what to enter.
        label: the label shown in the app; defaults to the name in words.
        optional: an empty value (``None``) is allowed and means "not given".
    """

    name: str
    default: Any = None
    help: str = ""
    label: str = ""
    optional: bool = False

    kind: ClassVar[str] = "value"
    text_pattern: ClassVar[str | None] = None
    """A regular expression for the characters an editor may accept (None: any)."""

    @property
    def title(self) -> str:
        """The label shown in the app."""
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def widget_id(self) -> str:
        """The id of the widget that edits this input."""
        return kebab(self.name)

    def allowed(self) -> str:
        """What this input allows, in words."""
        raise NotImplementedError

    def fail(self, given: Any, problem: str) -> InputError:
        """An :class:`InputError` for this input."""
        allowed = self.allowed() + (", or empty" if self.optional else "")
        return InputError(self.name, given, problem, allowed)

    def number(self, raw: Any) -> Any:
        """``raw`` (text, an int, a Fraction or a TOML decimal) as an exact number, by the one
        grammar and size bound of :func:`~worksheet.engine.numbers.exact`.

        Raises:
            InputError: not an exact number, or too many digits.
        """
        try:
            return exact(raw)
        except NumberError as error:
            raise self.fail(raw, "not an exact number" if error.form else error.problem) \
                from None

    def parse_text(self, text: str) -> Any:
        """Parse text typed by a user or given with ``--set``."""
        if self.optional and text.strip() == "":
            return None
        return self._parse_text(text.strip())

    def _parse_text(self, text: str) -> Any:
        return self.coerce(text)

    def coerce(self, raw: Any) -> Any:
        """Check a value from TOML or code and return it in the engine's form."""
        if raw is None:
            if self.optional:
                return None
            raise self.fail("", "a value is required")
        return self._coerce(raw)

    def _coerce(self, raw: Any) -> Any:
        raise NotImplementedError

    def to_text(self, value: Any) -> str:
        """Text that :meth:`parse_text` reads back as ``value``."""
        return "" if value is None else show_value(value)

    @property
    def example(self) -> str:
        """Text this input accepts, for help texts that show one (a test parses them all)."""
        return self.to_text(self.default) if self.default is not REQUIRED else ""

    def to_toml(self, value: Any) -> Any:
        """The value as TOML writes it (``None`` is left out of the file)."""
        return value

    def to_json(self, value: Any) -> Any:
        """The value as JSON output shows it."""
        return value


@dataclass(frozen=True)
class IntInput(InputSpec):
    """A whole number between ``minimum`` and ``maximum`` (inclusive)."""

    minimum: int | None = None
    maximum: int | None = None
    kind: ClassVar[str] = "int"
    text_pattern: ClassVar[str] = r"[-+−0-9]*"

    def allowed(self) -> str:
        return "a whole number" + _range_words(self.minimum, self.maximum)

    @property
    def example(self) -> str:
        """A whole number within the bounds (the default when it has one)."""
        if isinstance(self.default, int):
            return str(self.default)
        return str(self.minimum if self.minimum is not None else self.maximum or 0)

    def _coerce(self, raw: Any) -> int:
        if isinstance(raw, bool) or not isinstance(raw, (int, Fraction, Decimal, str)):
            raise self.fail(raw, f"not a whole number (got {_kind(raw)})")
        try:
            value = exact(raw)
        except NumberError as error:
            raise self.fail(raw, "not a whole number" if error.form else error.problem) from None
        if type(value) is not int:
            raise self.fail(raw, "not a whole number")
        _check_range(self, value, self.minimum, self.maximum)
        return value


@dataclass(frozen=True)
class NumberInput(InputSpec):
    """An exact number (``3/2``, ``1.5``, ``-4``) within optional bounds.

    Attributes:
        above: when true, the value must be strictly greater than ``minimum``.
    """

    minimum: Fraction | int | None = None
    maximum: Fraction | int | None = None
    above: bool = False
    kind: ClassVar[str] = "number"
    text_pattern: ClassVar[str] = r"[-+−0-9./]*"

    def allowed(self) -> str:
        if self.above and self.minimum is not None:
            words = f"an exact number greater than {format_number(self.minimum)}"
        else:
            words = "an exact number" + _range_words(self.minimum, self.maximum)
        return words + f" (e.g. {self._example_words()})"

    @property
    def example(self) -> str:
        """An allowed number, chosen within the bounds (``3/2`` when it fits)."""
        value = self._example_value()
        return format_number(value) if isinstance(value, int) else \
            f"{value.numerator}/{value.denominator}"

    def _example_words(self) -> str:
        """The example written both ways where it has a short decimal: ``3/2 or 1.5``."""
        decimal = format_number(self._example_value())
        return self.example if decimal == self.example else f"{self.example} or {decimal}"

    def _example_value(self) -> Any:
        for value in (Fraction(3, 2), Fraction(1, 2), Fraction(5, 2), Fraction(-3, 2),
                      Fraction(-1, 2)):
            if self._fits(value):
                return value
        return self.maximum if self.minimum is None else self.minimum

    def _fits(self, value: Fraction) -> bool:
        low, high = self.minimum, self.maximum
        if low is not None and (value <= low if self.above else value < low):
            return False
        return high is None or value <= high

    def _coerce(self, raw: Any) -> int | Fraction:
        if isinstance(raw, float):
            raise self.fail(str(raw), "floating-point values are not exact; write it as text")
        if isinstance(raw, bool) or not isinstance(raw, (int, Fraction, Decimal, str)):
            raise self.fail(raw, f"not an exact number (got {_kind(raw)})")
        value = self.number(raw)
        if self.above and self.minimum is not None and value <= self.minimum:
            raise self.fail(raw, f"must be greater than {format_number(self.minimum)}")
        _check_range(self, value, self.minimum, self.maximum)
        return value

    def to_toml(self, value: Any) -> Any:
        return None if value is None else json_number(value)

    def to_json(self, value: Any) -> Any:
        return None if value is None else json_number(value)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class BoolInput(InputSpec):
    """Yes or no."""

    kind: ClassVar[str] = "bool"

    def allowed(self) -> str:
        return "true/false, yes/no, on/off or 1/0"

    def _coerce(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str):
            word = raw.strip().lower()
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
        raise self.fail(raw, "not a yes/no value")

    def to_text(self, value: Any) -> str:
        return "true" if value else "false"


@dataclass(frozen=True)
class ChoiceInput(InputSpec):
    """One of a fixed list of values (names, or whole numbers such as armor subgroups).

    Attributes:
        choices: the allowed values, in the order the app lists them.
        labels: optional display labels by value, e.g. ``{12: "brigandine"}``.
    """

    choices: tuple = ()
    labels: Mapping[Any, str] = field(default_factory=dict)
    kind: ClassVar[str] = "choice"

    def allowed(self) -> str:
        return "one of " + ", ".join(str(c) for c in self.choices)

    @property
    def example(self) -> str:
        """The first choice, as it is typed."""
        return str(self.choices[0]) if self.choices else ""

    def label_of(self, value: Any) -> str:
        """How the app shows one choice."""
        label = self.labels.get(value)
        return f"{value} — {label}" if label and label != str(value) else str(value)

    def _coerce(self, raw: Any) -> Any:
        numeric = all(isinstance(c, int) for c in self.choices)
        if numeric and isinstance(raw, (str, Decimal)):
            try:
                raw = exact(raw)  # "12" or 12.0 names choice 12; the bound comes first
            except NumberError:
                pass
        if isinstance(raw, bool) or not isinstance(raw, (str, int)) or raw not in self.choices:
            raise self.fail(raw, "not one of the choices")
        return raw


@dataclass(frozen=True)
class TextInput(InputSpec):
    """Free text, e.g. a record's name; required unless ``optional``."""

    max_length: int = 80
    kind: ClassVar[str] = "text"

    def allowed(self) -> str:
        return f"non-empty text of at most {self.max_length} characters"

    def _coerce(self, raw: Any) -> str:
        if not isinstance(raw, str):
            raise self.fail(raw, "not text")
        value = raw.strip()
        if not value:
            raise self.fail(raw, "empty")
        if len(value) > self.max_length or any(ord(ch) < 32 for ch in value):
            raise self.fail(raw, "too long or has control characters")
        return value

    def to_text(self, value: Any) -> str:
        return value or ""

    @property
    def example(self) -> str:
        return self.to_text(self.default) if isinstance(self.default, str) else "a name"


def _split(text: str) -> list[str]:
    """A typed list's items: separated by commas, spaces or both (``8,3``, ``8, 3``, ``8 3``);
    two commas in a row leave an empty item, which the caller refuses."""
    text = text.strip()
    return re.split(r"\s*,\s*|\s+", text) if text else []


def _kind(raw: Any) -> str:
    """What a value from TOML or code is, in a player's words."""
    if isinstance(raw, Mapping):
        return "a table"
    if isinstance(raw, (list, tuple)):
        return "a list"
    if isinstance(raw, bool):
        return "true/false"
    return type(raw).__name__


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

    def allowed(self) -> str:
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
                raise self.fail(text, f"{shorten(part)!r} is not a die face")
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
                raise self.fail(raw, f"{show_value(face, 1)!r} is not a die face")
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

    def allowed(self) -> str:
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
                raise self.fail(raw, f"{shorten(show_value(item, 1))!r} is not one of the names")
        if len(set(raw)) != len(raw):
            raise self.fail(raw, "a name is repeated")
        return tuple(raw)

    def to_toml(self, value: Any) -> Any:
        return list(value)

    def to_json(self, value: Any) -> Any:
        return list(value)


def _range_words(minimum: Any, maximum: Any) -> str:
    if minimum is not None and maximum is not None:
        return f" from {format_number(minimum)} to {format_number(maximum)}"
    if minimum is not None:
        return f" of at least {format_number(minimum)}"
    if maximum is not None:
        return f" of at most {format_number(maximum)}"
    return ""


def _check_range(spec: InputSpec, value: Any, minimum: Any, maximum: Any) -> None:
    if minimum is not None and value < minimum:
        raise spec.fail(value, f"below the minimum {format_number(minimum)}")
    if maximum is not None and value > maximum:
        raise spec.fail(value, f"above the maximum {format_number(maximum)}")
