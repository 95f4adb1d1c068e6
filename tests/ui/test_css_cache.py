"""The parsed CSS kept between launches (``textual_internals.css_cache``): what is read back is
what Textual parses, for every source the app uses; and a file that is not the app's own is
never read, or read only as a miss.

Real stylesheets, real files in a temporary folder; the hostile cases run in a forked child
with a hard timeout (``tests/fuzz/forked.py``), so a hang fails instead of freezing the suite.
"""

from __future__ import annotations

import os
import pickle
import stat
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.app import App
from textual.css.stylesheet import Stylesheet

from worksheet.ui import WorksheetApp
from worksheet.ui.textual_internals import css_cache
from worksheet.ui.textual_internals.css_cache import KeptParseCache, keep_parsed_css

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))
from forked import call_in_child  # noqa: E402

APP_TCSS = Path(css_cache.__file__).resolve().parents[1] / "app.tcss"
KEY = (APP_TCSS.read_text(encoding="utf-8"), (str(APP_TCSS), ""), False, 0, "")
"""Textual's parse-cache key of the app's own stylesheet."""


def fresh_stylesheet() -> Stylesheet:
    return Stylesheet(variables=App().get_css_variables())


def parsed_rules(stylesheet: Stylesheet, key: tuple) -> list:
    css, read_from, is_default, tie_breaker, scope = key
    return stylesheet._parse_rules(css, read_from, is_default, tie_breaker, scope)


def described(rules: list) -> list:
    """What a rule set means, comparable: its selectors, its declarations (a layout by its
    kind: Textual makes a new layout object per parse) and its flags."""
    return [(rule.selector_set, rule.is_default_rules, rule.tie_breaker, rule.errors,
             {name: (type(value).__name__ if name == "layout" else value)
              for name, value in rule.styles._rules.items()}, rule.styles.important)
            for rule in rules]


def kept_file(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "worksheet" / "css.cache"


def write_kept(path: Path, key: tuple = KEY) -> None:
    """Parse ``key`` with a cache on ``path`` and keep it there."""
    stylesheet = fresh_stylesheet()
    cache = keep_parsed_css(stylesheet, path)
    parsed_rules(stylesheet, key)
    cache.save()


def read_back(path: Path, key: tuple = KEY) -> list | None:
    """The rules a new run finds for ``key`` in ``path`` (``None``: a miss)."""
    cache = KeptParseCache(fresh_stylesheet(), path)
    try:
        return cache[key]
    except KeyError:
        return None


async def test_every_source_the_app_parses_is_read_back_as_textual_parses_it(tmp_path):
    """Every tab shown, the help and a dialog opened: each source parsed is kept, and a new
    run reads back the same rules (a class the unpickler does not allow would be a miss)."""
    path = kept_file(tmp_path)
    app = WorksheetApp()
    cache = keep_parsed_css(app.stylesheet, path)
    async with app.run_test(size=(100, 30)) as pilot:
        for rid in app.ruleset_ids:
            app.show_tab(rid)
            await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("escape", "ctrl+o")
        await pilot.pause()
        parsed = dict(cache._parsed)
        variables = dict(app.stylesheet._variables)
    cache.save()
    assert len(parsed) >= 20
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    again = KeptParseCache(Stylesheet(variables=variables), path)
    for key, rules in parsed.items():
        assert described(again[key]) == described(rules), key[1]


def test_a_kept_file_serves_the_next_run_and_a_changed_text_or_theme_misses(tmp_path):
    path = kept_file(tmp_path)
    write_kept(path)
    assert described(read_back(path)) == described(parsed_rules(fresh_stylesheet(), KEY))
    changed = (KEY[0] + "\nFoo { color: red; }\n",) + KEY[1:]
    assert read_back(path, changed) is None  # an edited file is parsed again
    other_theme = Stylesheet(variables={**App().get_css_variables(), "primary": "#ff0000"})
    with pytest.raises(KeyError):
        KeptParseCache(other_theme, path)[KEY]


def _evil_entry(path: Path, marker: Path) -> None:
    """A kept file whose entry for KEY would run a shell command if unpickled naively."""

    class Evil:
        def __reduce__(self):
            return os.system, (f"touch {marker}",)

    cache = KeptParseCache(fresh_stylesheet(), path)
    digest = cache._digest(KEY)
    css_cache.write_entries(path, {digest: pickle.dumps((digest, [Evil()]))})


def _lookup_outcome(path: str) -> str:
    rules = read_back(Path(path))
    return "miss" if rules is None else f"hit {len(rules)}"


def test_an_entry_that_would_run_code_is_a_miss_and_runs_nothing(tmp_path):
    path, marker = kept_file(tmp_path), tmp_path / "ran"
    _evil_entry(path, marker)
    assert call_in_child(_lookup_outcome, str(path)) == "miss"
    assert not marker.exists()


def test_a_file_others_may_write_or_a_link_is_not_read(tmp_path):
    path = kept_file(tmp_path)
    write_kept(path)
    assert call_in_child(_lookup_outcome, str(path)).startswith("hit")
    os.chmod(path, 0o620)  # group-writable: another player could have put anything there
    assert call_in_child(_lookup_outcome, str(path)) == "miss"
    os.chmod(path, 0o600)
    os.chmod(path.parent, 0o777)  # a folder others may write: they could swap the file
    assert call_in_child(_lookup_outcome, str(path)) == "miss"
    os.chmod(path.parent, 0o700)
    link = path.with_name("link.cache")
    link.symlink_to(path)
    assert call_in_child(_lookup_outcome, str(link)) == "miss"


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another account needs root")
def test_a_file_another_account_owns_is_not_read(tmp_path):
    path = kept_file(tmp_path)
    write_kept(path)
    os.chown(path, 65534, 65534)
    assert call_in_child(_lookup_outcome, str(path)) == "miss"


def test_special_files_and_huge_files_are_not_read_and_do_not_hang(tmp_path):
    path = kept_file(tmp_path)
    path.parent.mkdir(parents=True, mode=0o700)
    os.mkfifo(path, 0o600)  # a reader that opened it blocking would wait forever
    assert call_in_child(_lookup_outcome, str(path)) == "miss"
    path.unlink()
    path.mkdir(mode=0o700)
    assert call_in_child(_lookup_outcome, str(path)) == "miss"
    path.rmdir()
    with open(path, "wb") as file:
        file.write(css_cache.MAGIC)
        file.truncate(css_cache.MAX_BYTES + 1)  # sparse: nothing is written but the size
    os.chmod(path, 0o600)
    assert call_in_child(_lookup_outcome, str(path)) == "miss"


def test_a_file_cut_short_keeps_its_whole_entries(tmp_path):
    path = kept_file(tmp_path)
    write_kept(path)
    other = (".a { color: red; }\n", ("other.tcss", ""), False, 0, "")
    stylesheet = fresh_stylesheet()
    cache = keep_parsed_css(stylesheet, path)
    cache[KEY]  # found: kept again by the next save
    parsed_rules(stylesheet, other)
    cache.save()
    data = path.read_bytes()
    path.write_bytes(data[:-5])
    os.chmod(path, 0o600)
    assert len(css_cache.read_entries(path)) == 1


def _cache_never_raises_but_a_miss(data: bytes, path: str) -> str:
    Path(path).write_bytes(data)
    os.chmod(path, 0o600)
    return _lookup_outcome(path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=600), st.booleans())
def test_any_bytes_are_at_most_a_miss(tmp_path, junk, with_magic):
    """Random bytes, with or without the format's first line, whole or as an entry for the
    key asked for: a miss, never an exception, never a hang."""
    path = kept_file(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    digest = KeptParseCache(fresh_stylesheet(), path)._digest(KEY)
    data = (css_cache.MAGIC + css_cache._HEADER.pack(digest, len(junk)) + junk) if with_magic \
        else junk
    assert call_in_child(_cache_never_raises_but_a_miss, data, str(path)) == "miss"
