"""What the tests read of the app's state.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Any
from textual.dom import DOMNode
from textual.notifications import Notification


def notifications(app: Any) -> list[Notification]:
    """The notifications the app holds now (title, message, severity), oldest first.

    Buys: a test checks what the player was told (a refusal names its input) without waiting
    for, or parsing, the toasts on the screen.
    Relies on: ``App._notifications`` (a ``Notifications``, iterable of ``Notification``).
    """
    return list(app._notifications)


def exit_output(app: Any) -> list[Any]:
    """What Textual will print to the terminal once the app has ended (a traceback, a message).

    Buys: a test proves that a crash prints no traceback over the player's screen.
    Relies on: ``App._exit_renderables`` (a list), as :class:`UncaughtExceptionHook` does.
    """
    return list(app._exit_renderables)


def own_component_styles(node: DOMNode) -> frozenset[str]:
    """The component classes whose styles (hidden nodes) ``node`` holds itself.

    Buys: a test proves that rows hold none (their screen holds them once, ``shared_styles``).
    Relies on: ``DOMNode._component_styles`` (a dict keyed by component class, filled by
    ``get_component_styles``).
    """
    return frozenset(node._component_styles)


def rendered_lines(widget: Any) -> Any:
    """The object in which Textual keeps the lines ``widget`` last rendered.

    Buys: a test proves that once a row is gone, so are its rendered lines (a weak reference to
    this object dies), whatever Textual's caches hold.
    Relies on: ``Widget._styles_cache`` (a ``StylesCache``, which holds the widget's lines and
    no reference back to the widget).
    """
    return widget._styles_cache


def kept_lines(widget: Any) -> int:
    """How many lines ``widget`` keeps of its last render (styled, and as its content drew).

    Buys: a test proves that a hidden tab's frame keeps none (``forget_drawn``).
    Relies on: ``Widget._styles_cache._cache`` (a dict of lines) and
    ``Widget._render_cache.lines`` (a list).
    """
    return len(widget._styles_cache._cache) + len(widget._render_cache.lines)
