"""The app's hooks into Textual's private API (``worksheet.ui.textual_internals``) still do what
each buys, tested by behaviour seen from outside: what a widget draws, the frames written to
the terminal (through a driver that keeps them), the messages the app handles (``run_test``'s
``message_hook``), where keys go, what is freed. One case per thing a hook relies on, named
``hook:what it buys``, so an upgrade of Textual that breaks a hook fails that case by behaviour
and says which hook to re-check against the new sources. The installed Textual must be the
pinned one.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import io
import signal
import tomllib
import weakref
from contextlib import asynccontextmanager, contextmanager, redirect_stderr
from importlib import metadata
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cached_cell_len
from rich.segment import Segment
from textual import events, messages
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.color import Color
from textual.containers import Vertical, VerticalScroll
from textual.drivers.headless_driver import HeadlessDriver
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static

import hooks_probe
from worksheet.ui import textual_internals as hooks
from worksheet.ui.app import plain_toasts
from worksheet.ui.app.plain_toasts import OneToastPerMessage
from worksheet.ui.controllers import recovery
from worksheet.ui.screens import confirm, dialog, sheet_screen
from worksheet.ui.screens.sheet_screen import KeepStylesOnFirstResume
from worksheet.ui.terminal import key_gate
from worksheet.ui.textual_internals import SelectCurrent, SelectOverlay
from worksheet.ui.textual_internals.retained import geometry_caches
from worksheet.ui.widgets import ordered_input
from worksheet.ui.widgets.ordered_input import KeyBeforeInput

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def pinned_textual() -> str:
    """The ``textual==X`` pin of pyproject.toml's dependencies."""
    import re

    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    pins = [m.group(1) for d in dependencies if (m := re.fullmatch(r"textual==(\S+)", d))]
    assert len(pins) == 1, f"pyproject.toml pins textual once with ==, found {dependencies}"
    return pins[0]


def test_the_installed_textual_is_the_pinned_one():
    pinned, installed = pinned_textual(), metadata.version("textual")
    assert installed == pinned, (
        f"Textual {installed} is installed, pyproject.toml pins {pinned}: every hook of "
        f"worksheet/ui/textual_internals.py relies on {pinned}'s internals; re-check each "
        "against the new sources before moving the pin")
    assert hooks.PINNED_TEXTUAL == pinned, (
        f"textual_internals.PINNED_TEXTUAL is {hooks.PINNED_TEXTUAL}, pyproject.toml pins "
        f"{pinned}")


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


class Probe(hooks.UncaughtExceptionHook, OneToastPerMessage, hooks.HooksWhileRunning,
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
    from textual.drivers import linux_driver

    return {"Strip.__init__": vars(Strip)["__init__"],
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


def sent_to(app: Probe, kind: type, widget: Widget) -> list[Message]:
    return [m for m in app.handled if isinstance(m, kind) and getattr(m, "widget", 0) is widget]


def drawn(widget: Widget) -> str:
    return "\n".join(line.text for line in widget.render_lines(widget.size.region))


# -- what each hook buys ----------------------------------------------------------------------

def breakpoints_by_width():
    points = [(0, "-narrow"), (80, "-wide")]
    assert [sheet_screen.breakpoint_class(width, points) for width in (60, 80, 120)] == \
        ["-narrow", "-wide", "-wide"]
    assert sheet_screen.breakpoint_class(60, [(80, "-wide")]) is None


def toasts(app: App) -> list[str]:
    return sorted(str(toast.render()) for toast in app.screen.query("Toast"))


async def a_repeated_message_shows_once(app, pilot):
    for _ in range(3):
        app.notify("Nothing to undo")
    await pilot.pause()
    assert toasts(app) == ["Nothing to undo"]


async def the_repeat_replaces_the_one_shown(app, pilot):
    app.notify("Nothing to undo")
    app.notify("Refused")
    app.notify("Nothing to undo")
    await pilot.pause()
    assert [n.message for n in hooks_probe.notifications(app)] == ["Refused", "Nothing to undo"]
    assert toasts(app) == ["Nothing to undo", "Refused"]


async def another_severity_is_another_toast(app, pilot):
    app.notify("Refused")
    app.notify("Refused", severity="error")
    await pilot.pause()
    assert toasts(app) == ["Refused", "Refused"]


async def styled_on_resume(app, pilot, first: bool) -> int:
    """How often the stylesheet is applied to a row as its screen resumes: the first time
    (pushed), or again (a resume as a screen switch sends it)."""
    applied, apply = [], app.stylesheet.apply
    app.stylesheet.apply = lambda node, *a, **k: (applied.append(node), apply(node, *a, **k))
    if first:
        app.push_screen(ProbeScreen())
    else:
        app.screen.post_message(events.ScreenResume())
    await pilot.pause()
    return sum(1 for node in applied if node.id == "quiet")


async def the_first_resume_restyles_nothing(app, pilot):
    assert await styled_on_resume(app, pilot, first=True) == 1, "styled as it mounted only"


async def a_later_resume_restyles(app, pilot):
    assert await styled_on_resume(app, pilot, first=False) == 1, "Screen's own restyle runs"


async def each_key_is_seen_before_it_is_inserted(app, pilot):
    keyed = app.screen.query_one(Keyed)
    keyed.focus()
    await pilot.press("1", "2", "x", "3")
    assert keyed.value == "123"
    assert keyed.seen == [("1", ""), ("2", "1"), ("x", "12"), ("3", "12")]


async def typing_that_fits_lays_nothing_out(app, pilot):
    keyed, plain = app.screen.query_one(Keyed), app.screen.query_one("#plain", Input)
    keyed.value = "12345"
    assert not hooks.layout_pending(app.screen)
    plain.value = "12345"
    assert hooks.layout_pending(app.screen), "Textual's own input asks for a layout"
    await pilot.pause()
    assert "12345" in drawn(keyed)


def current(app: App):
    return app.screen.query_one("#choice", hooks.LazySelectList)


async def the_list_is_built_when_it_first_opens(app, pilot):
    choice = current(app)
    assert not choice.query(SelectOverlay), "no list before it opens"
    choice.action_show_overlay()
    await pilot.pause()
    assert choice.query_one(SelectOverlay).option_count == 3


async def the_field_shows_the_choice_or_the_prompt_dimmed(app, pilot):
    blank = hooks.LazySelectList([("a", 1)], prompt="pick one", compact=True)
    await app.screen.mount(blank)
    await pilot.pause()
    field = blank.query_one(hooks.DrawnSelectCurrent)
    assert not field.has_class("-has-value") and str(field.render()).startswith("pick one")
    blank.value = 1
    await pilot.pause()
    assert field.has_class("-has-value") and str(field.render()).startswith("a ")


async def the_arrow_points_up_while_the_list_is_open(app, pilot):
    field = current(app).query_one(hooks.DrawnSelectCurrent)
    arrows = [str(field.render())[-1]]
    current(app).action_show_overlay()
    await pilot.pause()
    arrows.append(str(field.render())[-1])
    assert arrows == ["▼", "▲"]


async def new_options_wait_for_the_list(app, pilot):
    choice = current(app)
    choice.set_options([("x", 1), ("y", 2)])
    choice.value = 2
    await pilot.pause()
    assert not choice.query(SelectOverlay)
    assert str(choice.query_one(SelectCurrent).render()).startswith("y ")
    choice.action_show_overlay()
    await pilot.pause()
    assert choice.query_one(SelectOverlay).option_count == 2


async def a_value_set_while_closed_is_shown_and_said(app, pilot):
    app.chosen.clear()
    current(app).value = 3
    await pilot.pause()
    assert str(current(app).query_one(SelectCurrent).render()).startswith("c ")
    assert app.chosen == [3] and not current(app).query(SelectOverlay)


async def the_list_opens_on_the_value(app, pilot):
    current(app).value = 2
    current(app).action_show_overlay()
    await pilot.pause()
    assert current(app).query_one(SelectOverlay).highlighted == 1


async def enter_chooses_and_escape_keeps(app, pilot):
    current(app).focus()
    await pilot.press("enter", "down", "enter")
    await pilot.pause()
    await pilot.press("enter", "down", "escape")
    await pilot.pause()
    assert current(app).value == 2 and not current(app).expanded
    overlay = current(app).query_one(SelectOverlay)
    assert [bool(overlay.settle_after_key(key)) for key in ("enter", "escape", "down")] \
        == [True, True, False]


async def focus_goes_to_the_list_and_back(app, pilot):
    current(app).focus()
    await pilot.press("enter")
    await pilot.pause()
    on_list = app.focused is current(app).query_one(SelectOverlay)
    await pilot.press("enter")
    await pilot.pause()
    assert on_list and app.focused is current(app)


async def typing_searches_the_list(app, pilot):
    current(app).focus()
    await pilot.press("enter", "c", "enter")
    await pilot.pause()
    assert current(app).value == 3


class Blended(Widget):
    """A widget with its own component (Textual's own blending applies to it)."""

    COMPONENT_CLASSES = {"blended--part"}
    DEFAULT_CSS = """
    Screen { background: #203040; }
    Blended { background: #102030 50%; color: #e0e0e0; opacity: 0.8; }
    Blended > .blended--part { background: #f0a000 40%; text-style: bold; }
    """


class Sharing(hooks.SharedComponentClasses, Blended):
    def makes_own_components(self) -> bool:
        return False


def a_node_lists_its_component_classes():
    assert hooks.component_classes(Blended()) == {"blended--part"}
    assert hooks.component_classes(Static()) == frozenset()


async def a_sharing_widget_holds_no_component_styles(app, pilot):
    own, sharing = Blended(), Sharing()
    await app.screen.mount(own, sharing)
    await pilot.pause()
    assert hooks_probe.own_component_styles(own) == {"blended--part"}
    assert hooks_probe.own_component_styles(sharing) == frozenset()


async def a_component_blends_over_its_ancestors(app, pilot):
    inner = Blended()
    await app.screen.mount(Vertical(inner))
    inner.parent.styles.background = Color(200, 0, 0, 0.5)
    await pilot.pause()
    assert hooks.blend_over(inner, inner.get_component_styles("blended--part")) == \
        inner.get_component_rich_style("blended--part")


async def an_unseen_repaint_sends_nothing_and_shows_when_seen(app, pilot):
    far = app.screen.query_one(Far)
    app.handled.clear()
    far.show("far, changed")
    await pilot.pause()
    assert not sent_to(app, messages.Update, far)
    far.scroll_visible(animate=False)
    await pilot.pause()
    assert drawn(far).startswith("far, changed")


async def an_unseen_layout_is_still_done(app, pilot):
    far = app.screen.query_one(Far)
    far.styles.height = 2
    await pilot.pause()
    assert far.size.height == 2 and sent_to(app, messages.Layout, far)


async def a_repaint_is_drawn_without_messages(app, pilot):
    quiet = app.screen.query_one(Quiet)
    app.handled.clear()
    quiet.show("quieter")
    await pilot.pause()
    assert drawn(quiet).startswith("quieter")
    assert not sent_to(app, messages.Update, quiet), "the screen was sent an Update"


class NoLinks(Static):
    """Text that is never a link, as the app's rows are (``widgets.NoLinks``): with links
    styled, the hook below leaves the lines to Textual."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.set_reactive(Widget.auto_links, False)


class Framed(hooks.LeftFramedLines, NoLinks):
    """A widget whose lines are put together from a frame worked out once."""


async def same_lines(ours: Widget, theirs: Widget, css: str) -> None:
    """``ours`` and ``theirs`` (Textual's own way) draw the very same segments."""
    async with probe() as (app, pilot):
        for widget in (ours, theirs):
            widget.set_styles(css)
        await app.screen.mount(ours, theirs)
        await pilot.pause()
        assert [list(line) for line in ours.render_lines(ours.size.region)] == \
            [list(line) for line in theirs.render_lines(theirs.size.region)]


async def a_left_frame_is_textuals_own():
    await same_lines(Framed("Armor 13\nBrawn 6"), Static("Armor 13\nBrawn 6"),
                     "height: 3; border-left: tall #f0a000; padding: 0 2; "
                     "background: #102030 60%; color: #e0e0e0;")


async def a_key_a_field_takes_is_stopped_there(app, pilot):
    app.screen.query_one(Keyed).focus()
    await pilot.press("a", "f9")
    typed = [hooks.key_stopped(m) for m in app.handled if getattr(m, "key", "") == "a"]
    assert typed and all(typed), "the field stopped the key it took"
    assert app.at_screen == [("f9", False)] and app.bubbled == [("f9", True)], \
        "a key no widget took is not stopped, until its screen passes it up to the app"


async def a_key_goes_to_the_focused_widget_and_back_unless_stopped(app, pilot):
    app.screen.query_one(Keyed).focus()
    await pilot.press("a", "f9")
    assert app.screen.query_one(Keyed).value == "a"
    assert [key for key, _ in app.bubbled] == ["f9"]


def escape_then_a_key_is_marked():
    from textual.drivers import linux_driver

    def read(data: str) -> list:
        parser = linux_driver.XTermParser()
        return [*parser.feed(data), *parser.feed("")]

    def alone(key) -> list:
        return [(k.key, k.character) for k in getattr(key, "after_escape", None) or []]

    with process_wide_hooks():
        digit, (alt_q,), (plain,) = read("\x1b5"), read("\x1bq"), read("5")
    assert len(digit) == 1 and alone(digit[0]) == [("5", "5")]
    assert alt_q.key == "alt+q" and alone(alt_q) == [("q", "q")]
    assert not hasattr(plain, "after_escape")


class Ping(Message):
    """A message a test posts and waits to see handled."""


async def a_message_on_its_way_is_pending(app, pilot):
    app.screen.query_one("#top").post_message(Ping())
    pending = recovery.messages_pending(app)
    await pilot.pause()
    assert pending and not recovery.messages_pending(app)


async def a_layout_asked_for_is_pending_until_done(app, pilot):
    app.screen.query_one("#top").refresh(layout=True)
    pending = hooks.layout_pending(app.screen)
    await pilot.pause()
    assert pending and not hooks.layout_pending(app.screen)


async def the_widget_with_a_message_is_busy(app, pilot):
    top = app.screen.query_one("#top")
    top.post_message(Ping())
    busy = key_gate.busy_widget(app.screen)
    await pilot.pause()
    assert busy is top and key_gate.busy_widget(app.screen) is None


class Failing(Probe):
    def on_key(self, event: events.Key) -> None:
        raise ZeroDivisionError("planted")


class Plain(App[None]):
    """An app without the hook whose key handler fails."""

    on_key = Failing.on_key


async def crash(app: App) -> tuple[list, str]:
    """What waits to be printed once ``app`` has failed on a key, and what it printed."""
    with redirect_stderr(io.StringIO()) as printed, pytest.raises(ZeroDivisionError):
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.press("f9")
            waiting = hooks_probe.exit_output(app)
    return waiting, printed.getvalue()


async def an_uncaught_exception_is_handed_over_first():
    app = Failing()
    await crash(app)
    assert [str(error) for error in app.uncaught] == ["planted"] and app.return_code == 1


async def no_traceback_is_printed_over_the_screen():
    (_, ours), (_, textuals) = await crash(Failing()), await crash(Plain())
    assert ours == "" and "ZeroDivisionError" in textuals


async def a_copy_is_the_apps_clipboard(app, pilot):
    hooks.copy_through_driver(app, "Dodge DV 4", "\x1bPtmux;…\x1b\\")
    assert app.clipboard == "Dodge DV 4"


async def a_copy_reaches_the_terminal():
    async def copy(pilot) -> None:
        hooks.copy_through_driver(pilot.app, "Dodge DV 4", "<osc 52>")

    assert "<osc 52>" in await frames_of(Probe(), copy)


async def the_player_is_told(app, pilot):
    app.notify("Saved", title="Hero", severity="warning")
    await pilot.pause()
    told = [(n.title, n.message, n.severity) for n in hooks_probe.notifications(app)]
    assert told == [("Hero", "Saved", "warning")]


async def textuals_traceback_waits_for_the_end():
    (ours, _), (textuals, _) = await crash(Failing()), await crash(Plain())
    assert ours == [] and textuals, "Textual keeps the traceback to print at the end"


async def the_components_a_widget_holds(app, pilot):
    await app.screen.mount(own := Blended())
    assert hooks_probe.own_component_styles(own) == {"blended--part"}
    assert hooks_probe.own_component_styles(app.screen.query_one("#top")) == frozenset()


async def a_hidden_container_lets_go_of_a_removed_child(app, pilot):
    rows = app.screen.query_one("#rows")
    child = rows.children[1]
    gone = weakref.ref(child)
    rows.display = False
    await pilot.pause()
    await child.remove()
    del child
    app.handled.clear()  # the messages noted hold the widgets they were about
    gc.collect()
    kept = gone() is not None
    hooks.forget_arrangement(rows)
    _ = rows.displayed_children  # made anew, as a released form body's are
    gc.collect()
    freed = gone() is None
    assert kept and freed, f"kept before: {kept}; freed after: {freed}"


async def sigcont(driver) -> list[str]:
    """What the driver does for a SIGCONT sent while the hook is told no, then one while it
    is told yes, with the hook's handlers installed (its terminal calls noted, not made)."""
    done: list[str] = []
    driver.suspend_application_mode = lambda: done.append("suspend")
    driver.resume_application_mode = lambda: done.append("resume")
    asked: list[bool] = []
    loop = asyncio.get_running_loop()
    hooks.handle_job_control(SimpleNamespace(_driver=driver),
                             lambda: asked.append(len(asked) > 0) or asked[-1])
    try:
        for answered in (1, 2):
            signal.raise_signal(signal.SIGCONT)
            for _ in range(400):  # the loop's turn to run the handler; no time is asserted
                await asyncio.sleep(0.005)
                if len(asked) == answered:
                    break
        return done
    finally:
        for signum in (signal.SIGTSTP, signal.SIGCONT):
            loop.remove_signal_handler(signum)


@pytest.fixture(autouse=True)
def signal_handlers():
    """A driver made by a test installs its handlers for good: put back the ones before."""
    before = {s: signal.getsignal(s) for s in (signal.SIGTSTP, signal.SIGCONT)}
    yield
    for signum, handler in before.items():
        signal.signal(signum, handler)


def linux_driver():
    from textual.drivers.linux_driver import LinuxDriver

    return LinuxDriver(App())


async def a_continue_reaches_the_driver_on_the_loop_only_when_allowed():
    driver = linux_driver()
    driver._must_signal_resume = True  # as its SIGTSTP handler leaves it after a suspend
    assert await sigcont(driver) == ["resume"]


async def a_continue_after_a_stop_it_did_not_make_restarts_the_mode():
    driver = linux_driver()
    assert await sigcont(driver) == ["suspend", "resume"]
    assert driver._must_signal_resume


def marked(data: str) -> str:
    return f"<{data}>"


class Compacted(Probe):
    def on_mount(self) -> None:
        hooks.compact_output(self, marked)
        hooks.compact_output(self, marked)  # once per app


async def type_a_key(pilot) -> None:
    await pilot.press("tab", "7")


async def every_frame_goes_through_compact():
    frames = await frames_of(Compacted(), type_a_key)
    assert frames and all(frame.startswith("<") for frame in frames)
    assert any("7" in frame for frame in frames[-3:]), "the keystroke's frame"


async def output_is_compacted_once_per_app():
    frames = await frames_of(Compacted(), type_a_key)
    assert not any(frame.startswith("<<") for frame in frames)


class Counted(Static):
    """Counts the lines it renders."""

    rendered = 0

    def render_lines(self, crop: Region) -> list[Strip]:
        type(self).rendered += crop.height
        return super().render_lines(crop)


class Rows(Screen):
    """Three rows, one above the other; the middle one counts the lines it renders."""

    def compose(self) -> ComposeResult:
        yield Static("Alpha", id="top")
        yield Counted("Bravo")
        yield Static("Charlie", id="bottom")


class OurRows(hooks.RenderSentLinesOnly, Rows):
    pass


class Beside(OurRows):
    DEFAULT_CSS = "Beside { layout: horizontal; } Beside > Static { width: 1fr; }"


class Showing(Probe):
    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.first = screen

    def first_screen(self) -> Screen:
        return self.first


async def change_top_and_bottom(pilot) -> None:
    Counted.rendered = 0
    pilot.app.screen.query_one("#top").update("ALPHA")
    if pilot.app.screen.query("#bottom"):
        pilot.app.screen.query_one("#bottom").update("CHARLIE")


async def the_rows_between_two_changes_are_not_rendered():
    await frames_of(Showing(OurRows()), change_top_and_bottom)
    ours = Counted.rendered
    await frames_of(Showing(Rows()), change_top_and_bottom)
    assert ours == 0 and Counted.rendered > 0, "Textual's own renders the row between"


async def the_frames_sent_are_textuals_own():
    ours = await frames_of(Showing(OurRows()), change_top_and_bottom)
    textuals = await frames_of(Showing(Rows()), change_top_and_bottom)
    assert ours == textuals and "ALPHA" in ours[-1] and "CHARLIE" in ours[-1]


async def a_widget_beside_the_change_is_not_rendered():
    frames = await frames_of(Showing(Beside()), change_top_and_bottom)
    assert Counted.rendered == 0 and "ALPHA" in frames[-1]


class Long(Screen):
    """Two rows, then a list longer than its view."""

    DEFAULT_CSS = "#long { height: 4; }"

    def compose(self) -> ComposeResult:
        yield Static("Alpha", id="top")
        yield Static("Bravo", id="middle")
        yield VerticalScroll(*(Static(f"row {n}") for n in range(20)), id="long")


class OurLong(hooks.RenderSentLinesOnly, Long):
    pass


def on_terminal(frames: list[str]) -> str:
    """The screen a terminal shows after ``frames``."""
    import pyte

    screen = pyte.Screen(40, 12)
    stream = pyte.Stream(screen)
    for frame in frames:
        stream.feed(frame)
    return "\n".join(screen.display)


async def a_widget_that_goes_is_wiped():
    async def hide_bravo(pilot) -> None:
        screen = pilot.app.screen
        far = screen.query("#long Static").last()
        far.refresh()  # out of view: Textual rebuilds its map when next asked for it
        await pilot.pause()
        screen.query_one("#middle").display = False
        screen.find_widget(far)  # asked for before the layout

    ours = on_terminal(await frames_of(Showing(OurLong()), hide_bravo))
    textuals = on_terminal(await frames_of(Showing(Long()), hide_bravo))
    assert [line.strip() for line in ours.splitlines()[:3]] == ["Alpha", "row 0", "row 1"]
    assert "Bravo" in textuals, "Textual's own leaves it on the terminal: is the hook needed?"


async def a_key_is_stamped_when_read(app, pilot):
    before = confirm.event_clock()
    await pilot.press("f9")
    stamps = [m.time for m in app.handled if isinstance(m, events.Key)]
    assert stamps and before <= stamps[0] <= confirm.event_clock()


class Covered(ProbeScreen):
    """A screen wholly behind one widget; counts the lines it renders itself."""

    rendered = 0

    def compose(self) -> ComposeResult:
        yield Static("cover", id="cover")

    def render_lines(self, crop: Region) -> list[Strip]:
        Covered.rendered += crop.height
        return super().render_lines(crop)


async def a_screen_behind_its_widgets_is_not_rendered():
    class Covering(Probe):
        CSS = "#cover { width: 100%; height: 100%; }"

        def first_screen(self) -> Screen:
            Covered.rendered = 0
            return Covered()

    async def nothing(pilot) -> None:
        pass

    frames = await frames_of(Covering(), nothing)
    assert Covered.rendered == 0 and any("cover" in frame for frame in frames)


def strips_made(make) -> int:
    """Bytes that 500 strips made with ``make`` hold."""
    import tracemalloc

    tracemalloc.start()
    kept = [make(Segment(f"line {n}")) for n in range(500)]
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return size


def a_strip_makes_no_cache_until_used():
    textuals = strips_made(lambda segment: Strip([segment]))
    with process_wide_hooks():
        assert strips_made(lambda segment: Strip([segment])) * 3 < textuals


@process_wide_hooks()
def a_strip_answers_every_cache_and_nothing_else():
    strip, unmade = Strip([Segment("abcdef")]), []
    for name in hooks.STRIP_CACHES:
        try:
            getattr(Strip, name).__get__(strip, Strip)  # the slot itself, not __getattr__
        except AttributeError:
            unmade.append(name)
    assert unmade == list(hooks.STRIP_CACHES), "a new strip has made no cache yet"
    assert all(len(getattr(strip, name)) == 0 for name in hooks.STRIP_CACHES)
    with pytest.raises(AttributeError):
        strip.no_such_cache  # noqa: B018
    first = strip.crop(0, 2)
    assert first.text == "ab" and strip.crop(0, 2) is first, "the cache made keeps the crop"


async def released(app, pilot) -> None:
    """After a widget is removed: what the app does as a hidden tab's rows go, then a
    collection (the messages noted hold the widgets they were about)."""
    hooks.forget_arrangement(app.screen)
    _ = app.screen.displayed_children  # made anew
    hooks.lay_out_without_painting(app.screen)
    await pilot.pause()
    app.handled.clear()
    gc.collect()


async def a_removed_widgets_lines_are_not_kept_by_the_background_pairs(app, pilot):
    row = Static("Armor 13")
    row.styles.background = Color(16, 32, 48, 0.5)
    await app.screen.mount(row)
    await pilot.pause()
    lines = weakref.ref(hooks_probe.rendered_lines(row))
    await row.remove()
    del row
    await released(app, pilot)
    assert lines() is None


async def forgotten_geometry_is_worked_out_again(app, pilot):
    before = app.export_screenshot()
    hooks.forget_geometry()
    assert all(cached.cache_info().currsize == 0 for cached in geometry_caches())
    app.screen.refresh()
    await pilot.pause()
    assert app.export_screenshot() == before


async def a_shown_table_draws_the_same_after_its_cell_styles_are_forgotten(app, pilot):
    table = DataTable()
    table.add_columns("name", "value")
    table.add_row("Ward", "2")
    await app.screen.mount(table)
    await pilot.pause()
    before = drawn(table)
    hooks.forget_cell_styles()
    assert DataTable._get_styles_to_render_cell.cache_info().currsize == 0
    table.refresh()
    await pilot.pause()
    assert drawn(table) == before and "Ward" in before


async def forgotten_lines_are_drawn_again(app, pilot):
    top = app.screen.query_one("#top")
    before = drawn(top)
    assert hooks_probe.kept_lines(top) > 0
    hooks.forget_drawn(top)
    assert hooks_probe.kept_lines(top) == 0 and drawn(top) == before


async def a_widget_keeps_the_lines_it_drew(app, pilot):
    top = app.screen.query_one("#top")
    hooks.forget_drawn(top)
    drawn(top)
    assert hooks_probe.kept_lines(top) == 2 * top.size.height  # styled, and as drawn


async def the_lines_kept_hold_no_widget(app, pilot):
    row = Static("Armor 13")
    await app.screen.mount(row)
    await pilot.pause()
    lines, gone = hooks_probe.rendered_lines(row), weakref.ref(row)
    await row.remove()
    del row
    await released(app, pilot)
    assert gone() is None and lines is not None


class Hiding(Static):
    def on_hide(self) -> None:
        self.hidden = True


async def a_layout_without_a_frame_hides_what_went(app, pilot):
    hiding = Hiding("hiding")
    await app.screen.mount(hiding)
    await pilot.pause()
    with app.batch_update():  # no frame is drawn
        hiding.display = False
        hooks.lay_out_without_painting(app.screen)
        await pilot.pause()
        assert getattr(hiding, "hidden", False), "no Hide before the next frame"


async def a_css_file_added_styles_what_comes_after():
    import tempfile

    css = Path(tempfile.mkdtemp()) / "extra.tcss"
    css.write_text("#late { color: #ff0000; }")
    dialog.Dialog()  # made outside an app: reads nothing
    async with probe() as (app, pilot):
        dialog.add_css_file(app, css)
        dialog.add_css_file(app, css)
        late = Static("late", id="late")
        await app.screen.mount(late)
        assert late.styles.color == Color(255, 0, 0)
        assert app.stylesheet.has_source(str(css.resolve()))


async def the_hooks_hold_from_the_apps_load_to_its_unmount():
    before = textuals_own()
    async with probe() as (app, pilot):
        during = textuals_own()
    assert all(during[name] is not before[name] for name in before)
    assert textuals_own() == before


def installed_twice_is_undone_by_the_second_uninstall():
    before = textuals_own()
    hooks.install()
    hooks.install()
    hooks.uninstall()
    during = textuals_own()
    hooks.uninstall()
    assert all(during[name] is not before[name] for name in before)
    assert textuals_own() == before


def what_textual_lacked_is_gone_again():
    with process_wide_hooks():
        assert "__getattr__" in vars(Strip)
    assert "__getattr__" not in vars(Strip)
    hooks.uninstall()  # one more than installed: nothing to undo
    assert "__getattr__" not in vars(Strip)


BEHAVIOURS = [
    ("HooksWhileRunning", the_hooks_hold_from_the_apps_load_to_its_unmount),
    ("install", installed_twice_is_undone_by_the_second_uninstall),
    ("uninstall", what_textual_lacked_is_gone_again),
    ("RepaintWhileTextFits", typing_that_fits_lays_nothing_out),
    ("LazySelectList", the_list_is_built_when_it_first_opens),
    ("DrawnSelectCurrent", the_field_shows_the_choice_or_the_prompt_dimmed),
    ("DrawnSelectCurrent", the_arrow_points_up_while_the_list_is_open),
    ("LazySelectList", new_options_wait_for_the_list),
    ("LazySelectList", a_value_set_while_closed_is_shown_and_said),
    ("LazySelectList", the_list_opens_on_the_value),
    ("LazySelectList", enter_chooses_and_escape_keeps),
    ("LazySelectList", focus_goes_to_the_list_and_back),
    ("LazySelectList", typing_searches_the_list),
    ("component_classes", a_node_lists_its_component_classes),
    ("SharedComponentClasses", a_sharing_widget_holds_no_component_styles),
    ("blend_over", a_component_blends_over_its_ancestors),
    ("RepaintWithoutMessages", an_unseen_repaint_sends_nothing_and_shows_when_seen),
    ("RepaintWithoutMessages", an_unseen_layout_is_still_done),
    ("RepaintWithoutMessages", a_repaint_is_drawn_without_messages),
    ("LeftFramedLines", a_left_frame_is_textuals_own),
    ("key_stopped", a_key_a_field_takes_is_stopped_there),
    ("key_stopped", a_key_goes_to_the_focused_widget_and_back_unless_stopped),
    ("mark_keys_typed_after_escape", escape_then_a_key_is_marked),
    ("layout_pending", a_layout_asked_for_is_pending_until_done),
    ("UncaughtExceptionHook", an_uncaught_exception_is_handed_over_first),
    ("UncaughtExceptionHook", no_traceback_is_printed_over_the_screen),
    ("copy_through_driver", a_copy_is_the_apps_clipboard),
    ("copy_through_driver", a_copy_reaches_the_terminal),
    ("forget_arrangement", a_hidden_container_lets_go_of_a_removed_child),
    ("handle_job_control", a_continue_reaches_the_driver_on_the_loop_only_when_allowed),
    ("handle_job_control", a_continue_after_a_stop_it_did_not_make_restarts_the_mode),
    ("compact_output", every_frame_goes_through_compact),
    ("compact_output", output_is_compacted_once_per_app),
    ("LineCompositor", the_rows_between_two_changes_are_not_rendered),
    ("LineCompositor", a_widget_beside_the_change_is_not_rendered),
    ("LineCompositor", the_frames_sent_are_textuals_own),
    ("RepaintWhatARebuiltMapMoves", a_widget_that_goes_is_wiped),
    ("RenderSentLinesOnly", a_screen_behind_its_widgets_is_not_rendered),
    ("lazy_strip_caches", a_strip_makes_no_cache_until_used),
    ("background_pairs_by_colour", a_removed_widgets_lines_are_not_kept_by_the_background_pairs),
    ("forget_geometry", forgotten_geometry_is_worked_out_again),
    ("forget_cell_styles", a_shown_table_draws_the_same_after_its_cell_styles_are_forgotten),
    ("forget_drawn", forgotten_lines_are_drawn_again),
    ("lay_out_without_painting", a_layout_without_a_frame_hides_what_went),
    ("lazy_strip_caches", a_strip_answers_every_cache_and_nothing_else),
]
"""Each hook, and what it buys: a check that fails when the hook no longer does it."""

NOW_PUBLIC = [
    (sheet_screen, "breakpoint_class", breakpoints_by_width),
    (plain_toasts, "OneToastPerMessage", a_repeated_message_shows_once),
    (plain_toasts, "OneToastPerMessage", the_repeat_replaces_the_one_shown),
    (plain_toasts, "OneToastPerMessage", another_severity_is_another_toast),
    (sheet_screen, "KeepStylesOnFirstResume", the_first_resume_restyles_nothing),
    (sheet_screen, "KeepStylesOnFirstResume", a_later_resume_restyles),
    (ordered_input, "KeyBeforeInput", each_key_is_seen_before_it_is_inserted),
    (recovery, "messages_pending", a_message_on_its_way_is_pending),
    (key_gate, "busy_widget", the_widget_with_a_message_is_busy),
    (confirm, "event_clock", a_key_is_stamped_when_read),
    (dialog, "add_css_file", a_css_file_added_styles_what_comes_after),
]
"""What was a hook and is now done through Textual's public API (issue 41), where it lives now,
and the same check of what it buys: each is gone from ``textual_internals``."""

PROBES = [
    ("notifications", the_player_is_told),
    ("exit_output", textuals_traceback_waits_for_the_end),
    ("own_component_styles", the_components_a_widget_holds),
    ("kept_lines", a_widget_keeps_the_lines_it_drew),
    ("rendered_lines", the_lines_kept_hold_no_widget),
]
"""Each reader of Textual's private state that tests use (``hooks_probe``), and a check that
fails when it no longer reads what it says."""


@pytest.mark.parametrize("hook, check", BEHAVIOURS,
                         ids=[f"{hook}:{check.__name__}" for hook, check in BEHAVIOURS])
async def test_each_hook_does_what_it_buys(hook, check):
    assert hasattr(hooks, hook), f"textual_internals.{hook} is gone, but this test checks it"
    await run_check(check)


async def run_check(check) -> None:
    """Run a check: in the probe app when it takes one."""
    if "app" in inspect.signature(check).parameters:
        async with probe() as (app, pilot):
            await check(app, pilot)
    elif inspect.iscoroutinefunction(check):
        await check()
    else:
        check()


@pytest.mark.parametrize("home, name, check", NOW_PUBLIC,
                         ids=[f"{name}:{check.__name__}" for _, name, check in NOW_PUBLIC])
async def test_each_public_path_does_what_the_hook_bought(home, name, check):
    assert hasattr(home, name), f"{home.__name__}.{name} is gone, but this test checks it"
    assert not hasattr(hooks, name), f"{name} is public now: not in textual_internals"
    await run_check(check)


@pytest.mark.parametrize("probe_name, check", PROBES,
                         ids=[f"{name}:{check.__name__}" for name, check in PROBES])
async def test_each_probe_reads_what_it_says(probe_name, check):
    assert hasattr(hooks_probe, probe_name), f"hooks_probe.{probe_name} is gone"
    await run_check(check)


def test_every_hook_is_checked():
    """A hook added to textual_internals without a behaviour here fails (its name is said)."""
    checked = {hook for hook, _ in BEHAVIOURS}
    public = set(hooks.__all__) - {"PINNED_TEXTUAL", "SelectCurrent", "SelectOverlay"}
    assert public - checked == set(), f"hooks with no behaviour checked: {public - checked}"


@process_wide_hooks()
def test_lazy_strip_caches_keep_what_strips_do():
    """A strip whose caches are made on first use crops, divides and styles as before, and
    caches as before."""
    strip = Strip([Segment("abcdef")])
    assert strip.crop(1, 3).text == "bc" and strip.crop(1, 3) is strip.crop(1, 3)
    assert [piece.text for piece in strip.divide([2, 4, 6])] == ["ab", "cd", "ef"]
    assert strip.cell_length == 6 and Strip([Segment("字")]).cell_length == 2


def test_background_pairs_by_colour_are_textuals_own_pairs():
    """Keyed by the colours, the pairs are those Textual's own cache gives, and the cache that
    asked is not kept."""
    keyed_by_widget = StylesCache.get_inner_outer
    with process_wide_hooks():
        for base, background in [(Color(10, 20, 30), Color(200, 100, 0, 0.5)),
                                 (Color(0, 0, 0), Color(255, 255, 255))]:
            asking = StylesCache()
            assert asking.get_inner_outer(base, background) == keyed_by_widget.__wrapped__(
                asking, base, background)
            alive = weakref.ref(asking)
            del asking
            gc.collect()
            assert alive() is None


def test_forget_geometry_empties_the_caches_and_regions_still_answer():
    """After it, the caches are empty and region arithmetic gives the same answers."""
    first, second = Region(0, 3, 40, 10), Region(5, 8, 100, 2)
    before = (first.intersection(second), first.shrink((1, 2, 1, 2)), cached_cell_len("字ab"))
    hooks.forget_geometry()
    assert [cached.cache_info().currsize for cached in geometry_caches()] == [0] * len(
        geometry_caches())
    assert (first.intersection(second), first.shrink((1, 2, 1, 2)),
            cached_cell_len("字ab")) == before == (Region(5, 8, 35, 2), Region(2, 4, 36, 8), 4)


class BlendApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Blended()


async def test_blend_over_is_textuals_own_blending():
    """``blend_over`` copies ``DOMNode.rich_style``: over a widget that holds its own component
    styles both must give the same style, semi-transparent colours and opacity included."""
    app = BlendApp()
    async with app.run_test():
        widget = app.query_one(Blended)
        textuals = widget.get_component_rich_style("blended--part")
        ours = hooks.blend_over(widget, widget.get_component_styles("blended--part"))
        assert textuals.bgcolor is not None and textuals.bold
        assert ours == textuals, (
            "textual_internals.blend_over no longer matches DOMNode.rich_style: "
            f"{ours} != {textuals}")


class TwoLines(hooks.RenderSentLinesOnly, Screen):
    def compose(self) -> ComposeResult:
        yield Static("kept")
        yield Static("going", id="going")


class TwoLinesApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(TwoLines())


async def test_a_rebuilt_full_map_marks_what_went_for_repaint():
    """The stale-toast bug, at the compositor: Textual's map is marked for a rebuild (as a
    dirty row out of view does), a widget leaves, and something asks for the map before the
    layout. The layout then compares against a map that already lacks the widget, so only
    the rebuild can mark its cells for repaint; without the hook nothing does."""
    app = TwoLinesApp()
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        going = app.screen.query_one("#going")
        geometry = compositor.full_map[going]
        shown = geometry.clip.intersection(geometry.region)
        assert shown, "the widget is on screen before it goes"
        compositor._dirty_regions.clear()
        compositor._full_map_invalidated = True
        going.display = False
        assert going not in compositor.full_map
        assert shown in compositor._dirty_regions, "the rebuild forgot the cells that went"
        await pilot.pause()
        assert "going" not in app.export_screenshot()


async def test_laying_out_without_painting_lets_go_of_a_removed_widget():
    """A removed widget stays alive in Textual's map until the next layout (on a tab switch,
    the rows of the tab left, while the next tab's are made); the hook lays out at once,
    drawing nothing: the widget is freed, and the next frame paints over its place."""
    app = TwoLinesApp()
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        going = next(w for w in app.screen.children if w.id == "going")  # query_one keeps it
        gone = weakref.ref(going)
        with app.batch_update():  # no frame (as during a tab switch)
            await going.remove()
            del going
            hooks.forget_arrangement(app.screen)  # as a released form body does, with
            _ = app.screen.displayed_children  # the list of displayed children made anew
            gc.collect()
            kept = gone() is not None  # not in the assert: pytest's rewriting would keep it
            assert kept, "Textual no longer keeps a removed widget: is the hook needed?"
            hooks.lay_out_without_painting(app.screen)
            gc.collect()
            freed = gone() is None
            assert freed, "the removed widget is still alive after the layout"
        await pilot.pause()
        assert "going" not in app.export_screenshot()
        assert "kept" in app.export_screenshot()


async def test_a_drawn_select_current_is_one_widget_with_its_label_and_arrow():
    """The closed field of a choice has no children; it shows the label cut to its width with
    an ellipsis, then the arrow (▼ closed, ▲ open), the prompt and arrow dimmed as Textual's
    own parts are."""

    class Choices(App):
        def compose(self) -> ComposeResult:
            yield hooks.LazySelectList([("a rather long label", 1), ("b", 2)], value=1,
                                       allow_blank=False, compact=True, id="chosen")
            yield hooks.LazySelectList([("a", 1)], prompt="pick one", compact=True,
                                       id="empty")

    app = Choices()
    async with app.run_test(size=(14, 6)) as pilot:
        await pilot.pause()
        chosen = app.query_one("#chosen").query_one(hooks.DrawnSelectCurrent)
        assert not chosen.children
        assert chosen.size.height == 1
        assert chosen.content_size.width == 13  # 14 less the compact field's right padding
        assert chosen.render().plain == "a rather l… ▼"
        empty = app.query_one("#empty").query_one(hooks.DrawnSelectCurrent)
        dim = empty.get_visual_style("drawn-select--dim", partial=True)
        assert dim.foreground is not None and dim.foreground.a < 1
        drawn = empty.render()
        assert drawn.plain.startswith("pick one")
        assert {span.style for span in drawn.spans} == {dim}  # prompt and arrow both dim
        app.query_one("#chosen").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert chosen.render().plain.endswith(" ▲")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.query_one("#chosen").value == 2
        assert chosen.render().plain.startswith("b ") and chosen.render().plain.endswith(" ▼")


async def test_the_dialogs_css_is_read_with_the_first_dialog_and_styles_it():
    """dialogs.tcss is not parsed before the first paint; the first dialog reads it before it
    is styled itself (its screen is centred, its box 64 wide), and no sheet widget is restyled."""
    from worksheet.ui import WorksheetApp
    from worksheet.ui.screens.confirm import Choose
    from worksheet.ui.screens.dialog import CSS_FILE

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=(80, 24)) as pilot:
        source = str(CSS_FILE.resolve())
        assert not app.stylesheet.has_source(source)
        cache = app.stylesheet._parse_cache
        parsed, misses = set(cache.keys()), cache.misses
        app.push_screen(Choose("Question?", "Why.", [("yes", "Yes"), ("no", "No")]))
        await pilot.pause()
        assert app.stylesheet.has_source(source)
        new = set(cache.keys()) - parsed  # the file, and the dialog's widgets' own CSS
        assert any(key[1] == (source, "") for key in new)
        assert parsed <= set(cache.keys()) and cache.misses - misses == len(new), \
            "nothing parsed before was parsed again"
        box = app.screen.query_one(".dialog")
        assert box.styles.width.value == 64 and app.screen.styles.align_horizontal == "center"


class Repainted(hooks.RepaintWithoutMessages, Widget):
    """A widget whose repaints are noted on the screen directly."""

    text = "before"

    def render(self) -> str:
        return self.text


class RepaintApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Repainted()


async def test_a_repaint_without_messages_is_drawn_and_sends_none():
    """The repaint reaches the screen's set of widgets to draw at once (no Prompt to the
    widget, no Update to the screen), and the next frame shows the new text."""
    app, sent = RepaintApp(), []
    async with app.run_test(size=(20, 3), message_hook=sent.append) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(Repainted)
        sent.clear()
        widget.text = "after"
        widget.refresh()
        assert key_gate.busy_widget(widget) is None, "the widget was sent a message (a Prompt)"
        await pilot.pause()
        assert not [m for m in sent if isinstance(m, messages.Update)], "the screen was sent one"
        assert "after" in drawn(widget)
        assert "after" in app.export_screenshot()
