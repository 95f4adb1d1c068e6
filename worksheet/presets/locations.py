"""Where presets live and how a NAME finds its file.

Three places, looked up in this order: the user's own folder
(``$XDG_DATA_HOME/worksheet/presets``, default ``~/.local/share/worksheet/presets``), the game
server's group folder named by ``WORKSHEET_SHARED_PRESETS``, and the examples bundled with the
package. An argument with a ``/`` or ending in ``.toml`` is a path, not a name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .errors import PresetError
from .format import Preset, read_preset
from .names import stem_for

SHARED_ENV = "WORKSHEET_SHARED_PRESETS"


def user_dir() -> Path:
    """The user's own preset folder (it may not exist yet)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(base) / "worksheet" / "presets"


def shared_dir() -> Path | None:
    """The group folder of shared presets, when the server names one."""
    value = os.environ.get(SHARED_ENV, "").strip()
    return Path(value) if value else None


def bundled_dir() -> Path:
    """The bundled examples: inside the installed wheel, or the repository's ``presets/``."""
    packaged = Path(__file__).resolve().parent.parent / "_bundled_presets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "presets"


@dataclass(frozen=True)
class Location:
    """One place presets live."""

    kind: str
    """``user``, ``shared`` or ``bundled``."""
    path: Path


def locations() -> list[Location]:
    """The places to look, in lookup order."""
    places = [Location("user", user_dir())]
    shared = shared_dir()
    if shared is not None:
        places.append(Location("shared", shared))
    places.append(Location("bundled", bundled_dir()))
    return places


def is_path(argument: str) -> bool:
    """True when a preset argument names a file rather than a preset."""
    return "/" in argument or os.sep in argument or argument.endswith(".toml")


@dataclass(frozen=True)
class Listed:
    """A preset as a listing shows it."""

    preset: Preset
    location: Location
    modified: float


def list_presets(ruleset: str | None = None) -> tuple[list[Listed], list[PresetError]]:
    """Every readable preset in every location, and the problems with the unreadable ones.

    A folder with one bad file still lists its good ones.
    """
    found: list[Listed] = []
    problems: list[PresetError] = []
    for location in locations():
        if not location.path.is_dir():
            continue
        for path in sorted(location.path.glob("*.toml")):
            try:
                preset = read_preset(path)
            except PresetError as error:
                problems.append(error)
                continue
            if ruleset is None or preset.ruleset == ruleset:
                found.append(Listed(preset, location, path.stat().st_mtime))
    return found, problems


def find_preset(argument: str, ruleset: str | None = None) -> Preset:
    """Load a preset by path, or by name (file stem or display name) user → shared → bundled.

    With ``ruleset`` given, a bare name also finds the bundled ``<ruleset>-<name>.toml``, so
    ``--preset example-1`` works on ``worksheet calc gemstone4``.

    Raises:
        PresetError: no such preset, or it is not valid.
    """
    if is_path(argument):
        return read_preset(Path(argument).expanduser())
    wanted = stem_for(argument)
    stems = [wanted] + ([f"{ruleset}-{wanted}"] if ruleset else [])
    for stem in stems:
        for location in locations():
            candidate = location.path / f"{stem}.toml"
            if candidate.is_file():
                return read_preset(candidate)
    for location in locations():
        if not location.path.is_dir():
            continue
        for path in sorted(location.path.glob("*.toml")):
            try:
                preset = read_preset(path)
            except PresetError:
                continue
            if stem_for(preset.name) == wanted:
                return preset
    searched = ", ".join(f"{place.kind} ({place.path})" for place in locations())
    raise PresetError(argument, "", f"no preset of that name in {searched}")
