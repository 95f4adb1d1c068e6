"""Copying to the player's own clipboard from a session on a remote server: OSC 52.

The app runs over SSH, so the only clipboard it can reach is the terminal's: the OSC 52 escape
sequence (``ESC ] 52 ; c ; <base64> BEL``) asks the terminal to put the text there. A
multiplexer in between keeps escape sequences to itself unless they are wrapped for it:

* tmux (``$TMUX`` set): the sequence inside a DCS ``tmux;`` passthrough, each ESC doubled; tmux
  forwards it when ``allow-passthrough`` is on. The plain sequence is sent too, for a tmux
  with ``set-clipboard on``, which takes OSC 52 from programs itself. A terminal that gets both
  sets the same text twice.
* GNU screen (``$STY`` set, or ``$TERM`` starting with ``screen`` outside tmux): the sequence in
  DCS strings that screen passes on; screen holds at most 768 bytes per string, so it is cut
  into pieces of 764 (room for the 4 bytes of the wrapper).

Whether the text got anywhere is not known here: ``tmux_clipboard`` asks tmux, and the toast
says "Copied" only where it can know.

Headless: the sequence is built from text and the environment alone, so it is tested without
a terminal; the app writes it through its driver.
"""

from __future__ import annotations

import base64
from typing import Mapping

SCREEN_CHUNK = 764
"""Bytes of the sequence per DCS string for GNU screen (its limit, 768, less the wrapper)."""


def osc52(text: str) -> str:
    """The plain OSC 52 sequence that sets the clipboard to ``text`` (UTF-8, base64)."""
    return "\x1b]52;c;" + base64.b64encode(text.encode("utf-8")).decode("ascii") + "\a"


def multiplexer(environ: Mapping[str, str]) -> str | None:
    """``"tmux"``, ``"screen"`` or ``None``, from the environment the app runs in."""
    if environ.get("TMUX"):
        return "tmux"
    if environ.get("STY") or environ.get("TERM", "").startswith("screen"):
        return "screen"
    return None


def for_terminal(text: str, environ: Mapping[str, str]) -> str:
    """The bytes (as a str) to write so that ``text`` reaches the clipboard through tmux or
    screen when the environment says one is in between."""
    sequence = osc52(text)
    kind = multiplexer(environ)
    if kind == "tmux":
        return sequence + "\x1bPtmux;" + sequence.replace("\x1b", "\x1b\x1b") + "\x1b\\"
    if kind == "screen":
        return "".join("\x1bP" + sequence[i:i + SCREEN_CHUNK] + "\x1b\\"
                       for i in range(0, len(sequence), SCREEN_CHUNK))
    return sequence

