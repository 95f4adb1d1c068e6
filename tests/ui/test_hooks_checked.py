"""The app's hooks into Textual's private API (``worksheet.ui.textual_internals``) still do what
each buys, tested by behaviour seen from outside: what a widget draws, the frames written to
the terminal (through a driver that keeps them), the messages the app handles (``run_test``'s
``message_hook``), where keys go, what is freed. One case per thing a hook relies on, named
``hook:what it buys``, so an upgrade of Textual that breaks a hook fails that case by behaviour
and says which hook to re-check against the new sources. The installed Textual must be the
pinned one.

The cases live by subject in ``test_hooks_keys.py``, ``test_hooks_painting.py`` and
``test_hooks_memory.py`` (what they share in ``hooks_cases.py``); the lists of every hook's
cases, the cases of what is public now, and the tests that run them all are here.
"""

from __future__ import annotations

import inspect
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.color import Color
from textual.widgets import Static

import hooks_probe
from hooks_cases import ProbeScreen, probe
from waits import until
from hooks_cases import signal_handlers  # noqa: F401 (autouse: puts back the signal handlers)
from tests.ui.test_hooks_keys import (each_key_is_seen_before_it_is_inserted,
    typing_that_fits_lays_nothing_out, the_list_is_built_when_it_first_opens,
    the_field_shows_the_choice_or_the_prompt_dimmed, the_arrow_points_up_while_the_list_is_open,
    new_options_wait_for_the_list, a_value_set_while_closed_is_shown_and_said,
    the_list_opens_on_the_value, enter_chooses_and_escape_keeps, focus_goes_to_the_list_and_back,
    typing_searches_the_list, a_key_a_field_takes_is_stopped_there,
    a_key_goes_to_the_focused_widget_and_back_unless_stopped, escape_then_a_key_is_marked,
    a_key_is_named_without_unicodes_database,
    a_key_is_stamped_when_read, a_message_on_its_way_is_pending,
    a_layout_asked_for_is_pending_until_done, the_widget_with_a_message_is_busy)
from tests.ui.test_hooks_painting import (a_node_lists_its_component_classes,
    a_sharing_widget_holds_no_component_styles, a_component_blends_over_its_ancestors,
    the_components_a_widget_holds, an_unseen_repaint_sends_nothing_and_shows_when_seen,
    an_unseen_layout_is_still_done, a_repaint_is_drawn_without_messages,
    a_left_frame_is_textuals_own, every_frame_goes_through_compact,
    output_is_compacted_once_per_app, the_rows_between_two_changes_are_not_rendered,
    the_frames_sent_are_textuals_own, a_widget_beside_the_change_is_not_rendered,
    a_widget_that_goes_is_wiped, a_screen_behind_its_widgets_is_not_rendered)
from tests.ui.test_hooks_memory import (a_hidden_container_lets_go_of_a_removed_child,
    a_strip_makes_no_cache_until_used, a_strip_answers_every_cache_and_nothing_else,
    a_removed_widgets_lines_are_not_kept_by_the_background_pairs,
    forgotten_geometry_is_worked_out_again,
    a_shown_table_draws_the_same_after_its_cell_styles_are_forgotten,
    a_widget_keeps_the_lines_it_drew,
    the_lines_kept_hold_no_widget, a_layout_without_a_frame_hides_what_went,
    the_hooks_hold_from_the_apps_load_to_its_unmount,
    installed_twice_is_undone_by_the_second_uninstall, what_textual_lacked_is_gone_again,
    an_uncaught_exception_is_handed_over_first, no_traceback_is_printed_over_the_screen,
    textuals_traceback_waits_for_the_end, a_copy_is_the_apps_clipboard, a_copy_reaches_the_terminal,
    a_continue_reaches_the_driver_on_the_loop_only_when_allowed,
    a_continue_after_a_stop_it_did_not_make_restarts_the_mode)
from worksheet.ui import textual_internals as hooks
from worksheet.ui.app import one_message
from worksheet.ui.controllers import recovery
from worksheet.ui.screens import confirm, dialog, sheet_screen
from worksheet.ui.terminal import key_gate
from worksheet.ui.widgets import ordered_input

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


def breakpoints_by_width():
    points = [(0, "-narrow"), (80, "-wide")]
    assert [sheet_screen.breakpoint_class(width, points) for width in (60, 80, 120)] == \
        ["-narrow", "-wide", "-wide"]
    assert sheet_screen.breakpoint_class(60, [(80, "-wide")]) is None


def toasts(app: App) -> list[str]:
    return sorted(str(toast.render()) for toast in app.screen.query("Toast"))


async def a_message_makes_no_toast(app, pilot):
    for _ in range(3):
        app.notify("Nothing to undo")
    app.notify("Refused", severity="error")
    await pilot.pause()
    assert toasts(app) == []
    assert (app.message.message, app.message.severity) == ("Refused", "error")


async def the_newest_message_replaces_the_one_shown(app, pilot):
    app.notify("Nothing to undo")
    app.notify("Refused")
    app.notify("Nothing to undo")
    await pilot.pause()
    assert [n.message for n in hooks_probe.notifications(app)] == ["Nothing to undo"]


async def a_message_goes_when_its_time_is_up(app, pilot):
    app.notify("Saved", timeout=1.0)  # beyond what a Pilot wait waits for (pilot_idle.SOON)
    await pilot.pause()
    assert app.message.message == "Saved"
    await until(pilot, lambda: app.message is None, "the message went when its time was up")


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


async def the_player_is_told(app, pilot):
    app.notify("Saved", title="Hero", severity="warning")
    await pilot.pause()
    told = [(n.title, n.message, n.severity) for n in hooks_probe.notifications(app)]
    assert told == [("Hero", "Saved", "warning")]


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
    ("key_names_from_tables", a_key_is_named_without_unicodes_database),
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
    ("lay_out_without_painting", a_layout_without_a_frame_hides_what_went),
    ("lazy_strip_caches", a_strip_answers_every_cache_and_nothing_else),
]
"""Each hook, and what it buys: a check that fails when the hook no longer does it."""


NOW_PUBLIC = [
    (sheet_screen, "breakpoint_class", breakpoints_by_width),
    (one_message, "OneMessage", a_message_makes_no_toast),
    (one_message, "OneMessage", the_newest_message_replaces_the_one_shown),
    (one_message, "OneMessage", a_message_goes_when_its_time_is_up),
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


async def a_task_acts_for_the_app(app, pilot):
    """In a context of its own no app is active; after ``act_for`` it is ``app``, for
    Textual's lookups (``active_app``) and messages (``active_message_pump``)."""
    import asyncio
    import contextvars

    from textual._context import active_app, active_message_pump

    async def elsewhere():
        with pytest.raises(LookupError):
            active_app.get()
        hooks_probe.act_for(app)
        return active_app.get(), active_message_pump.get()

    found = await asyncio.create_task(elsewhere(), context=contextvars.Context())
    assert found == (app, app)


PROBES = [
    ("act_for", a_task_acts_for_the_app),
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
