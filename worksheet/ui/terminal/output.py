"""Fewer bytes for the same screen: the terminal output of a frame with its colour changes
written once.

Textual writes every segment of a line as ``ESC[<style>m text ESC[0m`` — the whole style again
after a reset, even when the next segment has the same style or differs only in its colour.
Over SSH those bytes cross the network on every frame: at 80×24 a full paint of a sheet was
about 19 KB, 9 KB of it colour codes for 7 KB of text. :func:`compact` rewrites a frame so that
the terminal ends up showing exactly the same cells:

- a style is written only where text needs it, as the change from the style the terminal has
  (``ESC[39m`` instead of a reset and the whole style again), or from a reset when that is
  shorter;
- blank text keeps the style the terminal has when only the background shows on a space (no
  underline, reverse, strike or overline), so a padded field is one run, not three;
- a newline right before a cursor move (Textual places each line with a move) is left out;
- everything else (cursor moves, modes, text) is written as it came, in order; before any
  control whose effect could depend on the style (an erase, a newline, an unknown sequence)
  the style Textual meant is written first, and a frame ends in the style Textual left.

It knows nothing of Textual: ``textual_internals.compact_output`` hands it each write.
"""

from __future__ import annotations

import re

State = tuple[frozenset[int], str | None, str | None]
"""The style a terminal draws text in: the attribute codes on (1 bold, 3 italic, 7 reverse…),
the foreground and the background as their SGR codes (``None``: the terminal's default)."""

DEFAULT: State = (frozenset(), None, None)

ATTRIBUTES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 51, 52, 53}
"""SGR attribute codes understood (another code makes the style unknown: written as it came)."""
OFF = {1: 22, 2: 22, 3: 23, 4: 24, 21: 24, 5: 25, 6: 25, 7: 27, 8: 28, 9: 29, 51: 54, 52: 54,
       53: 55}
"""The code that turns each attribute off (22 turns off bold and dim alike)."""
SHOWN_ON_SPACE = {4, 7, 9, 21, 51, 52, 53}
"""Attributes that draw something on a space (underline, reverse, strike, frames, overline)."""

_TOKEN = re.compile(r"\x1b\[([0-9;]*)m|(\x1b\[[0-?]*[ -/]*[@-~]|\n)|([^\x1b\n]+)|(\x1b)")
"""An SGR (its parameters), another control sequence or a newline, text, or any other escape
(then the write is left as it is: it may save the style with the cursor, ``ESC 7``)."""
_NEUTRAL = re.compile(r"\x1b\[(?:[0-9;]*[HABCDf]|\?(?:25|2026)[hl])|\r")
"""Controls whose effect never depends on the style: cursor moves, showing the cursor,
synchronized-output brackets."""
_MOVE_TO = re.compile(r"\x1b\[[0-9;]*[Hf]")
_SGR = re.compile(r"\x1b\[[0-9;:]*m")


def apply(state: State | None, params: str) -> State | None:
    """The style after ``ESC[<params>m`` on ``state``; ``None`` when unknown."""
    codes = params.split(";") if params else ["0"]
    attributes, fg, bg = state if state is not None else (None, None, None)
    index = 0
    while index < len(codes):
        code = int(codes[index]) if codes[index].isdigit() else -1
        if code == 0:
            attributes, fg, bg = frozenset(), None, None
            index += 1
            continue
        if attributes is None:  # a change on a style not known: still not known
            return None
        if code in ATTRIBUTES:
            attributes = attributes | {code}
        elif code in (22, 23, 24, 25, 27, 28, 29, 54, 55):
            attributes = frozenset(a for a in attributes if OFF[a] != code)
        elif 30 <= code <= 37 or 90 <= code <= 97:
            fg = codes[index]
        elif 40 <= code <= 47 or 100 <= code <= 107:
            bg = codes[index]
        elif code in (39, 49):
            fg, bg = (None, bg) if code == 39 else (fg, None)
        elif code in (38, 48) and index + 1 < len(codes) and codes[index + 1] in ("5", "2"):
            size = 3 if codes[index + 1] == "5" else 5
            if index + size > len(codes):
                return None
            colour = ";".join(codes[index:index + size])
            fg, bg = (colour, bg) if code == 38 else (fg, colour)
            index += size
            continue
        else:
            return None
        index += 1
    if attributes is None:
        return None
    return attributes, fg, bg


def _whole(state: State) -> list[str]:
    attributes, fg, bg = state
    return ["0", *map(str, sorted(attributes)), *(c for c in (fg, bg) if c)]


def _change(old: State, new: State) -> list[str]:
    codes: list[str] = []
    kept = set(old[0] & new[0])
    for attribute in sorted(old[0] - new[0]):
        off = str(OFF[attribute])
        if off not in codes:
            codes.append(off)
        # the same code turns off a sibling the new style keeps (bold and dim): on again
        kept -= {a for a in kept if OFF[a] == OFF[attribute]}
    codes += [str(a) for a in sorted(new[0] - kept)]
    if old[1] != new[1]:
        codes.append(new[1] or "39")
    if old[2] != new[2]:
        codes.append(new[2] or "49")
    return codes


def transition(old: State | None, new: State) -> str:
    """The shortest SGR that takes the terminal from ``old`` (``None``: unknown) to ``new``."""
    if old == new:
        return ""
    whole = _whole(new)
    if old is not None:
        change = _change(old, new)
        if len(";".join(change)) < len(";".join(whole)):
            whole = change
    return f"\x1b[{';'.join(whole)}m"


def blank_fits(shown: State | None, wanted: State) -> bool:
    """Whether spaces drawn in ``shown`` look like spaces drawn in ``wanted`` (only the
    background shows on a space, unless an attribute draws on it)."""
    if shown is None:
        return False
    if (shown[0] | wanted[0]) & SHOWN_ON_SPACE:
        return shown == wanted
    return shown[2] == wanted[2]


def compact(data: str, shown: State | None = None) -> str:
    """``data`` (one write to the terminal) with the same effect in fewer bytes, the terminal's
    style before it being ``shown`` (``None``: not known)."""
    return _compact(data, shown)[0]


class Compactor:
    """Compacts one terminal's writes in turn, knowing the style each left the terminal in
    (Textual starts a write's first segment without a reset: it left the last one reset)."""

    def __init__(self) -> None:
        self.shown: State | None = None

    def __call__(self, data: str) -> str:
        out, self.shown = _compact(data, self.shown)
        return out


def _compact(data: str, shown: State | None) -> tuple[str, State | None]:
    """The compacted ``data`` and the style it leaves the terminal in."""
    if "\x1b[" not in data:
        return data, shown
    out: list[str] = []
    wanted = shown  # the style Textual asked for; ``shown``: the terminal's
    for match in _TOKEN.finditer(data):
        params, control, text, other = match.groups()
        if other is not None:  # an OSC (a clipboard copy, a link), ESC 7, a passthrough…
            keeps = not _SGR.search(data) and "\x1b8" not in data  # the style is untouched
            return data, shown if keeps else None
        if params is not None:
            wanted = apply(wanted, params)
            if wanted is None:  # not understood: written as it came
                out.append(match.group(0))
                shown = None
        elif control is not None:
            if control == "\n" and _MOVE_TO.match(data, match.end()):
                continue  # Textual places every line with a cursor move: the newline is moot
            if wanted is not None and not _NEUTRAL.fullmatch(control):
                out.append(transition(shown, wanted))
                shown = wanted
            out.append(control)
        elif wanted is not None and not (text.strip(" ") == "" and blank_fits(shown, wanted)):
            out.append(transition(shown, wanted))
            shown = wanted
            out.append(text)
        else:
            out.append(text)
    if wanted is not None and shown != wanted:
        out.append(transition(shown, wanted))
        shown = wanted
    return "".join(out), shown if wanted is not None else None
