"""What the app's hooks into Textual's private API (``worksheet.ui.textual_internals``) buy
for memory (what is freed, what is forgotten and made again), at the app's end (an uncaught
exception, job control, the clipboard), and as installed process-wide. The checks are run by
``test_hooks_checked.py`` (where the list of every hook's checks is); the tests here are their own.
"""

from __future__ import annotations

import asyncio
import gc
import io
import signal
import weakref
from contextlib import redirect_stderr
from types import SimpleNamespace

import pytest
from rich.cells import cached_cell_len
from rich.segment import Segment
from textual import events
from textual._styles_cache import StylesCache
from textual.app import App
from textual.color import Color
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable, Static

import hooks_probe
from hooks_cases import (Probe, TwoLinesApp, drawn, frames_of, probe, process_wide_hooks,
    textuals_own)
from hooks_cases import signal_handlers  # noqa: F401 (autouse: puts back the signal handlers)
from worksheet.ui import textual_internals as hooks
from worksheet.ui.textual_internals.retained import geometry_caches


# -- what each hook buys ----------------------------------------------------------------------

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


async def a_widget_keeps_the_lines_it_drew(app, pilot):
    top = app.screen.query_one("#top")
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


async def textuals_traceback_waits_for_the_end():
    (ours, _), (textuals, _) = await crash(Failing()), await crash(Plain())
    assert ours == [] and textuals, "Textual keeps the traceback to print at the end"


async def a_copy_is_the_apps_clipboard(app, pilot):
    hooks.copy_through_driver(app, "Dodge DV 4", "\x1bPtmux;…\x1b\\")
    assert app.clipboard == "Dodge DV 4"


async def a_copy_reaches_the_terminal():
    async def copy(pilot) -> None:
        hooks.copy_through_driver(pilot.app, "Dodge DV 4", "<osc 52>")

    assert "<osc 52>" in await frames_of(Probe(), copy)


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
