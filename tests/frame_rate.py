"""Apps under Pilot paint at the frame rate the ``worksheet`` command gives them.

``worksheet`` sets ``TEXTUAL_FPS`` to ``cli.app.FRAME_RATE`` (240) before Textual is imported
(``cli.app.run_app``), and the pty tests' launcher does the same. A test process has imported
Textual before any conftest runs (pytest-textual-snapshot's plugin imports it), so Textual had
read its default of 60: an app under Pilot painted at a quarter of the player's rate, and
Pilot, which waits for the frame a key asks for, waited up to 16.7 ms a frame instead of
4.2 ms. On ``tests/ui/test_presets.py`` alone that was 2,700 waits (measured by wrapping the
idle wait's sleeps and naming the timer each waited for: Textual's ``screen_update``).

This sets what Textual derives from ``TEXTUAL_FPS`` when it is imported: ``MAX_FPS`` and the
screen's update period (read each time a screen makes its update timer, so it holds for every
app started afterwards). As for the command, ``TEXTUAL_FPS`` in the environment still wins.
"""

from __future__ import annotations

import os

from worksheet.cli.app import FRAME_RATE


def install() -> None:
    """Give the apps this process starts from now on the command's frame rate."""
    if "TEXTUAL_FPS" in os.environ:
        return
    import textual.constants
    import textual.screen

    textual.constants.MAX_FPS = FRAME_RATE  # type: ignore[misc]
    textual.screen.UPDATE_PERIOD = 1 / FRAME_RATE  # type: ignore[misc]
