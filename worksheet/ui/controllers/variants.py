"""What-if, sweep and the baseline in the app (``shared/spec/compare.md``, "In the app").

A controller the app makes at the first of its keys (``app.actions``; the keys themselves and
when they apply are :mod:`~worksheet.ui.controllers.variant_keys`'s). Every answer is
the engine's (:mod:`worksheet.engine.variants`, the same as ``worksheet calc --what-if`` and
``--sweep``), worked out from the tab's inputs when the player asks, never on a keystroke:

- **what-if view**: every input's step, best for the defender first; Enter applies one as one
  undo step;
- **step effects**: a line above the status line saying what one step up and down of the
  focused input does; computed only while the line is shown, a moment after the sheet's own
  values are painted (:data:`EFFECT_DELAY`, restarted by each change), so a burst of keys pays
  for one;
- **baseline**: pin the inputs now (or a saved preset's) and every value shows its difference
  from them until unpinned (``form.baseline``);
- **sweep**: the focused input over a range around its value, as a chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from worksheet.engine.variants import Variants
from worksheet.ui.controllers.host import Host
from worksheet.ui import messages

if TYPE_CHECKING:
    from worksheet.ui.form.sheet_form import SheetForm

EFFECT_DELAY = 0.15
"""Seconds after the last change before the step effects are worked out again."""
SWEEP_STEPS = 10
"""A number input is swept this many steps each side of its value (within its bounds)."""
CHART_WIDTH = 74
"""The chart's width: an 80-column dialog's inside."""
EFFECT_ID = "step-effects"


class VariantsController:
    """What-if, sweep, step effects and the baseline (see the module docstring).

    Args:
        host: the app (see :class:`~worksheet.ui.controllers.host.Host`).
    """

    def __init__(self, host: Host):
        self.host = host
        self.effects_shown = False
        """Whether the step-effects line is shown (off until asked for)."""
        self._timer: Any = None

    def _valid_form(self) -> SheetForm | None:
        """The tab's form when its inputs are all valid, else ``None`` (and says why)."""
        form = self.host.form()
        if form is None:
            return None
        problems = form.problems
        if problems:
            words = [form.speaker.problem(p.fault) if p.fault else p.message
                     for p in problems[:2]]
            messages.fix_inputs_first(words).show(self.host.notify)
            return None
        return form

    # -- the what-if view ---------------------------------------------------------------
    def what_if(self) -> None:
        """Open the what-if view of this tab."""
        from worksheet.formats.what_if import (change_words, effect_words, nothing_line,
                                               sections, summary)
        from worksheet.ui.screens.what_if import WhatIfScreen

        form = self._valid_form()
        if form is None:
            return
        variants = Variants(form.ruleset, form.inputs)
        base, outcomes = variants.base, variants.what_if()
        moving, refused, same = sections(base, outcomes)
        rows = [(f"{change_words(base, item.outcome)}: {effect_words(base, item)}",
                 item.outcome.changes) for item in moving]
        closing = nothing_line(same, len(outcomes))
        if refused:
            closing += f" {len(refused)} refused by a rule."
        title = f"What if — now: {summary(form.ruleset, base.values)}"
        self.host.push_screen(WhatIfScreen(title, rows, closing),
                              lambda change: self._apply(form, change))

    def _apply(self, form: SheetForm, change: Any) -> None:
        """Apply a chosen step as one undo step, and say so; or open the view the what-if
        view asked for (:class:`~worksheet.ui.screens.what_if.Then`)."""
        from worksheet.ui.screens.what_if import Then

        if not change or not form.is_attached:
            return
        if isinstance(change, Then):
            if change.action == "sweep":
                self.sweep(change.name)
            elif change.action == "party":
                self.host.call_later(self.host.run_action, "party")
            else:
                self.pin_baseline()
            return
        specs = form.ruleset.inputs
        form.load_entries({name: specs[name].to_text(value) for name, value in change.items()})
        words = ", ".join(f"{specs[name].title} → {specs[name].to_text(value)}"
                          for name, value in change.items())
        messages.step_applied(words).show(self.host.notify)

    # -- the sweep chart ----------------------------------------------------------------
    def sweep(self, name: str | None = None) -> None:
        """Open the chart of the sweep of ``name`` (by default the focused input)."""
        from worksheet.formats.sweep import to_text
        from worksheet.ui.screens.sweep import SweepScreen

        form = self._valid_form()
        if form is None:
            return
        name = name or form.focused_name
        spec = form.ruleset.inputs.get(name) if name else None
        values = sweep_values(spec, form.value(name)) if spec is not None else None
        if not values:
            messages.NOTHING_TO_SWEEP.show(self.host.notify)
            return
        variants = Variants(form.ruleset, form.inputs)
        rows = variants.sweep(name, values)
        chart = to_text(variants.sheet, variants.base, name, rows, CHART_WIDTH)
        chart = "\n".join(chart.splitlines()[1:]).lstrip("\n")  # the title says it
        self.host.push_screen(SweepScreen(f"Sweep of {spec.title}: {len(rows)} values "
                                          "(▸ now)", chart))

    # -- the baseline -------------------------------------------------------------------
    def pin_baseline(self) -> None:
        """Pin the inputs now as the baseline, or unpin it."""
        form = self.host.form()
        if form is None:
            return
        if form.pinned is not None:
            form.unpin()
            messages.UNPINNED.show(self.host.notify)
            return
        form.pin(form.inputs, "these inputs")
        messages.PINNED_NOW.show(self.host.notify)

    def pin_preset(self) -> None:
        """Pick a saved preset of this tab's game and pin it as the baseline."""
        from worksheet.ui.screens.presets import OpenPreset

        form = self.host.form()
        if form is not None:
            self.host.push_screen(OpenPreset(self.host.active),
                                  lambda preset: self._pin_preset(form, preset))

    def _pin_preset(self, form: SheetForm, preset: Any) -> None:
        if preset is None or not form.is_attached:
            return
        if preset.ruleset != form.ruleset.id:
            messages.pin_refused(preset.name).show(self.host.notify)
            return
        form.pin(preset.inputs, preset.name)
        messages.pinned(preset.name).show(self.host.notify)

    # -- the step effects line ----------------------------------------------------------
    def step_effects(self) -> None:
        """Show or hide the step-effects line."""
        from textual.widgets import Static

        screen: Any = self.host.screen_stack[0]
        self.effects_shown = not self.effects_shown
        found = screen.query(f"#{EFFECT_ID}")
        if not self.effects_shown:
            found.remove()
            return
        if not found:
            line = Static("", id=EFFECT_ID, markup=False)
            line.styles.height = 1  # one line above the status line, cut with an ellipsis
            line.styles.padding = (0, 1)
            line.styles.text_wrap = "nowrap"
            line.styles.text_overflow = "ellipsis"
            screen.mount(line, before="#status")
            host: Any = self.host
            host.watch(screen, "focused", lambda _: self.changed(), init=False)
        self.changed()

    def changed(self) -> None:
        """The sheet or the focus changed: work the effects out again, a moment later."""
        if not self.effects_shown:
            return
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.host.set_timer(EFFECT_DELAY, self._show_effects)

    def _show_effects(self) -> None:
        self._timer = None
        screen: Any = self.host.screen_stack[0]
        found = screen.query(f"#{EFFECT_ID}")
        if self.effects_shown and found:
            found.first().update(self.effects_text())

    def effects_text(self) -> str:
        """What one step up and down of the focused input does (or what to do first)."""
        from worksheet.formats.what_if import effect_words
        from worksheet.engine.variant_reading import effect

        form = self.host.form()
        name = form.focused_name if form is not None else None
        if form is None or name not in form.ruleset.inputs:
            return "Step effects: focus an input."
        if form.problems:
            return "Step effects: fix the inputs marked ✗ first."
        spec = form.ruleset.inputs[name]
        variants = Variants(form.ruleset, form.inputs)
        parts = []
        for arrow, value in step_pair(spec, form.value(name)):
            outcome = variants.outcome({name: value})
            if not outcome.valid:
                parts.append(f"{arrow} {spec.to_text(value)}: not allowed")
                continue
            words = effect_words(variants.base, effect(variants.base, outcome)) or "no change"
            parts.append(f"{arrow} {spec.to_text(value)}: {words}")
        return f"{spec.title} " + (" · ".join(parts) if parts else "has no step to try")


def step_pair(spec: Any, value: Any) -> list[tuple[str, Any]]:
    """The step up and the step down of an input's value that the input accepts: a number
    ±1, a switch's other value, a choice's next and previous."""
    from worksheet.engine import InputError

    if value is None:
        return []
    if spec.kind == "bool":
        return [("⇄", not value)]
    if spec.kind == "choice":
        choices = list(spec.choices)
        index = choices.index(value)
        return [(arrow, choices[i]) for arrow, i in (("↑", index + 1), ("↓", index - 1))
                if 0 <= i < len(choices)]
    if spec.kind not in ("int", "number"):
        return []
    pair = []
    for arrow, candidate in (("↑", value + 1), ("↓", value - 1)):
        try:
            pair.append((arrow, spec.coerce(candidate)))
        except InputError:
            continue
    return pair


def sweep_values(spec: Any, value: Any) -> list[Any]:
    """The values the app sweeps an input over: a switch's two, every choice, or a number's
    value ±:data:`SWEEP_STEPS` steps within its bounds (a step of 1, or 5 or 50 for an input
    whose range is wider than 200 or 2,000)."""
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind not in ("int", "number") or value is None:
        return []
    low, high = spec.minimum, spec.maximum
    width = (high - low) if low is not None and high is not None else 10 ** 6
    step = 1 if width <= 200 else 5 if width <= 2000 else 50
    first, last = value - SWEEP_STEPS * step, value + SWEEP_STEPS * step
    if low is not None:
        first = max(first, low)
    if high is not None:
        last = min(last, high)
    values = []
    current = first
    while current <= last:
        values.append(current)
        current += step
    return values if value in values else sorted({*values, value})
