"""Fixtures for the preset tests: every test gets its own folders, never the real home."""

from __future__ import annotations

from pathlib import Path

import pytest

from worksheet.presets import Preset


@pytest.fixture(autouse=True)
def isolated_folders(tmp_path, monkeypatch):
    """Point home, the XDG folders and the shared folder into a temporary directory."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("WORKSHEET_SHARED_PRESETS", raising=False)
    return tmp_path


@pytest.fixture
def shared(tmp_path, monkeypatch) -> Path:
    """A group-writable shared folder named by WORKSHEET_SHARED_PRESETS."""
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o2775)
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(folder))
    return folder


@pytest.fixture
def user_folder(tmp_path) -> Path:
    """The user's preset folder under the temporary XDG_DATA_HOME."""
    return tmp_path / "data" / "worksheet" / "presets"


def _make_preset(name: str = "Hero", dodge: int = 60) -> Preset:
    return Preset("gemstone4", name, "a test preset",
                  {"dodge_ranks": dodge, "agility_bonus": 20, "shield": "medium"})


@pytest.fixture
def make_preset():
    """A factory of small valid gemstone4 presets: ``make_preset(name, dodge)``."""
    return _make_preset
