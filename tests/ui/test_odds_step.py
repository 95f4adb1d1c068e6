"""Pilot tests: the Odds step on every tab — chances, bars, the best option and its cost, the
after-hit chart, plain characters at 80 columns, and a keystroke that re-derives only the odds."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
import pytest_asyncio

from worksheet.engine import Sheet
from worksheet.presets import find_preset
from worksheet.ui import WorksheetApp
from worksheet.engine.percent import percent
from worksheet.ui.widgets.odds import BAR, OddsPanel, bar
from shared_apps import app_pool
from waits import until

SIZE = (80, 24)
PRESETS = {
    "exalted2e": ("exalted2e-odds-eight-dice-against-dv-3",
                  ["through Dodge DV", "58.0 %", "◀ best", "Best: dodge", "extra successes"]),
    "gemstone4": ("gemstone4-odds-example-1-against-as-150",
                  ["in melee", "87.0 %", "65.0 %", "Evading outright is not included",
                   "endroll above 100"]),
    "rise": ("rise-odds-r1-fighter-against-accuracy-5",
             ["Armor", "30.0 %", "crit   3.0 %", "attack result − Armor"]),
    "shadowrun4": ("shadowrun4-odds-twelve-dice-against-nine",
                   ["59.0 %", "with full dodge", "41.4 %", "◀ best",
                    "Best: full-dodge — full defense uses your next action",
                    "with full parry          not allowed", "net hits"]),
    "vtm-revised": ("vtm-revised-odds-six-dice-against-a-dodge",
                    ["69.1 %", "with a block", "62.9 %", "Best: block", "remaining successes"]),
}


ON_SHARED_APPS = pytest.mark.asyncio(loop_scope="module")
"""The loop of the apps shared by the tests of the Odds step (``running``)."""


def shared(rid: str):
    """A ruleset for a test run on that ruleset's app shared on one worker (``running``)."""
    return pytest.param(rid, marks=pytest.mark.xdist_group(f"odds-{rid}"))


async def built_on_defaults(app, pilot) -> None:
    """Put back what an earlier test loaded: the tab's defaults, every row built."""
    form = app.form()
    form.reset()
    form.build_all()
    await pilot.pause()
    assert form.inputs == form.ruleset.defaults()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def running(tmp_path_factory):
    """``await running(rid)``: ruleset ``rid``'s app at 80×24 and its pilot, on its defaults
    with every row built, shared by the tests of its Odds step (three launches of Vampire
    and two of every other tab before)."""
    async with app_pool(tmp_path_factory, SIZE, lambda rid: WorksheetApp(ruleset=rid),
                        built_on_defaults) as get:
        yield get


async def with_preset(running, ruleset_id: str, name: str):
    """The shared app of ``ruleset_id`` with bundled preset ``name`` loaded whole (inputs it
    does not give take their defaults, as opening it does)."""
    app, pilot = await running(ruleset_id)
    app.form().load_values(find_preset(name, ruleset_id).inputs)
    await pilot.pause()
    return app, pilot


def panel_text(app) -> str:
    return str(app.screen.query_one(OddsPanel).render())


@ON_SHARED_APPS
@pytest.mark.parametrize("ruleset_id", [shared(rid) for rid in PRESETS])
async def test_every_tab_has_an_odds_step(ruleset_id, running):
    name, expected = PRESETS[ruleset_id]
    app, pilot = await with_preset(running, ruleset_id, name)
    text = panel_text(app)
    for part in expected:
        assert part in text, (part, text)
    assert all(len(line) <= 76 for line in text.splitlines())  # the form at 80 columns
    assert set(text) <= set(text.encode("ascii", "ignore").decode()) | set("█▏▎▍▌▋▊▉░◀—…−–")


@ON_SHARED_APPS
@pytest.mark.parametrize("ruleset_id, wanted", [
    pytest.param(*case, marks=pytest.mark.xdist_group(f"odds-{case[0]}")) for case in (
        ("exalted2e", "attack_pool"), ("gemstone4", "attacker_as"), ("rise", "accuracy"),
        ("shadowrun4", "attack_pool"), ("vtm-revised", "attack_pool"))])
async def test_without_an_attack_the_step_says_what_to_enter(ruleset_id, wanted, running):
    app, _ = await running(ruleset_id)
    text = panel_text(app)
    label = app.form().ruleset.inputs[wanted].title
    assert text.startswith(f"No attack yet: enter {label} above")  # the label, not the name
    assert wanted not in text or "_" not in wanted
    assert "%" not in text


async def test_ctrl_g_focuses_the_attacker_and_typing_re_derives_only_the_odds():
    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+g")
        # built just now: focus lands after a refresh or two
        await until(pilot, lambda: app.focused is not None and app.focused.id == "attack-pool",
                    "focus on Attack pool")
        assert app.focused.id == "attack-pool"
        form = app.form()
        before = Sheet(form.ruleset, dict(form.inputs))
        await pilot.press("8")
        await pilot.pause()
        assert form.inputs["attack_pool"] == 8
        changed = before.set_text("attack_pool", "8")  # what the form refreshed, headless
        assert changed <= set(form.ruleset.odds) | {"attack_pool"}
        assert "p_hit_dodge" in changed
        assert "through Dodge DV" in panel_text(app) and "◀ best" in panel_text(app)


@ON_SHARED_APPS
@pytest.mark.xdist_group("odds-vtm-revised")
async def test_willpower_cost_is_shown_on_the_vampire_sheet(running):
    name, _ = PRESETS["vtm-revised"]
    app, pilot = await with_preset(running, "vtm-revised", name)
    form = app.form()
    form.load_entries({"willpower_success": "true"})
    await pilot.pause()
    assert "1 Willpower spent" in panel_text(app)
    assert "49.1 %" in panel_text(app)


@pytest.mark.parametrize("p, filled", [(0, ""), (1, "█" * BAR), (F(1, 2), "█" * 15),
                                       (F(1, 60), "▌"), (F(58, 100), "█" * 17 + "▍")])
def test_bars_are_block_characters_on_a_shaded_track(p, filled):
    drawn = bar(p)
    assert len(drawn) == BAR and drawn.rstrip("░") == filled


def test_a_percentage_never_reads_as_certain_when_it_is_not():
    assert (percent(F(1, 10**6)), percent(1 - F(1, 10**6)), percent(0), percent(1)) == (
        "<0.1 %", ">99.9 %", "0.0 %", "100.0 %")
