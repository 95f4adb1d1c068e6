"""The wheel ships the bundled presets as package data, and the script entry point."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_presets_and_entry_point(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", str(ROOT), "-w", str(tmp_path)], check=True,
                   capture_output=True)
    (wheel,) = tmp_path.glob("worksheet-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    bundled = {Path(p).name for p in (ROOT / "presets").glob("*.toml")}
    shipped = {Path(n).name for n in names if n.startswith("worksheet/_bundled_presets/")}
    assert bundled and bundled == shipped
    styles = {p.relative_to(ROOT).as_posix() for p in (ROOT / "worksheet").rglob("*.tcss")}
    assert len(styles) >= 3 and styles <= set(names), "the app's style sheets ship"
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "worksheet = worksheet.cli:main_entry" in text
