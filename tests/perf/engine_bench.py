"""The engine's own speed, measured in this process without any UI: re-deriving a sheet after
one input change, and the same with the odds on at the pool sizes the odds issue names."""

from __future__ import annotations

import statistics
import time


def engine(repeats: int) -> dict[str, tuple[float, float]]:
    """Per ruleset: (median µs to re-derive after one input change, median µs for a whole
    sheet), measured in this process without any UI."""
    from worksheet import rulesets
    from worksheet.engine import IntInput, Sheet

    results = {}
    for ruleset in rulesets.all_rulesets():
        name, spec = next((n, s) for n, s in ruleset.inputs.items() if isinstance(s, IntInput)
                          and not s.optional)
        low = spec.minimum if spec.minimum is not None else 0
        values = [str(low), str(low + 1)]
        sheet = Sheet(ruleset)
        change = []
        for index in range(repeats):
            started = time.perf_counter()
            sheet.set_text(name, values[index % 2])
            change.append(time.perf_counter() - started)
        whole = []
        for _ in range(max(1, repeats // 4)):
            started = time.perf_counter()
            Sheet(ruleset)
            whole.append(time.perf_counter() - started)
        results[ruleset.id] = (statistics.median(change) * 1e6, statistics.median(whole) * 1e6)
    return results


ODDS_CASES = [
    # (ruleset, attacker and sheet inputs, the input changed, its two values, target in µs)
    ("exalted2e", {"attack_pool": 30}, "dodge", ("0", "2"), 2000),
    ("exalted2e", {"attack_pool": 60}, "dodge", ("0", "2"), 10000),
    ("gemstone4", {"attacker_as": 200}, "dodge_ranks", ("50", "51"), 2000),
    ("rise", {"accuracy": 10}, "armor_class_bonus", ("0", "1"), 2000),
    ("shadowrun4", {"attack_pool": 30}, "reaction", ("5", "6"), 2000),
    ("shadowrun4", {"attack_pool": 60}, "reaction", ("5", "6"), 10000),
    ("shadowrun4", {"attack_pool": 30, "edge_dice": 3}, "reaction", ("5", "6"), 2000),
    ("shadowrun4", {"attack_pool": 60, "edge_dice": 3}, "reaction", ("5", "6"), 10000),
    ("vtm-revised", {"attack_pool": 30}, "dexterity", ("3", "4"), 2000),
    ("vtm-revised", {"attack_pool": 30, "willpower_success": True}, "dodge", ("1", "2"), 2000),
]
"""Odds on: re-deriving after one defense change, at the pool sizes issue 15 names."""


def engine_odds(repeats: int) -> list[tuple[str, float, float, int]]:
    """Per odds case: (label, median µs to re-derive after one change, µs of the first such
    change — the pools not cached yet —, target µs)."""
    from worksheet import rulesets
    from worksheet.engine import Sheet

    results = []
    for ruleset_id, inputs, name, values, target in ODDS_CASES:
        sheet = Sheet(rulesets.get(ruleset_id), inputs)
        started = time.perf_counter()
        sheet.set_text(name, values[1])
        first = time.perf_counter() - started
        change = []
        for index in range(repeats):
            started = time.perf_counter()
            sheet.set_text(name, values[index % 2])
            change.append(time.perf_counter() - started)
        shown = ", ".join(f"{k}={v}" for k, v in inputs.items())
        results.append((f"engine odds {ruleset_id} {shown}: change {name}", statistics.median(change) * 1e6,
                        first * 1e6, target))
    return results
