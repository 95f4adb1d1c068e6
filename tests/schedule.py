"""The order the workers are handed the tests in, so the two cores stay busy (issue 40).

``--dist loadgroup`` hands each worker one test (or one ``xdist_group``) at a time, in
collection order, as it finishes the last. In plain collection order every pty test
(``tests/terminal``: a real app on another process, the worker mostly waiting for its screen)
ran in one stretch and every Pilot test (``tests/ui``: all CPU, in the worker) in the next:
with all four workers on pty tests the cores were half idle, and sampling ``/proc/stat``
through a whole run found 69 idle core-seconds in 184 s. The last test to start was a slow
Pilot test, which one worker then ran alone.

So the tests are handed out in two parts:

1. the tests that wait on another process (``WAITING``) woven through the files whose tests
   compute in the worker, each taken in turn so that both are used up at the same rate (by
   count of tests): a worker waiting on a pty leaves its core to a worker that computes. The
   pty tests are woven one by one (a file's tests, its parameters, wait alike: handed out
   together, they had every worker waiting at once); every other file stays together, in its
   order, so a module's fixtures are made once per run of its tests (``tests/serve`` starts a
   server per module);
2. then the short tests (``FILLING``: 3–125 ms each on average), which even out the workers'
   ends, the folders with the longer tests first (``tests/presets`` has one that waits 5 s
   for a lock's deadline: handed out last, it ran alone at the end).

Nothing here changes what a test does or whether it runs: only when.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Item(Protocol):
    """What is read of a test item: its node id (``path::name[params]``)."""

    nodeid: str


WAITING = ("tests/terminal/", "tests/serve/")
"""Tests that drive a program on another process (a pty, an SSH server) and wait for it."""

ONE_BY_ONE = ("tests/terminal/",)
"""Waiting tests woven one by one rather than a file at a time (no module fixtures)."""

FILLING = ("tests/presets/", "tests/fuzz/", "tests/engine/", "tests/cli/", "tests/importers/",
           "tests/test_layers.py", "tests/test_preset_format.py", "tests/test_readme.py")
"""Short tests (measured 3–125 ms each on average), handed out last, in this order."""


def _files(items: Sequence[Item]) -> list[list[Item]]:
    """The items by file, in the order each file first appears."""
    by_file: dict[str, list[Item]] = {}
    for item in items:
        by_file.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    return list(by_file.values())


def _woven(first: list[list[Item]], second: list[list[Item]]) -> list[list[Item]]:
    """Both lists of files in one, the next file always from the list that has handed out the
    smaller share of its tests so far (ties to ``first``)."""
    totals = (sum(map(len, first)) or 1, sum(map(len, second)) or 1)
    done, woven = [0, 0], []
    lists = (list(first), list(second))
    while lists[0] or lists[1]:
        side = 0 if lists[0] and (not lists[1] or done[0] * totals[1] <= done[1] * totals[0]) else 1
        file = lists[side].pop(0)
        done[side] += len(file)
        woven.append(file)
    return woven


def ordered(items: Sequence[Item]) -> list[Item]:
    """``items`` in the order to hand them out (the module's docstring says why)."""
    waiting, computing, filling = [], [], []
    for file in _files(items):
        path = file[0].nodeid
        if path.startswith(ONE_BY_ONE):
            waiting.extend([item] for item in file)
        else:
            (waiting if path.startswith(WAITING) else
             filling if path.startswith(FILLING) else computing).append(file)
    filling.sort(key=lambda file: next(index for index, start in enumerate(FILLING)
                                       if file[0].nodeid.startswith(start)))
    return [item for file in _woven(waiting, computing) + filling for item in file]
