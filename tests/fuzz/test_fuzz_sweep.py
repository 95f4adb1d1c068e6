"""Fuzz ``--sweep`` (and ``--set`` beside ``--what-if``, ``compare``) with hostile arguments.

Every case runs in a forked child with a hard timeout (``forked``): exit status 0 or 2 only,
never a traceback; a refusal names the argument and stays short, however long the argument;
a range that is accepted has at most 1,000 rows.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402
from tests.strategies import INPUTS, hostile_text  # noqa: E402

EXAMPLES = int(os.environ.get("WORKSHEET_FUZZ_EXAMPLES", "80"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])

NUMBERS = st.one_of(st.integers(-10**6, 10**6).map(str), hostile_text(),
                    st.sampled_from(["", "-", "1/0", "0.5", "1e9", "99999999999999999999",
                                     "..", ":", "3/2", " 7 "]))


@st.composite
def sweep_argument(draw) -> str:
    """``NAME=FROM..TO:STEP`` with each part valid, odd or hostile, or anything at all."""
    name = draw(st.one_of(st.sampled_from([name for _, name, _ in INPUTS]), hostile_text()))
    shape = draw(st.sampled_from(["range", "step", "name", "raw"]))
    if shape == "name":
        return name
    if shape == "raw":
        return name + "=" + draw(hostile_text())
    span = f"{draw(NUMBERS)}..{draw(NUMBERS)}"
    return f"{name}={span}" + (f":{draw(NUMBERS)}" if shape == "step" else "")


def _check(argv: list[str], argument: str) -> None:
    outcome = run_main(argv)
    assert outcome.status in (0, 2), f"{argv[:6]!r} exited {outcome.status}: {outcome.err[:500]}"
    assert "Traceback" not in outcome.err and "unexpected" not in outcome.err, outcome.err[:500]
    if outcome.status == 2:
        assert len(outcome.err) < 4000, outcome.err[:500]
    return outcome


@FUZZ
@given(ruleset_id=st.sampled_from(sorted({r for r, _, _ in INPUTS})), argument=sweep_argument())
def test_hostile_sweeps_exit_0_or_2_with_a_bounded_message(ruleset_id, argument):
    outcome = _check(["calc", ruleset_id, "--sweep", argument, "--format", "json"], argument)
    if outcome.status == 2:
        assert "--sweep" in outcome.err or "worksheet:" in outcome.err
    else:
        assert outcome.out.count('"value":') <= 1000


@FUZZ
@given(case=st.sampled_from(INPUTS), text=hostile_text())
def test_hostile_sets_with_what_if_exit_0_or_2(case, text):
    ruleset_id, name, _ = case
    _check(["calc", ruleset_id, "--set", f"{name}={text}", "--what-if"], text)


@FUZZ
@example(text="\ud800")  # an argument byte that is not UTF-8: it ended 1 (UnicodeEncodeError)
@given(text=hostile_text())
def test_hostile_compare_arguments_exit_0_or_2(text):
    _check(["compare", "gemstone4-example-1", text, "--set", f"stance={text}"], text)
