"""Where a key handed to a widget is on its way back to the app.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message


def key_stopped(message: Message) -> bool:
    """Whether a handler stopped ``message`` bubbling up (it goes no further up the DOM).

    Buys: the app's ``KeyGate`` knows a key it handed to a widget is finished with when a
    widget stopped it (a character typed into a field), as well as when it comes back to the
    app, so the next key of a burst goes where focus is once that key's work is done.
    Relies on: ``Message._stop_propagation``, set by ``Message.stop()`` and read by
    ``MessagePump._on_message`` before it bubbles a message to the parent; and a screen
    stopping a message whose sender is its parent (the app) as it bubbles it there.
    """
    return message._stop_propagation


def mark_keys_typed_after_escape() -> list[tuple[Any, str, Any]]:
    """Have the terminal driver mark each key it reads as Escape and one more key together,
    with the keys that one key is alone (``after_escape``), so the app can split them: what to
    change for that (the driver module's parser class), applied while an app runs
    (``process_wide``), from before the driver reads the terminal.

    Buys: Escape typed and then a key at once over SSH arrives in one read, which the parser
    reads as Alt+key or drops the Escape from: "Esc 5" became ``∞`` (macOS's Option+5),
    "Esc Enter" plain Enter, "Esc Tab" Shift+Tab; a dialog closed by Escape stayed open and
    the key went to it. Where Escape has something to close, the app's ``KeyGate`` hands on
    Escape and then the key, as the same keys typed slowly.
    Also buys: an Escape that is not lost when the next Escape comes within the escape delay
    (100 ms). "Esc Enter" matches no sequence, so the parser waits for more; an Escape then
    (a lone one typed 50 ms later) made it give up with the first Escape read as ``^`` and
    the Enter as a plain Enter: on Vampire's open Maneuver list the Enter chose the option
    under the cursor (parry) and the lone Escape found the list closed. Cut short so, the key
    after the Escape is marked as when the delay runs out (Escape, then that key).
    Relies on: ``textual.drivers.linux_driver`` making its ``XTermParser`` by that module
    global in its input thread; ``XTermParser._sequence_to_key_events(sequence, alt)``
    called with the whole sequence after an Escape ("\\x1b5"), or with the one character and
    ``alt=True`` when none matched before the escape delay ran out; and, when an Escape cut
    the wait short (``reissue_sequence_as_keys(sequence, process_alt=False)``), with each
    character alone and ``alt=False``: the Escape first (its key made ``^`` there; never
    asked alone otherwise), then the characters after it.
    """
    from textual._xterm_parser import XTermParser
    from textual.drivers import linux_driver

    class EscapeMarkingParser(XTermParser):
        escape_cut_short = False
        """An Escape whose wait for the rest of its sequence the next Escape cut short was
        just asked for alone: the next character asked for is the key typed after it."""

        def _sequence_to_key_events(self, sequence: str, alt: bool = False):  # type: ignore
            if sequence == "\x1b" and not alt:  # cut short: no key (it would be ``^``)
                self.escape_cut_short = True
                return
            if self.escape_cut_short:  # the key after it: as when the delay runs out
                self.escape_cut_short, alt = False, True
            keys = list(super()._sequence_to_key_events(sequence, alt))
            if len(sequence) == 2 and sequence[0] == "\x1b" and sequence[1] != "\x1b":
                typed = sequence[1]
            else:
                typed = sequence if alt and len(sequence) == 1 else ""
            if keys and typed:
                alone = list(super()._sequence_to_key_events(typed))
                for key in keys:
                    key.after_escape = alone  # type: ignore[attr-defined]
            yield from keys

    return [(linux_driver, "XTermParser", EscapeMarkingParser)]


def key_names_from_tables() -> list[tuple[Any, str, Any]]:
    """Have Textual read a key's character, and name a typed character's key, from the app's
    tables (``keys.NAMED_KEYS``, ``keys.CHARACTER_KEYS``) instead of Unicode's name database:
    what to change (two module globals), applied while an app runs (``process_wide``). A
    key or character the tables lack is still asked of Textual's own function.

    Buys: 0.7 MiB of memory in every session, more in one that types a space, a minus sign
    or Alt+digit. Each name looked up read pages of the ``unicodedata`` module's tables, and
    the kernel maps 64 KB around each: pages no other process shares. A screen asks the
    character of every named key bound above the focused field (``tab``, ``f5``,
    ``question_mark``, …) as it builds its binding chain, and the terminal parser asks the
    key name of every character it reads that is not a letter or digit. USS after the bench's
    tour at 80×24 (``ab.py --tour --rounds 2``): 32.59 / 32.75 MiB with it, 33.40 / 33.41
    without (1.40×: the target fails). It needs the key bar's share, ``keys.key_display``
    (public API), to be whole: either one alone leaves the module's pages as they were. The
    module's resident pages after a session that types and uses Alt+3: 904 → 100 KB, what
    importing it maps (``tests/terminal/test_unicode_names_pty.py``).
    Relies on: ``Screen._binding_chain`` calling ``textual.screen``'s module global
    ``key_to_character``, and ``XTermParser`` calling ``textual._xterm_parser``'s module
    global ``_character_to_key`` (both imported from ``textual.keys``); and the tables
    answering as Textual's functions do (``tests/ui/test_key_table.py``).
    """
    from textual import _xterm_parser, screen

    from worksheet.ui.keys import CHARACTER_KEYS, key_character

    textuals = _xterm_parser._character_to_key

    def character_to_key(character: str) -> str:
        return CHARACTER_KEYS.get(character) or textuals(character)

    return [(screen, "key_to_character", key_character),
            (_xterm_parser, "_character_to_key", character_to_key)]
