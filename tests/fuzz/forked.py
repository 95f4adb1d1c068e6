"""Run ``worksheet.cli.main`` in a forked child with a hard timeout.

A timer in the same process (``SIGALRM``) cannot stop a hang inside C code: ``int()`` of a
billion-digit string never returns to the interpreter to notice it. A forked child can be
killed whatever it is doing, so a hang fails the test instead of freezing the suite; forking
costs a few milliseconds, and the child shares the parent's imported modules.
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import time
from dataclasses import dataclass

import worksheet.cli  # noqa: E402,F401 — loaded once here, so every forked child starts warm
import worksheet.cli.presets  # noqa: E402,F401
import worksheet.presets.saving  # noqa: E402,F401
from worksheet import rulesets as _rulesets    # noqa: E402

for _ruleset_id in _rulesets.ids():
    _rulesets.get(_ruleset_id)

TIMEOUT = 30.0
"""Seconds a case may take: generous, so a loaded machine never fails a sound case, while a
hang (minutes or forever) still fails."""


@dataclass
class Outcome:
    """What one run of the command line did."""

    status: int
    out: str
    err: str


def run_main(argv: list[str], timeout: float = TIMEOUT) -> Outcome:
    """``worksheet.cli.main(argv)`` in a child process; its status, standard output and error.

    Raises:
        AssertionError: the child did not finish within ``timeout`` (it is killed), or died
            of a signal.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            status = 70
            try:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace",
                                  closefd=False)
                sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace",
                                  closefd=False)
                from worksheet.cli import main

                status = main(argv)
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(status if isinstance(status, int) else 70)
        deadline = time.monotonic() + timeout
        delay = 0.001
        while True:
            done, wait_status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise AssertionError(f"worksheet {' '.join(a[:60] for a in argv)} did not finish "
                                     f"within {timeout:g} s (a hang)")
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        if os.WIFSIGNALED(wait_status):
            raise AssertionError(f"worksheet {argv!r:.200} died of signal "
                                 f"{os.WTERMSIG(wait_status)}")
        out.seek(0)
        err.seek(0)
        return Outcome(os.waitstatus_to_exitcode(wait_status),
                       out.read().decode("utf-8", "replace"),
                       err.read().decode("utf-8", "replace"))


def call_in_child(function, *args, timeout: float = TIMEOUT):
    """``function(*args)`` in a forked child with a hard timeout; its (picklable) result.

    Raises:
        AssertionError: the child hung (it is killed) or died; the child's exception, re-raised
            as an AssertionError naming it.
    """
    import pickle

    with tempfile.TemporaryFile() as result:
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                try:
                    payload = ("ok", function(*args))
                except BaseException as error:  # noqa: BLE001 — reported to the parent
                    payload = ("error", f"{type(error).__name__}: {error}"[:2000])
                result.write(pickle.dumps(payload))
                result.flush()
            except BaseException:  # noqa: BLE001
                code = 70
            finally:
                os._exit(code)
        deadline = time.monotonic() + timeout
        while not os.waitpid(pid, os.WNOHANG)[0]:
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise AssertionError(f"{function.__name__}{args!r:.200} did not finish within "
                                     f"{timeout:g} s (a hang)")
            time.sleep(0.005)
        result.seek(0)
        kind, value = pickle.loads(result.read())
        if kind == "error":
            raise AssertionError(f"{function.__name__}{args!r:.200} raised {value}")
        return value
