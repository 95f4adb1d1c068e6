"""Fuzz what a refusal repeats of a hostile preset: ``worksheet calc --preset FILE`` with one
huge or hostile part — a key, a value, a name, a nested table, binary bytes — exits 2 with a
short message, escaped, and leaves the file as it was.

Each case holds ONE bad part, so the refusal is one line; every case runs in a forked child with
a hard timeout (``forked``): a hang fails the case instead of freezing the run.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402

EXAMPLES = int(os.environ.get("WORKSHEET_FUZZ_EXAMPLES", "80"))
"""Examples per run: few enough for CI; raise it for a long hunt (``=5000``)."""

BOUND = 1000
"""The longest refusal: about 200 characters of the hostile part, the file, what is allowed."""

HEAD = 'worksheet = 1\nruleset = "gemstone4"\nname = "Hostile"\n'

_SEED = st.text(alphabet=st.one_of(
    st.sampled_from("\x1b[2J\x1b]0;\x07\n\r\t\x00\x7f\u202e\u2066\u200b[b][/]\\'\"=.#k"),
    st.characters(codec="utf-8", exclude_categories=("Cs",))), min_size=1, max_size=12)


@st.composite
def hostile_text(draw) -> str:
    """A short seed of escapes, markup and letters, repeated up to about 60,000 characters."""
    seed = draw(_SEED)
    return seed * draw(st.integers(1, 60_000 // len(seed)))


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string: every character TOML would refuse raw is escaped."""
    def one(ch: str) -> str:
        if ch in '"\\' or not ch.isprintable() or unicodedata.category(ch) == "Cs":
            return f"\\U{ord(ch):08x}" if ord(ch) > 0xFFFF else f"\\u{ord(ch):04x}"
        return ch
    return '"' + "".join(one(ch) for ch in text if unicodedata.category(ch) != "Cs") + '"'


@st.composite
def one_hostile_part(draw) -> bytes:
    """A preset that is sound but for one part (``x`` first: no key, choice or ruleset id starts
    with it, so the part is never accidentally a good one)."""
    text = "x" + draw(hostile_text())
    quoted = _toml_string(text)
    inputs = "\n[inputs]\n"
    parts = {
        "top key": HEAD + f"{quoted} = 1\n",
        "input key": HEAD + inputs + f"{quoted} = 3\n",
        "record key": HEAD.replace("gemstone4", "rise") + "\n[[inputs.modifiers]]\n"
                      f'name = "Rage"\nvalue = 2\n{quoted} = 1\n',
        "value": HEAD + inputs + f"stance = {quoted}\n",
        "list value": HEAD.replace("gemstone4", "shadowrun4") + inputs
                      + f"defender_faces = [3, {quoted}]\n",
        "name": HEAD.replace('"Hostile"', _toml_string(text * (101 // len(text) + 1))),
        "ruleset": HEAD.replace('"gemstone4"', quoted),
        "version": HEAD.replace("worksheet = 1", f"worksheet = {quoted}"),
        "description": HEAD + f"description = {_toml_string(chr(0) + text)}\n",
        "nested table": HEAD + inputs + "dodge_ranks = " + "{a = " * 50 + quoted
                        + " }" * 50 + "\n",
        "nested array": HEAD + inputs + "dodge_ranks = " + "[" * 60 + quoted + "]" * 60 + "\n",
        "table twice": HEAD + f"[inputs.{quoted}]\n[inputs.{quoted}]\n",
    }
    kind = draw(st.sampled_from([*parts, "binary"]))
    if kind != "binary":
        return parts[kind].encode("utf-8")
    prefix = draw(st.sampled_from([b"\xff", b"\x00", b"\x1b[2J", b"worksheet = \x01"]))
    return prefix + draw(st.binary(max_size=4000)) + text.encode("utf-8", "surrogatepass")


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(data=one_hostile_part())
def test_a_hostile_part_gets_one_short_escaped_refusal(tmp_path, data):
    path = tmp_path / "hostile.toml"
    path.write_bytes(data)
    before = path.read_bytes(), path.stat().st_mtime_ns
    outcome = run_main(["calc", "gemstone4", "--preset", str(path)])
    err = outcome.err
    assert outcome.status == 2, err[:2000]
    assert outcome.out == ""
    assert len(err) < BOUND and err.count("\n") == 1, err[:2000]
    assert err.startswith(f"worksheet: {path}"), err[:2000]  # it names the file
    unsafe = [ch for ch in err[:-1] if unicodedata.category(ch) in ("Cc", "Zl", "Zp")
              or ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"]
    assert unsafe == [], err
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
