"""Input declarations: type, default, bounds or choices, help — and all parsing of inputs.

One declaration serves every place a value enters the program: text typed in the app or given
with ``--set`` (:meth:`InputSpec.parse_text`), a value read from a TOML preset or passed from
code (:meth:`InputSpec.coerce`), and the way back out (``to_text``, ``to_toml``, ``to_json``).
A value that does not fit raises :class:`InputError`, whose message names the input, the value
given and what is allowed — never a silent fallback to a default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar, Mapping

from worksheet.engine.faults import Fault
from worksheet.engine.numbers import NumberError, format_number, input_number, json_number
from worksheet.engine.shown import kind_of, show_value

REQUIRED = object()
"""Default of a record field that must be given."""


class InputError(ValueError):
    """A value that an input does not allow: a :class:`~worksheet.engine.faults.Fault` raised.

    Attributes:
        fault: the problem in fields (what the app words with its labels).
        input: where it is, as presets spell it (``effects[2].value`` for a record field).
        given: the value as given, shown back to the user.
        problem: what is wrong with it.
        allowed: what the input allows, in words.

    Args:
        input: the input's name (for a record's field, the record list's name).
        given, problem, allowed: as above.
        index, key: for a record's field, the record's position and the field's key.
    """

    def __init__(self, input: str, given: Any, problem: str, allowed: str, *,
                 index: int | None = None, key: str | None = None):
        self.fault = Fault(input, problem, given, allowed, index, key)
        self.input = self.fault.where
        self.given, self.problem, self.allowed = given, problem, allowed
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The whole message: input, value, problem and what is allowed (the engine's words)."""
        return self.fault.message


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

    def allowed(self, short: bool = False) -> str:
        """What this input allows, in words.

        Args:
            short: in a few words, for the form beside the field (the rule panel and the
                messages give the full words); empty where the editor itself shows what is
                allowed (a choice, a switch, a list of names).
        """
        raise NotImplementedError

    def fail(self, given: Any, problem: str) -> InputError:
        """An :class:`InputError` for this input."""
        allowed = self.allowed() + (", or empty" if self.optional else "")
        return InputError(self.name, given, problem, allowed)

    def number(self, raw: Any) -> Any:
        """``raw`` (text, an int, a Fraction or a TOML decimal) as an exact number, by the one
        grammar and size bound of :func:`~worksheet.engine.numbers.input_number`.

        Raises:
            InputError: not an exact number, or too many digits.
        """
        try:
            return input_number(raw)
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

    def allowed(self, short: bool = False) -> str:
        if short:
            return _range_words(self.minimum, self.maximum, short=True) or "any whole number"
        return "a whole number" + _range_words(self.minimum, self.maximum)

    @property
    def example(self) -> str:
        """A whole number within the bounds (the default when it has one)."""
        if isinstance(self.default, int):
            return str(self.default)
        return str(self.minimum if self.minimum is not None else self.maximum or 0)

    def _coerce(self, raw: Any) -> int:
        if isinstance(raw, bool) or not isinstance(raw, (int, Fraction, Decimal, str)):
            raise self.fail(raw, f"not a whole number (got {kind_of(raw)})")
        try:
            value = input_number(raw)
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

    def allowed(self, short: bool = False) -> str:
        if short:
            return (_range_words(self.minimum, self.maximum, short=True, above=self.above)
                    or "any number") + " (3/2 or 1.5)"
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
            raise self.fail(raw, f"not an exact number (got {kind_of(raw)})")
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

    def allowed(self, short: bool = False) -> str:
        return "" if short else "true/false, yes/no, on/off or 1/0"

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

    def allowed(self, short: bool = False) -> str:
        return "" if short else "one of " + ", ".join(str(c) for c in self.choices)

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
                raw = input_number(raw)  # "12" (or TOML 12.0) names choice 12; bound first
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

    def allowed(self, short: bool = False) -> str:
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


def _range_words(minimum: Any, maximum: Any, *, short: bool = False,
                 above: bool = False) -> str:
    """Bounds in words after "a whole number": `` from 0 to 10``, `` of at least 1``; or, short,
    for the form: ``0 to 10``, ``≥ 1`` (``> 0`` when ``above``), ``≤ 5``. Empty without
    bounds."""
    between, least, most = (("{} to {}", "> {}" if above else "≥ {}", "≤ {}") if short
                            else (" from {} to {}", " of at least {}", " of at most {}"))
    if minimum is not None and maximum is not None:
        return between.format(format_number(minimum), format_number(maximum))
    if minimum is not None:
        return least.format(format_number(minimum))
    if maximum is not None:
        return most.format(format_number(maximum))
    return ""


def _check_range(spec: InputSpec, value: Any, minimum: Any, maximum: Any) -> None:
    if minimum is not None and value < minimum:
        raise spec.fail(value, f"below the minimum {format_number(minimum)}")
    if maximum is not None and value > maximum:
        raise spec.fail(value, f"above the maximum {format_number(maximum)}")
