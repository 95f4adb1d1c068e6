"""The form that adds or edits one record, generated from the record's field declarations.

Each field is an :class:`~worksheet.ui.widgets.InputRow` validated by its own declaration as
the user types; the whole record is checked by the list's declaration (e.g. "a divide needs a
value greater than 0") when it is saved. Enter or Ctrl+S saves, Escape cancels — after
asking, when a field holds something other than what the editor opened with: a stray Escape
(or one in a burst the connection delivered) must not throw away a record being typed.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from worksheet.engine import REQUIRED, InputError, NamesInput, Record, RecordsInput
from worksheet.ui.keys import Key
from worksheet.ui.speaker import Speaker
from worksheet.ui.widgets.input_row import InputRow
from worksheet.ui.screens.dialog import Body, SaveDialog


class RecordEditor(SaveDialog[Record | None]):
    """Add or edit one record; dismisses with the record, or ``None`` when cancelled.

    Args:
        spec: the record list's declaration.
        record: the record to edit, or ``None`` for a new one.
        index: its position in the list (for messages).
    """

    BINDINGS = [
        Key("escape", "cancel", "Cancel",
            help="record editor: cancel (asks first when a field was typed)"),
        Key("ctrl+s", "save", "Save record", help="record editor: save the record"),
    ]
    AUTO_FOCUS = "InputRow > *"

    def __init__(self, spec: RecordsInput, record: Record | None, index: int):
        super().__init__()
        self.spec = spec
        """The record list's declaration."""
        self.record = record
        """The record being edited (``None`` for a new one)."""
        self.index = index
        """Its position in the list."""
        self._speaker = Speaker(labels={field.name: field.title for field in spec.fields}
                                | {spec.name: spec.title},
                                lists={field.name: field.choices for field in spec.fields
                                       if isinstance(field, NamesInput)})

    def _text(self, field) -> str:
        if self.record is not None:
            return field.to_text(self.record[field.name])
        return "" if field.default is REQUIRED else field.to_text(field.default)

    def _changed(self) -> bool:
        """True when a field holds other text than the editor opened with."""
        return any(row.text != self._text(row.spec) for row in self.query(InputRow))

    def action_cancel(self) -> None:
        """Close without the record; with typed changes, ask first. The question's default
        and its Escape keep editing, so only a deliberate answer discards."""
        if not self._changed():
            self.finish(None)
            return
        from worksheet.ui.screens.confirm import Choose    # the dialogs load when first opened

        def answered(answer: str | None) -> None:
            if answer == "discard":
                self.finish(None)

        what = "new record" if self.record is None else f"record #{self.index + 1}"
        self.app.push_screen(Choose(f"Discard this {what}?",
                                    f"The {what} in {self.spec.title} has fields typed that "
                                    "are not saved. Discarding closes the editor without it; "
                                    "Keep editing goes back to it (Ctrl+S saves).",
                                    [("cancel", "Keep editing"), ("discard", "Discard")]),
                             answered)

    def compose(self) -> ComposeResult:
        verb = "Edit" if self.record is not None else "Add"
        with Vertical(classes="dialog"):
            yield Label(f"{verb} {self.spec.title.lower()} #{self.index + 1}",
                        classes="dialog-title")
            with Body(classes="dialog-body"):
                for field in self.spec.fields:
                    yield InputRow(field, self._text(field))
            yield Static("", classes="dialog-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (Ctrl+S)", variant="primary", id="save")
                yield Button("Cancel (Esc)", id="cancel")

    def _check_field(self, row: InputRow) -> Any:
        """Parse one field; show its problem on the row and return ``None`` if any."""
        text = row.text
        field = row.spec
        if text.strip() == "" and field.default is REQUIRED:
            row.show_error(f"{field.title} is required; allowed: {field.allowed()}")
            raise _Invalid
        try:
            value = field.parse_text(text)
        except InputError as error:
            row.show_error(self._speaker.problem(error.fault))
            raise _Invalid from None
        row.show_error(None)
        return value

    def on_input_row_edited(self, event: InputRow.Edited) -> None:
        event.stop()
        try:
            self._check_field(event.row)
        except _Invalid:
            pass

    def action_save(self) -> None:
        """Check every field and the whole record; dismiss with it when valid."""
        raw: dict[str, Any] = {}
        bad = False
        for row in self.query(InputRow):
            try:
                raw[row.spec.name] = self._check_field(row)
            except _Invalid:
                bad = True
        message = self.query_one(".dialog-message", Static)
        if bad:
            message.update("✗ fix the fields marked ✗")
            return
        try:
            record = self.spec.coerce_record(self.index, raw)
        except InputError as error:
            words = self._speaker.problem(error.fault)
            for row in self.query(InputRow):
                if row.spec.name == error.fault.key:
                    row.show_error(words)
                    row.editor.focus()
            message.update(f"✗ {words}")
            return
        self.finish(record)


class _Invalid(Exception):
    """A field that does not parse (already shown on its row)."""
