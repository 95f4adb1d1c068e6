"""Where focus goes in a form: its first field on a new sheet, the field left on a tab shown
again.

The first field is the first round input, the thing a player changes every round (issue 42:
it was the character's first input, below the view at 80×24 on Exalted, Shadowrun and
Vampire); Rise, whose round is a record list, starts on the character's first input.

A player in a fight looks at another tab and comes back to go on typing. Focus used to go to
the tab's first field, so the number typed next changed that field (Dodge ranks) instead of
the one the player had left. And a tab shown for the first time whose round group fills the
first view (Shadowrun, Vampire at 80×24) had its first field not built yet: nothing took
focus, PageDown scrolled nothing and the next Tab was lost.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from textual.widget import Widget

from worksheet.engine import Ruleset
from worksheet.engine.odds_text import ODDS_STEP
from worksheet.ui.form.body import FormBody, first_view, input_editor
from worksheet.ui.terminal.deadline import poll_until
from worksheet.ui.widgets import InputRow, ValueRow

RESUME_TRIES = 5
"""Refreshes a tab shown again waits at most for the row to focus to be built."""


class FocusTargets:
    """Form mixin: the widgets a form gives focus to (see the module).

    The form sets ``_rows`` (its built rows by input or node name), ``_focused_name`` (the
    row the rule panel explains: the one focused last), ``_odds_heading`` (the Odds step's
    heading, once built), ``round_moved``, ``ruleset`` and ``build_all``.
    """

    _rows: dict[str, Widget]
    _focused_name: str | None
    _odds_heading: Widget | None
    round_moved: Iterable[str]
    ruleset: Ruleset
    build_all: Callable[[], None]

    _resume_name: str | None = None
    """The row to focus when the tab is shown again (``None``: none remembered)."""

    def remember_focus(self) -> None:
        """As the tab is hidden: remember the row focused last, to focus it when shown."""
        if self._focused_name is not None:
            self._resume_name = self._focused_name

    def resume_focus(self, focused: Widget | None, tries: int = RESUME_TRIES) -> None:
        """As the tab is shown: focus the row remembered (its editor, or a value row itself)
        once it is built again, waiting up to ``tries`` refreshes for it; with none
        remembered, the first editor unless ``focused`` is already in the form.

        Focus is taken even when it is already in the form: in a burst (Ctrl+PageDown,
        Ctrl+PageUp, 3) Textual moves it from the rows being dropped to the first field.
        """
        if not self.display:  # hidden again meanwhile: focusing it would switch back
            return
        name = self._resume_name
        row = self._rows.get(name) if name is not None else None
        target = (input_editor(row) or row) if row is not None and row.is_mounted else None
        if target is not None and target.is_mounted and target.focusable:
            self._resume_name = None
            self.screen.set_focus(target)  # type: ignore[attr-defined]
        elif name is not None and tries:  # being built: its editor comes with a refresh
            self.after_refresh_holding_keys(self._resume_again, name, tries - 1)
            return
        elif focused is None or self not in focused.ancestors:  # type: ignore[operator]
            self._resume_name = None
            editor = self.first_editor()
            if editor is None and tries:
                if self._first_field() is None:  # below the first view: built once the
                    # first view is on screen, so the sheet shows without waiting for it
                    self.after_refresh_holding_keys(self._build_to_first_field_then_focus,
                                                     tries)
                else:  # made, being mounted: its editor comes with a refresh
                    self.after_refresh_holding_keys(
                        lambda: self.resume_focus(self.screen.focused, tries - 1))  # type: ignore
                return
            if editor is not None:
                self.screen.set_focus(editor, scroll_visible=False)  # type: ignore[attr-defined]
        self.release_keys_after_refresh()  # keys typed meanwhile go to the field focused

    def on_input_row_edited(self, event: InputRow.Edited) -> None:
        """An edit: the first field kept below the view at start is shown (Textual calls this
        as well as the form's own handler, which takes the edit)."""
        self.query_one(FormBody).reveal_kept()  # type: ignore[attr-defined]

    _fight_view_focus: tuple[Widget, Widget | None] | None = None
    """As the fight view took focus from a field it hides: that field, and the round input it
    focused instead (``None`` there: the Odds step's; ``None``: it took none)."""

    def toggle_fight_view(self) -> None:
        """F10: show only the strip, the round inputs and the Odds step (issue 42: at 80×24
        the whole round on one screen), or the whole form again with the focus kept.

        Entering it from a field it hides focuses the first round input (with none, the
        Odds step's first input); leaving it with focus still there focuses that field
        again. The field focused is shown.
        """
        self.build_all()  # the Odds step, below the rows built so far
        focused = self.screen.focused  # type: ignore[attr-defined]
        body = self.query_one(FormBody)  # type: ignore[attr-defined]
        fight_view = self.toggle_class("-fight-view").has_class("-fight-view")  # type: ignore
        for row in self.query(InputRow):  # type: ignore[attr-defined]
            row.restyle()  # its help beside it hidden or shown (``InputRow.brief``)
        if fight_view:
            self._fight_view_focus = None
            row = body.row_of(focused)
            if row is not None and (row.has_class("-sheet-only") or isinstance(row, ValueRow)):
                names = [n for n in self.round_moved_order() if n in self._rows]
                editor = input_editor(self._rows[names[0]]) if names else None
                if editor is not None:
                    self._fight_view_focus = (focused, editor)
                    self.screen.set_focus(editor, scroll_visible=False)  # type: ignore
                elif not names:  # Rise: no round row; the Odds step's, once built
                    self._fight_view_focus = (focused, None)
                    self.action_odds()
                    return
            body.scroll_home(animate=False)
            # once the rule panel is hidden and the rows laid out anew: the top again, if the
            # focused row is in view there (Shadowrun, F10 from Attack dice at 80×24: the
            # body, taller now, kept the focused row centred, the round heading above it)
            poll_until(self, lambda: self._laid_out_as_fight_view(body.row_of(
                self.screen.focused)), self._fight_view_top,  # type: ignore[attr-defined]
                refreshes=1 + RESUME_TRIES, otherwise=self._fight_view_top)
            return
        given, self._fight_view_focus = self._fight_view_focus, None
        odds = self._odds_row()
        if given is not None and focused is (given[1] or (odds and input_editor(odds))) \
                and given[0].is_attached and given[0].focusable:
            self.screen.set_focus(given[0], scroll_visible=False)  # type: ignore
        body.reveal_focused_soon()

    def _fight_view_top(self) -> bool:
        """The fight view's top, if the focused row is in view there; whether it was."""
        body = self.query_one(FormBody)  # type: ignore[attr-defined]
        row = body.row_of(self.screen.focused)  # type: ignore[attr-defined]
        if self.has_class("-fight-view") and (  # type: ignore[attr-defined]
                row is None or row.virtual_region.bottom <= body.size.height):
            body.scroll_home(animate=False, immediate=True)
            return True
        return False

    def round_moved_order(self) -> list[str]:
        """The round inputs shown in the round group, in order."""
        loop = self.ruleset.fight_loop
        return [n for n in (loop.round_inputs if loop else ()) if n in self.round_moved]

    def action_odds(self) -> None:
        """Ctrl+G: focus the Odds step's first attacker input (building the rows down to it).
        The keys typed next wait until it has focus: "Ctrl+G 8" at once had the 8 go to the
        field focused before (Shadowrun: refused on Aware; GemStone: typed into a rank)."""
        self.build_all_then(self._odds_editor_made, self._focus_odds)

    def build_all_then(self, ready: Callable[[], bool], then: Callable[[], None]) -> None:
        """Build every row, holding the keys typed meanwhile, and call ``then`` once
        ``ready()`` holds (looked at after each refresh, within a bound: a loaded machine's
        mount spans a few). ``then`` gives the focus and releases the keys; at the bound they
        go on to the field focused (:meth:`_focus_shown_and_release`). Ctrl+G and F4 reach
        a row below those built this way."""
        self.build_all()
        self._hold_keys()
        poll_until(self, ready, then,
                   refreshes=1 + RESUME_TRIES, otherwise=self._focus_shown_and_release)

    def _focus_shown_and_release(self) -> None:
        """The bound passed before ``ready``: the keys go on to the field focused, or, if
        none is (F10 hid it and Textual let go of it: on Rise the fight view hides Level), to
        the first field the form shows, so nothing typed next is dropped unseen."""
        chain = self.screen.focus_chain  # type: ignore[attr-defined]
        if self.screen.focused not in chain:  # type: ignore[attr-defined]
            shown = next((widget for widget in chain if self in widget.ancestors), None)
            if shown is not None:
                self.screen.set_focus(shown)  # type: ignore[attr-defined]
        self.release_keys_after_refresh()

    def _odds_row(self) -> Widget | None:
        groups = [g.inputs for g in self.ruleset.step_groups() if g.step == ODDS_STEP]
        return self._rows.get(groups[0][0]) if groups and groups[0] else None

    def _odds_editor_made(self) -> bool:
        """Whether the Odds step's first row has its editor (a row just built gets it with
        the next refresh), or there is no such row to wait for."""
        row = self._odds_row()
        return row is None or not isinstance(row, InputRow) or bool(row.children)

    def _focus_odds(self) -> None:
        row = self._odds_row()
        if isinstance(row, InputRow) and row.children:
            self.screen.set_focus(row.editor, scroll_visible=False)  # type: ignore
            if self.has_class("-fight-view"):  # type: ignore[attr-defined]
                poll_until(self, lambda: self._laid_out_as_fight_view(row),
                           self._show_odds_in_fight_view, refreshes=1 + RESUME_TRIES)
            else:
                (self._odds_heading or row).scroll_visible(top=True, animate=False)
        self.release_keys_after_refresh()

    def _laid_out_as_fight_view(self, row: Widget | None) -> bool:
        """Whether ``row`` (if any) has its fight-view place: laid out, and the rows the view
        hides gone from the layout (on Rise the Odds row kept its place in the whole form
        until then, and a choice made on it scrolled to the form's end, as CI once found)."""
        body = self.query_one(FormBody)  # type: ignore[attr-defined]
        hidden = (child for child in body.children if child.has_class("-sheet-only"))
        return (row is None or bool(row.virtual_region.height)) and all(
            not child.virtual_region.height for child in hidden)

    def _show_odds_in_fight_view(self) -> None:
        """The fight view's top when the Odds step's first input, focused, is in view there
        (F10 from Rise's Level with an Accuracy entered put the Odds heading at the top, as
        Ctrl+G does, and the round heading went above the view); else the Odds heading at
        the top (a terminal too short for both)."""
        row = self._odds_row()
        if not self._fight_view_top() and row is not None:
            (self._odds_heading or row).scroll_visible(top=True, animate=False)

    def release_keys_after_refresh(self) -> None:
        """Let the keys held go on to the field focused now, once the rows just built are
        laid out: Textual orders Tab by place on screen, and a row not laid out yet sorts
        first (on Vampire at 80×24, Tabs typed at start went from the first field's step up
        into the round group, now and then); only the keys held now: a later hold is for the
        next tab (``KeyGate.release_keys``)."""
        release = getattr(self.app, "release_keys", None)  # type: ignore[attr-defined]
        if release is not None:
            self.call_after_refresh(release, self.app.holds)  # type: ignore[attr-defined]

    def _resume_again(self, name: str, tries: int) -> None:
        """Try :meth:`resume_focus` again for the row ``name``, unless it is no longer the one
        to resume (another call focused it). A tab shown again is resumed twice (as it is
        shown, and once its rows are built): in a burst (Ctrl+PageDown, Ctrl+PageUp, 5) the
        second call focused the row, then the first one's retry, finding nothing remembered,
        focused the first field, and the 5 went there (1 run in 6)."""
        if self._resume_name == name:
            self.resume_focus(None, tries)

    def _build_to_first_field_then_focus(self, tries: int) -> None:
        """Build the rows down to the first field, then focus it once its editor is mounted
        (with none to wait for, the keys held are released at once)."""
        built = self._build_to_first_field() if self.display else False
        self.after_refresh_holding_keys(
            lambda: self.resume_focus(self.screen.focused, tries - 1 if built else 0))  # type: ignore

    def after_refresh_holding_keys(self, callback: Callable[..., None], *args: Any) -> None:
        """Call ``callback`` after the next refresh, holding the keys read meanwhile; the
        focus it gives releases them (``KeyGate``). At start nothing has focus until the
        first field is built: on Vampire at 80×24 (its first field below the first view)
        fourteen Tabs typed as the program started moved focus through the round group
        first, then focus jumped to the first field, and half of them were lost."""
        self._hold_keys()
        self.call_after_refresh(callback, *args)  # type: ignore[attr-defined]

    def _hold_keys(self) -> None:
        """Hold the keys read from now on, until the focus given releases them (the app's
        ``KeyGate``; bounded there)."""
        hold = getattr(self.app, "hold_keys", None)  # type: ignore[attr-defined]
        if hold is not None:
            hold()

    def _first_field(self) -> InputRow | None:
        """The row of the first field, if built: the first round input (the one a player
        changes every round, on the first screen), or on a tab without one the character's
        first input (the row marked ``-first-field`` as the form makes its rows)."""
        return next((row for row in self._rows.values() if isinstance(row, InputRow)
                     and row.has_class("-first-field")), None)

    def first_editor(self) -> Widget | None:
        """The editor of the first field (where a new sheet starts), once its row is mounted
        with it; ``None`` before."""
        row = self._first_field()
        if row is not None and row.is_mounted and row.children:  # its editor, once composed
            return row.editor
        return None

    def _build_to_first_field(self) -> bool:
        """Build rows down to the first field; False when there is none to wait for."""
        return self.build_rows_until(lambda: self._first_field() is not None)

    def build_rows_until(self, found: Callable[[], bool]) -> bool:
        """Build the next views' rows until ``found()``; False when it never is.

        Rows register in ``_rows`` as they are made; while a hidden tab's old rows are still
        being removed, new ones are made only once they are gone (``FormBody.build_more``),
        so with none registered yet this stops rather than ask again and again.
        """
        body = self.query_one(FormBody)  # type: ignore[attr-defined]
        lines = first_view(self.screen)[0]  # type: ignore[attr-defined]
        while not found():
            if not self._rows or body.build_more(lines) is None:
                return False  # every row is built, or none can be yet
        return True
