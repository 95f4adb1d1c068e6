"""Pilot tests: the key bar and the rows' shared component styles (start-up memory savers)
still show and colour everything as before."""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.filter import ANSIToTruecolor

from worksheet.ui import WorksheetApp
from worksheet.ui.screens.presets import SavePreset
from worksheet.ui.widgets import InputRow, ValueRow
from worksheet.ui.widgets.editors import Editor
from worksheet.ui.widgets.input_row import InputRow
from hooks_probe import own_component_styles
from worksheet.ui.widgets.key_bar import KeyBar

SIZE = (80, 24)


def bar_text(app: WorksheetApp) -> str:
    return str(app.query_one(KeyBar).render())


async def test_key_bar_shows_the_keys_and_the_palette_on_the_right():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = bar_text(app)
        # Open gives its room to What if at 80 columns (key_bar.DROP_ORDER: compare.md wants a
        # key on the bar for every comparative answer; Ctrl+O stays in the help and palette)
        for shown in ("^q Quit", "^s Save", "^z Undo", "^y Redo", "^f What if", "f1 Help"):
            assert shown in text
        assert text.rstrip().endswith("▏^p palette")
        assert len(text) == SIZE[0]


async def test_key_bar_dims_a_key_whose_action_cannot_run_and_follows_focus():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        keys = {shown.description: shown for shown in bar.shown_keys(app.screen)[0]}
        assert keys["Save"].enabled
        # A value row adds its own (hidden) Enter binding; the shown keys stay the app's.
        app.screen.set_focus(app.query_one("#value-base-value", ValueRow))
        await pilot.pause()
        assert [s.description for s in bar.shown_keys(app.screen)[0]] == list(keys)


async def test_clicking_a_key_on_the_bar_presses_it():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = bar_text(app)
        await pilot.click(KeyBar, offset=(text.index("Save"), 0))
        await pilot.pause()
        assert isinstance(app.screen, SavePreset)


async def test_rows_read_their_part_styles_from_the_screen_not_their_own_nodes():
    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = list(app.query(ValueRow)) + list(app.query(InputRow)) + list(app.query(Editor))
        assert rows
        for row in rows:
            assert own_component_styles(row) == frozenset(), row  # no hidden nodes per row
        screen_parts = own_component_styles(app.screen)
        assert {"value-row--result", "value-row--result-blocked", "input--cursor",
                "input-cell--label-error", "input-cell--message"} <= set(screen_parts)


def result_colours(row: ValueRow) -> set[Color]:
    """The text colours of a value row's result column as drawn."""
    result = row.render().parts[2]
    return {span.style.foreground for span in result.spans if span.style.foreground}


@pytest.mark.every_row
async def test_a_blocked_row_and_a_refused_input_take_the_warning_and_error_colours():
    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        theme = app.current_theme.to_color_system().generate()
        melee = app.query_one("#value-melee-ds", ValueRow)
        assert result_colours(melee) == {Color.parse(theme["text-success"])}
        # past Stance and Encumbrance (the round rows, issue 42): dodge ranks 600, above the
        # maximum
        await pilot.press("ctrl+down", "ctrl+down", "end", "0")
        await pilot.pause()
        assert melee.has_class("-blocked")
        assert result_colours(melee) == {Color.parse(theme["text-warning"])}
        row = app.query_one("#dodge-ranks").parent
        assert isinstance(row, InputRow) and len(row.children) == 1  # the editor alone
        label = row.render().label
        assert label.plain == "Dodge ranks"
        assert any(span.style.foreground == Color.parse(theme["text-error"])
                   for span in label.spans)


async def test_the_editor_cursor_blends_over_the_editor_like_textual_does():
    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.query_one("#dodge-ranks", Editor)
        cursor = editor.get_component_rich_style("input--cursor")
        theme = app.current_theme.to_color_system().generate()
        assert cursor.bgcolor is not None
        assert Color.from_rich_color(cursor.bgcolor) == Color.parse(
            theme["input-cursor-background"])
        selection = editor.get_component_rich_style("input--selection")
        # 40 % of the selection colour over the editor's own background, not the screen's.
        over = Color.from_rich_color(editor.rich_style.bgcolor) + Color.parse(
            theme["input-selection-background"])
        assert Color.from_rich_color(selection.bgcolor) == over


async def test_a_choice_builds_its_list_when_first_opened_and_picks_from_the_keyboard():
    from textual.widgets import Select
    from worksheet.ui.textual_internals import DrawnSelectCurrent, SelectOverlay

    from worksheet import rulesets

    app = WorksheetApp(ruleset="gemstone4", preset="example-1")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.query(SelectOverlay)  # no list until one is opened
        choice = app.query_one("#armor-asg", Select)
        spec = rulesets.get("gemstone4").inputs["armor_asg"]
        before = choice.value
        assert "brigandine" in choice.query_one(DrawnSelectCurrent).render().plain
        choice.focus()
        await pilot.press("enter")
        await pilot.pause()
        overlay = choice.query_one(SelectOverlay)
        assert choice.expanded
        assert overlay.highlighted == spec.choices.index(before)  # opens on the current one
        await pilot.press("down", "enter")
        await pilot.pause()
        after = spec.choices[spec.choices.index(before) + 1]
        assert choice.value == after and not choice.expanded
        form = app.form()
        assert form.inputs["armor_asg"] == after
        assert form.entries["armor_asg"] == spec.to_text(after)


def styles_the_ansi_conversion_changes(app: WorksheetApp) -> list[str]:
    """What Textual's conversion of ANSI colours would change in the lines every widget on
    screen draws: a colour with no RGB (ANSI, or the terminal's default), or dim text with a
    colour (blended into the colour instead)."""
    found = []
    for widget in app.screen.walk_children():
        if not widget.display or not widget.size:
            continue
        for strip in widget.render_lines(widget.size.region):
            for text, style, _ in strip:
                if style is None:
                    continue
                if (style.color is not None and style.color.triplet is None
                        or style.bgcolor is not None and style.bgcolor.triplet is None
                        or style.dim and style.color is not None):
                    found.append(f"{widget!r}: {text!r} in {style}")
    return found


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
async def test_lines_are_drawn_as_styled_with_nothing_for_the_ansi_conversion_to_change(
        no_color, monkeypatch):
    """Textual's conversion of ANSI colours is off (``RedrawScreen.draw_colours_as_styled``):
    it copied every line drawn and kept the copy. That changes nothing only while no line
    has a colour it would convert, on any tab, with or without colour."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        assert not any(isinstance(f, ANSIToTruecolor) for f in app.get_line_filters())
        for rid in app.ruleset_ids:
            app.show_tab(rid)
            for _ in range(3):
                await pilot.pause()
            changed = styles_the_ansi_conversion_changes(app)
            assert changed == [], f"{rid}: {changed[:5]}"
