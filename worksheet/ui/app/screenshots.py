"""Regenerate the README's screenshots: ``python -m worksheet.ui.app.screenshots [FOLDER]``.

Writes one SVG per tab at 120×40 (``<ruleset>.svg``, on the ruleset's bundled preset with an
attacker, else its first, when it has one) and the 80×24 layout (``narrow-80x24.svg``, with a refused input so the blocked rows
show) into ``screenshots/`` (or FOLDER). Runs the real app headless with the user's presets and
recovery file kept out of the way, so the pictures are the same on every machine.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

WIDE = (120, 40)
NARROW = (80, 24)


def _first_bundled(ruleset_id: str):
    from worksheet.presets import bundled_dir, read_preset

    # The preset with an attacker first: a visitor sees the odds beside the defense.
    files = sorted(bundled_dir().glob(f"{ruleset_id}-*.toml"),
                   key=lambda path: ("-odds-" not in path.name, path.name))
    return read_preset(files[0]) if files else None


async def _shoot(app, size: tuple[int, int], path: Path, keys: tuple[str, ...] = ()) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause(0.2)
        app.save_screenshot(filename=path.name, path=str(path.parent))


async def _main(folder: Path) -> list[Path]:
    from worksheet import rulesets
    from worksheet.ui.app.worksheet_app import WorksheetApp

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for ruleset_id in rulesets.ids():
        path = folder / f"{ruleset_id}.svg"
        app = WorksheetApp(ruleset=ruleset_id, preset=_first_bundled(ruleset_id))
        await _shoot(app, WIDE, path)
        written.append(path)
    path = folder / "narrow-80x24.svg"
    app = WorksheetApp(ruleset="gemstone4", preset=_first_bundled("gemstone4"))
    await _shoot(app, NARROW, path, keys=("end", "0"))
    written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else Path("screenshots")
    with tempfile.TemporaryDirectory() as home:
        for variable in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            os.environ[variable] = os.path.join(home, variable.lower())
        os.environ.pop("WORKSHEET_SHARED_PRESETS", None)
        os.environ.pop("WORKSHEET_CURSOR_BLINK", None)
        for path in asyncio.run(_main(folder)):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
