"""Writing a preset file safely: a crash or a full disk never leaves a half-written preset."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .format import Preset, dump_preset


def write_preset(preset: Preset, path: str | Path) -> Path:
    """Write ``preset`` to ``path`` atomically (temporary file, fsync, rename).

    Returns:
        The path written.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dump_preset(preset).encode("utf-8")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    preset.path = path
    return path
