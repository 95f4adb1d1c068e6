"""Pilot tests: a keystroke repaints only the rows whose text changed, without a new layout of
the screen while every row keeps its height (a layout of a whole sheet was most of a
keystroke's cost at 200×50)."""

from __future__ import annotations

import pytest
from worksheet.engine import Sheet
from worksheet.ui import WorksheetApp
from worksheet.ui.widgets import ValueRow

PRESET = "presets/gemstone4-example-1.toml"
REPAINTED: dict[str, set[int] | None] = {}


def spy_on_refresh(monkeypatch) -> list[tuple[str, bool]]:
    """Every ``ValueRow.refresh`` from now on, as ``(node, layout)``; each row's dirty lines
    of text (content coordinates) go into ``REPAINTED`` (``None``: the whole row)."""
    calls: list[tuple[str, bool]] = []
    original = ValueRow.refresh  # the row's own (it notes a repaint on the screen itself)
    REPAINTED.clear()

    def refresh(self, *regions, layout: bool = False, **options):
        if isinstance(self, ValueRow):
            calls.append((self.rule.name, layout))
            lines = REPAINTED.setdefault(self.rule.name, set())
            if not regions:
                REPAINTED[self.rule.name] = None
            elif lines is not None:
                lines.update(y for region in regions if region.x >= 0  # not the bar on the left
                             for y in range(region.y, region.bottom))
        return original(self, *regions, layout=layout, **options)

    monkeypatch.setattr(ValueRow, "refresh", refresh)
    return calls


@pytest.mark.every_row
async def test_a_keystroke_repaints_the_changed_rows_without_a_layout(monkeypatch):
    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(200, 50)) as pilot:
        form = app.form()
        editor = app.query_one("#gemstone4 #dodge-ranks")
        editor.focus()
        await pilot.press("end")
        await pilot.pause()
        model = Sheet(form.ruleset, form.inputs)  # the graph alone, for what changes
        calls = spy_on_refresh(monkeypatch)
        await pilot.press("backspace")  # 60 → 6: the melee DS 43 → 15
        await pilot.pause()
        assert "Evade DS vs melee 15" in form.query_one(".result-strip").render().plain
        repainted = {name for name, _ in calls}
        changed_rows = {name for name in model.set_text("dodge_ranks", "6")
                        if name in form.ruleset.rules}
        assert repainted and repainted <= changed_rows
        assert "shield_factor" not in repainted  # unchanged by Dodge ranks
        assert not [name for name, layout in calls if layout]
        row = form.query_one("#value-melee-ds", ValueRow)
        assert row.has_class("-changed") and "(was 43)" in str(row.render())
        # Its number and its mark are repainted; its rule line beneath is not (over SSH
        # every line repainted is sent again).
        assert row.content_size.height == 2 and REPAINTED["melee_ds"] == {0}
        strip = form.query_one(".result-strip")
        await pilot.press("0")
        await pilot.pause()
        assert "Evade DS vs melee 43" in strip.render().plain
        assert not row.has_class("-changed") and REPAINTED["melee_ds"] == {0}


def heights_match(form) -> list[str]:
    """The rows whose laid-out height differs from the lines their text needs now."""
    return [row.rule.name for row in form.query(ValueRow)
            if row.content_size.height != row.render().get_height(row.styles,
                                                                  row.content_size.width)]


@pytest.mark.every_row
async def test_rows_whose_text_needs_other_lines_are_laid_out_again():
    """A refused value puts a reason where the number was: rows whose text then needs more
    or fewer lines get them (the layout is skipped only when no row changes height)."""
    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(60, 24)) as pilot:
        form = app.form()
        editor = app.query_one("#gemstone4 #dodge-ranks")
        editor.focus()
        await pilot.press("end")
        await pilot.pause()
        heights = {row.rule.name: row.size.height for row in form.query(ValueRow)}
        await pilot.press("x")  # 60x: refused; its dependents wait for Dodge ranks
        await pilot.pause()
        row = form.query_one("#value-base-value", ValueRow)
        assert "waiting for Dodge ranks" in str(row.render())
        assert heights_match(form) == []
        assert any(row.size.height != heights[row.rule.name] for row in form.query(ValueRow))
        await pilot.press("backspace")
        await pilot.pause()
        assert heights_match(form) == []
        assert {row.rule.name: row.size.height for row in form.query(ValueRow)} == heights


async def marked_melee_row(app, pilot) -> ValueRow:
    """Dodge ranks 60 → 6 on Example 1: the melee DS row, marked "(was 43)"."""
    app.query_one("#gemstone4 #dodge-ranks").focus()
    await pilot.press("end", "backspace")
    await pilot.pause()
    return app.form().query_one("#value-melee-ds", ValueRow)


async def test_no_style_rule_reads_a_value_rows_mark_or_state_classes():
    """An edit sets a row's ``-changed``, ``-blocked`` and ``-error`` classes without a pass of
    the stylesheet (``paint_rows``), which is right only while no rule reads them: the styles
    a row has with all three classes are those it has without, focused or not."""
    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(200, 50)) as pilot:
        row = app.form().query_one("#value-melee-ds", ValueRow)
        for focused in (False, True):
            if focused:
                row.focus()
            await pilot.pause()
            plain = row.styles.css
            row.add_class("-changed", "-blocked", "-error")  # restyled, unlike paint_rows
            await pilot.pause()
            assert row.styles.css == plain, f"a rule reads a row's classes (focused={focused})"
            row.remove_class("-changed", "-blocked", "-error")


@pytest.mark.every_row
async def test_the_changed_bar_is_what_a_thick_border_in_the_warning_colour_draws():
    """The row draws its mark's bar itself (``ValueRow.render_lines``): cell for cell it is the
    ``thick`` left border Textual would draw in ``$warning``; the focused row keeps its focus
    border."""
    from textual.color import Color
    from textual.geometry import Region

    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(200, 50)) as pilot:
        row = await marked_melee_row(app, pilot)
        assert row.was == "was 43"
        whole = Region(0, 0, *row.outer_size)
        ours = [list(strip)[:2] for strip in row.render_lines(whole)]
        assert ours[0][0].text == "█"
        row.styles.border_left = ("thick", Color.parse(app.get_css_variables()["warning"]))
        was, row.was = row.was, None  # Textual's border alone now
        row.refresh()
        textuals = [list(strip)[:2] for strip in row.render_lines(whole)]
        assert [line[0] for line in ours] == [line[0] for line in textuals]
        row.was = was
        row.styles.border_left = None
        row.focus()
        await pilot.pause()
        focused = [list(strip)[0] for strip in row.render_lines(whole)]
        assert all(cell.text.startswith("▌") for cell in focused)  # ValueRow:focus (outer)


@pytest.mark.every_row
async def test_a_marked_row_painted_once_more_as_it_is_removed_draws_without_its_bar():
    """A hidden tab drops its rows, and the compositor may paint a dropped row once more; with
    no screen to take the bar's colour from, it is drawn without the bar (it raised KeyError
    and ended the program, seen once in a full run of the pty tests)."""
    from textual.geometry import Region

    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(200, 50)) as pilot:
        row = await marked_melee_row(app, pilot)
        assert row.was is not None
        whole = Region(0, 0, *row.outer_size)
        await row.remove()
        lines = row.render_lines(whole)
        assert lines and not any(list(line)[0].text == "█" for line in lines)


@pytest.mark.every_row
async def test_a_row_drawn_from_its_kept_parts_is_the_row_drawn_afresh():
    """A row keeps its parts as drawn (``RowVisual._part_lines``): after 60 → 6 → 60 every line
    is what a row that never kept anything draws, focused or not, and a new theme draws in its
    own colours."""
    from textual.geometry import Region

    def drawn(row: ValueRow, keep: bool = True) -> list[list[tuple[str, object]]]:
        kept = row._drawn
        if not keep:
            row._drawn = {}
            row._visual = None
        row.refresh()
        lines = [[(seg.text, seg.style) for seg in strip]
                 for strip in row.render_lines(Region(0, 0, *row.outer_size))]
        row._drawn = kept
        row._visual = None
        return lines

    app = WorksheetApp(preset=PRESET)
    async with app.run_test(size=(200, 50)) as pilot:
        row = await marked_melee_row(app, pilot)  # "15 (was 43)", drawn and kept
        first = drawn(row)
        await pilot.press("0")  # back to 60: 43, not marked
        await pilot.pause()
        await pilot.press("backspace")  # 6 again: every part found as kept
        await pilot.pause()
        assert row._drawn and drawn(row) == first == drawn(row, keep=False)
        row.focus()  # the focused row's own background and border
        await pilot.pause()
        assert drawn(row) == drawn(row, keep=False) != first
        app.screen.set_focus(None)
        await pilot.pause()
        app.theme = "textual-light"
        await pilot.pause()
        assert drawn(row) == drawn(row, keep=False) != first


def test_a_row_not_on_a_screen_yet_takes_a_new_status_without_drawing():
    """A row made as the view nears it may not be mounted when an edit reaches it (seen on a
    slow run: the first keystroke after start). It keeps the new texts for when it is laid
    out; drawing them then would ask a screen it does not have for its colours (it crashed
    the app with a KeyError on the row's component classes)."""
    from worksheet import rulesets

    ruleset = rulesets.get("gemstone4")
    sheet = Sheet(ruleset, {"dodge_ranks": 60})
    row = ValueRow(ruleset.rules["melee_ds"], sheet.status("melee_ds"))
    result_before = row.result
    sheet.set_text("dodge_ranks", "6")
    row.show(sheet.status("melee_ds"))
    row.show_change("43")
    assert row.result == str(sheet.value("melee_ds")) and row.was == "43"
    assert row.result != result_before
