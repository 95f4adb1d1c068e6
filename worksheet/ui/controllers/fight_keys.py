"""The fight loop's keys, and when each applies: asked at every key-bar refresh, so needed
from the first paint.

The controller behind them (:mod:`worksheet.ui.controllers.fight`, with the copying to the
game and the tmux question) is imported at the first of these keys, within its handler: a
session that only looks at its tabs keeps none of that code (issue 40, memory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from worksheet.engine.fight_loop import ATTACKED_AGAIN, MY_ACTION
from worksheet.ui.keys import Key
from worksheet.ui.widgets.input_row import InputRow
from worksheet.ui.widgets.kinds import kind_of
from worksheet.ui.widgets.round_group import KEYS

if TYPE_CHECKING:
    from worksheet.ui.controllers.host import Host

STEPS = (("up", 1, "add 1, within its bounds"), ("down", -1, "subtract 1"),
         ("shift+up", 5, "add 5"), ("shift+down", -5, "subtract 5"))
"""The steppers' keys, steps and help."""

BINDINGS = [  # the keys as the form names them (round_group.KEYS), bound as Textual names them
    Key(KEYS[ATTACKED_AGAIN].lower(), f"fight('{ATTACKED_AGAIN}')", "Attacked",
        help="attacked again: counter + 1, last roll cleared (one undo step)"),
    Key(KEYS[MY_ACTION].lower(), f"fight('{MY_ACTION}')", "My action",
        help="my action: counters reset, last roll cleared (one undo step)"),
    Key(KEYS["fight_view"].lower(), "fight_view", "Fight view", command="Fight view",
        help="fight view: the strip, the round inputs and the odds only; again: the whole form"),
    Key(KEYS["cycle"].lower(), "cycle_input", "Stance",
        help="GemStone: next stance (wraps to offensive)"),
    Key(KEYS["round"].lower(), "round_inputs", "Round", show=False,
        help="go to the round inputs at the top of the form"),
    Key(KEYS["copy_line"].lower(), "copy_line", "Copy line", show=False,
        help="copy the result as one line, for the game", command="Copy result line"),
    Key(KEYS["copy_block"].lower(), "copy_block", "Copy derivation", show=False,
        help="copy the focused value's derivation as a block", command="Copy derivation"),
    # Priority, so the form's scrolling does not take them first; on anything but a number
    # field :func:`available` declines them and the key goes where it went before.
    *[Key(key, f"step({delta})", "Step", show=False, priority=True,
          help=f"number field: {text}") for key, delta, text in STEPS],
]
"""The fight loop's bindings (the app lists them in its own ``BINDINGS``); the palette offers
"attacked again", "my action", the cycle and the round inputs by the tab's own names
(:func:`commands`)."""

ACTIONS = frozenset({"fight", "fight_view", "cycle_input", "round_inputs", "copy_line",
                     "copy_block", "step"})
"""The actions the app's ``check_action`` asks :func:`available` about."""


def available(host: Host, action: str, parameters: tuple[object, ...]) -> bool:
    """Whether a fight-loop action runs now (False also hides it from the key bar)."""
    if len(host.screen_stack) > 1:
        return False
    form = host.form()
    loop = form.ruleset.fight_loop if form is not None else None
    if action == "fight":
        return loop is not None and loop.action(str(parameters[0])) is not None
    if action == "cycle_input":
        return loop is not None and loop.cycle is not None
    if action in ("round_inputs", "fight_view"):
        return loop is not None
    if action == "step":
        return number_row(host) is not None
    return form is not None


def number_row(host: Host) -> InputRow | None:
    """The row of the focused number field, if a number field has focus."""
    focused = host.focused
    if not isinstance(focused, Input):
        return None
    row = next((n for n in focused.ancestors if isinstance(n, InputRow)), None)
    if row is None or not kind_of(row.spec).steps:
        return None
    return row
