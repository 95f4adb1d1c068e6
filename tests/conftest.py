"""Shared fixtures: every test runs with its own preset folders, never the real home."""

from __future__ import annotations

import gc

import pytest

from tests.compile_once import compile_once, is_controller
from tests.css_once import parse_each_css_once
from tests import frame_rate, pilot_idle, schedule


def pytest_configure(config):
    """Compile what every test process imports once, before the workers start
    (``compile_once``: this machine's shell has Python write no bytecode); in a process that
    runs tests, parse each piece of the apps' CSS once (``css_once``), let Pilot wait for
    an idle app on the event loop (``pilot_idle``) and paint at the command's frame rate
    (``frame_rate``)."""
    if is_controller(config):
        compile_once(config)
    if not (is_controller(config) and config.getoption("numprocesses", None)):
        frame_rate.install()
        parse_each_css_once()
        pilot_idle.install()


def pytest_collection_finish(session):
    """Freeze what collection made (modules, test items, strategies: some 150,000 objects):
    every full collection afterwards skips them, a test's or the app's own (a tab switch runs
    one, ``free_removed``), each 0.07 s of CPU less in a worker. Tests that check the app
    freezes nothing compare the count before and after, so a frozen start is theirs too."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def isolated_folders(tmp_path, monkeypatch):
    """Point the user, state and shared preset folders into a temporary directory."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("WORKSHEET_SHARED_PRESETS", raising=False)
    return tmp_path


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Tests marked ``serial`` (none today) go to one xdist group: one worker runs them one
    after another (``--dist loadgroup`` in pyproject.toml), so they never run beside each other.
    They still share the machine with the other workers' tests, so a test that cannot (a
    timing benchmark) belongs in ``tests/perf``, not in the suite. The tests are handed out
    in ``schedule.ordered``'s order, which keeps both cores busy."""
    items[:] = schedule.ordered(items)
    for item in items:
        if item.get_closest_marker("serial"):
            item.add_marker(pytest.mark.xdist_group("serial"))
