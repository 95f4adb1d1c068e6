"""The operator's log: one JSON object per line on standard error.

Every value a client chose (the SSH user name, TERM, a command, a subsystem's name) is clipped
and written through JSON with ``ensure_ascii``, so a control character or an escape sequence
is written as ``\\u001b``, never raw: a log read with ``tail`` or ``less`` cannot be rewritten by
a player.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, TextIO

CLIENT_VALUE_LENGTH = 200
"""Characters of a client-chosen value kept in the log; a longer one is cut, marked ``…``."""


def chosen(value: object) -> str:
    """A value a client chose, clipped for the log (JSON escapes what is left)."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= CLIENT_VALUE_LENGTH else text[:CLIENT_VALUE_LENGTH] + "…"


class EventLog:
    """Writes events as JSON lines.

    Args:
        stream: where to write (standard error by default, looked up at each write so a test
            that swaps ``sys.stderr`` sees the lines).
    """

    def __init__(self, stream: TextIO | None = None):
        self._stream = stream

    def __call__(self, event: str, **fields: Any) -> None:
        """Write one event: ``{"time": …, "event": event, **fields}``."""
        record = {"time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "event": event, **fields}
        line = json.dumps(record, ensure_ascii=True, default=str, separators=(", ", ": "))
        stream = self._stream or sys.stderr
        try:
            stream.write(line + "\n")
            stream.flush()
        except (OSError, ValueError):  # a closed log must not end the server
            pass
