"""The player's messages: every message the app shows, and the status line's words, in one place.

The app shows one message at a time, on the message line (``widgets.message_line``, placed by
``app.one_message``); a message is still called a toast here, after Textual's ``notify``,
which every one goes through. A toast's words, title, severity (an error reads ``✗``, a
warning ``!``) and how long it stays are one :class:`Toast`, made here and
shown where it happens (``toast.show(self.notify)``), so rewording a message is an edit to this
module alone and a test that reads a toast finds its words here. A problem with an input is
worded by :meth:`~worksheet.ui.speaker.Speaker.problem` from the engine's fields; the toasts
that repeat one take those words, or the fault itself.

Plain data and strings: no Textual, so every UI layer may import it.
"""

from __future__ import annotations

from typing import Callable, Iterable, Literal, NamedTuple

from worksheet.engine import Fault, Record
from worksheet.ui.speaker import Speaker

Severity = Literal["information", "warning", "error"]


class Toast(NamedTuple):
    """One message: what ``notify`` is given."""

    message: str
    title: str = ""
    severity: Severity = "information"
    timeout: float | None = None
    """Seconds it stays (``None``: Textual's default)."""

    def show(self, notify: Callable[..., None]) -> None:
        """Show it with ``notify``: the app's, a widget's or the controllers' host's."""
        notify(self.message, title=self.title, severity=self.severity, timeout=self.timeout)


# -- undo, redo, reset (the app) ----------------------------------------------------------
NOTHING_TO_UNDO = Toast("Nothing to undo in this tab.", timeout=2)
NOTHING_TO_REDO = Toast("Nothing to redo in this tab.", timeout=2)
TAB_RESET = Toast("This tab is back to its defaults (Ctrl+Z undoes).", timeout=3)
"""Said of the tab shown, not of the Tab key."""


# -- presets ------------------------------------------------------------------------------
NOT_SAVED = "Not saved"
"""The title of every toast that says a save did not happen."""


def loaded(name: str, kept: str = "") -> Toast:
    """A preset was loaded on its tab; ``kept`` says what a partial load left as it was."""
    return Toast(f"Loaded {name}{'; ' + kept if kept else ''} (Ctrl+Z returns to the edits "
                 "before).", timeout=3)


def fix_first(problems: Iterable[str]) -> Toast:
    """A save refused because inputs are in error (each problem in the player's words)."""
    return Toast("Fix these first: " + "; ".join(problems), title=NOT_SAVED,
                 severity="error", timeout=6)


def no_place_to_save(error: str) -> Toast:
    """A save refused before writing: no such folder, or a name that cannot be a file."""
    return Toast(error, title=NOT_SAVED, severity="error")


def save_failed(error: str) -> Toast:
    """Writing the preset failed (the disk, the folder's permissions, a held lock)."""
    return Toast(error, title=NOT_SAVED, severity="error", timeout=8)


def party_refused(error: object) -> Toast:
    """The preset chosen on the party screen could not be read now (changed, gone, a link):
    the file's own message, escaped and bounded by ``PresetError``."""
    return Toast(f"Not opened: {error}", title="Party", severity="error", timeout=8)


def saved(name: str, path: object) -> Toast:
    """A preset was written."""
    return Toast(f"Saved {name} to {path}", timeout=4)


# -- quitting -----------------------------------------------------------------------------
def quit_question(titles: Iterable[str]) -> tuple[str, str]:
    """The question Ctrl+Q asks when tabs have unsaved edits, and what to know to answer."""
    titles = list(titles)
    each = "this tab" if len(titles) == 1 else "each tab, one at a time,"
    return ("Quit with unsaved edits?",
            f"Not saved: {', '.join(titles)}. Save and quit saves {each} as a preset "
            "first; Esc cancels.")


def not_quit(title: str) -> Toast:
    """Save and quit ended without a save (cancelled, or refused): the app stays."""
    return Toast(f"Not quit: {title} was not saved.", severity="warning", timeout=6)


# -- recovery of unsaved edits ------------------------------------------------------------
def cannot_keep_edits(error: object) -> Toast:
    """The recovery file could not be written: the edits would be lost in a crash."""
    return Toast(f"Cannot keep unsaved edits for recovery: {error}", severity="warning")


def restore_problem(*problems: str) -> Toast:
    """Entries of a restored tab left out (their words from ``form.entries``), in one
    message: the message line shows one at a time."""
    return Toast("; ".join(problems), severity="warning", timeout=8)


NOT_RESTORED_NOW = Toast("Not restored now: the next start offers these edits again.",
                         timeout=8)

UNREADABLE = "cannot be read"
"""Why a recovered tab is set aside: the file's part for it does not read."""


def not_restorable(error: Exception) -> str:
    """Why a recovered tab is set aside: restoring it failed."""
    return f"could not be restored ({type(error).__name__}: {error})"


def set_aside(names: Iterable[str], why: str, where: object | None) -> Toast:
    """Recovered edits that cannot be restored, kept aside in a file (``where``: ``None``
    when even that failed)."""
    kept = f"they are kept in {where}" if where else "they could not be kept either"
    return Toast(f"Unsaved edits of {', '.join(names) or 'a tab'} {why}; {kept}.",
                 severity="error", timeout=30)


# -- the fight round and the steppers -----------------------------------------------------
# Each takes the form's speaker: the player reads the labels the form shows, never the inputs'
# names (those belong to ``calc --format json``).
def action_refused(action: str, fault: Fault, speaker: Speaker) -> Toast:
    """"Attacked again" or "my action" would cross a bound: nothing changed (the input is
    named once, in the words, not again in the title)."""
    return Toast(speaker.problem(fault), title=f"{action}: not done",
                 severity="warning", timeout=6)


def nothing_to_change(action: str) -> Toast:
    """An action that finds every input already as it would set it."""
    return Toast(f"{action}: nothing to change.", timeout=3)


def moved(moves: Iterable[tuple[str, str, str | None]], speaker: Speaker) -> str:
    """What an action or a cycle changed (``Batch.moves``): ``Onslaught 1 → 2; Stunt faces
    cleared``."""
    return "; ".join(f"{speaker.name(name)} cleared" if after is None
                     else f"{speaker.name(name)} {before} → {after}"
                     for name, before, after in moves)


def action_done(action: str, moves: Iterable[tuple[str, str, str | None]], speaker: Speaker,
                result: str) -> Toast:
    """What an action changed, and the result line after it."""
    return Toast(moved(moves, speaker) + f"\n{result}", title=f"{action} (Ctrl+Z undoes)",
                 timeout=4)


def cycled(moves: Iterable[tuple[str, str, str | None]], speaker: Speaker,
           result: str) -> Toast:
    """The cycling input's next choice (GemStone's stance), and the result line after it."""
    return Toast(moved(moves, speaker) + f"\n{result}", timeout=3)


def fix_text_first(fault: Fault, speaker: Speaker) -> Toast:
    """A stepper key on a field whose text is refused."""
    return Toast(f"Fix the text first: {speaker.problem(fault)}",
                 severity="warning", timeout=4)


def step_refused(fault: Fault, speaker: Speaker) -> Toast:
    """A stepper key with no number to step from."""
    return Toast(speaker.problem(fault), severity="warning", timeout=4)


def at_bound(label: str, up: bool, value: str) -> Toast:
    """A stepper key on a field already at the bound it moves toward (``label``: the field's
    label, as the form shows it)."""
    return Toast(f"{label} is at its {'maximum' if up else 'minimum'}, {value}.", timeout=2)


COPIED = {
    "tmux copied": ("Copied{n} through tmux", ""),
    "tmux drops": ("Not copied{n}: tmux drops it",
                   "To copy, type: tmux set -g set-clipboard on"),
    "tmux passes": ("Sent{n} through tmux to your terminal", "if your terminal allows OSC 52"),
    "tmux unknown": ("Sent{n} to tmux, which may drop it",
                     "If not copied, type: tmux set -g set-clipboard on"),
    "screen": ("Sent{n} through screen to your terminal", "if your terminal allows OSC 52"),
    "terminal": ("Sent{n} to your terminal's clipboard", "if your terminal allows OSC 52"),
}
"""A copy's title and note by where it went (``terminal.tmux_clipboard.reach``): "Copied"
only where tmux says it took the text; elsewhere the app cannot see the clipboard, so it
says "Sent", and where tmux drops the copy it says so and what to type."""


def _copied(shown: str, reach: str, lines: str) -> Toast:
    """One copy toast: a dropped copy is a warning that stays long enough to read the fix."""
    title, note = COPIED[reach]  # the note first: cut short, the message keeps what to do
    return Toast((f"{note}\n" if note else "") + shown, title=title.format(n=lines),
                 severity="warning" if reach == "tmux drops" else "information",
                 timeout=10 if reach == "tmux drops" else 4)


def copied_line(line: str, reach: str) -> Toast:
    """The result line copied, or sent, or dropped by tmux (``reach``: a key of
    :data:`COPIED`)."""
    return _copied(line, reach, "")


def copied_block(block: str, reach: str) -> Toast:
    """A derivation block copied: its first line, and how many lines went."""
    return _copied(block.splitlines()[0], reach, f" {block.count(chr(10)) + 1} lines")


# -- record lists and typed text ----------------------------------------------------------
def records_full(title: str, most: int) -> Toast:
    """A record list already holds as many records as it may."""
    return Toast(f"{title}: at most {most} records", severity="warning")


def deleted(record: Record, index: int) -> Toast:
    """A record deleted from its list (named, or by its position)."""
    return Toast(f"Deleted {record.get('name', f'record {index + 1}')} (Ctrl+Z undoes)")


def not_entered(typed: str, where: str) -> Toast:
    """Keys typed where no text is entered (``where``: what the field is, and what to do)."""
    return Toast(f"Not entered: “{typed}”. {where}; Ctrl+Down goes to the next input.",
                 severity="warning", timeout=4)


# -- what-if, sweep and the baseline (controllers/variants.py) ------------------------------
PINNED_NOW = Toast("Pinned: every value shows its difference from now (Ctrl+B unpins).",
                   timeout=4)
UNPINNED = Toast("Baseline unpinned: values show what the last edit changed.", timeout=4)
NOTHING_TO_SWEEP = Toast("Sweep: focus a number with a value, a switch or a choice first.",
                         severity="warning", timeout=4)


def pinned(name: str) -> Toast:
    """A saved preset pinned as the baseline (the in-app compare)."""
    return Toast(f"Pinned {name}: every value shows its difference from it (Ctrl+B unpins).",
                 timeout=4)


def pin_refused(name: str) -> Toast:
    """The preset chosen to pin is of another game than the tab's."""
    return Toast(f"Not pinned: {name} is for another game.", severity="warning", timeout=4)


def step_applied(change: str) -> Toast:
    """A what-if step applied (``Stance → defensive``, with the form's labels)."""
    return Toast(f"{change} (Ctrl+Z undoes)", timeout=4)


def fix_inputs_first(problems: Iterable[str]) -> Toast:
    """What-if or sweep asked for while inputs are refused (each in the player's words)."""
    return Toast("Fix this first: " + "; ".join(problems), severity="warning", timeout=4)


# -- the status line ----------------------------------------------------------------------
STATUS_LINE = {
    "dirty": "● unsaved edits",
    "saved": "saved",
    "refused": "✗ {names}",
    "refused count": "✗ {count} input{s}",
    "preset": "preset: {name}",
    "preset name": "{name}",
    "no preset": "defaults",
    "others": "also unsaved: {names}",
    "others count": "+{count} unsaved tab{s}",
    "others short": "+{count}",
}
"""The status line's words by form, longest first within each part (``form/status_line.py``
tries them from the longest line down until one fits)."""
