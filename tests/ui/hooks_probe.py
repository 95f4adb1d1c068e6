"""What tests read of the app's private state and of Textual's, and the instrumentation they put
on the app's objects for a test's time: here, in the tests, so the product carries nothing
only tests read (``tests/test_nothing_only_tests_read.py``).

Each reader says what of Textual or of the app it relies on; ``test_hooks_checked.py``
checks each against the pinned Textual, so an upgrade that moves one fails there, by name.
"""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode
from textual.notifications import Notification


def notifications(app: Any) -> list[Notification]:
    """The message the app shows now (title, message, severity), as a list of one or none:
    what the player was told (a refusal names its input), without reading the screen.

    Relies on: the app's ``message`` (``app.one_message.OneMessage``: the newest message
    until its time is up), since the app shows one at a time on its message line; Textual's
    ``App._notifications`` (its toasts) stays empty.
    """
    return [app.message] if app.message is not None else []


def exit_output(app: Any) -> list[Any]:
    """What Textual will print to the terminal once the app has ended (a traceback, a
    message): a crash must print no traceback over the player's screen.

    Relies on: ``App._exit_renderables`` (a list), as ``UncaughtExceptionHook`` does.
    """
    return list(app._exit_renderables)


def own_component_styles(node: DOMNode) -> frozenset[str]:
    """The component classes whose styles (hidden nodes) ``node`` holds itself: rows hold
    none (their screen holds them once, ``shared_styles``).

    Relies on: ``DOMNode._component_styles`` (a dict keyed by component class, filled by
    ``get_component_styles``).
    """
    return frozenset(node._component_styles)


def rendered_lines(widget: Any) -> Any:
    """The object in which Textual keeps the lines ``widget`` last rendered: once a row is
    gone, so are its lines (a weak reference to this object dies).

    Relies on: ``Widget._styles_cache`` (a ``StylesCache``, which holds the widget's lines and
    no reference back to the widget).
    """
    return widget._styles_cache


def kept_lines(widget: Any) -> int:
    """How many lines ``widget`` keeps of its last render (styled, and as its content drew).

    Relies on: ``Widget._styles_cache._cache`` (a dict of lines) and
    ``Widget._render_cache.lines`` (a list).
    """
    return len(widget._styles_cache._cache) + len(widget._render_cache.lines)


class Collections:
    """The full collections one ``PauseCollector`` runs from now on, and whether one waits for
    a pause: its ``collect_now``, ``_request`` and ``stop`` wrapped on that instance only (the
    class, and every other collector, untouched).

    Relies on: the collector asking for each collection through ``_request`` (looked up as it
    asks), running each through ``collect_now``, and dropping a waiting one in ``stop``.
    """

    def __init__(self, collector: Any) -> None:
        self.count = 0
        """Full collections run."""
        self.scheduled = False
        """A collection was asked for and has not run (nor been dropped) yet."""
        collect, request, stop = collector.collect_now, collector._request, collector.stop

        def counted() -> None:
            self.scheduled = False
            collect()
            self.count += 1

        def requested() -> None:
            request()
            self.scheduled = True

        def stopped() -> None:
            stop()
            self.scheduled = False

        collector.collect_now, collector._request, collector.stop = counted, requested, stopped


def frame_held(hold: Any) -> bool:
    """Whether a ``FrameHold`` (``widgets/frame_hold``) holds a frame now.

    Relies on: ``FrameHold._batch``, the batch it keeps open while it holds (``None`` else).
    """
    return hold._batch is not None


def act_for(app: Any) -> None:
    """Make ``app`` the active app of the running task's context, as ``run_test`` does for
    the test inside it: a test on an app started in another context (``shared_apps``) runs
    Textual code that looks the app up there (``Pilot.pause`` draws a frame in the test's
    task, and drawing asks for the active app).

    Relies on: ``textual._context.active_app`` and ``active_message_pump`` (context
    variables, set by ``App._context``).
    """
    from textual._context import active_app, active_message_pump

    active_app.set(app)
    active_message_pump.set(app)

