"""Fixtures for the preset tests (tests/conftest.py already isolates home and XDG folders)."""

from __future__ import annotations

from pathlib import Path

import pytest

from worksheet.presets import Preset


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
