"""Pilot tests: in a terminal a hidden tab keeps its graph and entries but not its rows, so a
long session holds one tab's rows, not every tab's; shown again, the tab is as it was left.
Headless runs keep every row (``SheetForm.progressive`` forces the terminal's behaviour)."""

from __future__ import annotations

import gc
import weakref

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import DataTable

from worksheet.ui import WorksheetApp
from worksheet.ui.form.body import FormBody
from worksheet.ui.form.sheet_form import SheetForm
from hooks_probe import rendered_lines
from worksheet.ui.textual_internals import forget_arrangement
from worksheet.ui.widgets import InputRow, ValueRow
from worksheet.ui.widgets.record_list import RecordList
from worksheet.ui.widgets.ordered_input import OrderedInput

SIZE = (80, 24)


@pytest.fixture
def progressive(monkeypatch):
    monkeypatch.setattr(SheetForm, "progressive", True)
    monkeypatch.setattr(FormBody, "drops_far_rows", False)  # every row drawn stays


async def settle(pilot, frames: int = 4) -> None:
    for _ in range(frames):
        await pilot.pause()


def lookups(cached) -> int:
    """How often an ``lru_cache`` was asked since it was last emptied."""
    info = cached.cache_info()
    return info.hits + info.misses


async def draw_every_row(app, pilot, step: int) -> tuple[SheetForm, FormBody]:
    """Build every row of the shown tab and draw them, scrolling ``step`` lines at a time
    (each row drawn at many places); the tab's form and body."""
    await settle(pilot)
    form = app.form()
    form.build_all()
    await settle(pilot)
    body = form.query_one(FormBody)
    for line in range(0, int(body.max_scroll_y) + 1, step):
        body.scroll_to(y=line, animate=False)
        await settle(pilot, 1)
    return form, body


async def test_a_hidden_tabs_rows_are_dropped_and_freed(progressive):
    """The rows go, and so do the lines they rendered: Textual caches each widget's
    background pair keyed by the widget's line cache, which must not keep them."""
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        form, body = await draw_every_row(app, pilot, step=2)
        rows = [weakref.ref(row) for row in body.children]
        editors = [weakref.ref(row.editor) for row in form.query(InputRow)]
        lines = [weakref.ref(rendered_lines(widget)) for widget in body.walk_children()]
        assert len(rows) > 40 and editors and len(lines) > 50
        drawing_gemstone = lookups(Region.intersection)
        app.show_tab("rise")
        await settle(pilot)
        # emptied at the switch, the cache has seen only the rise tab's drawing since
        assert lookups(Region.intersection) < drawing_gemstone, (
            "the regions the hidden tab's rows were drawn at are still cached")
        assert len(body.children) == 0
        gc.collect()
        alive = [ref() for ref in rows + editors if ref() is not None]
        assert alive == [], f"{len(alive)} rows or editors of the hidden tab still in memory"
        kept = sum(ref() is not None for ref in lines)
        assert kept == 0, f"the rendered lines of {kept} dropped widgets are still in memory"


async def test_the_rows_of_the_tab_left_are_freed_before_the_next_tabs_are_made(progressive):
    """Made while the old rows were alive (Textual's map keeps them until the next layout,
    and their reference cycles wait for a collection), the next tab's rows took new memory:
    the process kept two tabs' rows' worth for the rest of the session."""
    app = WorksheetApp(ruleset="exalted2e")
    watched: list[weakref.ref] = []
    alive_then: list[int] = []
    ensure_form = app.ensure_form

    def noting_rows_alive(rid: str) -> SheetForm:  # called before the next tab's rows are made
        alive_then.append(sum(ref() is not None for ref in watched))
        return ensure_form(rid)

    app.ensure_form = noting_rows_alive  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        for going_to in ("gemstone4", "exalted2e"):  # a tab not built yet, then one seen
            _, body = await draw_every_row(app, pilot, step=6)
            watched[:] = [weakref.ref(widget) for widget in body.walk_children()]
            alive_then.clear()
            assert len(watched) > 40
            app.show_tab(going_to)
            await settle(pilot)
            assert alive_then and alive_then[0] == 0, (
                f"{alive_then} widgets of the tab left were alive as {going_to}'s were made")
            assert app.form().query(InputRow), "the next tab shows its rows"


async def test_a_hidden_tab_keeps_no_widget_of_its_form_body(progressive):
    """Record tables go too (Textual's cache of cell styles kept them), and the hidden body
    does not make its first row ahead of time: a long session keeps no row of a hidden tab."""
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        form, body = await draw_every_row(app, pilot, step=4)
        for records in form.query(RecordList):  # a list makes its table once focused
            records.focus_table()
            await settle(pilot)
        del records  # else this frame keeps the last list alive
        widgets = [weakref.ref(widget) for widget in body.walk_children()]
        assert len(form.query(DataTable)) >= 2
        app.show_tab("gemstone4")
        await settle(pilot)
        gc.collect()
        alive = [ref() for ref in widgets if ref() is not None]
        assert alive == [], f"{len(alive)} widgets of the hidden tab's body still in memory"
        assert not isinstance(body._next, Widget), "a hidden tab made its first row already"
        app.show_tab("rise")
        await settle(pilot)
        assert body.children and body.children[0].has_class("step-heading")


async def test_a_tab_shown_again_shows_what_was_typed_and_derived(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        editor = app.query_one("#dodge-ranks")
        editor.focus()
        await pilot.press("end", "backspace", "3", "0")  # the default 0 becomes 30
        await settle(pilot)
        form = app.form()
        typed = form.entries["dodge_ranks"]
        melee = form.value("melee_ds")
        app.show_tab("rise")
        await settle(pilot)
        app.show_tab("gemstone4")
        await settle(pilot)
        form.build_all()
        await settle(pilot)
        assert app.query_one("#gemstone4 #dodge-ranks").value == typed
        row = app.query_one("#gemstone4 #value-melee-ds", ValueRow)
        assert row.status.value == melee
        assert row.was is not None, "the change mark of the last edit is lost"
        assert app.form() is form and form.value("melee_ds") == melee


async def test_an_edit_undone_after_coming_back_still_undoes(progressive):
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.query_one("#dodge-ranks").focus()
        await pilot.press("end", "backspace", "7")
        await settle(pilot)
        assert app.form().entries["dodge_ranks"] == "7"
        app.show_tab("exalted2e")
        await settle(pilot)
        app.show_tab("gemstone4")
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.form().entries["dodge_ranks"] == "0"
        assert app.query_one("#gemstone4 #dodge-ranks").value == "0"


@pytest.mark.every_row
async def test_headless_keeps_every_row_of_a_hidden_tab():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.show_tab("rise")
        await settle(pilot)
        assert app.query_one("#gemstone4 #dodge-ranks")  # tests read hidden tabs


class OneInput(App):
    def compose(self) -> ComposeResult:
        yield Vertical(id="box")


async def test_a_removed_input_is_freed():
    app = OneInput()
    async with app.run_test() as pilot:
        box = app.query_one("#box")
        field = OrderedInput()
        await box.mount(field)
        await pilot.pause()
        ref = weakref.ref(field)
        await field.remove()
        del field
        await pilot.pause()
        forget_arrangement(box)  # the box's last layouts list the input too
        _ = box.displayed_children, box.displayed_and_visible_children
        gc.collect()
        assert ref() is None, "Textual's text-selection signal still holds the removed input"


async def test_a_tab_hidden_and_shown_at_once_waits_for_its_old_rows_to_go(progressive):
    """Hidden and shown again before its rows were removed (Ctrl+PageDown and Ctrl+PageUp in
    one read, or on a loaded server), the tab made rows with the ids of rows still there, and
    ``DuplicateIds`` ended the program (seen in the pty tests under load)."""
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        form = app.form()
        names = [child.id for child in form.query_one(FormBody).children]
        form.release_rows()
        form.show_rows()  # in the same callback: the removal has not run yet
        form.release_rows()
        form.show_rows()
        await settle(pilot, 8)
        assert app.is_running and app.return_code is None
        shown = [child.id for child in form.query_one(FormBody).children]
        assert shown[:len(names)] == names and len(set(filter(None, shown))) == len(
            [name for name in shown if name])


async def test_keys_held_for_a_tab_wait_while_its_rows_are_still_mounting(progressive,
                                                                         monkeypatch):
    """At load 18 Rise's rows took longer to come back after "F8 F7 4" than the hold's one
    second: the 4 was let go before its field was there, and lost (the pty test of the same
    burst, 1 run in the CI's). A quiet bound shorter than any tab's showing (as on such a
    machine) must not let keys go while rows are still being mounted."""
    from textual import events

    from waits import until
    from worksheet.ui.terminal import key_gate

    monkeypatch.setattr(key_gate, "HOLD_SECONDS", 0.001)
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("backspace", "1", "2", "tab", "tab", "3")
        await until(pilot, lambda: app.form().entries["dexterity"] == "3", "Dexterity 3")
        for key in ("f8", "f7", "4"):  # one burst, as the terminal reads it
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await until(pilot, lambda: app.form("shadowrun4") is not None  # F8 was read
                    and app.active == "rise" and not app.keys_waiting()
                    and not app.is_holding(app.holds), "the burst handled")
        await until(pilot, lambda: app.form().entries["dexterity"] != "3", "the 4 typed")
        assert app.form().entries["dexterity"] == "4"
        assert app.focused is not None and app.focused.id == "dexterity"
