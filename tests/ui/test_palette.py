"""The palette's commands come from one registry (``app/palette.PALETTE``): every command it
holds is offered and runs its action, and a command added to it shows in the palette with no
other change."""

from __future__ import annotations

import pytest
from textual.actions import parse
from textual.command import CommandList, CommandPalette

from waits import until
from worksheet import rulesets
from worksheet.ui import WorksheetApp
from worksheet.ui.app.palette import PALETTE
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.commands import Command
from worksheet.ui.widgets.records import RecordTable

SIZE = (80, 24)
TARGETS = (WorksheetApp, SheetForm, RecordTable)
"""What runs the registry's actions: the app, the tab's form, a record list."""


@pytest.mark.parametrize("rid", rulesets.ids())
async def test_every_registered_command_is_offered_and_runs_its_action(rid, monkeypatch):
    """Each command, run as the palette runs it, calls its action (spied on: nothing is
    really saved or quit) on what the registry says runs it."""
    ran: list[tuple[str, str, tuple[object, ...]]] = []

    def spy(owner: type, name: str):
        def action(self, *parameters):
            ran.append((owner.__name__, name, parameters))
        return action

    app = WorksheetApp(ruleset=rid)
    async with app.run_test(size=SIZE) as pilot:
        registered = PALETTE.commands(app)
        assert len(registered) > 20
        offered = {c.title: c for c in app.get_system_commands(app.screen)}
        for command in registered:
            assert offered[command.title].help == command.description, command.title
        names = {parse(command.action)[1] for command in registered}
        for owner in TARGETS:
            for name in names:
                if hasattr(owner, f"action_{name}"):
                    monkeypatch.setattr(owner, f"action_{name}", spy(owner, name))
        for command in registered:
            _, name, parameters = parse(command.action)
            ran.clear()
            app.call_later(offered[command.title].callback)  # as the palette runs a command
            await until(pilot, lambda: ran, f"{command.title!r} running {command.action}")
            assert [(n, p) for _, n, p in ran] == [(name, parameters)], command.title
            if command.title in ("Add record", "Delete record"):  # on the list, built now
                assert ran[0][0] == "RecordTable"


async def test_a_command_added_to_the_registry_is_in_the_palette_and_runs(monkeypatch):
    """Through the palette itself (Ctrl+P, a word of it, Enter), with nothing else changed."""
    zapped: list[int] = []

    class Target:
        def action_zap(self, times: int) -> None:
            zapped.append(times)

    command = Command("Zap the test counter", "count a zap", "zap(3)", key="",
                      reach=lambda app, act: act(Target()))
    PALETTE.add(command)
    try:
        app = WorksheetApp(ruleset="gemstone4")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+p")
            await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
            await pilot.press(*"zap the")

            def first_hit() -> str:
                hits = app.screen.query_one(CommandList)
                return str(hits.get_option_at_index(0).prompt) if hits.option_count else ""

            await until(pilot, lambda: "Zap the test counter" in first_hit(), "the command")
            assert "Count a zap" in first_hit()
            await pilot.press("down", "enter")
            await until(pilot, lambda: zapped, "the command's action")
            assert zapped == [3] and not isinstance(app.screen, CommandPalette)
    finally:
        PALETTE.remove(command)
    assert command not in PALETTE.commands(WorksheetApp(ruleset="gemstone4"))


async def test_a_record_command_waits_for_its_list_a_few_refreshes_at_most(monkeypatch):
    """A list below the rows built so far is built, and the command acts once it is mounted;
    one that never comes is waited for :data:`RECORD_REFRESHES` refreshes, then given up."""
    from worksheet.ui.app import palette
    from worksheet.ui.screens.record_editor import RecordEditor

    real = palette._record_list
    looks: list[int] = []

    def after(times: int):
        def table(app):
            looks.append(1)
            return real(app) if len(looks) > times else None
        return table

    app = WorksheetApp(ruleset="rise")
    async with app.run_test(size=SIZE) as pilot:
        add = next(c for c in PALETTE.commands(app) if c.title == "Add record")
        monkeypatch.setattr(palette, "_record_list", after(10_000))
        assert add.run(app) is None
        await until(pilot, lambda: len(looks) > palette.RECORD_REFRESHES, "the last look")
        await pilot.pause()
        await pilot.pause()
        assert len(looks) == 1 + palette.RECORD_REFRESHES, "no look after the last"
        assert not isinstance(app.screen, RecordEditor)
        looks.clear()
        monkeypatch.setattr(palette, "_record_list", after(3))
        app.call_later(add.run, app)
        await until(pilot, lambda: isinstance(app.screen, RecordEditor), "the record editor")
