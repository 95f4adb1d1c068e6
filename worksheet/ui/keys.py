"""A key binding that carries its own help, and a palette command that carries its own key: the
help screen (F1), the command palette (Ctrl+P) and docs/keys.md's key table are all read from
these declarations.

The keys used to be listed four times — the bindings, the help's table, the palette's
commands and the README — and the copies drifted. Now each binding says, once, what it does
in one line (``help``) and, when the palette offers it, under which name (``command``);
``tests/ui/test_keys.py`` holds docs/keys.md's table to the same rows. A :class:`Command` is
one entry of the palette: a binding's (:func:`key_commands`), or one declared as such (a
command with no key, or one whose name depends on the tab); the palette's registry
(``app/palette.py``) lists them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from textual.actions import parse
from textual.binding import Binding

MODIFIERS = {"ctrl": "Ctrl", "shift": "Shift", "alt": "Alt"}
"""Modifier names as the player reads them."""

KEY_NAMES = {
    "up": "↑", "down": "↓", "left": "←", "right": "→", "pagedown": "PgDn", "pageup": "PgUp",
    "question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]",
    "escape": "Esc", "enter": "Enter", "insert": "Insert", "delete": "Delete", "tab": "Tab",
    "space": "Space",
}
"""Textual's key names as the player reads them (other names: ``f5`` → ``F5``)."""

ALT_DIGITS = ("inverted_exclamation_mark", "trade_mark_sign", "pound_sign", "cent_sign",
              "infinity", "section_sign", "pilcrow_sign", "bullet", "ª")
"""What Textual makes of Alt+1 … Alt+9 from terminals that send ESC and the digit (xterm,
tmux, most SSH clients): it reads them as the macOS Option characters ¡ ™ £ ¢ ∞ § ¶ • ª."""


@dataclass(frozen=True)
class Key(Binding):
    """A binding with its one line of help and, optionally, its command in the palette.

    Textual reads it as any ``Binding``; what it adds is read only from the ``BINDINGS``
    declarations (:func:`help_rows`, :func:`key_commands`).

    Attributes:
        help: what the key does, in one line (the help screen's and the README's text).
        command: the command's title in the palette; empty when the palette does not offer
            it (its title depends on the tab, or it is only one of a group of keys).
        keys: the keys as the help names them, when not every bound key is worth naming
            (Alt+1 is also bound to the character some terminals send for it).
    """

    help: str = ""
    command: str = ""
    keys: str = ""


def key_name(key: str) -> str:
    """One Textual key as the player reads it: ``ctrl+pagedown`` → ``Ctrl+PgDn``."""
    *modifiers, name = key.strip().split("+")
    if name in KEY_NAMES:
        name = KEY_NAMES[name]
    elif modifiers or name[0] == "f" and name[1:].isdigit():
        name = name.upper()  # Ctrl+S, F5; a letter alone stays as typed (a, e, d)
    return "+".join([*(MODIFIERS.get(m, m) for m in modifiers), name])


def key_names(binding: Binding) -> str:
    """All the keys of a binding as the help names them: ``Ctrl+Y, Ctrl+Shift+Z``."""
    if isinstance(binding, Key) and binding.keys:
        return binding.keys
    return ", ".join(key_name(key) for key in binding.key.split(","))


def helped(bindings: Iterable[Binding]) -> list[Key]:
    """The bindings that carry help, in order."""
    return [binding for binding in bindings if isinstance(binding, Key) and binding.help]


def help_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """``(keys, help)`` for each binding with help; bindings in a row with the same help are
    one row (``Alt+1 … Alt+9``)."""
    rows: list[tuple[list[str], str]] = []
    for binding in helped(bindings):
        if rows and rows[-1][1] == binding.help:
            rows[-1][0].append(key_names(binding))
        else:
            rows.append(([key_names(binding)], binding.help))
    return [(keys[0] if len(keys) == 1 else " / ".join(keys) if len(keys) == 2
             else f"{keys[0]} … {keys[-1]}", text) for keys, text in rows]


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
