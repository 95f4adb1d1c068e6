"""The keys that move focus through a sheet (Tab, Shift+Tab, Ctrl+↓, Ctrl+↑), made safe for
bursts of keys.

Over SSH many keys arrive in one read. Textual hands each key to the focused widget's own
queue and runs a widget-level binding only after the key has travelled back up to the app, so
the keys after a Ctrl+↓ were handled before focus had moved; and a Tab handled while the rows
below were still being built (``form.body`` builds them as they come within reach) skipped
them. Here every focus key is a priority binding of the app whose action is awaited: the next
key of a burst is read only once focus has moved, onto rows that exist.

A controller the app composes (its ``action_focus_next`` and the others call it).
"""

from __future__ import annotations

from worksheet.ui.form.body import FormBody
from worksheet.ui.controllers.host import Host
from worksheet.ui.textual_internals import layout_pending

LAYOUT_TRIES = 4
"""Refreshes a focus key waits at most for a layout a keystroke asked for."""


class FocusController:
    """Tab, Shift+Tab and Ctrl+↓/↑ that wait for the rows they reach.

    Args:
        host: the app (see :class:`~worksheet.ui.controllers.host.Host`).
    """

    def __init__(self, host: Host):
        self.host = host

    def _sheet_body(self) -> FormBody | None:
        """The active form's body when the sheet (no dialog) has the keys."""
        host = self.host
        form = host.form()
        if form is None or len(host.screen_stack) > 1 or form.screen is not host.screen:
            return None
        return form.query_one(FormBody)

    async def focus_next(self) -> None:
        """Focus the next widget, once the rows it may be are built and laid out."""
        body = self._sheet_body()
        if body is not None:
            await body.ready_after(self.host.focused, 1)
            await self._settled(body)
        self.host.screen.focus_next()

    async def _settled(self, body: FormBody) -> None:
        """Wait until a layout asked for is done (at most :data:`LAYOUT_TRIES` refreshes):
        Textual orders Tab by place on screen, and a keystroke just before may have moved
        the rows (the edit the key gate takes before each key). On Exalted "Ctrl+G 8 Tab 2"
        at once had the Tab reach Action penalty, at the top of the form, 1 run in 5: the 8
        grew the Odds panel by a dozen lines, and the places were those from before."""
        screen = self.host.screen
        for _ in range(LAYOUT_TRIES):
            if not layout_pending(screen):
                return
            await body.laid_out()

    async def focus_previous(self) -> None:
        """Focus the previous widget. From outside the form (the tab bar, the first stop)
        focus wraps around to the form's last row: the whole form is built first, so it is
        the sheet's real last row, not the last one built so far."""
        body = self._sheet_body()
        focused = self.host.focused
        if body is not None:
            if body.row_of(focused) is None:
                await body.build_rest()
            else:
                await body.ready_after(focused, -1)
            await self._settled(body)
        self.host.screen.focus_previous()

    async def jump_input(self, step: int) -> None:
        """Focus the next (``1``) or previous (``-1``) input of this tab, skipping values."""
        form = self.host.form()
        if form is not None:
            await form.query_one(FormBody).jump_input(self.host.focused, step)
