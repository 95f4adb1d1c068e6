"""The app's fight-loop keys: "attacked again", "my action", the round inputs, GemStone's
stance, the ↑/↓ steppers, and copying the result to the game.

A controller the app makes at the first of its keys (``app.actions``; the keys themselves and
when they apply are :mod:`~worksheet.ui.controllers.fight_keys`'s). It decides
nothing about the rules: :mod:`worksheet.engine.fight_loop` turns an action into one
batch of input values (or a refusal naming the input), and the form loads that batch as one
undo step, so Ctrl+Z takes back a whole action.
"""

from __future__ import annotations

import os
from typing import Callable, Iterator

from worksheet.engine import State
from worksheet.engine.quote import quote
from worksheet.engine.fight_loop import Batch, Refused, cycle, plan, stepped
from worksheet.ui import messages
from worksheet.ui.terminal.clipboard import multiplexer
from worksheet.ui.terminal.tmux_clipboard import TmuxAsker, reach
from worksheet.ui.controllers.fight_keys import number_row
from worksheet.ui.controllers.host import Host
from worksheet.ui.commands import Command
from worksheet.ui.form.sheet_form import SheetForm
from worksheet.ui.widgets.ids import kebab
from worksheet.ui.widgets.round_group import KEYS, round_inputs

ASK_POLL = 0.02
"""Seconds between looks at tmux's answer while it is awaited (on the app's own thread)."""


def typed_before(form: SheetForm, moves: tuple[tuple[str, str, str | None], ...]
                 ) -> tuple[tuple[str, str, str | None], ...]:
    """An action's moves with what the player had typed, quoted, where an input was refused:
    the engine sees no value there and would say ``empty`` (``Onslaught '-3' → 0``, not
    ``Onslaught empty → 0``)."""
    shown = []
    for name, before, after in moves:
        typed = form.entries.get(name)
        if isinstance(typed, str) and typed.strip() and form.value(name) is None:
            before = quote(typed)
        shown.append((name, before, after))
    return tuple(shown)


class FightController:
    """The fight-loop actions of the app (see the module docstring).

    Args:
        host: the app (see :class:`~worksheet.ui.controllers.host.Host`).
    """

    def __init__(self, host: Host):
        self.host = host
        self._tmux = TmuxAsker()

    def _apply(self, form: SheetForm, batch: Batch) -> None:
        """Load a batch into the form as one undo step."""
        specs = form.ruleset.inputs
        form.load_entries({name: specs[name].to_text(value)
                           for name, value in batch.values.items()})

    def _result_line(self, form: SheetForm) -> str:
        from worksheet.formats.oneline import one_line

        return form.report(one_line)

    def fight(self, name: str) -> None:
        """Run "attacked again" or "my action" on this tab (one undo step)."""
        form = self.host.form()
        if form is None or form.ruleset.fight_loop is None:
            return
        action = form.ruleset.fight_loop.action(name)
        if action is None:
            return
        try:
            batch = plan(form.ruleset, name, form.inputs)
        except Refused as refused:
            messages.action_refused(action.title, refused.fault,
                                    form.speaker).show(self.host.notify)
            return
        if not batch.values:
            messages.nothing_to_change(action.title).show(self.host.notify)
            return
        moves = typed_before(form, batch.moves)  # read before the action replaces the text
        self._apply(form, batch)
        then = form.query(f"#{kebab(action.then)}") if action.then else None
        if then:  # the input the player enters next (Exalted: the new action's penalty)
            self.host.screen.set_focus(then.first())
        messages.action_done(action.title, moves, form.speaker,
                             self._result_line(form)).show(self.host.notify)

    def cycle_input(self) -> None:
        """Step the tab's cycling input (GemStone's stance) to its next choice."""
        form = self.host.form()
        if form is None:
            return
        batch = cycle(form.ruleset, form.inputs)
        self._apply(form, batch)
        messages.cycled(batch.moves, form.speaker,
                        self._result_line(form)).show(self.host.notify)

    def round_inputs(self) -> None:
        """Focus the first round input (the group at the top of the form; a record list
        where it stands in its step).

        A record list below the rows built so far is built first, and the keys typed next
        wait until it has focus, however many refreshes its mount takes (bounded): Rise's
        "F4 a" in one burst once typed the ``a`` into Level, and with one refresh only, a
        loaded machine's slower mount left focus where it was (the suite under load).
        """
        form = self.host.form()
        names = round_inputs(form.ruleset) if form is not None else ()
        if not names:
            return
        selector = f"#{kebab(names[0])}"

        def made() -> bool:
            found = next(iter(form.query(selector)), None)
            return found is not None and found.is_mounted and found.focusable

        if made():
            self._focus_round_input(form, names[0], selector)
        else:
            form.build_all_then(made, lambda: self._focus_round_input(form, names[0], selector,
                                                                      release=True))

    def _focus_round_input(self, form: SheetForm, name: str, selector: str,
                           release: bool = False) -> None:
        widget = form.query(selector).first()
        self.host.screen.set_focus(widget)
        if name in form.round_moved:  # the heading above it in view too
            form.query_one("FormBody").scroll_home(animate=False)
        else:  # once the rows just built are laid out
            self.host.call_after_refresh(widget.scroll_visible, animate=False)
        if release:
            form.release_keys_after_refresh()

    def step(self, delta: int) -> None:
        """Add ``delta`` to the focused number field, within its bounds (one undo step)."""
        row = number_row(self.host)
        form = self.host.form()
        if row is None or form is None:
            return
        spec = row.spec
        status = form.status(spec.name)
        if status.state is State.ERROR:
            messages.fix_text_first(status.fault, form.speaker).show(self.host.notify)
            return
        try:
            value = stepped(spec, status.value, delta)
        except Refused as refused:
            messages.step_refused(refused.fault, form.speaker).show(self.host.notify)
            return
        if value == status.value:
            messages.at_bound(spec.title, delta > 0, spec.to_text(value)).show(self.host.notify)
            return
        form.load_entries({spec.name: spec.to_text(value)})

    # -- copying to the game (through the app's ``copy_to_clipboard``) ------------------
    def copy_line(self) -> None:
        """Copy the result as one line (what ``worksheet calc --format line`` prints)."""
        form = self.host.form()
        if form is not None:
            line = self._result_line(form)
            self.host.copy_to_clipboard(line)
            self._tell_copied(lambda where: messages.copied_line(line, where))

    def copy_block(self) -> None:
        """Copy the focused value's whole derivation as a fixed-width block."""
        from worksheet.formats.derivation_block import derivation_block

        form = self.host.form()
        if form is None:
            return
        name = form.focused_name or form.ruleset.results[-1]
        block = form.report(derivation_block, name)
        self.host.copy_to_clipboard(block)
        self._tell_copied(lambda where: messages.copied_block(block, where))

    def _tell_copied(self, toast: Callable[[str], messages.Toast]) -> None:
        """Show a copy's toast worded by where the copy went: inside tmux, once tmux has
        said what it does with it (asked in a thread, so the keys go on meanwhile; the answer
        comes within ``tmux_clipboard.TIMEOUT``)."""
        kind = multiplexer(os.environ)
        if kind != "tmux":
            toast(reach(kind, None)).show(self.host.notify)
            return
        answer = self._tmux.ask()

        def when_known() -> None:
            if not answer.done():
                self.host.set_timer(ASK_POLL, when_known)
                return
            toast(reach(kind, answer.result())).show(self.host.notify)

        when_known()


def commands(host: Host) -> Iterator[Command]:
    """The palette's fight-loop commands for the active tab, by its own names (the registry:
    ``app/palette.py``); each runs the action its key does."""
    form = host.form()
    loop = form.ruleset.fight_loop if form is not None else None
    if loop is None:
        return
    for action in loop.actions:
        yield Command(action.title, f"{action.rule} — {action.cite}", f"fight('{action.name}')",
                      KEYS[action.name])
    if loop.cycle:
        yield Command(f"Next {loop.cycle}", f"cycle the {loop.cycle}", "cycle_input",
                      KEYS["cycle"])
    yield Command("Round inputs", "go to the round inputs", "round_inputs", KEYS["round"])
