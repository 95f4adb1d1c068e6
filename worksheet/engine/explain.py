"""Derivations that come from the same evaluation as the value.

A rule function receives each numeric dependency as a :class:`Term`: an exact number that also
carries two texts, the *formula* (with node names, ``base_value × hindrance``) and the
*substituted* form (with the numbers, ``84 × 0.94``). Arithmetic on terms builds both texts while
computing the value, so the breakdown a user reads can never disagree with the total — there is
no second code path that could drift.

Rules that compute something that is not arithmetic (an allowed/not-allowed decision, a count of
dice faces) return :func:`explained` with texts of their own, built from the same values they
used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable

from .numbers import Number, ceil_raw, floor_raw, format_number, half_up_raw, normalize, trunc_raw

_ATOM, _PRODUCT, _SUM = 3, 2, 1


class Term:
    """An exact number with the formula and substituted text that produced it.

    Comparisons, ``int()``, hashing and truth use the number, so a rule can branch on a term
    (``if essence >= 2``) or use it as a table key exactly as it would a plain number.

    Attributes:
        value: the exact number (``int`` or ``Fraction``).
        formula: how it was computed, with names.
        substituted: how it was computed, with the numbers.
    """

    __slots__ = ("value", "formula", "substituted", "_prec")

    def __init__(self, value: Number, formula: str, substituted: str, prec: int = _ATOM):
        self.value = normalize(value)
        self.formula = formula
        self.substituted = substituted
        self._prec = prec

    # -- construction -------------------------------------------------------------------
    @staticmethod
    def of(value: Any) -> "Term":
        """Wrap a plain number as a literal term (a term is returned unchanged)."""
        kind = type(value)
        if kind is Term:
            return value
        if kind is not int and kind is not Fraction:
            raise TypeError(f"cannot compute with {value!r}: rules use int or Fraction only")
        text = format_number(value)
        return Term(value, text, text, _ATOM)

    def _wrap(self, prec: int) -> tuple[str, str]:
        if self._prec < prec:
            return f"({self.formula})", f"({self.substituted})"
        return self.formula, self.substituted

    def _negative_atom(self) -> bool:
        return self._prec == _ATOM and self.substituted.startswith("-")

    def _binary(self, other: Any, symbol: str, value: Number, prec: int, right_prec: int,
                reflected: bool = False) -> "Term":
        left, right = (Term.of(other), self) if reflected else (self, Term.of(other))
        lf, ls = left._wrap(prec)
        rf, rs = right._wrap(right_prec)
        if prec == _PRODUCT and left._negative_atom():
            ls = f"({ls})"
        if right._negative_atom():
            rs = f"({rs})"
        return Term(value, f"{lf} {symbol} {rf}", f"{ls} {symbol} {rs}", prec)

    # -- arithmetic ---------------------------------------------------------------------
    def __add__(self, other):
        other_value = _value(other)
        if not isinstance(other, Term) and other_value < 0:
            return self._binary(-other_value, "-", self.value + other_value, _SUM, _PRODUCT)
        return self._binary(other, "+", self.value + other_value, _SUM, _SUM)

    def __radd__(self, other):
        return self._binary(other, "+", _value(other) + self.value, _SUM, _SUM, reflected=True)

    def __sub__(self, other):
        return self._binary(other, "-", self.value - _value(other), _SUM, _PRODUCT)

    def __rsub__(self, other):
        return self._binary(other, "-", _value(other) - self.value, _SUM, _PRODUCT, reflected=True)

    def __mul__(self, other):
        return self._binary(other, "×", self.value * _value(other), _PRODUCT, _PRODUCT)

    def __rmul__(self, other):
        return self._binary(other, "×", _value(other) * self.value, _PRODUCT, _PRODUCT,
                            reflected=True)

    def __truediv__(self, other):
        return self._binary(other, "/", Fraction(self.value) / _value(other), _PRODUCT, _ATOM)

    def __rtruediv__(self, other):
        return self._binary(other, "/", Fraction(_value(other)) / self.value, _PRODUCT, _ATOM,
                            reflected=True)

    def __neg__(self):
        formula, substituted = self._wrap(_ATOM)
        return Term(-self.value, f"-{formula}", f"-{substituted}", _ATOM)

    def __pos__(self):
        return self

    def __abs__(self):
        return call("abs", abs(self.value), self)

    # -- behaving like the number -------------------------------------------------------
    def __eq__(self, other):
        return self.value == _value(other)

    def __lt__(self, other):
        return self.value < _value(other)

    def __le__(self, other):
        return self.value <= _value(other)

    def __gt__(self, other):
        return self.value > _value(other)

    def __ge__(self, other):
        return self.value >= _value(other)

    def __hash__(self):
        return hash(self.value)

    def __bool__(self):
        return bool(self.value)

    def __int__(self):
        return int(self.value)

    def __index__(self):
        if isinstance(self.value, int):
            return self.value
        raise TypeError(f"{self.formula} = {format_number(self.value)} is not a whole number")

    def __str__(self):
        return format_number(self.value)

    def __format__(self, spec):
        return format(str(self), spec)

    def __repr__(self):
        return f"Term({format_number(self.value)}: {self.formula} = {self.substituted})"


def _value(item: Any) -> Number:
    if type(item) is Term:
        return item.value
    return Term.of(item).value


def call(name: str, value: Number, *args: Any) -> Term:
    """A term for a function applied to terms, e.g. ``max(a, b)``: an atom in both texts."""
    terms = [Term.of(a) for a in args]
    formula = ", ".join(t.formula for t in terms)
    substituted = ", ".join(t.substituted for t in terms)
    return Term(value, f"{name}({formula})", f"{name}({substituted})", _ATOM)


def named(value: Any, name: str) -> Term:
    """Give a looked-up number a name, so ``SHIELD[shield]`` reads as ``shield factor`` in the
    formula and as its number in the substituted text."""
    raw = _value(value)
    return Term(raw, name, format_number(raw), _ATOM)


def _rounding(name: str, function, value: Any) -> Term:
    term = Term.of(value)
    result = function(term.value)
    inner = term.substituted
    if term._prec != _ATOM or inner != format_number(term.value):
        inner = f"{inner} = {format_number(term.value)}"
    return Term(result, f"{name}({term.formula})", f"{name}({inner})", _ATOM)


def trunc(value: Any) -> Term:
    """Truncate toward zero, as a visible step: ``trunc(84 × 0.94 = 78.96)`` → 78."""
    return _rounding("trunc", trunc_raw, value)


def floor(value: Any) -> Term:
    """Round down toward minus infinity, as a visible step."""
    return _rounding("floor", floor_raw, value)


def ceil(value: Any) -> Term:
    """Round up toward plus infinity, as a visible step."""
    return _rounding("ceil", ceil_raw, value)


def half_up(value: Any) -> Term:
    """Round to nearest with halves up (``floor(x + 1/2)``), as a visible step."""
    return _rounding("half-up", half_up_raw, value)


def tmax(*values: Any) -> Term:
    """``max`` that explains itself: ``max(shield_bonus, cover_bonus)``."""
    return call("max", max(_value(v) for v in values), *values)


def tmin(*values: Any) -> Term:
    """``min`` that explains itself."""
    return call("min", min(_value(v) for v in values), *values)


def total(values: Iterable[Any], empty: str = "0") -> Term:
    """Sum terms into one term; an empty sum is a literal 0 shown as ``empty``."""
    items = list(values)
    if not items:
        return Term(0, empty, "0", _ATOM)
    result = Term.of(items[0])
    for item in items[1:]:
        result = result + item
    return result


@dataclass(frozen=True)
class Explained:
    """A rule's result with texts of its own, for values that are not plain arithmetic.

    Attributes:
        value: the node's value (any comparable, immutable value).
        formula: the rule as applied, with names.
        substituted: the same with the numbers; defaults to the formula.
        notes: extra lines the derivation shows, e.g. modifiers that do not count and why.
    """

    value: Any
    formula: str = ""
    substituted: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)


def explained(value: Any, formula: str = "", substituted: str = "",
              notes: Iterable[str] = ()) -> Explained:
    """Return a rule result with its own texts; a :class:`Term` value lends its texts."""
    if isinstance(value, Term):
        return Explained(value.value, formula or value.formula,
                         substituted or value.substituted, tuple(notes))
    return Explained(value, formula, substituted or formula, tuple(notes))


def format_value(value: Any) -> str:
    """Show any node value as a player reads it (numbers exact, booleans yes/no)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, Fraction)):
        return format_number(value)
    if isinstance(value, tuple):
        return ", ".join(format_value(v) for v in value) or "none"
    return str(value)


@dataclass(slots=True)
class Derivation:
    """How one node's value was reached: what the sheet shows beside the value.

    Treat it as immutable (slotted, not frozen, to keep re-derivation cheap).

    Attributes:
        step: the ruleset's step label, e.g. ``"3"`` or ``"E"``.
        label: a short name for the node.
        formula: the rule as applied, with names.
        substituted: the same with the numbers.
        result: the value as text.
        rule: the rule in the project's own words.
        cite: where the rule comes from.
        notes: extra lines (e.g. modifiers that do not count, with the reason).
    """

    step: str
    label: str
    formula: str
    substituted: str
    result: str
    rule: str
    cite: str
    notes: tuple[str, ...] = ()
