"""A palette command that carries its own key: one entry of the command palette (Ctrl+P), a
binding's (:func:`key_commands`, from a ``keys.Key`` that names a command) or one declared as
such (a command with no key, or one whose name depends on the tab); the palette's registry
(``app/palette.py``) lists them all.

Apart from :mod:`worksheet.ui.keys`, which every layer imports at start: these are needed only
once the palette opens, or a fight-loop key runs (issue 40, memory).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from textual.actions import parse
from textual.binding import Binding

from worksheet.ui.keys import helped, key_names

Reach = Callable[[Any, Callable[[Any], Any]], Any]
"""How a command's action reaches what runs it: called with the app and ``act``, it calls
``act`` with the object whose ``action_*`` method runs the action (now, or once that object
exists: a record list below the rows built so far), and returns what ``act`` returns."""


def the_app(app: Any, act: Callable[[Any], Any]) -> Any:
    """The app runs the action (its own keys', and the controllers' it passes on)."""
    return act(app)


def always(app: Any) -> bool:
    """Offered whatever the tab."""
    return True


def run_action(target: Any, action: str) -> Any:
    """Run a Textual action (``save_preset``, ``show_tab(2)``) on ``target`` as its key would;
    a coroutine is returned for the caller to await (the palette awaits it)."""
    _, name, parameters = parse(action)
    return getattr(target, f"action_{name}")(*parameters)


@dataclass(frozen=True)
class Command:
    """One command of the palette, declared once: its name, what it does, its keys, the
    action it runs and when the palette offers it.

    Attributes:
        title: its name in the palette.
        help: what it does, in one line (the palette's second line, the keys after it).
        action: the Textual action it runs, as its key would (``show_tab(2)``).
        key: its keys as the player reads them (``Ctrl+S``); empty for a command with no key.
        reach: what runs the action (:data:`Reach`; the app by default).
        when: whether the palette offers it now, given the app (always by default).
    """

    title: str
    help: str
    action: str
    key: str = ""
    reach: Reach = the_app
    when: Callable[[Any], bool] = always

    @property
    def description(self) -> str:
        """The palette's line under the title: ``Save this tab's inputs as a preset (Ctrl+S)``."""
        text = f"{self.help[:1].upper()}{self.help[1:]}"
        if not self.key:
            return text
        return f"{text} ({self.key})" if text else self.key

    def run(self, app: Any) -> Any:
        """Run the action, as the palette does when the command is chosen."""
        return self.reach(app, lambda target: run_action(target, self.action))


def key_commands(bindings: Iterable[Binding], reach: Reach = the_app,
                 when: Callable[[Any], bool] = always) -> list[Command]:
    """The command of each binding the palette offers (those that name one), its help and
    keys as the binding declares them (``Save preset``: ``… a preset (Ctrl+S)``).

    Args:
        bindings: a ``BINDINGS`` declaration.
        reach: what runs their actions (the widget that declares them: the app, the form…).
        when: whether the palette offers them now.
    """
    return [Command(binding.command, binding.help, binding.action, key_names(binding), reach,
                    when) for binding in helped(bindings) if binding.command]
