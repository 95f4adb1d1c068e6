"""What the app's controllers may use of the app: :class:`Host`.

The app composes one small controller per concern — the focus keys (``controllers.focus``), the
fight loop (``controllers.fight``), presets (``controllers.presets``) and recovery
(``controllers.recovery``) — each owning its own state. They are typed against this protocol,
not against the app's class, so none of them imports ``worksheet.ui.app``: the imports run one
way only (``tests/test_layers.py``), and a controller can be read knowing only the few calls
named here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen
    from textual.signal import Signal
    from textual.timer import Timer
    from textual.widget import Widget

    from worksheet.presets import Preset
    from worksheet.ui.form.sheet_form import SheetForm


class Host(Protocol):
    """The app as its controllers see it: the tabs and their forms, and Textual's calls."""

    ruleset_ids: list[str]
    """The tabs, in order."""
    presets: dict[str, Preset | None]
    """The preset each tab was loaded from or saved as."""

    @property
    def active(self) -> str:
        """The active tab's ruleset id."""

    def form(self, rid: str | None = None) -> SheetForm | None:
        """The form of a tab (the active one by default), or ``None`` if not built yet."""

    def ensure_form(self, rid: str) -> SheetForm:
        """The tab's form, built now if it was not yet."""

    def show_tab(self, rid: str) -> None:
        """Switch to a ruleset's tab (building it if needed)."""

    def update_status(self) -> None:
        """Show the active tab's status line again (saved, problems, preset)."""

    def action_save_preset(self) -> None:
        """Save this tab's inputs as a preset (Ctrl+S: asks for a name)."""

    def copy_to_clipboard(self, text: str) -> None:
        """Copy ``text`` to the player's clipboard."""

    # -- Textual's App --------------------------------------------------------------------
    @property
    def screen(self) -> Screen[Any]:
        """The screen on top."""

    @property
    def screen_stack(self) -> list[Screen[Any]]:
        """The sheet's screen first, then the dialogs above it."""

    screen_change_signal: Signal[Screen[Any]]
    """Published when the screen on top changes (a dialog opens or closes)."""

    @property
    def focused(self) -> Widget | None:
        """The focused widget."""

    @property
    def is_headless(self) -> bool:
        """True without a real terminal (tests)."""

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Show a message on the message line (its text as written: never read as markup;
        ``app.one_message``)."""

    def push_screen(self, screen: Screen[Any], callback: Callable[[Any], Any] | None = None,
                    ) -> Any:
        """Open a dialog; ``callback`` gets its answer."""

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any) -> bool:
        """Run ``callback`` after the next refresh."""

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> Timer:
        """Run ``callback`` once, ``delay`` seconds from now."""

    def exit(self, result: Any = None, return_code: int = 0) -> None:
        """End the app."""
