"""The form's part of a pinned baseline: pin one and unpin it (the form's ``marks`` swap over).

The baseline itself (:mod:`~worksheet.ui.form.baseline`, with the engine's
``variant_reading``) is imported at the first pin, within that key's handler: a session that
never pins keeps none of its code (issue 40, memory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from worksheet.engine import Sheet
from worksheet.ui.form.what_changed import ChangeMarks

if TYPE_CHECKING:
    from worksheet.ui.form.baseline import BaselineMarks


class Pinning:
    """SheetForm mixin: pin a baseline and unpin it (the form's ``marks`` swap over)."""

    sheet: Sheet
    ruleset: Any
    marks: Any
    _rows: dict

    @property
    def pinned(self) -> BaselineMarks | None:
        """The pinned baseline, or ``None`` (the marks are "what changed"'s)."""
        return None if isinstance(self.marks, ChangeMarks) else self.marks

    def pin(self, values: Mapping[str, Any], name: str) -> BaselineMarks:
        """Pin ``values`` (engine values of this ruleset's inputs) as the baseline."""
        from worksheet.ui.form.baseline import BaselineMarks

        return self._show_marks(BaselineMarks(self.ruleset, values, self.sheet, name))

    def unpin(self) -> None:
        """Back to "what changed": the marks of the next edit."""
        self._show_marks(ChangeMarks(self.ruleset.rules))

    def _show_marks(self, marks: Any) -> Any:
        from worksheet.ui.widgets import paint_rows

        self.marks = marks
        shown = []
        for name, row in self._rows.items():
            if name in self.ruleset.inputs:
                row.set_class(name in marks.inputs, "-changed")
            elif hasattr(row, "show_change"):
                row.show_change(marks.was(name, self.sheet), paint=False)
                shown.append(row)
        paint_rows(shown)
        return marks
