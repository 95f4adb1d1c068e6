"""How a :class:`~worksheet.engine.explain.Term`'s two texts are rendered from its operands.

A term built by arithmetic keeps its operands and a render function from here instead of its
texts (see ``Term``), and these functions turn the operands' texts into its own the first time
a formula or substituted text is read. They hold the rules a reader relies on: parentheses
exactly where precedence needs them, a negative number in parentheses where it would read as
a minus, and a rounding that shows the value it rounded.

They read the term's private fields (``_formula``, ``_substituted``, ``_prec``, ``_parts``):
this module is the rendering half of ``Term``, kept apart so each file has one job.
"""

from __future__ import annotations

from typing import Any

from worksheet.engine.numbers import format_number

ATOM, PRODUCT, SUM = 3, 2, 1
"""How tightly a term's texts bind: a name or number or call, a product or quotient, a sum."""


def render(term: Any) -> None:
    """Render ``term``'s texts, and first those of every operand not rendered yet.

    Without recursion: a term is as deep as a ``total`` of hundreds of records is long, and
    Python's recursion limit must never decide whether a derivation can be shown.
    """
    if term._parts is None:
        render_number(term)
        return
    stack = [term]
    while stack:
        current = stack[-1]
        if current._substituted is not None:  # an operand of two terms, rendered already
            stack.pop()
            continue
        texts, operands, detail = current._parts
        waiting = False
        for operand in operands:
            if operand._substituted is None:
                if operand._parts is None:
                    render_number(operand)
                else:
                    stack.append(operand)
                    waiting = True
        if not waiting:
            stack.pop()
            current._formula, current._substituted = texts(current._prec, operands, detail)


def render_number(term: Any) -> None:
    """A literal or a named number: its number is its substituted text (and its formula,
    unless it has a name)."""
    text = format_number(term.value)
    if term._formula is None:
        term._formula = text
    term._substituted = text


def wrap(term: Any, prec: int) -> tuple[str, str]:
    """A rendered term's texts, in parentheses when it binds less tightly than ``prec``."""
    if term._prec < prec:
        return f"({term._formula})", f"({term._substituted})"
    return term._formula, term._substituted


def negative_atom(term: Any) -> bool:
    """True for a rendered atom whose numbers read as a negative number (``-3``)."""
    return term._prec == ATOM and term._substituted.startswith("-")


def binary_texts(prec: int, operands: tuple[Any, Any], detail: tuple[str, int]
                 ) -> tuple[str, str]:
    """``left symbol right``, each side in parentheses where it binds less tightly than the
    operator needs (:func:`wrap`), and a negative number in parentheses where it would read as
    a minus (:func:`negative_atom`; only an atom can be one, and an atom is never wrapped).
    Both written out here: this runs for nearly every operation of a derivation read."""
    left, right = operands
    symbol, right_prec = detail
    lf, ls = left._formula, left._substituted
    if left._prec < prec:
        lf, ls = f"({lf})", f"({ls})"
    elif prec == PRODUCT and left._prec == ATOM and ls.startswith("-"):
        ls = f"({ls})"
    rf, rs = right._formula, right._substituted
    if right._prec < right_prec:
        rf, rs = f"({rf})", f"({rs})"
    elif right._prec == ATOM and rs.startswith("-"):
        rs = f"({rs})"
    return f"{lf} {symbol} {rf}", f"{ls} {symbol} {rs}"


def negation_texts(prec: int, operands: tuple[Any], detail: None) -> tuple[str, str]:
    """``-x``, or ``-(a + b)`` when the operand is not an atom."""
    formula, substituted = wrap(operands[0], ATOM)
    return f"-{formula}", f"-{substituted}"


def call_texts(prec: int, operands: tuple[Any, ...], name: str) -> tuple[str, str]:
    """``name(a, b)``: a function applied to terms."""
    formula = ", ".join(t._formula for t in operands)
    substituted = ", ".join(t._substituted for t in operands)
    return f"{name}({formula})", f"{name}({substituted})"


def rounding_texts(prec: int, operands: tuple[Any], name: str) -> tuple[str, str]:
    """``name(formula)`` and ``name(numbers = unrounded)``: the value before rounding is shown
    unless the numbers already read as exactly it."""
    term = operands[0]
    inner = term._substituted
    if term._prec != ATOM or inner != format_number(term.value):
        inner = f"{inner} = {format_number(term.value)}"
    return f"{name}({term._formula})", f"{name}({inner})"
