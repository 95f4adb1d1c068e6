"""Hostile and wrong sources: refused with exit status 2, one bounded line naming the source
and what is wrong, in bounded time (each run in a forked child with a hard timeout), and no
preset written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"

LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<character><gameedition>SR4</gameedition><name>&lol9;</name></character>
"""


def refused(tmp_path, ruleset, data: bytes, name="source", *more):
    path = tmp_path / name
    path.write_bytes(data)
    presets = tmp_path / "data" / "worksheet" / "presets"
    outcome = run_main(["import", ruleset, str(path), "--preset", "Hostile", *more])
    assert outcome.status == 2, outcome
    assert outcome.out == ""
    lines = outcome.err.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400, outcome.err
    assert not presets.exists() or not any(presets.glob("*.toml"))
    return lines[0]


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def test_billion_laughs_is_refused_before_any_expansion(tmp_path):
    line = refused(tmp_path, "shadowrun4", LAUGHS.encode(), "laughs.chum")
    assert line == ("worksheet import: laughs.chum: XML with a DOCTYPE declaration (line 2): "
                    "DTDs and entities are refused, never expanded")


def test_a_utf16_dtd_is_refused_too(tmp_path):
    line = refused(tmp_path, "exalted2e", b"\xff\xfe" + LAUGHS.encode("utf-16-le"), "l.ecg")
    assert "DOCTYPE" in line


def test_an_external_entity_is_refused(tmp_path):
    data = b'<?xml version="1.0"?><!ENTITY x SYSTEM "file:///etc/passwd"><character/>'
    assert "ENTITY" in refused(tmp_path, "shadowrun4", data, "x.chum")


def test_a_file_over_4_mib_is_refused_unread(tmp_path):
    big = tmp_path / "big.chum"
    with open(big, "wb") as stream:
        stream.truncate(4 * 1024 * 1024 + 1)
    outcome = run_main(["import", "shadowrun4", str(big)])
    assert outcome.status == 2
    assert "over 4 MiB (4,194,305 bytes)" in outcome.err


def test_bytes_that_are_not_utf8_in_a_paste(tmp_path):
    data = fixture("gs_info_skills_armor.txt").replace(b"Kestrel", b"K\xe9strel")
    line = refused(tmp_path, "gemstone4", data, "paste.txt")
    assert "bytes that are not utf-8 text (at byte 13)" in line


def test_a_declared_encoding_that_does_not_match(tmp_path):
    data = fixture("sr_street_utf8.chum").replace(b"Benno", b"B\xe9nno")
    assert "not utf-8 text" in refused(tmp_path, "shadowrun4", data, "s.chum")


def test_an_unknown_declared_encoding(tmp_path):
    data = fixture("sr_street_utf8.chum").replace(b'encoding="utf-8"', b'encoding="EBCDIC-X"')
    assert "'ebcdic-x'" in refused(tmp_path, "shadowrun4", data, "s.chum")


def test_random_binary_is_refused(tmp_path):
    assert "NUL" in refused(tmp_path, "gemstone4", b"\x00\x01\x02abc", "bin")


def test_out_of_bounds_is_refused_naming_the_label_value_and_bounds(tmp_path):
    data = fixture("gs_info_skills_armor.txt").replace(b"101 (30)", b"180 (140)")
    line = refused(tmp_path, "gemstone4", data, "paste.txt")
    assert line == ("worksheet import: paste.txt: Agility bonus '140' at line 10 (AGI, the last bonus of 2) "
                    "is out of its bounds (-100 to 100); nothing was imported")


def test_a_huge_number_is_refused_not_converted(tmp_path):
    data = fixture("sr_street_utf8.chum").replace(b"<totalvalue>3</totalvalue>",
                                                  b"<totalvalue>" + b"9" * 5000 + b"</totalvalue>")
    line = refused(tmp_path, "shadowrun4", data, "s.chum")
    assert "Reaction '99999999" in line and "(5000 characters)" in line and "1 to 12" in line


def test_two_info_outputs_with_different_values_name_both_lines(tmp_path):
    data = fixture("gs_info_skills_armor.txt") + fixture("gs_info_full_skills_full.txt")
    line = refused(tmp_path, "gemstone4", data, "two.txt")
    assert "two values for Agility bonus: '30' at line 10" in line
    assert "'-5' at line 45" in line


def test_the_same_output_pasted_twice_is_fine(tmp_path):
    path = tmp_path / "twice.txt"
    path.write_bytes(fixture("gs_info_skills_armor.txt") * 2)
    outcome = run_main(["import", "gemstone4", str(path)])
    assert outcome.status == 0 and "from line 10" in outcome.out


def test_another_edition_or_rule_set(tmp_path):
    data = fixture("sr_street_utf8.chum").replace(b">SR4<", b">SR5<")
    assert "'SR5'" in refused(tmp_path, "shadowrun4", data, "s.chum")
    data = fixture("ex_solar_experienced.ecg").replace(b"SecondEdition", b"FirstEdition")
    assert "'FirstEdition'" in refused(tmp_path, "exalted2e", data, "e.ecg")


def test_deep_nesting_is_refused(tmp_path):
    data = b"<character>" + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</character>"
    assert "nested deeper than 64" in refused(tmp_path, "shadowrun4", data, "deep.chum")


def test_truncated_xml(tmp_path):
    data = fixture("sr_street_utf8.chum")[:700]
    assert "not well-formed XML" in refused(tmp_path, "shadowrun4", data, "cut.chum")


@pytest.mark.parametrize("ruleset, data", [("gemstone4", b"hello\nthere\n"),
                                           ("shadowrun4", b"<character/>"),
                                           ("exalted2e", b"<ExaltedCharacter><Statistics/>"
                                                         b"</ExaltedCharacter>")])
def test_no_recognisable_content(tmp_path, ruleset, data):
    assert "no " in refused(tmp_path, ruleset, data, "empty")


def test_standard_input_over_4_mib_is_refused_after_reading_at_most_one_byte_more(
        monkeypatch, capsys):
    import io

    from worksheet.cli import main

    class Counting(io.BytesIO):
        asked: list[int] = []

        def read(self, size=-1):
            self.asked.append(size)
            return super().read(size)

    stream = Counting(b"x" * (5 * 1024 * 1024))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(stream))
    assert main(["import", "gemstone4", "-"]) == 2
    assert "over 4 MiB" in capsys.readouterr().err
    assert stream.asked == [4 * 1024 * 1024 + 1]


def test_a_fifo_or_a_folder_is_refused_without_waiting(tmp_path):
    import os

    fifo = tmp_path / "pipe.chum"
    os.mkfifo(fifo)
    assert "not a plain file" in run_main(["import", "shadowrun4", str(fifo)]).err
    assert "not a plain file" in run_main(["import", "shadowrun4", str(tmp_path)]).err
