"""Derivations that come from the same evaluation as the value.

A rule function receives each numeric dependency as a :class:`Term`: an exact number that also
carries two texts, the *formula* (with node names, ``base_value × hindrance``) and the
*substituted* form (with the numbers, ``84 × 0.94``). Arithmetic on terms records how each value
was computed while computing it, and both texts are rendered from that record (``term_texts``),
so the breakdown a user reads can never disagree with the total — there is no second code path
that could drift.

Rules that compute something that is not arithmetic (an allowed/not-allowed decision, a count of
dice faces) return :func:`explained` with texts of their own, built from the same values they
used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable

from worksheet.engine.numbers import Number, ceil_raw, floor_raw, format_number, half_up_raw, normalize, trunc_raw
from worksheet.engine.term_texts import (ATOM, PRODUCT, SUM, binary_texts, call_texts, negation_texts, render,
                         rounding_texts)



_PLUS, _MINUS, _TIMES = ("+", SUM), ("-", PRODUCT), ("×", PRODUCT)
"""``binary_texts`` details: the operator and how tightly its right operand must bind."""


class Term:
    """An exact number with the formula and substituted text that produced it.

    Comparisons, ``int()``, hashing and truth use the number, so a rule can branch on a term
    (``if essence >= 2``) or use it as a table key exactly as it would a plain number.

    The texts are rendered when first read, not at each operation: a term built by arithmetic
    keeps its operands and operator, and a literal or a named number keeps only its number.
    Re-deriving a sheet after a keystroke computes every term of the changed nodes, but a
    screen reads the derivations of only a few of them (and the headless callers often none),
    so building two strings per operation eagerly was most of the arithmetic's cost. The
    rendering rules are the same whenever they run, so the texts never differ from eager ones.

    Attributes:
        value: the exact number (``int`` or ``Fraction``).
        formula: how it was computed, with names.
        substituted: how it was computed, with the numbers.
    """

    __slots__ = ("value", "_formula", "_substituted", "_prec", "_parts")

    def __init__(self, value: Number, formula: str | None, substituted: str | None,
                 prec: int = ATOM, parts: tuple | None = None):
        """Args:
            value: the exact number.
            formula: the text with names; ``None`` renders it from ``parts`` (or, for a
                literal, from the number) when first read.
            substituted: the text with numbers; ``None`` renders it the same way.
            prec: how tightly the texts bind (atom, product or sum), for parentheses.
            parts: ``(texts, operands, detail)`` for a term made by an operation:
                ``texts(prec, operands, detail)``, one of the functions of ``term_texts``,
                returns both texts once every operand's are rendered.
        """
        self.value = value if type(value) is int else normalize(value)  # int: the hot path
        self._formula = formula
        self._substituted = substituted
        self._prec = prec
        self._parts = parts

    @property
    def formula(self) -> str:
        """How the number was computed, with names (rendered on first read)."""
        if self._substituted is None:
            render(self)
        return self._formula  # type: ignore[return-value]

    @property
    def substituted(self) -> str:
        """How the number was computed, with the numbers (rendered on first read)."""
        if self._substituted is None:
            render(self)
        return self._substituted  # type: ignore[return-value]

    # -- construction -------------------------------------------------------------------
    @staticmethod
    def of(value: Any) -> "Term":
        """Wrap a plain number as a literal term (a term is returned unchanged)."""
        kind = type(value)
        if kind is Term:
            return value
        if kind is not int and kind is not Fraction:
            raise TypeError(f"cannot compute with {value!r}: rules use int or Fraction only")
        return Term(value, None, None, ATOM)

    def _binary(self, other: Any, symbol: str, value: Number, prec: int, right_prec: int,
                reflected: bool = False) -> "Term":
        operands = (Term.of(other), self) if reflected else (self, Term.of(other))
        return Term(value, None, None, prec, (binary_texts, operands, (symbol, right_prec)))

    # -- arithmetic ---------------------------------------------------------------------
    # Term with Term, the usual case in a rule, is built directly; anything else goes through
    # _value and _binary, which check and wrap a plain number.
    def __add__(self, other):
        if type(other) is Term:
            return Term(self.value + other.value, None, None, SUM,
                        (binary_texts, (self, other), _PLUS))
        other_value = _value(other)
        if type(other) is not Term and other_value < 0:
            return self._binary(-other_value, "-", self.value + other_value, SUM, PRODUCT)
        return self._binary(other, "+", self.value + other_value, SUM, SUM)

    def __radd__(self, other):
        return self._binary(other, "+", _value(other) + self.value, SUM, SUM, reflected=True)

    def __sub__(self, other):
        if type(other) is Term:
            return Term(self.value - other.value, None, None, SUM,
                        (binary_texts, (self, other), _MINUS))
        return self._binary(other, "-", self.value - _value(other), SUM, PRODUCT)

    def __rsub__(self, other):
        return self._binary(other, "-", _value(other) - self.value, SUM, PRODUCT, reflected=True)

    def __mul__(self, other):
        if type(other) is Term:
            return Term(self.value * other.value, None, None, PRODUCT,
                        (binary_texts, (self, other), _TIMES))
        return self._binary(other, "×", self.value * _value(other), PRODUCT, PRODUCT)

    def __rmul__(self, other):
        return self._binary(other, "×", _value(other) * self.value, PRODUCT, PRODUCT,
                            reflected=True)

    def __truediv__(self, other):
        divisor = _value(other)
        if type(self.value) is int and type(divisor) is int and divisor:
            # The same exact value in one step; a whole quotient (half of an even level) skips
            # building a Fraction that normalizing would turn back into an int.
            quotient = self.value // divisor if not self.value % divisor \
                else Fraction(self.value, divisor)
        else:
            quotient = Fraction(self.value) / divisor
        return self._binary(other, "/", quotient, PRODUCT, ATOM)

    def __rtruediv__(self, other):
        return self._binary(other, "/", Fraction(_value(other)) / self.value, PRODUCT, ATOM,
                            reflected=True)

    def __neg__(self):
        return Term(-self.value, None, None, ATOM, (negation_texts, (self,), None))

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
    kind = type(item)
    if kind is Term:
        return item.value
    if kind is int:
        return item
    return Term.of(item).value  # normalizes a Fraction; refuses anything else


def call(name: str, value: Number, *args: Any) -> Term:
    """A term for a function applied to terms, e.g. ``max(a, b)``: an atom in both texts."""
    return _called(name, value, tuple(map(Term.of, args)))


def _called(name: str, value: Number, terms: tuple[Term, ...]) -> Term:
    """:func:`call` for arguments that are terms already."""
    return Term(value, None, None, ATOM, (call_texts, terms, name))


def named(value: Any, name: str) -> Term:
    """Give a looked-up number a name, so ``SHIELD[shield]`` reads as ``shield factor`` in the
    formula and as its number in the substituted text."""
    return Term(_value(value), name, None, ATOM)


def _rounding(name: str, function, value: Any) -> Term:
    term = Term.of(value)
    return Term(function(term.value), None, None, ATOM, (rounding_texts, (term,), name))


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
    return _extreme("max", values, 1)


def tmin(*values: Any) -> Term:
    """``min`` that explains itself."""
    return _extreme("min", values, -1)


def _extreme(name: str, values: tuple, sign: int) -> Term:
    """The first largest (sign 1) or smallest (sign -1) of ``values``, as a call term.

    Each value is made a term once (``call(name, max(map(_value, values)), *values)`` made
    each twice), in a plain loop (``max(terms, key=...)`` measured slower): a defense's last
    step is a ``max`` on every keystroke. Two terms, the usual case, are compared at once:
    the loop and the wrapping cost more than the comparison."""
    if len(values) == 2 and type(values[0]) is Term and type(values[1]) is Term:
        first, second = values[0].value, values[1].value
        best = second if ((second > first) if sign > 0 else (second < first)) else first
        return Term(best, None, None, ATOM, (call_texts, values, name))
    terms = tuple(map(Term.of, values))
    best = terms[0].value
    for term in terms[1:]:
        if (term.value > best) if sign > 0 else (term.value < best):
            best = term.value
    return _called(name, best, terms)


def total(values: Iterable[Any], empty: str = "0") -> Term:
    """Sum terms into one term; an empty sum is a literal 0 shown as ``empty``."""
    items = list(values)
    if not items:
        return Term(0, empty, "0", ATOM)
    result = Term.of(items[0])
    for item in items[1:]:
        result = result + item
    return result


@dataclass(frozen=True, slots=True)  # slots: an unset text must not fall back to a default
class Explained:
    """A rule's result with texts of its own, for values that are not plain arithmetic.

    :func:`explained` given a :class:`Term` and no texts keeps the term in ``_texts_from``
    and leaves ``formula`` and ``substituted`` unset, instead of asking the term for its texts
    (which would render them at once, whether or not anyone reads them). Python calls
    ``__getattr__`` only when the ordinary lookup fails, that is for those unset texts; both
    are then taken from the term and stored, so every later read, and the dataclass's own
    ``==``, ``hash``, ``repr`` and ``dataclasses.replace``, see plain string fields.

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
    _texts_from: Any = field(default=None, init=False, repr=False, compare=False)
    """The term whose texts are ``formula`` and ``substituted``, which are then left unset."""

    def __getattr__(self, name: str) -> str:
        if name == "formula" or name == "substituted":
            term = self._texts_from  # always set, so this lookup does not come back here
            object.__setattr__(self, "formula", term.formula)  # setattr: the class is frozen
            object.__setattr__(self, "substituted", term.substituted)
            return term.formula if name == "formula" else term.substituted
        raise AttributeError(f"'Explained' object has no attribute {name!r}")


_new = object.__new__
_set_value, _set_notes, _set_texts_from = (getattr(Explained, name).__set__
                                           for name in ("value", "notes", "_texts_from"))
"""The setters of :class:`Explained`'s slots: a rule's usual result is made on every
re-derive, and ``object.__setattr__`` by name cost twice as much."""


def explained(value: Any, formula: str = "", substituted: str = "",
              notes: Iterable[str] = ()) -> Explained:
    """Return a rule result with its own texts; a :class:`Term` value lends its texts."""
    if isinstance(value, Term):
        if formula or substituted:
            return Explained(value.value, formula or value.formula,
                             substituted or value.substituted, tuple(notes))
        result = _new(Explained)  # both texts are the term's: rendered when read
        # Frozen: the fields are set through their slots, as the dataclass's __init__ does.
        _set_value(result, value.value)
        _set_notes(result, notes if type(notes) is tuple else tuple(notes))
        _set_texts_from(result, value)
        return result
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
