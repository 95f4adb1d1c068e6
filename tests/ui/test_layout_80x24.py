"""At 80×24, the number first: the result strip, whole labels, the status and key bars, help
that reads to its last line, and a palette with every action (issue 14).

Run against the real app with real rulesets; each test would catch the layout slip it names.
"""

from __future__ import annotations

import pytest
from textual.widgets import Select

from worksheet import rulesets
from worksheet.engine import Headline, Ruleset, RulesetError, Sheet
from worksheet.engine.inputs import IntInput
from worksheet.engine.percent import percent
from worksheet.ui import WorksheetApp
from worksheet.ui.speaker import Speaker
from worksheet.ui.form.status_line import status_text
from worksheet.ui.textual_internals import DrawnSelectCurrent
from worksheet.ui.widgets.ids import kebab
from worksheet.ui.widgets.key_bar import KeyBar
from worksheet.ui.widgets.record_list import RecordList
from worksheet.ui.widgets.result_strip import ResultStrip
from waits import until

SMALL = (80, 24)

HEADLINES = {
    "exalted2e": ["Dodge DV 2", "Parry DV 2"],
    "gemstone4": ["Evade DS vs melee 0", "Evade DS vs ranged 0"],
    "rise": ["Armor 0", "Brawn 0", "Fortitude 0", "Reflex 0", "Mental 0"],
    "shadowrun4": ["Defense pool 3"],
    "vtm-revised": ["Defense pool 2", "Difficulty 6"],
}
"""What each strip holds with the defaults, in the spec's order ("The result strip")."""


def spec_of(rid: str, widget_id: str):
    """The input declaration whose editor has this id (the name in kebab-case)."""
    [spec] = [spec for name, spec in rulesets.get(rid).inputs.items()
              if kebab(name) == widget_id]
    return spec


def strip_text(rid: str, texts: dict[str, str] | None = None) -> str:
    ruleset = rulesets.get(rid)
    sheet = Sheet(ruleset)
    if texts:
        sheet.set_many_text(texts)
    return ResultStrip(ruleset).text(sheet)


@pytest.mark.parametrize("rid", rulesets.ids())
def test_the_strip_holds_the_headline_only_in_order(rid):
    assert strip_text(rid).split("  ·  ") == HEADLINES[rid]


def test_an_outcome_not_known_yet_is_left_out_and_a_known_one_is_said_once():
    assert "—" not in strip_text("shadowrun4")
    rolled = strip_text("shadowrun4", {"attacker_hits": "3", "defender_faces": "1,1,5"})
    assert rolled == "Defense pool 3  ·  the attack lands  ·  Net hits 2  ·  glitch"
    missed = strip_text("shadowrun4", {"attacker_hits": "0", "defender_faces": "2,3,5"})
    assert missed == "Defense pool 3  ·  the attack misses  ·  Net hits 0  ·  no glitch"
    assert "glitch glitch" not in rolled


def test_a_value_waiting_for_input_says_so_briefly_by_label():
    text = strip_text("exalted2e", {"dexterity": "x"})
    assert text == "Dodge DV, Parry DV wait for Dexterity"
    text = strip_text("shadowrun4", {"attacker_hits": "3", "defender_faces": "8,3"})
    assert text == "Defense pool 3  ·  Hit, Net hits, Defender glitch wait for Defender faces"


def test_vampire_says_why_a_maneuver_is_not_allowed_instead_of_its_pool():
    text = strip_text("vtm-revised", {"maneuver": "block", "attack": "firearms",
                                      "attacker_successes": "2"})
    assert text.startswith("Not allowed: a block only deflects hand-to-hand attacks")
    assert "Defense pool" not in text and "Difficulty" not in text
    assert text.endswith("the attack lands  ·  Remaining successes 2")

def test_vampire_does_not_say_not_allowed_while_that_waits_for_an_input():
    """Whether a block of lethal damage is allowed depends on Fortitude: while Fortitude is
    refused the strip read ``Not allowed:, Defense pool wait for Fortitude``, a verdict over a
    value not known yet."""
    text = strip_text("vtm-revised", {"maneuver": "block", "damage_type": "lethal",
                                      "fortitude": "x"})
    assert text.startswith("Allowed?, Defense pool wait for Fortitude  ·  Difficulty 6")
    assert "Not allowed" not in text
    allowed = strip_text("vtm-revised", {"maneuver": "block", "damage_type": "lethal",
                                         "fortitude": "1"})
    assert allowed.startswith("Defense pool 2  ·  Difficulty 6")
    refused = strip_text("vtm-revised", {"maneuver": "block", "damage_type": "lethal"})
    assert refused.startswith("Not allowed: lethal damage cannot be blocked")



def test_a_probability_shows_as_a_percentage_and_is_left_out_while_unknown():
    from fractions import Fraction

    assert percent(Fraction(9064, 15625)) == "58.0 %"
    assert percent(Fraction(4317091, 6250000)) == "69.1 %"
    assert percent(Fraction(1, 2000)) == "0.1 %"  # 0.05 % rounds half up
    assert percent(1) == "100.0 %"
    ruleset = Ruleset("odds-test", "Odds test", "test", [
        IntInput("defense", 13, "a defense", minimum=0, maximum=40),
        IntInput("accuracy", None, "the attacker's accuracy", minimum=-30, maximum=60,
                 optional=True)],
        headline=("armor", Headline("p_hit", "hit", percent=True, attach=True)))

    @ruleset.rule("1", "Armor", "the defense")
    def armor(defense):
        return defense

    @ruleset.rule("2", "Chance to be hit", "an exploding d10 (here: a plain d10)")
    def p_hit(armor, accuracy):
        if accuracy is None:
            return None
        return Fraction(max(0, min(10, 11 - int(armor) + int(accuracy))), 10)

    ruleset.compile()
    sheet = Sheet(ruleset)
    strip = ResultStrip(ruleset)
    assert strip.text(sheet) == "Armor 13", "no accuracy: no odds, no dash"
    sheet.set_text("accuracy", "5")
    assert strip.text(sheet) == "Armor 13 (hit 30.0 %)"


def test_a_headline_must_name_nodes():
    ruleset = Ruleset("bad", "Bad", "test", [IntInput("a", 1, "a", minimum=0, maximum=9)],
                      headline=("nothing",))
    with pytest.raises(RulesetError, match="headline 'nothing' is not a node"):
        ruleset.compile()


@pytest.mark.parametrize("rid", rulesets.ids())
async def test_the_strip_fits_two_lines_at_80_columns_with_a_bundled_preset(rid):
    from worksheet.presets import list_presets

    listed, _ = list_presets(rid)
    assert listed, f"{rid} has bundled presets"
    # One app, opened on the first preset; each next one is loaded into it whole (inputs it
    # does not give take their defaults, as opening it would): one launch per ruleset, not
    # one per preset (30 launches in all).
    app = WorksheetApp(preset=listed[0].preset)
    async with app.run_test(size=SMALL) as pilot:
        strip = app.query_one(f"#{rid} ResultStrip", ResultStrip)
        for index, item in enumerate(listed):
            if index:
                app.form().load_values(item.preset.inputs)
            await pilot.pause()
            await app.wait_for_refresh()  # laid out after the load
            assert strip.shown == strip.text(app.form().sheet), item.preset.name
            assert strip.size.height <= 2, (item.preset.name, strip.shown)
            assert strip.region.width == 80
            # A line never ends inside an entry that fits on a line of its own (a label on
            # one line, its value on the next).
            lines = [strip.render_line(y).text.strip() for y in range(strip.size.height)]
            for _, label, value, _ in strip.parts(app.form().sheet):
                entry = f"{label} {value}".strip()
                if len(entry) <= strip.content_size.width:
                    assert any(entry in line for line in lines), (item.preset.name, entry, lines)


def test_the_speaker_names_inputs_by_their_labels():
    ruleset = rulesets.get("exalted2e")
    speaker = Speaker(ruleset)
    sheet = Sheet(ruleset)
    sheet.set_text("virtue_faces", "8,11")
    message = speaker.text(sheet.status("virtue_faces").message)
    assert message.startswith("Virtue faces = '8,11': face 11 is outside 1–10")
    assert "virtue_faces" not in message
    shown = speaker.status(sheet.status("dodge_dv"))
    assert shown.waiting_for == ("Virtue faces",)
    assert sheet.status("dodge_dv").waiting_for == ("virtue_faces",), "the engine keeps names"


def test_the_status_line_shortens_details_before_essentials():
    full = status_text("Vampire (Revised) — Defensive Maneuvers", "Vampire", True,
                       ["Position"], "Nosferatu on full defense against a mob — third dodge "
                       "botches", ["Rise", "GemStone IV"], 78)
    assert len(full) <= 78
    assert full.startswith("Vampire (Revised) — Defensive Maneuvers · ● unsaved edits · "
                           "✗ Position · ")
    assert full.endswith("✗ Position · +2"), "no room left: the preset's name gives way"
    clean = status_text("Vampire (Revised) — Defensive Maneuvers", "Vampire", False, [],
                        "Nosferatu on full defense against a mob — third dodge botches", [], 78)
    assert clean == "Vampire (Revised) — Defensive Maneuvers · saved · Nosferatu on full " \
                    "defense a…"
    roomy = status_text("Rise — Defenses", "Rise", False, [], "R1", ["Exalted 2e"], 118)
    assert roomy == "Rise — Defenses · saved · preset: R1 · also unsaved: Exalted 2e"
    tight = status_text("Vampire (Revised) — Defensive Maneuvers", "Vampire", True,
                        ["Dexterity", "Brawl", "Dodge", "Melee", "Fortitude"], None, [], 40)
    assert tight == "Vampire · ● unsaved edits · ✗ 5 inputs"


async def test_the_status_line_fits_and_shows_the_full_title():
    app = WorksheetApp(preset="vtm-revised-nosferatu-full-defense-mob")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        status = str(app.query_one("#status").render())
        assert status.startswith("Vampire (Revised) — Defensive Maneuvers · saved · ")
        assert len(status.rstrip()) <= 78


@pytest.mark.parametrize("rid", ["exalted2e", "rise"])
async def test_f1_and_the_palette_stay_on_the_key_bar_on_a_record_list(rid):
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.form().build_all()
        await pilot.pause()
        app.query(RecordList).first().focus_table()
        await pilot.pause()
        text = str(app.query_one(KeyBar).render())
        assert "f1 Help" in text and text.rstrip().endswith("▏^p palette")
        assert "a Add" in text and "d Delete" in text
        assert len(text) == 80


async def test_help_scrolls_to_its_last_line_at_80x24():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        body = app.screen.query_one("#help-keys")
        assert body.max_scroll_y > 0, "at 80×24 the help is taller than the screen"
        for key in ("down", "pagedown", "end"):
            await pilot.press("home")
            await pilot.pause()
            assert body.scroll_y == 0, "Home goes back to the first line"
            # Press until the last line is in view, however long the help has grown: each
            # press must move the view on (a key that stops short of the end fails here), so
            # the presses are bounded by the lines to scroll; End takes one.
            presses = 0
            while body.scroll_y < body.max_scroll_y:
                before = body.scroll_y
                assert presses < (1 if key == "end" else body.max_scroll_y), (
                    f"{key} pressed {presses} times stops at {before} of {body.max_scroll_y}")
                await pilot.press(key)
                await pilot.pause()
                presses += 1
                assert body.scroll_y > before, f"{key} did not scroll on from {before}"
            assert body.scroll_y == body.max_scroll_y, key
            assert body.scroll_x == 0, f"{key} does not scroll sideways"
        last = app.screen.query(".help-row").last()
        assert last.region.bottom <= body.region.bottom, "the last row is in view"
        for action in app.screen.query(".help-action"):
            # nothing is cut: each description is laid out whole in its column
            assert action.size.height == action.get_content_height(
                action.size, action.size, action.size.width)


async def test_an_open_choice_list_shows_whole_labels_more_than_three_at_a_time():
    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=SMALL) as pilot:
        select = app.query_one("#armor-asg", Select)
        select.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        overlay = select.query_one("SelectOverlay")
        longest = max(len(str(overlay.get_option_at_index(i).prompt))
                      for i in range(overlay.option_count))
        assert overlay.size.width >= longest
        assert overlay.size.height > 3
        closed = select.query_one(DrawnSelectCurrent).render().plain
        assert closed.endswith(" ▲")  # open: the arrow points up
        assert closed[:-2].rstrip() == "1 — normal clothing"


@pytest.mark.parametrize("rid", rulesets.ids())
async def test_every_choice_label_is_whole_in_its_field(rid):
    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SMALL) as pilot:
        app.form().build_all()
        await pilot.pause()
        for select in app.query(f"#{rid} Select"):
            spec = spec_of(rid, select.id)
            longest = max(len(spec.label_of(choice)) for choice in spec.choices)
            current = select.query_one(DrawnSelectCurrent)
            assert current.content_size.width - current.ARROW_CELLS >= longest, select.id
            assert "…" not in current.render().plain, select.id
        for names in app.query(f"#{rid} SelectionList"):
            longest = max(len(str(names.get_option_at_index(i).prompt))
                          for i in range(names.option_count))
            assert names.size.width >= longest + 4, names.id


async def test_the_palette_has_the_record_list_actions():
    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        titles = {command.title: command for command in app.get_system_commands(app.screen)}
        for title in ("Add record", "Edit record", "Delete record", "Move record up",
                      "Move record down", "Next input", "Previous input", "Explain"):
            assert title in titles
        app.call_later(titles["Add record"].callback)  # as the palette runs a command
        await pilot.pause()
        await pilot.pause()
        from worksheet.ui.screens.record_editor import RecordEditor

        assert isinstance(app.screen, RecordEditor)
    app = WorksheetApp(ruleset="gemstone4")  # no record list: no record commands
    async with app.run_test(size=SMALL):
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Add record" not in titles


async def test_the_status_line_shortens_again_when_the_terminal_shrinks():
    app = WorksheetApp(preset="vtm-revised-nosferatu-full-defense-mob")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        wide = str(app.query_one("#status").render()).rstrip()
        assert wide.endswith("third dodge botches")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: app.size.width == 80
                    and str(app.query_one("#status").render()).rstrip().endswith("…"),
                    "the status line shortened")
        narrow = str(app.query_one("#status").render()).rstrip()
        assert narrow.endswith("…") and len(narrow) <= 79


async def test_every_reason_a_maneuver_is_refused_still_fits_two_lines():
    app = WorksheetApp(ruleset="vtm-revised")
    async with app.run_test(size=SMALL) as pilot:
        form = app.form()
        strip = app.query_one("#vtm-revised ResultStrip", ResultStrip)
        form.load_entries({"maneuver": "block", "attack": "firearms", "damage_type": "lethal",
                           "attack_known": "no", "attacker_successes": "30"})
        await pilot.pause()
        text = strip.shown
        assert text.startswith("Not allowed: a block only deflects hand-to-hand attacks "
                               "(brawl or melee), not firearms (+2 more)")
        assert strip.size.height <= 2, text


@pytest.mark.parametrize("size", [SMALL, (120, 40)])
async def test_the_open_dialog_shows_preset_names_whole(size):
    from worksheet.ui.screens.presets import OpenPreset

    app = WorksheetApp(ruleset="exalted2e")
    async with app.run_test(size=size) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OpenPreset)
        table = dialog.query_one("#preset-table")
        name_width = table.ordered_columns[0].width
        for index, item in enumerate(dialog.listed):
            name = item.preset.name
            assert str(table.get_row_at(index)[0]) == " ".join(name.split())
            row = table.ordered_rows[index]
            assert row.height >= -(-len(name) // name_width), name  # wrapped, not cut
        names = [item.preset.name for item in dialog.listed]
        assert "E3 — heroic mortal, rounding down" in names
        assert "E3 — heroic mortal, the clamp" in names
        assert table.region.right <= size[0]
