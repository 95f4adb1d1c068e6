"""The one helper every message quotes untrusted text through: escaped, bounded, and read as
``repr`` reads when it is short — whatever the text's size, in time bounded by the limit."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from worksheet.engine.quote import QUOTED_LENGTH, clip, printable, quote

HOSTILE = st.one_of(
    st.text(),
    st.text(alphabet="\x1b[2J\n\r\t\x00\x07\u202e\u2066[/b]\\'\"k", max_size=300),
    st.tuples(st.text(min_size=1, max_size=8), st.integers(1, 60_000)).map(
        lambda parts: parts[0] * parts[1]),
)
"""Text a message may have to repeat: anything, escape-laden, or huge."""


def _unsafe(text: str) -> list[str]:
    """The characters of ``text`` that a terminal would act on or that reorder a line."""
    return [ch for ch in text if not ch.isprintable() and ch != " "]


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=QUOTED_LENGTH // 10))
def test_a_short_text_is_quoted_exactly_as_repr_quotes_it(text):
    assert quote(text) == repr(text)


@settings(max_examples=300, deadline=None)
@given(text=HOSTILE, keep_end=st.booleans())
def test_any_text_is_escaped_and_bounded(text, keep_end):
    for shown in (quote(text), clip(text, keep_end=keep_end)):
        assert _unsafe(shown) == [], shown
        assert len(shown) <= QUOTED_LENGTH + len(f"…'' ({len(text)} characters)…"), shown


def test_a_long_text_says_it_was_cut_and_how_long_it_was():
    assert quote("k" * 50_000) == "'" + "k" * QUOTED_LENGTH + "…' (50000 characters)"
    assert clip("k" * 50_000, 10) == "k" * 10 + "… (50000 characters)"
    assert quote("k" * 50_000, 40) == "'" + "k" * 40 + "…' (50000 characters)"


def test_keep_end_keeps_the_file_name_of_a_long_path():
    path = "/tmp/" + "d" * 5000 + "/bad.toml"
    shown = clip(path, 100, keep_end=True)
    assert shown.startswith("/tmp/ddd") and shown.endswith("ddd/bad.toml")
    assert "…(5014 characters)…" in shown and len(shown) < 130


def test_escapes_count_towards_the_limit_and_are_never_split():
    shown = quote("\x1b" * 300, 10)
    assert shown == "'\\x1b\\x1b…' (300 characters)"
    assert clip("a\nb\x1b[31m") == "a\\nb\\x1b[31m"


def test_markup_and_quotes_are_kept_as_written():
    """Textual markup is text to the core: the app shows every message with markup off."""
    assert clip("[b]x[/b]") == "[b]x[/b]"
    assert quote("it's") == '"it\'s"' and quote("\\") == "'\\\\'"


def test_direction_overrides_are_escaped_even_where_joiners_are_kept():
    assert printable("a\u202eb\u200dc") == "a\\u202eb\u200dc"
    assert clip("a\u202eb") == "a\\u202eb"


def test_time_is_bounded_by_the_limit_not_the_text():
    """CPU time, not wall time: a starved machine does not fail it. Escaping the whole text
    before cutting it (a Python loop over 20 million characters) would take seconds a call."""
    text = "\x1b" * 20_000_000
    started = time.process_time()
    for _ in range(10):
        quote(text)
        clip(text, keep_end=True)
    assert time.process_time() - started < 2
