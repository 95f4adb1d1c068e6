"""Where presets live and how a NAME finds its file.

Three places, looked up in this order: the user's own folder
(``$XDG_DATA_HOME/worksheet/presets``, default ``~/.local/share/worksheet/presets``), the game
server's group folder named by ``WORKSHEET_SHARED_PRESETS``, and the examples bundled with the
package. An argument with a ``/`` or ending in ``.toml`` is a path, not a name.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from worksheet import rulesets
from worksheet.presets.errors import PresetError
from worksheet.presets.format import LINK_REFUSED, Preset, read_preset
from worksheet.presets.names import stem_for

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

    @property
    def follows_links(self) -> bool:
        """Whether a link here may be read as a preset: not in the shared folder, where any
        writer could plant one pointing at another player's file (or re-point it later)."""
        return self.kind != "shared"

    def read(self, path: Path) -> Preset:
        """Read a preset file of this location (see :func:`~.format.read_preset`)."""
        return read_preset(path, follow_links=self.follows_links)


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
    """A preset as a listing shows it.

    Attributes:
        preset: the preset (its ``path`` is the file).
        location: where it lives.
        modified: the file's modification time (seconds since the epoch).
        shadowed_by: the location kind whose file of the same name a NAME lookup finds first,
            or ``None`` when this is the one found.
        owner: the user name of the file's owner (who published a shared preset).
    """

    preset: Preset
    location: Location
    modified: float
    shadowed_by: str | None = None
    owner: str | None = None


def _owner(uid: int) -> str:
    import pwd  # only a listing shows owners; finding a preset at start-up does not

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def is_preset_file_name(name: str) -> bool:
    """True for a name a listing reads as a preset: ``*.toml``, not hidden (a save's
    temporaries are hidden)."""
    return name.endswith(".toml") and not name.startswith(".")


def preset_files(folder: Path) -> tuple[list[Path], list[PresetError]]:
    """The ``*.toml`` files of a folder, sorted (hidden and temporary files skipped).

    A missing folder has no files; an unreadable one is a problem, not a crash.
    """
    try:
        entries = sorted(entry for entry in folder.iterdir() if is_preset_file_name(entry.name))
    except FileNotFoundError:
        return [], []
    except NotADirectoryError:
        return [], [PresetError(str(folder), "", "is not a folder")]
    except OSError as error:
        return [], [PresetError(str(folder), "", f"cannot list the folder ({error.strerror})")]
    return entries, []


def read_entry(location: Location, path: Path) -> tuple[Preset, os.stat_result]:
    """Read one file of a listing, as every listing of a folder reads it: links refused where
    the location does not follow them (also one swapped in while it was read), size bounded,
    validated; any failure is a :class:`PresetError` naming the file, never a crash.

    Returns:
        The preset and the entry's own status (its owner, its modification time).
    """
    try:
        preset = location.read(path)
        # The owner is that of the entry itself, never read through a link.
        info = path.stat() if location.follows_links else path.lstat()
        if stat.S_ISLNK(info.st_mode):  # replaced by a link since it was read
            raise PresetError(str(path), "", LINK_REFUSED)
    except PresetError:
        raise
    except OSError as error:
        raise PresetError(str(path), "", f"cannot be read ({error.strerror})") from None
    except (ValueError, RecursionError, MemoryError) as error:  # a bug: keep the rest
        raise PresetError(str(path), "", "could not be read (unexpected "
                          f"{type(error).__name__}; please report it)") from None
    return preset, info


def list_presets(ruleset: str | None = None, kinds: tuple[str, ...] | None = None,
                 ) -> tuple[list[Listed], list[PresetError]]:
    """Every readable preset in every location, and the problems with the unreadable ones.

    A folder with one bad file still lists its good ones; no file is modified.

    Args:
        ruleset: only presets of this ruleset.
        kinds: only these locations (``user``, ``shared``, ``bundled``).
    """
    found: list[Listed] = []
    problems: list[PresetError] = []
    seen: dict[str, str] = {}
    for location in locations():
        if location.kind != "bundled" and (kinds is None or location.kind in kinds):
            from worksheet.presets.temporaries import sweep_temporaries    # only a dead save leaves any

            sweep_temporaries(location.path)
        files, trouble = preset_files(location.path)
        problems.extend(trouble)
        for path in files:
            first = seen.setdefault(path.stem, location.kind)
            if kinds is not None and location.kind not in kinds:
                continue
            try:
                preset, info = read_entry(location, path)
            except PresetError as error:
                problems.append(error)
                continue
            if ruleset is None or preset.ruleset == ruleset:
                shadowed = first if first != location.kind else None
                found.append(Listed(preset, location, info.st_mtime, shadowed,
                                    _owner(info.st_uid)))
    return found, problems


def location_of(path: Path) -> Location:
    """The location a file lives in, or ``Location("file", its folder)`` for any other file."""
    folder = Path(os.path.realpath(path.absolute().parent))  # the folder holding the entry,
    for location in locations():                            # not the one a link points into
        try:
            if location.path.resolve() == folder:
                return location
        except OSError:
            continue
    return Location("file", path.parent)


def locate_preset(argument: str, ruleset: str | None = None,
                  kinds: tuple[str, ...] | None = None) -> tuple[Preset, Location]:
    """Load a preset by path, or by name (file stem or display name) user → shared → bundled.

    With ``ruleset`` given, a bare name also finds the bundled ``<ruleset>-<name>.toml``, so
    ``--preset example-1`` works on ``worksheet calc gemstone4``.

    Args:
        argument: a NAME, or a path (it holds a ``/`` or ends in ``.toml``).
        ruleset: the ruleset the caller works on, for the short bundled names.
        kinds: look only in these locations (a path is taken as given).

    Returns:
        The preset and the location of its file.

    Raises:
        PresetError: no such preset, or it is not valid.
    """
    if is_path(argument):
        path = Path(argument).expanduser()
        location = location_of(path)
        return read_preset(path, follow_links=location.kind != "shared"), location
    places = [place for place in locations() if kinds is None or place.kind in kinds]
    wanted = stem_for(argument)
    stems = [wanted] + ([f"{ruleset}-{wanted}"] if ruleset else [])
    for stem in stems:
        for location in places:
            candidate = location.path / f"{stem}.toml"
            if os.path.lexists(candidate):  # False, not an error, behind a closed folder
                return location.read(candidate), location
    for location in places:
        for path in preset_files(location.path)[0]:
            try:
                preset = location.read(path)
            except PresetError:
                continue
            if stem_for(preset.name) == wanted or preset.name.casefold() == \
                    argument.strip().casefold():
                return preset, location
    if ruleset is None:  # a short bundled name: unique across rulesets, or ambiguous
        matches = [(location, location.path / f"{prefix}-{wanted}.toml")
                   for location in places for prefix in rulesets.ids()]
        matches = [(location, path) for location, path in matches if os.path.isfile(path)]
        if len(matches) == 1:
            return matches[0][0].read(matches[0][1]), matches[0][0]
        if matches:
            raise PresetError(argument, "", "ambiguous; did you mean "
                              + ", ".join(path.stem for _, path in matches) + "?")
    searched = ", ".join(f"{place.kind} ({place.path})" for place in places) or "nowhere"
    raise PresetError(argument, "", f"no preset of that name in {searched}")


def find_preset(argument: str, ruleset: str | None = None) -> Preset:
    """Load a preset by path or NAME; see :func:`locate_preset`.

    Raises:
        PresetError: no such preset, or it is not valid.
    """
    return locate_preset(argument, ruleset)[0]
