"""Every use the app makes of Textual's private API, in one place.

Textual's public API does not offer some of what the app needs at 80×24 over SSH: a first
paint without restyling every widget, keys kept in the order typed, a select whose list waits
until it opens, component styles shared by every row, no layout for a row scrolled out of
view, one line instead of a traceback on a crash. Each hook below says what it buys and what
of Textual it relies on. They are written against the Textual version pinned in
``pyproject.toml`` (:data:`PINNED_TEXTUAL`); ``tests/ui/test_textual_internals.py`` fails,
naming the hook, when another version is installed or a hook's target is gone. The rest of the
UI uses only Textual's public API and these names.

A hook that overrides a private method is a mixin here (the override must sit in the class's
MRO); the widget that uses it lists the mixin among its bases and, where it needs to decide
something, implements the hook's public-named method.
"""

from __future__ import annotations

import signal
from typing import Any, Callable, Iterable

from rich.style import Style as RichStyle
from textual import events
from textual.color import Color
from textual.css.query import NoMatches
from textual.css.styles import RenderStyles
from textual.dom import DOMNode
from textual.notifications import Notification
from textual.screen import Screen
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay

PINNED_TEXTUAL = "8.2.8"
"""The Textual version these hooks are written against (``textual==`` in pyproject.toml)."""

__all__ = [
    "PINNED_TEXTUAL", "SelectCurrent", "SelectOverlay", "breakpoint_classes",
    "KeepStylesOnFirstResume", "KeyBeforeInput", "RepaintWhileTextFits", "LazySelectList",
    "component_classes", "SharedComponentClasses", "blend_over", "SkipRepaintOutOfView",
    "messages_pending", "UncaughtExceptionHook", "copy_through_driver", "guard_sigcont",
    "notifications", "exit_output", "own_component_styles",
    "forget_arrangement", "compact_output",
]


# -- the app's first paint ----------------------------------------------------------------
def breakpoint_classes(screen: Screen, width: int,
                       breakpoints: Iterable[tuple[int, str]]) -> list[str]:
    """The breakpoint classes (``-narrow``, ``-wide``) a screen gets at this width.

    Buys: the app sets them before the form is composed, instead of on the first Resize,
    which restyled every widget of the form before the first paint.
    Relies on: ``Screen._get_breakpoint_classes(width, breakpoints)`` returning the names.
    """
    return list(screen._get_breakpoint_classes(width, breakpoints))


class KeepStylesOnFirstResume:
    """Screen mixin: its first resume skips Textual's restyle of every widget.

    Buys: each widget was styled as it mounted, with the breakpoint class already set, so the
    restyle of the whole sheet on the first ``ScreenResume`` was pure cost before the first
    paint.
    Relies on: Textual dispatching ``_on_screen_resume`` to each class down the MRO, this one
    before ``Screen``'s, and ``Screen`` reading ``event.refresh_styles``.
    """

    _resumed = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Screen's own handler (Textual calls each class's handler down the MRO).
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False


# -- text fields ------------------------------------------------------------------------------
class KeyBeforeInput:
    """Input mixin: the widget sees each key before ``Input`` inserts it.

    Buys: :class:`~worksheet.ui.widgets.ordered_input.OrderedInput` runs editing keys in the
    order typed (``handle_key_first``; Textual runs bindings only after the key has bubbled
    up to the app, while a printable key is inserted at once).
    Relies on: ``Input._on_key(event)``, the coroutine that inserts a printable key.
    """

    async def handle_key_first(self, event: events.Key) -> bool:
        """Handle ``event`` before the input does; True when it is handled."""
        return False

    async def _on_key(self, event: events.Key) -> None:
        if await self.handle_key_first(event):
            return
        await super()._on_key(event)  # type: ignore[misc]


class RepaintWhileTextFits:
    """Input mixin: a change of text repaints the field, without a new layout, while the text
    fits the field before and after.

    Buys: Textual's ``Input`` re-lays out the whole screen on every change of its text length
    (its virtual size); ours is as wide as its column, so nothing moves (~10 ms less per
    keystroke on a sheet).
    Relies on: ``Input._watch_value(value)`` being the watcher that calls ``refresh(layout=
    True)``.
    """

    _repaint_only = False

    def _watch_value(self, value: str) -> None:
        width = self.content_size.width  # type: ignore[attr-defined]
        self._repaint_only = self.is_mounted and 0 < max(  # type: ignore[attr-defined]
            self.virtual_size.width, self.content_width) <= width  # type: ignore[attr-defined]
        try:
            super()._watch_value(value)  # type: ignore[misc]
        finally:
            self._repaint_only = False

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,
                recompose: bool = False):
        return super().refresh(*regions, repaint=repaint,  # type: ignore[misc]
                               layout=layout and not self._repaint_only, recompose=recompose)


class LazySelectList(Select):
    """A select whose drop-down list is built the first time it opens.

    Buys: Textual's ``Select`` builds its list (an ``OptionList`` with five styled parts) up
    front; a sheet has several selects and most are never opened in a session.
    Relies on: ``textual.widgets._select`` (``SelectCurrent``, ``SelectOverlay``, the list
    looked up by type); ``Select._options``, ``_type_to_search``, ``_value``;
    ``Select._setup_options_renderables``, ``_watch_value`` and ``_watch_expanded``.
    """

    def compose(self):
        yield SelectCurrent(self.prompt)

    def _has_list(self) -> bool:
        return bool(self.query(SelectOverlay))

    def _ensure_list(self) -> None:
        if not self._has_list():
            overlay = SelectOverlay(type_to_search=self._type_to_search)
            overlay.compact = self.compact
            self.mount(overlay)
            super()._setup_options_renderables()
            if self.value != self.NULL:
                index = next(i for i, (_, value) in enumerate(self._options)
                             if value == self.value)
                self.query_one(SelectOverlay).highlighted = index

    def _setup_options_renderables(self) -> None:
        if self._has_list():
            super()._setup_options_renderables()

    def _watch_value(self, value: Any) -> None:
        if self._has_list():
            super()._watch_value(value)
            return
        self._value = value
        try:
            current = self.query_one(SelectCurrent)
        except NoMatches:
            return
        if value == self.NULL:
            current.update(self.NULL)
        else:
            current.update(next(prompt for prompt, choice in self._options if choice == value))
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        if expanded:
            self._ensure_list()
        super()._watch_expanded(expanded)

    def action_show_overlay(self) -> None:
        self._ensure_list()
        super().action_show_overlay()


# -- component styles shared on the screen -----------------------------------------------------
def component_classes(node: DOMNode) -> frozenset[str]:
    """The component classes a node declares (its ``COMPONENT_CLASSES`` down its MRO).

    Buys: ``shared_styles`` checks that a screen declares a row's parts before sharing them.
    Relies on: ``DOMNode._get_component_classes()`` (a cached classmethod in 8.2.8).
    """
    return node._get_component_classes()


class SharedComponentClasses:
    """Widget mixin: the stylesheet makes no hidden component nodes for this widget when
    ``makes_own_components()`` says False (its screen holds them once for every row).

    Buys: a third of the start-up's styling work and ~70 KiB per row (``shared_styles``).
    Relies on: the stylesheet asking each node for ``_get_component_classes()`` to create its
    hidden component nodes.
    """

    def makes_own_components(self) -> bool:
        """Whether the widget holds its own component styles."""
        return True

    def _get_component_classes(self) -> frozenset[str]:
        if not self.makes_own_components():
            return frozenset()
        return super()._get_component_classes()  # type: ignore[misc]


def blend_over(node: DOMNode, component: RenderStyles) -> RichStyle:
    """A component's Rich style laid over ``node``'s colours as if ``node`` owned it.

    Buys: a row reads its parts' styles from its screen, yet semi-transparent colours (a
    selection at 40%) blend over the row's own background.
    Relies on: ``DOMNode.rich_style``'s blending (Textual 8.2.8), copied here for a node
    whose ancestors are ``node``'s (the internals test compares the two).
    """
    background = Color(0, 0, 0, 0)
    color = Color(255, 255, 255, 0)
    style = RichStyle()
    opacity = 1.0
    chain = [ancestor.styles for ancestor in reversed(node.ancestors_with_self)]
    for styles in [*chain, component]:
        opacity *= styles.opacity
        if styles.has_rule("background"):
            text_background = background + styles.background.tint(styles.background_tint)
            background += styles.background.tint(styles.background_tint).multiply_alpha(
                opacity)
        else:
            text_background = background
        if styles.has_rule("color"):
            color = styles.color
        style += styles.text_style
        if styles.has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
    return style + RichStyle.from_color(
        (background + color).rich_color if (background.a or color.a) else None,
        background.rich_color if background.a else None)


# -- rows out of view ---------------------------------------------------------------------------
class SkipRepaintOutOfView:
    """Widget mixin: a repaint of the widget while it is scrolled out of view is dropped.

    Buys: Textual answers such a repaint by re-arranging every widget of the screen (~6 ms on
    a sheet) before finding nothing to draw; ``refresh`` has cleared the caches all the same,
    so the row shows its new text when scrolled in.
    Relies on: ``Widget._check_refresh``, ``_repaint_required``, ``_layout_required`` and
    ``Screen._compositor.visible_widgets``.
    """

    def _check_refresh(self) -> None:
        if self._repaint_required and not self._layout_required and self.is_attached:
            try:
                visible = self in self.screen._compositor.visible_widgets
            except Exception:  # noqa: BLE001 — no screen yet: leave it to Textual
                visible = True
            if not visible:
                self._repaint_required = False
        super()._check_refresh()  # type: ignore[misc]


# -- the app's end ---------------------------------------------------------------------------
def messages_pending(app: Any) -> bool:
    """Whether the app or a widget of a screen still has messages to handle (a key, an edit
    on its way up to the sheet).

    Buys: a hang-up lets keys already read reach the sheet before the last recovery write.
    Relies on: each message pump's ``_message_queue`` (an ``asyncio.Queue``).
    """
    nodes = [app, *app.screen_stack]
    for screen in app.screen_stack:
        nodes.extend(screen.walk_children())
    return any(not node._message_queue.empty() for node in nodes)


class UncaughtExceptionHook:
    """App mixin: ``handle_uncaught(error)`` runs first for an exception no handler caught,
    and the app ends without printing Textual's traceback.

    Buys: the player's edits are kept and one clear line is printed instead of a traceback
    (with local variables) over the player's screen.
    Relies on: Textual calling ``App._handle_exception(error)`` for every such exception (it
    is still called so the app exits and Pilot tests see the exception), and on the traceback
    waiting in ``App._exit_renderables`` to be printed at exit.
    """

    def handle_uncaught(self, error: Exception) -> None:
        """Called with an exception no handler caught, before the app ends."""

    def _handle_exception(self, error: Exception) -> None:
        self.handle_uncaught(error)
        super()._handle_exception(error)  # type: ignore[misc]
        self._exit_renderables.clear()


def copy_through_driver(app: Any, text: str, sequence: str) -> None:
    """Remember ``text`` as the app's clipboard and write ``sequence`` (OSC 52, wrapped for a
    multiplexer) to the terminal.

    Buys: the copy reaches the player's clipboard through tmux or screen, which Textual's
    plain OSC 52 does not.
    Relies on: ``App._clipboard`` (what ``App.clipboard`` returns) and ``App._driver.write``,
    as ``App.copy_to_clipboard`` uses them.
    """
    app._clipboard = text
    if app._driver is not None:
        app._driver.write(sequence)


def compact_output(app: Any, compact: Callable[[str], str]) -> None:
    """Pass everything the app writes to the terminal through ``compact`` (once per app), in
    the order written.

    Buys: each frame in fewer bytes over SSH (``terminal_output.compact``: a style written
    once per run of text, not once per segment; ~35% of a full paint at 80×24).
    Relies on: ``App._driver`` existing once the app composes, and everything reaching the
    terminal through ``driver.write(str)``, each frame in one call (``App._display``).
    """
    driver = app._driver
    if driver is None or getattr(driver, "_worksheet_compacts", False):
        return
    write = driver.write

    def compact_write(data: str) -> None:
        write(compact(data))

    driver.write = compact_write
    driver._worksheet_compacts = True


def guard_sigcont(allowed: Callable[[], bool]) -> None:
    """Let the driver's SIGCONT handler run only while ``allowed()`` is true.

    Buys: Textual redraws the whole screen on SIGCONT (the end of a suspend); the kernel sends
    SIGCONT with the SIGHUP of a hang-up too, and that redraw, into a terminal that is gone,
    killed Textual's output thread and left the program blocked for ever on exit.
    Relies on: the Linux driver installing its own SIGCONT handler (``signal.signal``) when
    the application mode starts, before this is called. Raises what ``signal.signal``
    raises off the main thread.
    """
    resume = signal.getsignal(signal.SIGCONT)
    if callable(resume):
        def resume_if_allowed(signum: int, frame: Any) -> None:
            if allowed():
                resume(signum, frame)

        signal.signal(signal.SIGCONT, resume_if_allowed)


def forget_arrangement(widget: Any) -> None:
    """Drop the layout ``widget`` keeps of its children's last arrangement.

    Buys: the rows a hidden tab drops are freed at once. A container keeps its last
    arrangement (every child's placement) until it is laid out again, and a hidden container
    is not laid out, so the dropped rows stayed alive for as long as the tab was hidden.
    Relies on: ``Widget._clear_arrangement_cache``, which Textual calls itself when a child's
    layout changes.
    """
    widget._clear_arrangement_cache()


# -- what the tests read ------------------------------------------------------------------------
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
