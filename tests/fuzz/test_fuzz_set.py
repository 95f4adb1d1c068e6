"""Fuzz ``worksheet calc RULESET --set NAME=VALUE`` over every input of every ruleset.

Every case runs in a forked child with a hard timeout (see ``forked``): exit status 0 or 2 only,
a refusal names the input and what is allowed, and nothing hangs — not even inside C code.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import call_in_child, run_main  # noqa: E402
from tests.strategies import HOSTILE_WORDS, INPUTS, hostile_text, valid_text  # noqa: E402
from worksheet import rulesets    # noqa: E402
from worksheet.engine import Sheet    # noqa: E402

EXAMPLES = int(os.environ.get("WORKSHEET_FUZZ_EXAMPLES", "80"))
"""Examples per fuzz test: few enough for CI; raise it for a long hunt (``=5000``)."""

FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def _check_refusal(name: str, text: str, status: int, err: str) -> None:
    assert status in (0, 2), f"--set {name}={text[:80]!r} exited {status}: {err[:500]}"
    assert "unexpected" not in err and "Traceback" not in err, err[:500]
    if status == 2:
        assert f"worksheet: {name} = " in err or "--set" in err, err[:500]
        assert len(err) < 20_000  # a megabyte of input is not echoed back


@FUZZ
@given(case=st.sampled_from(INPUTS), text=hostile_text())
def test_hostile_set_values_are_refused_or_accepted_cleanly(case, text):
    ruleset_id, name, _ = case
    outcome = run_main(["calc", ruleset_id, "--set", f"{name}={text}"])
    _check_refusal(name, text, outcome.status, outcome.err)
    if outcome.status == 2 and f"worksheet: {name} = " in outcome.err:
        assert "allowed: " in outcome.err


@FUZZ
@given(data=st.data())
def test_text_the_declaration_allows_is_accepted(data):
    ruleset_id, name, spec = data.draw(st.sampled_from(INPUTS))
    text = data.draw(valid_text(spec))
    sheet = Sheet(rulesets.get(ruleset_id))
    sheet.set_text(name, text)
    assert sheet.status(name).ok, sheet.status(name).message


def _every_word(ruleset_id: str, name: str) -> list[str]:
    """The statuses of one input after each hostile word (run in a child: a hang is caught)."""
    sheet = Sheet(rulesets.get(ruleset_id))
    messages = []
    for word in HOSTILE_WORDS:
        sheet.set_text(name, word)
        status = sheet.status(name)
        messages.append("ok" if status.ok else status.message)
    return messages


@pytest.mark.parametrize("ruleset_id,name", [(r, n) for r, n, _ in INPUTS])
def test_every_input_refuses_every_known_attack_in_bounded_time(ruleset_id, name):
    spec = rulesets.get(ruleset_id).inputs[name]
    messages = call_in_child(_every_word, ruleset_id, name)
    for word, message in zip(HOSTILE_WORDS, messages):
        if message == "ok":  # accepted: then by the same declaration, here too
            assert len(word) < 1000
            spec.parse_text(word)
            continue
        assert message.startswith(f"{name} = ") and "allowed: " in message, message
        assert len(message) < 2000
    for word in ("1e999999999", "nan", "inf", "-inf", "1_0", "9" * 4301):
        assert messages[HOSTILE_WORDS.index(word)] != "ok", (name, word[:20])
