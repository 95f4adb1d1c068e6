"""The fuzz tests' guard (:mod:`forked`): a case runs in a child of the fork server (one per
test) with what the test set up at the call, a hang is killed and fails, and a failure in the
child reaches the test."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import call_in_child, run_main, server  # noqa: E402


def _where_am_i() -> tuple[str, str | None, int, int]:
    mask = os.umask(0)
    os.umask(mask)
    return os.getcwd(), os.environ.get("FORKED_PROBE"), mask, os.getpid()


def _sleep_forever() -> None:
    while True:
        time.sleep(1000)


def _raise() -> None:
    raise ValueError("from the child")


def test_a_case_runs_with_the_tests_folder_environment_and_umask(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FORKED_PROBE", "\u00e9t\u00e9 \udcff")  # a lone surrogate, as argv may hold
    old = os.umask(0o077)
    try:
        cwd, probe, mask, pid = call_in_child(_where_am_i)
    finally:
        os.umask(old)
    assert (cwd, probe, mask) == (str(tmp_path), "\u00e9t\u00e9 \udcff", 0o077)
    assert pid not in (os.getpid(), server().process.pid)  # a child of the server, not either
    monkeypatch.delenv("FORKED_PROBE")
    monkeypatch.chdir(tmp_path.parent)
    # the next case of this test, in the same runner, sees what the test has now
    assert call_in_child(_where_am_i) == (str(tmp_path.parent), None, _umask(), pid)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _exit_now() -> None:
    os._exit(3)


def test_a_case_that_ends_its_runner_fails_and_the_next_case_gets_another():
    pid = call_in_child(_where_am_i)[3]
    with pytest.raises(AssertionError, match=r"_exit_now\(\) died \(wait status 768\)"):
        call_in_child(_exit_now)
    assert call_in_child(_where_am_i)[3] != pid


def test_a_hang_is_killed_and_fails_and_the_next_case_runs():
    pid = call_in_child(_where_am_i)[3]
    started = time.monotonic()
    with pytest.raises(AssertionError, match=r"_sleep_forever\(\) did not finish within 1 s "
                                             r"\(a hang\)"):
        call_in_child(_sleep_forever, timeout=1.0)
    assert time.monotonic() - started < 20
    assert call_in_child(_where_am_i)[3] != pid  # in a runner of its own: the last was killed


def test_an_exception_in_the_child_fails_the_test_by_name():
    with pytest.raises(AssertionError, match=r"_raise\(\) raised ValueError: from the child"):
        call_in_child(_raise)


def test_a_command_line_of_megabytes_reaches_the_command(tmp_path):
    outcome = run_main(["calc", "gemstone4", "--set", "x" * 2_000_000])
    assert outcome.status == 2, outcome
    assert "xxxx" in outcome.err and len(outcome.err) < 2000, outcome.err[:300]
    assert outcome.out == ""
