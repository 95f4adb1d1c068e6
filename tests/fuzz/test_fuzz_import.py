"""Fuzzed sources for ``worksheet import``: random bytes, truncated XML, huge numbers, deep
nesting, and every line of each fixture mutated. Each run is a forked child with a hard
timeout; asserted each time: exit status 0 or 2, a message of a few short lines, and on a
refusal no preset file changed."""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "importers" / "fixtures"
RULESET_OF = {"gs": "gemstone4", "sr": "shadowrun4", "ex": "exalted2e"}
SOURCES = sorted((RULESET_OF[path.name[:2]], path.name) for path in FIXTURES.iterdir())

FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def _folder_state(folder: Path) -> dict[str, str]:
    if not folder.exists():
        return {}
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in folder.iterdir() if path.is_file()}


def check(tmp_path: Path, ruleset: str, data: bytes) -> int:
    """Run ``import`` on ``data`` with ``--preset``; check the outcome; its status."""
    presets = tmp_path / "data" / "worksheet" / "presets"
    before = _folder_state(presets)
    with tempfile.NamedTemporaryFile(dir=tmp_path, suffix=".src", delete=False) as stream:
        stream.write(data)
    outcome = run_main(["import", ruleset, stream.name, "--preset", "Fuzzed", "--replace"])
    Path(stream.name).unlink()
    assert outcome.status in (0, 2), outcome
    lines = outcome.err.splitlines()
    assert len(lines) <= 3 and all(len(line) <= 500 for line in lines), outcome.err
    if outcome.status == 2:
        assert lines and lines[0].startswith("worksheet import: ")
        assert _folder_state(presets) == before, "a refusal changed the preset folder"
    else:
        assert "Saved the preset 'Fuzzed'" in outcome.out
    return outcome.status


@pytest.mark.parametrize("ruleset", sorted(set(RULESET_OF.values())))
@FUZZ
@given(data=st.binary(max_size=2000))
def test_random_bytes(tmp_path, ruleset, data):
    check(tmp_path, ruleset, data)


@pytest.mark.parametrize("ruleset, name", SOURCES)
@FUZZ
@given(cut=st.integers(min_value=0, max_value=10_000))
def test_truncated(tmp_path, ruleset, name, cut):
    data = (FIXTURES / name).read_bytes()
    check(tmp_path, ruleset, data[:cut % (len(data) + 1)])


NUMBERS = st.one_of(st.integers(-10**6, 10**6).map(str), st.just("9" * 5000),
                    st.just("-" + "1" * 30), st.text(max_size=20))


@pytest.mark.parametrize("ruleset, name", SOURCES)
@FUZZ
@given(line=st.integers(min_value=0), number=NUMBERS,
       how=st.sampled_from(["number", "drop", "repeat", "junk"]), junk=st.binary(max_size=30))
def test_every_line_mutated(tmp_path, ruleset, name, line, number, how, junk):
    raw = (FIXTURES / name).read_bytes()
    encoding = "utf-16" if raw.startswith(b"\xff\xfe") else "latin-1"
    lines = raw.decode(encoding).splitlines(keepends=True)
    index = line % len(lines)
    import re

    if how == "number":
        lines[index] = re.sub(r"\d+", lambda _: number, lines[index], count=1)
    elif how == "drop":
        del lines[index]
    elif how == "repeat":
        lines.insert(index, lines[index])
    else:
        lines[index] = junk.decode("latin-1")
    data = "".join(lines).encode(encoding, errors="replace")
    check(tmp_path, ruleset, data)


@pytest.mark.parametrize("ruleset, root", [("shadowrun4", "character"),
                                           ("exalted2e", "ExaltedCharacter")])
@FUZZ
@given(depth=st.integers(min_value=1, max_value=200_000))
def test_deep_nesting(tmp_path, ruleset, root, depth):
    data = (f"<{root}>" + "<x>" * depth + "</x>" * depth + f"</{root}>").encode()
    assert check(tmp_path, ruleset, data) == 2


MUTATIONS = ("9" * 40, "-7", "", "0", "\x00", "\udcff")


def _every_line(ruleset: str, name: str) -> tuple[int, int]:
    """Each line of a fixture, each mutation: read in this (forked) process; how many sources
    were read, and the fixture's lines."""
    import re

    from worksheet.importers import ImportRefused, read_import

    raw = (FIXTURES / name).read_bytes()
    encoding = "utf-16" if raw.startswith(b"\xff\xfe") else "latin-1"
    lines = raw.decode(encoding).splitlines(keepends=True)
    count = 0
    for index in range(len(lines)):
        variants = [lines[:index] + lines[index + 1:], lines[:index + 1] + lines[index:]]
        for mutation in MUTATIONS:
            changed = list(lines)
            changed[index] = re.sub(r"\d+", lambda _: mutation, changed[index], count=1)
            variants.append(changed)
        for variant in variants:
            data = "".join(variant).encode(encoding, errors="surrogateescape"
                                           if encoding == "latin-1" else "replace")
            try:
                read_import(ruleset, data, name)
            except ImportRefused as refused:
                message = str(refused)
                assert "\n" not in message and len(message) < 400, message
            count += 1
    return count, len(lines)


@pytest.mark.parametrize("ruleset, name", SOURCES)
def test_every_line_of_every_fixture_mutated_in_turn(ruleset, name):
    from tests.fuzz.forked import call_in_child

    read, lines = call_in_child(_every_line, ruleset, name)
    assert lines > 5 and read == lines * (2 + len(MUTATIONS))
