"""What the tests of the app's hooks into Textual's private API share (``test_hooks_*.py``):
a small app with the hooks as the worksheet uses them, a driver that keeps the frames written
to the terminal, and the fixture that puts back the signal handlers a driver installs.
Importable by name (``tests/ui/conftest.py`` puts this folder on ``sys.path``), as ``waits``
and ``hooks_probe`` are.
"""

from __future__ import annotations

import signal
from contextlib import asynccontextmanager, contextmanager

import pytest
from textual import events
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.drivers.headless_driver import HeadlessDriver
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Static

from worksheet.ui import textual_internals as hooks
from worksheet.ui.app.one_message import OneMessage
from worksheet.ui.screens.sheet_screen import KeepStylesOnFirstResume
from worksheet.ui.widgets.ordered_input import KeyBeforeInput


# -- a small app with the hooks as the worksheet uses them -----------------------------------

class Keyed(KeyBeforeInput, hooks.RepaintWhileTextFits, Input):
    """Notes each key with the text it found; takes ``x`` itself."""

    seen: list

    async def handle_key_first(self, event: events.Key) -> bool:
        self.seen = [*getattr(self, "seen", []), (event.key, self.value)]
        if event.key != "x":
            return False
        event.prevent_default()  # as OrderedInput does with the keys it runs itself
        return True


class Line(Widget):
    """A line of text; :meth:`show` changes it with a repaint, no layout."""

    DEFAULT_CSS = "Line { height: 1; }"

    def __init__(self, text: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = text

    def render(self) -> str:
        return self.text

    def show(self, text: str) -> None:
        self.text = text
        self.refresh()


class Far(hooks.RepaintWithoutMessages, Line):
    """A row below the view of its scrolling container."""


class Quiet(hooks.RepaintWithoutMessages, Line):
    """A row whose repaints are noted on the screen directly."""


class ProbeScreen(hooks.RenderSentLinesOnly, KeepStylesOnFirstResume, Screen):
    def on_key(self, event: events.Key) -> None:
        self.app.at_screen.append((event.key, hooks.key_stopped(event)))

    def compose(self) -> ComposeResult:
        yield Keyed(id="keyed")
        yield Input(id="plain")
        yield hooks.LazySelectList([("a", 1), ("b", 2), ("c", 3)], value=1, compact=True,
                                   allow_blank=False, id="choice")
        yield Static("top", id="top")
        yield Static("middle", id="middle")
        yield Static("bottom", id="bottom")
        with VerticalScroll(id="rows"):
            yield Quiet("quiet", id="quiet")
            yield from (Static(f"row {n}") for n in range(6))
            yield Far("far", id="far")


class Probe(hooks.UncaughtExceptionHook, OneMessage, hooks.HooksWhileRunning,
            App[None]):
    CSS = "Input { width: 20; height: 1; border: none; } #rows { height: 3; }"

    def __init__(self) -> None:
        super().__init__()
        self.bubbled: list[tuple[str, bool]] = []  # keys back at the app, stopped or not
        self.at_screen: list[tuple[str, bool]] = []  # keys that reached the screen
        self.chosen: list = []  # the values the select said it changed to
        self.handled: list[Message] = []  # every message, as it arrives
        self.uncaught: list[Exception] = []

    def on_mount(self) -> None:  # (Textual runs each class's own on_mount, this one last)
        self.push_screen(self.first_screen())

    def first_screen(self) -> Screen:
        return ProbeScreen()

    def on_key(self, event: events.Key) -> None:
        self.bubbled.append((event.key, hooks.key_stopped(event)))

    def on_select_changed(self, event) -> None:
        self.chosen.append(event.value)

    def handle_uncaught(self, error: Exception) -> None:
        self.uncaught.append(error)


@contextmanager
def process_wide_hooks():
    """The process-wide hooks applied, as while an app runs (``HooksWhileRunning``)."""
    hooks.install()
    try:
        yield
    finally:
        hooks.uninstall()


def textuals_own() -> dict:
    """What the process-wide hooks replace, as it is now."""
    from textual import _xterm_parser, screen
    from textual.drivers import linux_driver

    return {"screen.key_to_character": screen.key_to_character,
            "_xterm_parser._character_to_key": _xterm_parser._character_to_key,
            "Strip.__init__": vars(Strip)["__init__"],
            "Strip.__getattr__": vars(Strip).get("__getattr__"),
            "StylesCache.get_inner_outer": vars(StylesCache)["get_inner_outer"],
            "linux_driver.XTermParser": linux_driver.XTermParser}


@asynccontextmanager
async def probe(size: tuple[int, int] = (40, 12)):
    app = Probe()
    async with app.run_test(size=size, message_hook=app.handled.append,
                            notifications=True) as pilot:
        await pilot.pause()
        yield app, pilot


class Recording(HeadlessDriver):
    """A driver that keeps what the app writes to the terminal (a headless one writes none)."""

    written: list[str] = []

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        Recording.written.append(data)


async def frames_of(app: App, act) -> list[str]:
    """What ``app`` writes to a terminal of 40×12 while ``act(pilot)`` runs."""
    Recording.written = []

    async def drive(pilot) -> None:
        await pilot.pause()
        await act(pilot)
        await pilot.pause()
        app.exit()

    app.driver_class = Recording
    await app.run_async(headless=False, size=(40, 12), auto_pilot=drive)
    return Recording.written


def drawn(widget: Widget) -> str:
    return "\n".join(line.text for line in widget.render_lines(widget.size.region))


class TwoLines(hooks.RenderSentLinesOnly, Screen):
    def compose(self) -> ComposeResult:
        yield Static("kept")
        yield Static("going", id="going")


class TwoLinesApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(TwoLines())


@pytest.fixture(autouse=True)
def signal_handlers():
    """A driver made by a test installs its handlers for good: put back the ones before."""
    before = {s: signal.getsignal(s) for s in (signal.SIGTSTP, signal.SIGCONT)}
    yield
    for signum, handler in before.items():
        signal.signal(signum, handler)
