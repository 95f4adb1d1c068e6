"""Rise §3.5 Calculation Guidelines as small pure functions, shared by all five defenses.

The functions take records as plain mappings (the engine's ``Record`` or a ``dict``) with the keys
of the spec's ``modifiers`` and ``multipliers`` lists, decide which of them count for ONE defense,
and say why the others do not. ``rise.py`` turns the decisions into self-explaining terms (the
tests' ``rise_oracle`` runs the same decisions on plain integers to check them).

Decisions where ``shared/spec/rise.md`` leaves an interaction open (each is the most literal
reading we found; all are listed in the module's rule texts):

* Stacking inside one pool runs the enhancement rule first, then the same-name rule. So a
  smaller enhancement bonus never counts, whatever its name — which makes "adding an enhancement
  bonus smaller than an existing one changes nothing" true — and then, of each name, only the
  largest remaining bonus and the largest remaining penalty count.
* Bonuses and penalties are handled apart: a name keeps one of each; the enhancement rule keeps
  the largest enhancement bonus and the largest enhancement penalty. A ``condition`` has no rule
  of its own: a repeated condition has the same name, so it counts once through the name rule.
* On a tie the record listed first counts (this matters only for capped bonuses, whose
  maximums differ).
* Uncapped modifiers (step 5) and capped bonuses (step 7) are two separate pools: a name or an
  enhancement bonus in one pool does not displace a record in the other.
* Capped bonuses are stacked first, then each survivor whose maximum the defense already
  reaches (defense ≥ maximum) is ignored together with its maximum.
* A record's ``minimum`` applies to its defenses whether or not its value counts.
* Multipliers: doubling and halving effects are counted apart; of each op, records that share a
  name (case-insensitively) count once.
* A modifier of value 0 changes nothing and is shown as such.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

DEFENSES = ("armor", "brawn", "fortitude", "reflex", "mental")
TYPES = ("untyped", "enhancement", "condition")
OPS = ("double", "halve")


def applies(record: Mapping[str, Any], defense: str) -> bool:
    """True when the record's ``defenses`` name this defense or ``all``."""
    targets = record.get("defenses", ("all",))
    return "all" in targets or defense in targets


def key(record: Mapping[str, Any]) -> str:
    """The name as the stacking rules compare it: case-insensitive."""
    return str(record["name"]).casefold()


def signed(value: int) -> str:
    """``+2``, ``-1``, ``0``."""
    return f"+{value}" if value > 0 else str(value)


def describe(record: Mapping[str, Any]) -> str:
    """How a note names a record: ``“Shield spell” +2 enhancement, max 12, min 3``."""
    parts = [f"\u201c{record['name']}\u201d {signed(record.get('value', 0))}"]
    kind = record.get("type", "untyped")
    if kind != "untyped":
        parts.append(f" {kind}")
    if record.get("maximum") is not None:
        parts.append(f", max {record['maximum']}")
    if record.get("minimum") is not None:
        parts.append(f", min {record['minimum']}")
    return "".join(parts)


@dataclass(frozen=True)
class Verdict:
    """Whether one record counts in its pool, and if not, why (in words)."""

    record: Mapping[str, Any]
    counts: bool
    reason: str = ""


def pool(records: Iterable[Mapping[str, Any]], defense: str,
         capped: bool) -> list[Mapping[str, Any]]:
    """The modifiers that apply to ``defense``: with a maximum (step 7) or without (step 5)."""
    return [r for r in records
            if applies(r, defense) and (r.get("maximum") is not None) == capped]


def _largest(indices: list[int], records: Sequence[Mapping[str, Any]], sign: int) -> int:
    """The index of the largest bonus (sign +1) or penalty (sign -1); first listed on ties."""
    return max(indices, key=lambda i: (sign * records[i]["value"], -i))


def _larger(winner: Mapping[str, Any], loser: Mapping[str, Any]) -> bool:
    return abs(winner["value"]) > abs(loser["value"])


def stack(records: Sequence[Mapping[str, Any]]) -> list[Verdict]:
    """Decide which records of one pool count (result in the records' order).

    Enhancement rule first (the largest enhancement bonus and the largest enhancement penalty
    are the only enhancements that may count), then the name rule on the rest (of each name,
    the largest bonus and the largest penalty count). Value-0 records count for nothing.
    """
    if not records:  # the usual pool, re-decided for every defense on every keystroke
        return []
    lost: dict[int, tuple[str, int | None]] = {}  # index -> (rule, index of the winner)
    for i, record in enumerate(records):
        if record["value"] == 0:
            lost[i] = ("zero", None)
    for sign in (1, -1):
        enhancements = [i for i, r in enumerate(records)
                        if i not in lost and r.get("type") == "enhancement"
                        and sign * r["value"] > 0]
        if enhancements:
            best = _largest(enhancements, records, sign)
            lost.update((i, ("enhancement", best)) for i in enhancements if i != best)
    for sign in (1, -1):
        groups: dict[str, list[int]] = {}
        for i, record in enumerate(records):
            if i not in lost and sign * record["value"] > 0:
                groups.setdefault(key(record), []).append(i)
        for members in groups.values():
            best = _largest(members, records, sign)
            lost.update((i, ("name", best)) for i in members if i != best)
    return [Verdict(r, i not in lost, _reason(records, i, lost)) for i, r in enumerate(records)]


def _reason(records: Sequence[Mapping[str, Any]], i: int,
            lost: Mapping[int, tuple[str, int | None]]) -> str:
    if i not in lost:
        return ""
    rule, best = lost[i]
    if rule == "zero":
        return "value 0: nothing to add"
    winner, loser = records[best], records[i]
    larger = _larger(winner, loser)
    if rule == "name":
        size = "larger" if larger else "as large and listed earlier"
        return f"same name as {describe(winner)}, which is {size}"
    noun = "bonus" if loser["value"] > 0 else "penalty"
    which = f"a larger enhancement {noun}" if larger else \
        f"an equal enhancement {noun} listed earlier"
    if best in lost:  # that enhancement lost to its own name: say so, claim nothing false
        return (f"{which} takes precedence ({describe(winner)}), though it does not count "
                f"either: {_reason(records, best, lost)}")
    return f"{which} applies ({describe(winner)})"


@dataclass(frozen=True)
class Multipliers:
    """The doubling and halving effects on one defense."""

    doublings: tuple[Mapping[str, Any], ...]
    halvings: tuple[Mapping[str, Any], ...]
    repeats: tuple[tuple[Mapping[str, Any], Mapping[str, Any]], ...]
    """(record, the earlier record of the same name and op it repeats)."""


def multipliers(records: Iterable[Mapping[str, Any]], defense: str) -> Multipliers:
    """Count the doubling and halving effects on ``defense``; a repeated name counts once."""
    seen: dict[tuple[str, str], Mapping[str, Any]] = {}
    repeats = []
    for record in records:
        if not applies(record, defense):
            continue
        slot = (record["op"], key(record))
        if slot in seen:
            repeats.append((record, seen[slot]))
        else:
            seen[slot] = record
    counted = list(seen.values())
    return Multipliers(tuple(r for r in counted if r["op"] == "double"),
                       tuple(r for r in counted if r["op"] == "halve"), tuple(repeats))


@dataclass(frozen=True)
class Caps:
    """Step 7 for one defense: which capped bonuses apply, and which do not and why."""

    applied: tuple[Mapping[str, Any], ...]
    skipped: tuple[tuple[Mapping[str, Any], str], ...]

    @property
    def lowest(self) -> int | None:
        """The lowest maximum among the applied bonuses (None when none applies)."""
        return min((r["maximum"] for r in self.applied), default=None)


NO_CAPS = Caps((), ())
"""Step 7 with no capped bonuses (immutable, so one instance serves every defense)."""


def caps(defense_value: int, capped: Sequence[Mapping[str, Any]]) -> Caps:
    """Stack the capped bonuses, then ignore each whose maximum ``defense_value`` reaches."""
    if not capped:  # the usual case, decided for every defense on every keystroke
        return NO_CAPS
    applied, skipped = [], []
    for verdict in stack(capped):
        record = verdict.record
        if not verdict.counts:
            skipped.append((record, verdict.reason))
        elif defense_value >= record["maximum"]:
            skipped.append((record, f"cap {record['maximum']} already reached "
                                    f"(defense {defense_value}): ignored with its maximum"))
        else:
            applied.append(record)
    return Caps(tuple(applied), tuple(skipped))


def largest_minimum(records: Iterable[Mapping[str, Any]],
                    defense: str) -> Mapping[str, Any] | None:
    """The record with the largest minimum that applies to ``defense`` (first on ties)."""
    found = None
    for record in records:
        if record.get("minimum") is not None and applies(record, defense):
            if found is None or record["minimum"] > found["minimum"]:
                found = record
    return found
