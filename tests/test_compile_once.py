"""The controller's rewriting of the test modules is split between itself and one forked
child (``compile_once.in_halves``): every file is handled once, by one of the two."""

from __future__ import annotations

import os
from pathlib import Path

from tests.compile_once import in_halves


def test_every_path_is_worked_on_once_by_one_of_two_processes(tmp_path):
    paths = [tmp_path / f"module_{number}.py" for number in range(7)]

    def work(some: list[Path]) -> None:
        for path in some:
            with open(path.with_suffix(".done"), "x") as done:  # "x": a second write fails
                done.write(str(os.getpid()))

    in_halves(work, paths)
    writers = {path.name: path.with_suffix(".done").read_text() for path in paths}
    assert len(writers) == 7
    assert len(set(writers.values())) == 2  # the child's share and this process's
    assert str(os.getpid()) in writers.values()
