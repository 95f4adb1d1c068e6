"""Pilot tests at 80×24: a tiny chance and a near-certain one read the same in the strip, the
Odds panel, the after-hit chart, the value rows, their "was" marks and the copied line —
never ``0.0 %`` or ``100.0 %`` — and every bar is on one scale."""

from __future__ import annotations

from fractions import Fraction as F

from worksheet.engine import Sheet
from worksheet.presets import Preset
from worksheet.ui import WorksheetApp
from worksheet.ui.widgets import ValueRow
from worksheet.ui.widgets.odds import BAR, OddsPanel, TRACK
from worksheet.ui.widgets.result_strip import ResultStrip

SIZE = (80, 24)
TINY = {"armor_class_bonus": 10, "accuracy": -30}
"""Rise: accuracy −30 against Armor 10 → hit 1/10000, critical 1/100000."""
NEAR = {"attack_pool": 60}
"""Shadowrun: 60 attack dice against the default 3-die defense → hit just below 1."""


def row_result(form, node: str) -> str:
    """The result column of a node's row as drawn (``<0.1 % (+<0.1)`` when marked)."""
    row = form.query_one(f"#value-{node.replace('_', '-')}", ValueRow)
    return row.render().parts[2].plain


async def opened(pilot, app):
    await pilot.pause()
    app.form().build_all()
    await pilot.pause()
    return app.form()


async def test_one_in_ten_thousand_never_reads_zero_anywhere():
    app = WorksheetApp(preset=Preset("rise", "test", "", TINY))
    async with app.run_test(size=SIZE) as pilot:
        form = await opened(pilot, app)
        assert Sheet(form.ruleset, form.inputs).value("p_hit_armor") == F(1, 10000)
        strip = app.screen.query_one(ResultStrip).shown
        assert "Armor 10 (hit <0.1 %)" in strip
        panel = str(app.screen.query_one(OddsPanel).render()).splitlines()
        armor = next(line for line in panel if line.lstrip().startswith("Armor"))
        assert "<0.1 %" in armor and "crit  <0.1 %" in armor
        assert "▏" + TRACK in armor  # a sliver of a bar on the shared track
        chart = [line for line in panel if line.lstrip().startswith("+")]
        assert len(chart) == 3 and all("<0.1 %" in line for line in chart)
        assert all(line.endswith("<0.1 % ▏") for line in chart), chart  # never a full bar
        assert row_result(form, "p_hit_armor") == "<0.1 %"
        assert row_result(form, "p_crit_armor") == "<0.1 %"
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "Armor <0.1 %" in app.clipboard
        for text in (strip, "\n".join(panel), app.clipboard):
            assert "0.0 %" not in text


async def test_the_was_mark_of_a_chance_reads_in_percent():
    app = WorksheetApp(preset=Preset("rise", "test", "", TINY))
    async with app.run_test(size=SIZE) as pilot:
        form = await opened(pilot, app)
        form.load_entries({"accuracy": "-29"})  # 2/10000: up by 0.01 points
        await pilot.pause()
        assert row_result(form, "p_hit_armor") == "<0.1 % (+<0.1)"
        form.load_entries({"accuracy": "-20"})  # G(30) = 1/1000, up by 0.08 points
        await pilot.pause()
        assert row_result(form, "p_hit_armor") == "0.1 % (+0.1)"
        form.load_entries({"accuracy": "3"})  # G(7) = 4/10
        await pilot.pause()
        assert row_result(form, "p_hit_armor") == "40.0 % (+39.9)"
        form.load_entries({"accuracy": ""})  # no attack: what it was, in percent
        await pilot.pause()
        assert row_result(form, "p_hit_armor").endswith("(was 40.0 %)")


async def test_a_near_certain_hit_never_reads_certain_nor_fills_its_bar():
    app = WorksheetApp(preset=Preset("shadowrun4", "test", "", NEAR))
    async with app.run_test(size=SIZE) as pilot:
        form = await opened(pilot, app)
        p = Sheet(form.ruleset, form.inputs).value("p_hit")
        assert F(999, 1000) < p < 1
        assert "chance to be hit >99.9 %" in app.screen.query_one(ResultStrip).shown
        panel = str(app.screen.query_one(OddsPanel).render()).splitlines()
        option = next(line for line in panel if ">99.9 %" in line)
        assert "█" * (BAR - 1) + "▉" in option  # one eighth short of full
        assert row_result(form, "p_hit") == ">99.9 %"
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "hit chance >99.9 %" in app.clipboard
        assert "100.0 %" not in app.clipboard + "\n".join(panel)
