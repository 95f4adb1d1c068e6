"""The app's actions that a controller answers, and the palette's own.

Textual looks an action up on the app, for a key and for a palette command alike
(``commands.run_action``), so each action the controllers own is an ``action_*`` method of the app
that passes it on. They live here, not in ``worksheet_app.py``, which holds what the app itself
does (tabs, status, the end of a session) and stays under the 400-line limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from worksheet.ui.controllers.fight import FightController
    from worksheet.ui.controllers.focus import FocusController
    from worksheet.ui.controllers.presets import PresetController
    from worksheet.ui.controllers.quit import QuitController
    from worksheet.ui.controllers.recovery import RecoveryController
    from worksheet.ui.controllers.variants import VariantsController


class ControllerActions:
    """App mixin: the controllers' actions (the app sets ``focus_keys`` and ``recovery``;
    ``fight``, ``variants``, ``preset_files`` and ``quitting`` are made here when first asked
    for), and turning cursor blink on or off from the palette."""

    focus_keys: FocusController
    recovery: RecoveryController
    cursor_blink: bool
    # The controllers below are made at their first use, within the key's handler that asks:
    # a session that never opens, saves, quits, copies, steps or asks "what if" keeps none of
    # their code, nor the clipboard's, the preset store's errors and kinds, the engine's
    # ``variants`` and the form's ``baseline`` (issue 40, memory).
    fight_made: FightController | None = None
    variants_made: VariantsController | None = None
    presets_made: PresetController | None = None
    quit_made: QuitController | None = None

    @property
    def fight(self) -> FightController:
        """The fight loop's keys, the steppers and copying to the game."""
        if self.fight_made is None:
            from worksheet.ui.controllers.fight import FightController

            self.fight_made = FightController(self)  # type: ignore[arg-type]
        return self.fight_made

    @property
    def variants(self) -> VariantsController:
        """What-if, sweep, step effects and the baseline (compare.md)."""
        if self.variants_made is None:
            from worksheet.ui.controllers.variants import VariantsController

            self.variants_made = VariantsController(self)  # type: ignore[arg-type]
        return self.variants_made

    @property
    def preset_files(self) -> PresetController:
        """Opening and saving presets; a preset written tells :attr:`quitting`."""
        if self.presets_made is None:
            from worksheet.ui.controllers.presets import PresetController

            self.presets_made = PresetController(self,  # type: ignore[arg-type]
                                                 lambda: self.quitting.written())
        return self.presets_made

    @property
    def quitting(self) -> QuitController:
        """Ctrl+Q: asks first about unsaved edits, and offers to save them."""
        if self.quit_made is None:
            from worksheet.ui.controllers.quit import QuitController

            self.quit_made = QuitController(self, self.recovery)  # type: ignore[arg-type]
        return self.quit_made

    async def action_focus_next(self) -> None:
        """Tab: the next field, once the rows it may be are built."""
        await self.focus_keys.focus_next()

    async def action_focus_previous(self) -> None:
        """Shift+Tab: the previous field (from outside the form, its last)."""
        await self.focus_keys.focus_previous()

    async def action_jump_input(self, step: int) -> None:
        """Ctrl+↓/↑: the next or previous input, skipping the values."""
        await self.focus_keys.jump_input(step)

    def action_fight(self, name: str) -> None:
        """Attacked again, or my action (one undo step)."""
        self.fight.fight(name)

    def action_cycle_input(self) -> None:
        """GemStone's stance: the next choice."""
        self.fight.cycle_input()

    def action_round_inputs(self) -> None:
        """Focus the first round input."""
        self.fight.round_inputs()

    def action_fight_view(self) -> None:
        """F10: the fight view (the strip, the round inputs and the odds), or the whole form
        again."""
        form = self.form()  # type: ignore[attr-defined]
        if form is not None:
            form.toggle_fight_view()

    def action_step(self, delta: int) -> None:
        """Add ``delta`` to the focused number field, within its bounds."""
        self.fight.step(delta)

    def action_copy_line(self) -> None:
        """Copy the result as one line."""
        self.fight.copy_line()

    def action_copy_block(self) -> None:
        """Copy the focused value's derivation as a block."""
        self.fight.copy_block()

    def action_open_preset(self) -> None:
        """Pick a preset and load it on its ruleset's tab."""
        self.preset_files.open()

    def action_save_preset(self) -> None:
        """Save this tab's inputs as a preset."""
        self.preset_files.save()

    def action_import_character(self) -> None:
        """Ctrl+J: the import dialog; Enter applies as one undo step."""
        from worksheet.ui.controllers.importing import open_import

        open_import(self)  # type: ignore[arg-type]

    def action_party(self) -> None:
        """The party screen: every character of the group folder (else the player's own
        folder) against this tab's attack; Enter on a row opens that preset here."""
        from worksheet.ui.screens.party import PartyScreen, attack_of, party_location

        app: Any = self
        form = app.form()
        if form is None or isinstance(app.screen, PartyScreen):
            return
        location = party_location()
        app.push_screen(PartyScreen(form.ruleset, location, attack_of(form.sheet)),
                        lambda path: self._party_chosen(location, path))

    def _party_chosen(self, location: Any, path: Any) -> None:
        """Open the preset chosen on the party screen (read again: it may have changed)."""
        if path is None:
            return
        from worksheet.presets import PresetError
        from worksheet.ui import messages

        try:
            preset = location.read(path)
        except PresetError as error:
            app: Any = self
            messages.party_refused(error).show(app.notify)
            return
        self.preset_files.load_preset(preset)

    def action_what_if(self) -> None:
        """The what-if view: every input's step, best first; Enter applies one."""
        self.variants.what_if()

    def action_sweep(self) -> None:
        """The focused input's sweep as a chart."""
        self.variants.sweep()

    def action_pin_baseline(self) -> None:
        """Pin the inputs now as the baseline, or unpin it."""
        self.variants.pin_baseline()

    def action_pin_preset(self) -> None:
        """Pin a saved preset as the baseline (the palette's only)."""
        self.variants.pin_preset()

    def action_step_effects(self) -> None:
        """Show or hide the focused input's step effects."""
        self.variants.step_effects()

    def action_toggle_cursor_blink(self) -> None:
        """Turn blinking text cursors on or off (the app's ``cursor_blink`` and every
        field's); the palette's only, no key."""
        from textual.widgets import Input

        self.cursor_blink = not self.cursor_blink
        app: Any = self
        for editor in app.query(Input):
            editor.cursor_blink = self.cursor_blink
