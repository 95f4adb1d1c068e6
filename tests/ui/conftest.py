"""Pilot tests share :mod:`waits` (importable by name from here, as the pty tests' helper is)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
