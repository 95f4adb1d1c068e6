"""The order tests are handed to the workers in (``tests/schedule.py``) drops none, keeps each
file's tests together and in order (a pty file's apart), weaves the waiting ones through the
computing ones and hands the short ones out last; and the apps Pilot runs paint at the
command's frame rate (``tests/frame_rate.py``)."""

from __future__ import annotations

from dataclasses import dataclass

import textual.constants

from tests.schedule import ordered
from worksheet.cli.app import FRAME_RATE


@dataclass
class Item:
    nodeid: str


def items(path: str, count: int) -> list[Item]:
    return [Item(f"{path}::test_{number}") for number in range(count)]


COLLECTED = (items("tests/cli/test_a.py", 3) + items("tests/engine/test_b.py", 4)
             + items("tests/presets/test_c.py", 2) + items("tests/serve/test_d.py", 2)
             + items("tests/terminal/test_e_pty.py", 4) + items("tests/ui/test_f.py", 3)
             + items("tests/ui/test_g.py", 3) + items("tests/test_layers.py", 2))


def test_every_test_is_handed_out_once():
    assert sorted(item.nodeid for item in ordered(COLLECTED)) == sorted(
        item.nodeid for item in COLLECTED)


def test_waiting_tests_are_woven_through_the_computing_files_and_fillers_come_last():
    order = [item.nodeid.split("::")[0] for item in ordered(COLLECTED)]
    assert order == (["tests/serve/test_d.py"] * 2 + ["tests/ui/test_f.py"] * 3
                     + ["tests/terminal/test_e_pty.py"] * 2 + ["tests/ui/test_g.py"] * 3
                     + ["tests/terminal/test_e_pty.py"] * 2
                     + ["tests/presets/test_c.py"] * 2 + ["tests/engine/test_b.py"] * 4
                     + ["tests/cli/test_a.py"] * 3 + ["tests/test_layers.py"] * 2)


def test_each_files_tests_keep_their_order():
    order = [item.nodeid for item in ordered(COLLECTED)]
    for path in {item.nodeid.split("::")[0] for item in COLLECTED}:
        mine = [nodeid for nodeid in order if nodeid.startswith(path + "::")]
        assert mine == [item.nodeid for item in COLLECTED if item.nodeid.startswith(path + "::")]


def test_pilot_apps_paint_at_the_commands_frame_rate():
    assert textual.constants.MAX_FPS == FRAME_RATE
