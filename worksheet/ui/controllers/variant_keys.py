"""The keys of what-if, sweep, step effects and the baseline, and when they apply.

The app lists these in its ``BINDINGS`` and asks :func:`available` for every key-bar refresh,
so they are needed from the first paint; the controller behind them
(:mod:`worksheet.ui.controllers.variants`, with the engine's ``variants`` and the form's
``baseline``) is imported at the first of these keys only: a session that never asks keeps
none of that code (issue 40, memory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worksheet.ui.keys import Key

if TYPE_CHECKING:
    from worksheet.ui.controllers.host import Host

BINDINGS = [
    Key("ctrl+f", "what_if", "What if", command="What if",
        help="what-if: every input's step, best for the defender first; Enter applies one"),
    Key("f11,ctrl+right_square_bracket", "sweep", "Sweep", command="Sweep the focused input",
        keys="F11, Ctrl+]",
        help="sweep: the focused input's range as a chart of the chances to be hit"),
    Key("ctrl+b", "pin_baseline", "Pin", command="Pin or unpin the baseline",
        help="pin these inputs as a baseline: values show their difference; again: unpin"),
    Key("ctrl+backslash", "step_effects", "Effects", show=False, command="Step effects",
        keys="Ctrl+\\",
        help="show or hide what one step up or down of the focused input does"),
]
"""The keys (the app lists them in its ``BINDINGS``); "Pin a saved preset as the baseline" is
the palette's only (``app.palette``)."""

ACTIONS = frozenset({"what_if", "sweep", "pin_baseline", "step_effects", "pin_preset"})
"""The actions the app's ``check_action`` asks :func:`available` about."""


def available(host: Host) -> bool:
    """Whether these actions run now: on the sheet, not under a dialog."""
    return len(host.screen_stack) == 1 and host.form() is not None
