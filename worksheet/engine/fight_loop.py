"""The fight loop: a ruleset's round inputs and its two one-key actions, as data.

Between one attack and the next a player changes the same few inputs every time: a counter goes
up after each defense and back to 0 when the character acts, and the dice rolled for the last
exchange are cleared. Each ruleset declares that once (a :class:`FightLoop` on
``Ruleset.fight_loop``), so the app, the tests and the help all read the same table — the one in
the spec's "The fight loop". :func:`plan` turns an action and the sheet's current input values
into one batch of new values, or refuses with a message naming the input when a bound would be
crossed; applying the batch is the caller's business (the app does it as one undo step).

Headless: no Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from worksheet.engine.inputs import ChoiceInput, InputError, InputSpec, IntInput, NumberInput
from worksheet.engine.numbers import format_number
from worksheet.engine.ruleset import Problem, Ruleset

ATTACKED_AGAIN = "attacked_again"
"""The action a player takes after a defense, when the next attack comes."""
MY_ACTION = "my_action"
"""The action a player takes when the defender acts (a new turn, a new action phase)."""

SPENT = ("attacker_hits", "attacker_successes", "defender_hits", "defender_successes",
         "defender_faces", "willpower_success", "edge_dice")
"""What was rolled or spent for the last exchange, on any ruleset that has it: both actions
clear these (back to their defaults). A name a ruleset lacks is skipped. Not a pattern on
``attacker_*``: Shadowrun's ``attacker_distance`` and the odds' ``attacker_as`` describe the
attacker, not a roll, and stay."""

_KEEP = object()


class Refused(Problem):
    """An action that would cross a bound; nothing is changed.

    A :class:`~worksheet.engine.ruleset.Problem` (one input to blame, and words) raised by an
    action rather than a rule, so the two cannot drift apart.

    Attributes:
        input: the input that would cross it (the one to look at).
        message: what is wrong and what to do, in words.
    """


@dataclass(frozen=True)
class Change:
    """One input an action changes: add to it, or set it.

    Attributes:
        input: the input's name.
        add: the amount added to its current value (``None``: set it instead).
        to: the value it is set to (when ``add`` is ``None``).
        at_most: another input whose value the result may not pass.
        bound_when: ``(input, value)``: ``at_most`` applies only while that input has that
            value (Vampire: only a multiple action has a fixed number of actions).
        bound_why: why the bound exists, for the refusal.
    """

    input: str
    add: int | None = None
    to: Any = _KEEP
    at_most: str | None = None
    bound_when: tuple[str, Any] | None = None
    bound_why: str = ""


@dataclass(frozen=True)
class Action:
    """One of the two one-key actions.

    Attributes:
        name: :data:`ATTACKED_AGAIN` or :data:`MY_ACTION`.
        title: what the key bar, the palette and the help call it.
        changes: the inputs it changes besides clearing the spent ones.
        rule: what it does and why, in the project's own words.
        cite: the source of the rule.
        then: the input the player enters next, which the app focuses after the action
            (Exalted: the new action's DV penalty).
    """

    name: str
    title: str
    changes: tuple[Change, ...]
    rule: str
    cite: str
    then: str | None = None


@dataclass(frozen=True)
class Counter:
    """A round input's reset rule, shown beside it in the form.

    Attributes:
        input: the input's name.
        rule: when it goes up and when it goes back, in the project's own words.
        cite: the source of the rule.
    """

    input: str
    rule: str
    cite: str


@dataclass(frozen=True)
class FightLoop:
    """What a ruleset changes between one attack and the next.

    Attributes:
        round_inputs: the inputs shown together at the top of the form, in order.
        actions: the one-key actions the ruleset has (none for GemStone and Rise).
        counters: the reset rule of each counter an action changes.
        clears: what both actions clear (defaults to :data:`SPENT`); names the ruleset lacks
            are skipped, so a declaration may name inputs that arrive later.
        cycle: a choice input one key steps through from anywhere on the tab (GemStone's
            stance), wrapping from the last choice to the first.
        note: one line about the round inputs, shown with them (Rise: which modifiers).
        record_kind: ``(field, value)``: of a round input that is a record list, only the
            records with that value count as the round's (Rise: ``type = condition``).
    """

    round_inputs: tuple[str, ...]
    actions: tuple[Action, ...] = ()
    counters: tuple[Counter, ...] = ()
    clears: tuple[str, ...] = SPENT
    cycle: str | None = None
    note: str = ""
    record_kind: tuple[str, Any] | None = None
    _by_name: dict[str, Action] = field(default_factory=dict, init=False, repr=False,
                                        compare=False)

    def __post_init__(self) -> None:
        self._by_name.update((action.name, action) for action in self.actions)

    def action(self, name: str) -> Action | None:
        """The action with this name, or ``None`` when the ruleset has none."""
        return self._by_name.get(name)

    def counter(self, input_name: str) -> Counter | None:
        """The reset rule of an input, or ``None``."""
        return next((c for c in self.counters if c.input == input_name), None)

    def cleared(self, ruleset: "Ruleset") -> tuple[str, ...]:
        """The spent inputs this ruleset has, in the order ``clears`` names them."""
        return tuple(name for name in self.clears if name in ruleset.inputs)

    def check(self, ruleset: "Ruleset") -> None:
        """Raise ValueError when a declared round input, change or counter names no input
        (``clears`` may: it is filtered by :meth:`cleared`)."""
        names = [*self.round_inputs, *(c.input for c in self.counters)]
        for action in self.actions:
            for change in action.changes:
                names += [change.input, *([change.at_most] if change.at_most else [])]
                if change.bound_when:
                    names.append(change.bound_when[0])
            if action.then:
                names.append(action.then)
        if self.cycle:
            names.append(self.cycle)
        for name in names:
            if name not in ruleset.inputs:
                raise ValueError(f"{ruleset.id}: the fight loop names unknown input {name!r}")
        if self.cycle and not isinstance(ruleset.inputs[self.cycle], ChoiceInput):
            raise ValueError(f"{ruleset.id}: the fight loop cycles {self.cycle!r}, "
                             "which is not a choice")
        for action in self.actions:
            for change in action.changes:
                spec = ruleset.inputs[change.input]
                if change.add is not None and not isinstance(spec, (IntInput, NumberInput)):
                    raise ValueError(f"{ruleset.id}: {action.name} adds to {change.input}, "
                                     "which is not a number")
                if change.add is None:
                    if change.to is _KEEP:
                        raise ValueError(f"{ruleset.id}: {action.name} neither adds to nor "
                                         f"sets {change.input}")
                    try:
                        spec.coerce(change.to)
                    except InputError as error:
                        raise ValueError(f"{ruleset.id}: {action.name}: {error.message}") \
                            from None


@dataclass(frozen=True)
class Batch:
    """The outcome of an action: new input values to apply together.

    Attributes:
        values: input name → new value (only the inputs whose value changes).
        moves: what changed, one per input: ``(name, before, after)`` as text, ``after``
            ``None`` for an input cleared; the app words them with its labels.
    """

    values: dict[str, Any]
    moves: tuple[tuple[str, str, str | None], ...]

    @property
    def words(self) -> tuple[str, ...]:
        """What changed in the inputs' names, one phrase per input (``onslaught 1 → 2``)."""
        return tuple(f"{name} cleared" if after is None else f"{name} {before} → {after}"
                     for name, before, after in self.moves)


def _shown(spec: InputSpec, value: Any) -> str:
    text = spec.to_text(value)
    return text if text else "empty"


def _bumped(ruleset: "Ruleset", title: str, change: Change, values: Mapping[str, Any]) -> int:
    spec = ruleset.inputs[change.input]
    current = values.get(change.input)
    if current is None:
        raise Refused(change.input, f"{change.input} has no valid number now; fix it before "
                      f"“{title}”", names=(change.input,))
    new = current + change.add
    maximum = getattr(spec, "maximum", None)
    if maximum is not None and new > maximum:
        raise Refused(change.input, f"{change.input} is already {format_number(current)}, "
                      f"its maximum is {format_number(maximum)}", names=(change.input,))
    minimum = getattr(spec, "minimum", None)
    if minimum is not None and new < minimum:
        raise Refused(change.input, f"{change.input} is already {format_number(current)}, "
                      f"its minimum is {format_number(minimum)}", names=(change.input,))
    if change.at_most and (change.bound_when is None
                           or values.get(change.bound_when[0]) == change.bound_when[1]):
        bound = values.get(change.at_most)
        if bound is None:
            raise Refused(change.at_most, f"{change.at_most} has no valid number now; fix it "
                          f"before “{title}”", names=(change.at_most,))
        if new > bound:
            why = f" ({change.bound_why})" if change.bound_why else ""
            raise Refused(change.input, f"{change.input} would be {format_number(new)}, past "
                          f"{change.at_most} = {format_number(bound)}{why}",
                          names=(change.input, change.at_most))
    return new


def plan(ruleset: "Ruleset", action_name: str, values: Mapping[str, Any]) -> Batch:
    """The new input values an action gives, from the current ones.

    Args:
        ruleset: the ruleset (its ``fight_loop`` says what the action does).
        action_name: :data:`ATTACKED_AGAIN` or :data:`MY_ACTION`.
        values: every input's current value (``None`` for one in error), as ``Sheet.inputs``.

    Returns:
        The batch: the inputs whose value changes, and a phrase for each.

    Raises:
        Refused: a counter would pass its bound, or holds no valid number; nothing changes.
        KeyError: the ruleset has no such action.
    """
    loop = ruleset.fight_loop
    action = loop.action(action_name) if loop is not None else None
    if action is None:
        raise KeyError(f"{ruleset.id} has no action {action_name!r}")
    new: dict[str, Any] = {}
    for change in action.changes:
        if change.add is not None:
            new[change.input] = _bumped(ruleset, action.title, change, values)
        else:
            new[change.input] = ruleset.inputs[change.input].coerce(change.to)
    for name in loop.cleared(ruleset):
        new.setdefault(name, ruleset.inputs[name].default)
    return _batch(ruleset, new, values, loop.cleared(ruleset))


def cycle(ruleset: "Ruleset", values: Mapping[str, Any]) -> Batch:
    """The next choice of the ruleset's cycling input (after the last, the first).

    Raises:
        KeyError: the ruleset cycles no input.
    """
    loop = ruleset.fight_loop
    if loop is None or loop.cycle is None:
        raise KeyError(f"{ruleset.id} has no input that cycles")
    spec = ruleset.inputs[loop.cycle]
    current = values.get(loop.cycle)
    choices = list(spec.choices)
    index = choices.index(current) + 1 if current in choices else 0
    return _batch(ruleset, {loop.cycle: choices[index % len(choices)]}, values)


def _batch(ruleset: "Ruleset", new: Mapping[str, Any], values: Mapping[str, Any],
           cleared: tuple[str, ...] = ()) -> Batch:
    changed = {name: value for name, value in new.items() if values.get(name) != value
               or name not in values}
    moves = []
    for name, value in changed.items():
        spec = ruleset.inputs[name]
        moves.append((name, _shown(spec, values.get(name)),
                      None if name in cleared else _shown(spec, value)))
    return Batch(changed, tuple(moves))


def stepped(spec: InputSpec, value: Any, delta: int) -> Any:
    """A number input's value moved by ``delta``, kept within its bounds (a stepper key).

    An empty optional number becomes 0 (or the bound nearest 0). Returns the value unchanged when it
    is already at the bound it moves toward.

    Raises:
        TypeError: the input is not a number.
        Refused: the input holds no valid value to step from.
    """
    if not isinstance(spec, (IntInput, NumberInput)):
        raise TypeError(f"{spec.name} is not a number")
    minimum, maximum = spec.minimum, spec.maximum
    if value is None:
        if not spec.optional:
            raise Refused(spec.name, f"{spec.name} holds text that is not a number; type a "
                          "number to step from", names=(spec.name,))
        value, delta = 0, 0  # empty: start from 0, brought within the bounds below
    new = value + delta
    if maximum is not None:
        new = min(new, maximum)
    if minimum is not None and new < minimum:
        new = minimum
    if minimum is not None and getattr(spec, "above", False) and new <= minimum:
        # strictly above its minimum: it cannot step down onto it
        return value if value > minimum else minimum + 1
    return new
