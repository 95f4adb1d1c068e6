"""Where focus goes in a form: its first field on a new sheet, the field left on a tab shown
again.

A player in a fight looks at another tab and comes back to go on typing. Focus used to go to
the tab's first field, so the number typed next changed that field (Dodge ranks) instead of
the one the player had left.
"""

from __future__ import annotations

from typing import Iterable

from textual.widget import Widget

from .form_body import input_editor
from .widgets import InputRow

RESUME_TRIES = 5
"""Refreshes a tab shown again waits at most for the row to focus to be built."""


class FocusTargets:
    """Form mixin: the widgets a form gives focus to (see the module).

    The form sets ``_rows`` (its built rows by input or node name), ``_focused_name`` (the
    row the rule panel explains: the one focused last) and ``round_moved``.
    """

    _rows: dict[str, Widget]
    _focused_name: str | None
    round_moved: Iterable[str]

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
            self.call_after_refresh(self.resume_focus, None, tries - 1)  # type: ignore
            return
        elif focused is None or self not in focused.ancestors:  # type: ignore[operator]
            self._resume_name = None
            editor = self.first_editor()
            if editor is not None:
                self.screen.set_focus(editor)  # type: ignore[attr-defined]
        release = getattr(self.app, "release_keys", None)  # type: ignore[attr-defined]
        if release is not None:  # keys typed meanwhile go to the field focused now (its
            release()  # focus event is queued before them)

    def first_editor(self) -> Widget | None:
        """The first focusable editor of the form below the round group (the character's
        first input: where a new sheet starts)."""
        return next((row.editor for row in self._rows.values() if isinstance(row, InputRow)
                     and row.is_mounted and len(row.children) > 1
                     and row.spec.name not in self.round_moved), None)
