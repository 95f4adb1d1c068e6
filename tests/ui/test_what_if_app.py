"""What-if, sweep, step effects and the baseline in the app (compare.md, "In the app"), on every
tab at 80×24: what each shows is derived from ``worksheet calc`` with the same ``--set`` values
(``calc --what-if``'s ranking, ``calc`` of the applied step), never from stored numbers."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList, Static

from tests.ui.waits import until
from worksheet.cli import main
from worksheet.ui import WorksheetApp
from worksheet.ui.screens.sweep import SweepScreen
from worksheet.ui.screens.what_if import WhatIfScreen

SIZE = (80, 24)
PRESETS = {
    "exalted2e": "exalted2e-odds-eight-dice-against-dv-3",
    "gemstone4": "gemstone4-odds-example-1-against-as-150",
    "rise": "rise-odds-r1-fighter-against-accuracy-5",
    "shadowrun4": "shadowrun4-odds-twelve-dice-against-nine",
    "vtm-revised": "vtm-revised-odds-six-dice-against-a-dodge",
}


def calc(capsys, *argv) -> tuple[int, str]:
    status = main(["calc", *argv])
    out, _ = capsys.readouterr()
    return status, out


def ranked_lines(capsys, ruleset: str) -> list[str]:
    """``calc --what-if``'s ranked lines (the view lists the same, in the same order)."""
    _, out = calc(capsys, ruleset, "--preset", PRESETS[ruleset], "--what-if")
    lines = out.splitlines()
    first = lines.index("Best for the defender first:") + 1
    end = next(i for i in range(first, len(lines)) if not lines[i].startswith("  "))
    return [line.strip() for line in lines[first:end]]


@pytest.mark.parametrize("ruleset", sorted(PRESETS))
async def test_the_what_if_view_lists_calcs_ranking_and_enter_applies_one_undo_step(
        capsys, ruleset):
    expected = ranked_lines(capsys, ruleset)
    app = WorksheetApp(preset=PRESETS[ruleset])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        start = dict(app.form().entries)
        await pilot.press("ctrl+f")
        await until(pilot, lambda: isinstance(app.screen, WhatIfScreen), "the what-if view")
        options = app.screen.query_one(OptionList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert shown == expected
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, WhatIfScreen), "closed")
        # the view's answer is applied in the app's next turn, after it closed
        await until(pilot, lambda: dict(app.form().entries) != start, "the change applied")
        form = app.form()
        applied = {n: e for n, e in form.entries.items() if isinstance(e, str)}
        after = _json(form)
        titles = {n: s.title for n, s in form.ruleset.inputs.items()}
        await pilot.press("ctrl+z")  # may wait behind the view's answer (the key gate)
        await until(pilot, lambda: _json(form) != after, "the undo")
        undone = _json(form)
    # calc after the app: Textual holds standard output while it runs
    name = next(n for n, e in applied.items() if e != _start_entry(ruleset, n))
    _, out = calc(capsys, ruleset, "--preset", PRESETS[ruleset], "--set",
                  f"{name}={applied[name]}", "--format", "json")
    assert after == json.loads(out)["values"]
    assert expected[0].startswith(titles[name] + " ")
    _, out = calc(capsys, ruleset, "--preset", PRESETS[ruleset], "--format", "json")
    assert undone == json.loads(out)["values"]


def _start_entry(ruleset: str, name: str) -> str:
    from worksheet import presets, rulesets
    from worksheet.ui.form.entries import entries_from_values

    preset = presets.find_preset(PRESETS[ruleset], ruleset)
    ruleset_ = rulesets.get(ruleset)
    from worksheet.engine import Sheet

    return entries_from_values(ruleset_, Sheet(ruleset_, preset.inputs).inputs)[name]


def _json(form) -> dict:
    from worksheet.engine.variants import json_value

    return {name: json_value(value) for name, value in form.sheet.values.items()}


@pytest.mark.every_row
async def test_baseline_marks_the_difference_until_unpinned():
    app = WorksheetApp(preset=PRESETS["gemstone4"])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        form = app.form()
        await pilot.press("ctrl+b")
        await until(pilot, lambda: form.pinned is not None, "pinned")
        app.query_one("#dodge-ranks").focus()
        await pilot.pause()
        for _ in range(3):
            await pilot.press("up")  # three edits: the marks still compare with the pin
            await pilot.pause()
        assert form.row("base_value").was == "+3 vs pin"  # 60 → 63 ranks (gemstone4.md)
        melee = form.value("p_hit_melee")
        from worksheet.engine.percent import points

        from fractions import Fraction
        assert form.row("p_hit_melee").was == f"{points(Fraction(87, 100), melee)} vs pin"
        await pilot.press("ctrl+b")
        await until(pilot, lambda: form.pinned is None, "unpinned")
        assert form.row("base_value").was is None


@pytest.mark.parametrize("ruleset,focus", [
    ("gemstone4", "#dodge-ranks"), ("exalted2e", "#attack-pool"), ("rise", "#accuracy"),
    ("shadowrun4", "#full-defense"), ("vtm-revised", "#willpower-success")])
async def test_the_sweep_chart_marks_the_current_value(capsys, ruleset, focus):
    app = WorksheetApp(preset=PRESETS[ruleset])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        form = app.form()
        form.build_all()
        await until(pilot, lambda: app.query(focus), "the row")
        app.query_one(focus).focus()
        name = focus[1:].replace("-", "_")
        await until(pilot, lambda: form.focused_name == name, "focused")
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, SweepScreen), "the sweep chart")
        chart = str(app.screen.query_one("#sweep-text", Static).render())
        current = form.ruleset.inputs[name].to_text(form.value(name))
        ruleset_ = form.ruleset
        await pilot.pause()
        await pilot.pause()
        header_in_view = app.screen.query_one("#sweep-chart").scroll_y == 0
    assert header_in_view  # the row is on the first screen: the column names stay in view
    marked = [line for line in chart.splitlines() if line.startswith("▸ ")]
    assert len(marked) == 1 and marked[0][2:].split()[0] == current
    assert max(len(line) for line in chart.splitlines()) <= 74
    # a row's chances are calc's with that value
    row = next(line for line in chart.splitlines() if line.startswith("  "))
    value = row.split()[0]
    _, out = calc(capsys, ruleset, "--preset", PRESETS[ruleset], "--set", f"{name}={value}",
                  "--format", "json")
    from fractions import Fraction

    from worksheet.engine.percent import percent
    from worksheet.engine.variant_reading import chance_options

    values = json.loads(out)["values"]
    chances = [percent(Fraction(values[n])) for n in chance_options(ruleset_)
               if values[n] is not None]
    assert chances and all(chance in row for chance in chances[:2])


@pytest.mark.every_row
async def test_step_effects_follow_focus_and_cost_nothing_while_hidden(capsys):
    app = WorksheetApp(preset=PRESETS["gemstone4"])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        assert not app.query("#step-effects")  # not shown, not computed
        app.query_one("#dodge-ranks").focus()
        await pilot.press("ctrl+backslash")
        line = app.query_one("#step-effects", Static)
        await until(pilot, lambda: "Dodge ranks ↑ 61" in str(line.render()), "the effects")
        text = str(line.render())
        app.query_one("#agility-bonus").focus()
        await until(pilot, lambda: "Agility bonus ↑ 21" in str(line.render()), "follows focus")
        await pilot.press("ctrl+backslash")
        await until(pilot, lambda: not app.query("#step-effects"), "hidden")
    _, out = calc(capsys, "gemstone4", "--preset", PRESETS["gemstone4"], "--set",
                  "dodge_ranks=61", "--format", "json")
    melee = json.loads(out)["values"]["melee_ds"]
    assert f"Evade DS vs melee +{melee - 43}" in text  # 43: Example 1 (gemstone4.md)


@pytest.mark.every_row
async def test_pinning_a_saved_preset_compares_with_it(capsys):
    """The in-app compare: Example 1 on the sheet, Example 2 (a tower shield) pinned; each
    value shows Example 1 minus Example 2, as ``worksheet compare`` computes it."""
    from worksheet.ui.screens.presets import OpenPreset

    app = WorksheetApp(preset="gemstone4-example-1")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        form = app.form()
        app.action_pin_preset()
        await until(pilot, lambda: isinstance(app.screen, OpenPreset) and app.screen.listed,
                    "the preset list")
        names = [item.preset.name for item in app.screen.listed]
        index = next(i for i, n in enumerate(names) if n.startswith("Example 2"))
        await pilot.press(*["down"] * index, "enter")
        await until(pilot, lambda: form.pinned is not None, "pinned")
        marks = {name: form.row(name).was for name in ("melee_ds", "ranged_ds")}
        assert form.row("shield").has_class("-changed")  # the input that differs
    main(["compare", "gemstone4-example-2", "gemstone4-example-1", "--format", "json"])
    result = json.loads(capsys.readouterr().out)
    for name, mark in marks.items():
        difference = result["b"]["values"][name] - result["a"]["values"][name]
        assert mark == f"+{difference} vs pin"  # gemstone4.md: 43 − 25 = +18, 65 − 50 = +15


@pytest.mark.every_row
async def test_what_if_with_a_refused_input_says_what_to_fix():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        app.query_one("#dodge-ranks").focus()
        await pilot.press("x")
        await until(pilot, lambda: app.form().problems, "refused")
        notified = []
        app.notify = lambda message, **kwargs: notified.append(message)
        await pilot.press("ctrl+f")
        await until(pilot, lambda: notified, "the toast")
        assert notified[0].startswith("Fix this first: Dodge ranks") and len(app.screen_stack) == 1


async def test_the_sweep_opens_with_the_current_row_in_view():
    """Armor (ASG) 20 — full plate is the last of twenty choices: the chart opens on it."""
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        form = app.form()
        form.load_entries({"armor_asg": "20"})
        app.query_one("#armor-asg").focus()
        await until(pilot, lambda: form.focused_name == "armor_asg", "focused")
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, SweepScreen), "the sweep chart")
        body = app.screen.query_one("#sweep-chart")
        text = str(app.screen.query_one("#sweep-text", Static).render()).splitlines()
        row = next(i for i, line in enumerate(text) if line.startswith("▸ 20"))
        await until(pilot, lambda: body.scroll_y <= row < body.scroll_y + body.size.height,
                    "the current row in view")


@pytest.mark.parametrize("ruleset", list(PRESETS))
async def test_at_80_columns_each_comparative_answer_has_a_key_on_a_bar(ruleset):
    """compare.md, "In the app": a key shown in the key bar for what-if, sweep, baseline and
    party. The sheet's bar at 80 columns has room for What if; the what-if view's own bar
    shows Sweep, Pin and Party, and each of them does what it says from there: F11 sweeps the
    highlighted step's input, Ctrl+B pins, Ctrl+N opens the party view."""
    from worksheet.ui.screens.party import PartyScreen
    from worksheet.ui.widgets.key_bar import KeyBar

    app = WorksheetApp(preset=PRESETS[ruleset])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.form() is not None, "the form")
        form = app.form()
        sheet_bar = app.screen.query_one("#keys", KeyBar).render().plain
        assert "^f What if" in sheet_bar and "^s Save" in sheet_bar and "^q Quit" in sheet_bar
        assert "f1 Help" in sheet_bar, sheet_bar

        async def open_view() -> WhatIfScreen:
            await pilot.press("ctrl+f")
            await until(pilot, lambda: isinstance(app.screen, WhatIfScreen), "the what-if view")
            await pilot.pause()
            return app.screen

        view = await open_view()
        view_bar = view.query_one(KeyBar).render().plain
        for shown in ("esc Close", "f11 Sweep", "^b Pin", "^n Party"):
            assert shown in view_bar, view_bar
        steps = view.query_one("#what-if-steps", OptionList)
        steps.highlighted = 1 if steps.option_count > 1 else 0
        name = next(iter(view._steps[steps.highlighted][1]))
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, SweepScreen), "the sweep chart")
        title = form.ruleset.inputs[name].title
        assert f"Sweep of {title}:" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("escape")
        await until(pilot, lambda: len(app.screen_stack) == 1, "back on the sheet")

        await open_view()
        await pilot.press("ctrl+b")
        await until(pilot, lambda: form.pinned is not None, "pinned from the what-if view")
        assert len(app.screen_stack) == 1

        await open_view()
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen), "the party view")
