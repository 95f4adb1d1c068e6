"""Fuzz ``worksheet party`` with hostile folders: random file names, random bytes, mangled
presets. Every case runs in a forked child with a hard timeout (``forked``): status 0, every
file a row, a refusal or another ruleset's, no control character printed, every text line
within 80 columns."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402
from worksheet.presets import bundled_dir  # noqa: E402

EXAMPLES = int(os.environ.get("WORKSHEET_FUZZ_EXAMPLES", "80")) // 4
"""Cases: each writes a folder and runs the command twice."""

VALID = (bundled_dir() / "gemstone4-example-1.toml").read_text()

NAMES = st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)),
                min_size=1, max_size=60).filter(lambda n: n not in (".", "..")
                                                and len(os.fsencode(n)) < 200)


@st.composite
def _content(draw) -> bytes:
    kind = draw(st.sampled_from(["bytes", "mangled", "name", "valid"]))
    if kind == "bytes":
        return draw(st.binary(max_size=400))
    if kind == "mangled":
        at = draw(st.integers(0, len(VALID)))
        return (VALID[:at] + draw(st.text(max_size=40)) + VALID[at:]).encode("utf-8",
                                                                             "surrogatepass")
    if kind == "name":
        name = draw(st.text(max_size=120)).replace("\\", "\\\\").replace('"', '\\"')
        return VALID.replace("Example 1 — brigandine, medium shield", name).encode(
            "utf-8", "surrogatepass")
    return VALID.encode()


@settings(max_examples=max(EXAMPLES, 5), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(files=st.dictionaries(NAMES.map(lambda n: n + ".toml"), _content(), max_size=8))
def test_a_hostile_folder_costs_rows_never_the_command(files):
    with tempfile.TemporaryDirectory() as folder:
        for name, data in files.items():
            Path(folder, name).write_bytes(data)
        listed = run_main(["party", "gemstone4", "--folder", folder, "--format", "json"])
        assert listed.status == 0, listed.err[:500]
        document = json.loads(listed.out)
        accounted = {row["file"] for row in document["rows"]} | {
            item["file"] for item in document["refused"]}
        visible = {n for n in files if not n.startswith(".")}
        assert len(accounted) == len(document["rows"]) + len(document["refused"])
        assert len(accounted) <= len(visible)
        text = run_main(["party", "gemstone4", "--folder", folder, "--set", "attacker_as=150"])
        assert text.status == 0, text.err[:500]
        for line in text.out.splitlines():
            assert len(line) <= 80, line
            assert all(c.isprintable() or c == " " for c in line), repr(line)
