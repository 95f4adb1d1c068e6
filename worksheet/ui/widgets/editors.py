"""The editors of an input row, one per kind of input, each reading and writing its text.

A text input (numbers, dice faces) keeps exactly what the player typed: no character is
filtered out as it is typed, because a filter silently turns ``6.5`` into ``65`` and ``1e5000``
into ``15000``. The whole text is parsed by the input's declaration (``parse_text``, the same
parser as ``--set``), which refuses what it cannot read with the same message the command line
gives; the row shows that message. A choice is a select, a yes/no input a switch that says its
state in words, a list of names a list to tick. Each kind of input says which it gets and how
it is made (``widgets.kinds``).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, SelectionList
from textual.widgets.input import Selection

from worksheet.engine import InputError, InputSpec
from worksheet.ui.keys import ALT_DIGITS, key_character
from worksheet.ui.speaker import choice_label
from worksheet.ui.textual_internals import LazySelectList, RepaintWhileTextFits
from worksheet.ui.widgets.ordered_input import OrderedInput
from worksheet.ui.widgets.refuse_typed import RefuseTyped
from worksheet.ui.widgets.shared_styles import SharedComponentStyles
from worksheet.ui.widgets.typed_choice import TypedChoice


ALT_DIGIT_CHARACTERS = "".join(key_character(name) or "" for name in ALT_DIGITS)
"""What Textual reads Alt+1 … Alt+9 as: the characters ``keys.ALT_DIGITS`` names."""


class Editor(SharedComponentStyles, RepaintWhileTextFits, OrderedInput):
    """A text editor that keeps every character typed (see the module docstring).

    Its cursor, selection and placeholder styles are the sheet screen's (``shared_styles``).
    While the text fits the field a keystroke repaints it without a new layout of the screen
    (``textual_internals.RepaintWhileTextFits``).

    What Textual reads Alt+1 … Alt+9 as is left to the app's key bindings, so they still
    switch tabs while a text field has focus (no input's text contains those characters).
    """

    SHARED_COMPONENTS = frozenset(Input.COMPONENT_CLASSES)

    show_start = False
    """Keep the text's start in view when not typed into (a record's name, longer than its
    field): focused, the whole text is selected with the cursor at its start; left, the
    field scrolls back to its start. Textual's Input shows the end in both cases (issue 42:
    after Tab the record editor's name read ``r the hills``)."""

    def _on_focus(self, event: events.Focus) -> None:
        if self.show_start and not event.from_app_focus:  # Input's own runs next, and
            # selects nothing (``select_on_focus`` is off for these): typing replaces all
            self.selection = Selection(len(self.value), 0)

    def _on_blur(self, event: events.Blur) -> None:
        if self.show_start:
            self.selection = Selection.cursor(0)  # scrolls to the cursor: the start

    def text(self, spec: InputSpec) -> str:
        """The entry, exactly as typed."""
        return self.value

    def set_text(self, spec: InputSpec, text: str) -> None:
        """Show ``text`` (the caller prevents the change messages)."""
        if self.value != text:
            self.value = text
            # A selection made for the old text would cover part of the new one (a restore
            # over "0" left "7" of "73" selected, and typing 1 made 13): select the whole new
            # text while focused, as focusing does, else put the cursor at its end.
            self.selection = (Selection(0, len(text)) if self.has_focus and self.select_on_focus
                              else Selection.cursor(len(text)))

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if character is not None and character in ALT_DIGIT_CHARACTERS:
            return False
        return super().check_consume_key(key, character)

    def action_end(self, select: bool = False) -> None:
        """End (or Ctrl+E) after Tab's select-all puts the cursor after the text, unselected,
        so the next key appends instead of replacing (Textual keeps the selection)."""
        if select:
            super().action_end(select)
        else:
            self.selection = Selection.cursor(len(self.value))

    def action_home(self, select: bool = False) -> None:
        """Home (or Ctrl+A) clears a select-all the same way."""
        if select:
            super().action_home(select)
        else:
            self.selection = Selection.cursor(0)


class ChoiceEditor(TypedChoice, LazySelectList):
    """A select whose drop-down list is built the first time it opens; typing on the closed
    field chooses the first option whose label starts with what was typed (``typed_choice``).

    Textual's ``Select`` builds its list (an ``OptionList`` with five styled parts) up front;
    a sheet has several selects and most are never opened in a session, so the list waits
    (``textual_internals.LazySelectList``).
    """

    def __init__(self, options: list[tuple[str, Any]], **kwargs: Any):
        super().__init__(options, **kwargs)
        self.set_names(options)

    def refused_where(self) -> str:
        labels = ", ".join(label for label, _ in self._names)
        return (f"{_title(self)} is one of {labels}: type the start of one, or Enter opens "
                "the list")

    def takes_typed_names(self) -> bool:
        return self.has_focus and not self.expanded  # the open list searches by itself

    def text(self, spec: InputSpec) -> str:
        """The entry: the chosen value as the declaration writes it."""
        return spec.to_text(self.value)

    def set_text(self, spec: InputSpec, text: str) -> None:
        """Choose the value ``text`` names (text that names none leaves the choice)."""
        value = parsed_entry(spec, text)
        if value is not None and self.value != value:
            self.value = value


class NamesEditor(RefuseTyped, SelectionList):
    """A list of names to tick; each says ``✓`` when ticked, so it reads without colour.

    Typed text is refused aloud (:class:`RefuseTyped`); a letter that silently did nothing
    made a player think a name was ticked."""

    def refused_where(self) -> str:
        return f"{_title(self)} is a list to tick: ↑ ↓ move, Space ticks or unticks"

    def action_select(self) -> None:
        """Tick or untick the highlighted name now (Space, Enter, a click).

        Textual's list posts a message and ticks whatever is highlighted when the message is
        handled; in a burst that is after the next keys have moved the highlight, so
        "↓ ↓ Space ↓ ↓ Space" ticked the fifth name twice (nothing) instead of the third and
        the fifth. Ticking here, as the key is handled, keeps each Space on its own name."""
        if self.highlighted is not None:
            self.toggle(self.get_option_at_index(self.highlighted))

    def __init__(self, choices: tuple[str, ...], chosen: set[str], id: str | None = None):
        super().__init__(*[(self.prompt(choice, choice in chosen), choice, choice in chosen)
                           for choice in choices], id=id, compact=True)
        self._choices = choices

    def text(self, spec: InputSpec) -> str:
        """The entry: the ticked names, in the declaration's order, separated by commas."""
        chosen = set(self.selected)
        return ",".join(choice for choice in spec.choices if choice in chosen)

    def set_text(self, spec: InputSpec, text: str) -> None:
        """Tick the names ``text`` lists, and only those."""
        chosen = set(parsed_entry(spec, text) or ())
        for choice in spec.choices:
            if choice in chosen:
                self.select(choice)
            else:
                self.deselect(choice)

    @staticmethod
    def prompt(choice: str, ticked: bool) -> str:
        """A name's line in the list (``kinds.names`` measures the widest)."""
        return ("✓ " if ticked else "  ") + choice_label(choice)

    def on_selection_list_selected_changed(self) -> None:
        chosen = set(self.selected)
        for index, choice in enumerate(self._choices):
            self.replace_option_prompt_at_index(index, self.prompt(choice, choice in chosen))


class YesNo(TypedChoice, Checkbox):
    """A switch for a yes/no input that says its state in words (readable without colour);
    typing ``y`` (yes, true, 1) or ``n`` (no, false, 0) sets it (``typed_choice``), other
    text is refused aloud."""

    TYPED_NAMES = (("yes", True), ("true", True), ("1", True),
                   ("no", False), ("false", False), ("0", False))
    """What typing sets: each name's first key is its own (``on``/``off`` would share ``o``)."""

    @staticmethod
    def label_for(value: bool) -> str:
        """What the switch says beside its button (``kinds.switch`` draws it too)."""
        return "yes" if value else "no"

    def refused_where(self) -> str:
        return (f"{_title(self)} is a yes/no switch: y or n sets it, Space or Enter "
                "switches it")

    def __init__(self, value: bool, id: str | None = None):
        super().__init__(self.label_for(value), value, id=id, compact=True)
        self.set_names(self.TYPED_NAMES)

    def watch_value(self) -> None:
        self.label = self.label_for(self.value)
        super().watch_value()

    def text(self, spec: InputSpec) -> str:
        """The entry: ``true`` or ``false``."""
        return spec.to_text(self.value)

    def set_text(self, spec: InputSpec, text: str) -> None:
        """Switch to what ``text`` says (text that says neither: no)."""
        self.value = bool(parsed_entry(spec, text))


def _title(editor: Widget) -> str:
    """The title of the input an editor edits (its row's), for messages."""
    spec = getattr(editor.parent, "spec", None)
    return spec.title if spec is not None else "This field"


AnyEditor = Editor | ChoiceEditor | YesNo | NamesEditor
"""An input row's editor: each reads and shows the row's entry as text (``text``,
``set_text``), as its declaration parses and writes it."""

EDITOR_MESSAGES = (Input.Changed, Select.Changed, Checkbox.Changed,
                   SelectionList.SelectedChanged)
"""The messages an editor posts when its value changes (prevented on programmatic writes)."""


def parsed_entry(spec: InputSpec, text: str) -> Any:
    """The value ``text`` names for input ``spec``, or ``None`` when the declaration refuses it."""
    try:
        return spec.parse_text(text)
    except InputError:
        return None
