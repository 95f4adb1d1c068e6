"""Fuzz ``worksheet party`` with hostile folders: random file names, random bytes, mangled
presets. Every case runs in a forked child with a hard timeout (``forked``): status 0, every
file a row, a refusal or another ruleset's, no control character printed, every text line
within 80 columns."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402
from worksheet.presets import bundled_dir  # noqa: E402

BIDI = set("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def safe(line: str) -> bool:
    """No control character, line break or direction override (the rule of
    ``engine.quote.printable``: joiners and soft hyphens are kept as written)."""
    return all(unicodedata.category(c) not in ("Cc", "Cs", "Co", "Zl", "Zp") and c not in BIDI
               for c in line)


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


FUZZ = settings(max_examples=max(EXAMPLES, 5), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
FOLDERS = given(files=st.dictionaries(NAMES.map(lambda n: n + ".toml"), _content(), max_size=8))
"""A hostile folder: up to 8 files, each name and content drawn as above."""


def _write(folder: str, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        Path(folder, name).write_bytes(data)


@FUZZ
@FOLDERS
def test_a_hostile_folder_costs_rows_never_the_command(files):
    with tempfile.TemporaryDirectory() as folder:
        _write(folder, files)
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
            assert safe(line), repr(line)


def _drawn_rows(folder: str) -> list[tuple[str | None, str]]:
    """The party screen's rows for a folder, as its worker thread draws them."""
    from worksheet import rulesets
    from worksheet.presets.locations import Location
    from worksheet.presets.party import LiveParty
    from worksheet.ui.screens.party import drawn
    from worksheet.ui.speaker import Speaker

    ruleset = rulesets.get("gemstone4")
    live = LiveParty(Location("shared", Path(folder)), ruleset)
    live.refresh()
    live.set_attack({"attacker_as": "150"})
    return live.view(folder, lambda party: drawn(party, Speaker(ruleset)))[0]


@FUZZ
@example(files={})  # an empty folder: the hint alone
@example(files={".hidden.toml": VALID.encode()})  # a hidden file is not read: the hint
@FOLDERS
def test_the_party_screen_draws_a_hostile_folder_as_plain_lines(files):
    from tests.fuzz.forked import call_in_child

    with tempfile.TemporaryDirectory() as folder:
        _write(folder, files)
        rows = call_in_child(_drawn_rows, folder, imports=("worksheet.ui.screens.party",))
        listed = [row for row in rows if row[0] is not None or row[1].startswith("refused:")]
        assert len(listed) <= len(files)  # a row per file at most
        hints = [text for row, text in rows if (row, text) not in listed]
        # nothing listed (an empty folder, or only hidden files): one hint, checked as plain
        # below with the rows; a listed file leaves no room for it
        assert len(hints) == (0 if listed else 1), hints
        assert all(h.startswith("No GemStone IV — Evade DS character in this folder yet")
                   for h in hints), hints
        for _, text in rows:
            for line in text.splitlines():
                assert len(line) <= 80 * 3, line[:200]
                assert safe(line), repr(line[:200])
