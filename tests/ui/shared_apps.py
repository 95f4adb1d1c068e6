"""Apps started once for several tests of a module, where each test leaves the app as it found
it or puts back what it changed: a launch builds every row of a tab headless (about half a
second of CPU), which a test that only reads or resets need not pay again.

A module that shares apps runs its tests on the module's loop and keeps the tests sharing an
app on one xdist worker::

    pytestmark = pytest.mark.asyncio(loop_scope="module")

    @pytest_asyncio.fixture(loop_scope="module", scope="module")
    async def running(tmp_path_factory):
        async with app_pool(tmp_path_factory, SIZE, make, ready) as get:
            yield get

Each test then takes ``app, pilot = await running(key)`` and keeps its own name and its
own assertions.
"""

from __future__ import annotations

import asyncio
import contextvars
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

from hooks_probe import act_for

FOLDERS = (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
           ("XDG_CONFIG_HOME", "config"))
"""The folders ``tests/conftest.py`` isolates for each test, here for the apps' whole time."""


@asynccontextmanager
async def app_pool(tmp_path_factory, size: tuple[int, int], make: Callable[[Any], Any],
                   ready: Callable[[Any, Any], Awaitable[None]] | None = None
                   ) -> AsyncIterator[Callable[[Any], Awaitable[tuple[Any, Any]]]]:
    """``await get(key)``: the app ``make(key)`` returns, running at ``size``, and its
    pilot, started at the first call for ``key``; ``ready(app, pilot)`` runs before each
    test has it (put back what an earlier test changed, and check it).

    The apps' folders are their own for the pool's time (a test's own ``isolated_folders``
    are put back to these after it), so an app never writes where a later test or the real
    home would look. ``run_test`` sets context variables that it resets on the way out, in
    the same context: the apps are started and stopped in one context of their own (a
    fixture's teardown runs in another)."""
    folder = tmp_path_factory.mktemp("shared-apps")
    apps: dict[Any, tuple[Any, Any]] = {}
    context = contextvars.copy_context()
    stack = AsyncExitStack()

    async def get(key: Any) -> tuple[Any, Any]:
        if key not in apps:
            app = make(key)
            pilot = await asyncio.create_task(
                stack.enter_async_context(app.run_test(size=size)), context=context)
            apps[key] = (app, pilot)
        app, pilot = apps[key]
        act_for(app)  # in the test's context, as run_test does for the test inside it
        if ready is not None:
            await ready(app, pilot)
        return app, pilot

    with pytest.MonkeyPatch.context() as env:
        for name, sub in FOLDERS:
            env.setenv(name, str(folder / sub))
        env.delenv("WORKSHEET_SHARED_PRESETS", raising=False)
        try:
            yield get
        finally:
            await asyncio.create_task(stack.aclose(), context=context)
