"""Saving a preset safely: atomic writes, safe file names, conflicts, shared-folder permissions.

A save writes a temporary file in the target folder, flushes and fsyncs it, then renames it over
the target, so a crash or a full disk never leaves a half-written preset. A save never silently
overwrites a file the caller did not load: the file's fingerprint on disk must match the one
the caller expects, or :class:`PresetConflict` is raised.

Saves and deletes in one folder take turns on a lock file only writers can open, waiting a few
seconds at most (:func:`folder_lock`). The user's own folder and files are private (0700, 0600);
the shared folder's files follow its modes (:func:`file_mode`). A link planted in the shared
folder is never written through: a save there replaces the link itself with a real file.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Iterator

from worksheet import rulesets
from worksheet.engine.quote import quote
from worksheet.recovery import state_dir
from worksheet.presets.errors import PresetConflict, PresetError
from worksheet.presets.format import (Preset, dump_preset, fingerprint, fingerprint_bytes, parse_preset,
                     read_bytes, read_preset)
from worksheet.presets.locations import shared_dir, user_dir
from worksheet.presets.names import file_name_for
from worksheet.presets.temporaries import sweep_temporaries, temporary_prefix

LOCK_NAME = ".worksheet.lock"
"""The lock file a folder's saves and deletes take turns on (hidden, so never listed)."""

LOCK_WAIT = 5.0
"""Seconds a save waits for another save's lock before giving up with a message."""

PRIVATE_FOLDER_MODE, PRIVATE_FILE_MODE = 0o700, 0o600
"""The user's own presets are private: sharing is what the group folder is for."""

WHERE = ("user", "shared")
"""The locations a preset can be saved to (the bundled examples are read-only)."""


def file_mode(folder: Path, shared: bool) -> int:
    """The permission bits a preset file gets in ``folder``.

    In the user's folder: ``0o600``, whatever the umask (a player's own presets are private).
    In the shared folder: readable and
    writable by its owner, readable by the group, writable by the group when the folder is
    group-writable, readable by others only when others can enter the folder; never writable by
    others. Set explicitly, so a strict umask cannot hide a shared preset from the group.
    """
    if not shared:
        return PRIVATE_FILE_MODE
    folder_mode = folder.stat().st_mode
    mode = 0o640
    if folder_mode & stat.S_IWGRP:
        mode |= 0o020
    if folder_mode & stat.S_IROTH and folder_mode & stat.S_IXOTH:
        mode |= 0o004
    return mode


def folder_for(where: str, create: bool = True) -> Path:
    """The folder a preset is saved to.

    Args:
        where: ``user`` or ``shared``.
        create: create the user's folder when missing (the shared folder is never created).

    Raises:
        PresetError: unknown ``where``; no shared folder configured, missing or not writable.
    """
    if where == "user":
        folder = user_dir()
        if create:
            try:
                _make_private(folder)
            except OSError as error:
                raise PresetError(str(folder), "", f"cannot create the preset folder "
                                  f"({error.strerror})") from None
        return folder
    if where != "shared":
        raise PresetError(where, "", "presets are saved to 'user' or 'shared'; "
                          "the bundled examples are read-only")
    folder = shared_dir()
    if folder is None:
        raise PresetError("shared", "", "no shared preset folder is configured "
                          "(the server sets WORKSHEET_SHARED_PRESETS)")
    try:
        is_folder = stat.S_ISDIR(folder.stat().st_mode)
    except (FileNotFoundError, NotADirectoryError):
        is_folder = False
    except OSError as error:  # a folder on the way that this account may not enter
        raise PresetError(str(folder), "", f"cannot reach the shared preset folder "
                          f"({error.strerror}); ask the server's administrator") from None
    if not is_folder:
        raise PresetError(str(folder), "", "the shared preset folder does not exist; ask the "
                          "server's administrator (WORKSHEET_SHARED_PRESETS names it)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PresetError(str(folder), "", "you may read the shared presets but not save there "
                          "(no write permission on the folder); save to your own folder")
    return folder


def _make_private(folder: Path) -> None:
    """Create the user's preset folder and its ``worksheet`` parent, each 0700 whatever the
    umask; a folder that already exists keeps the modes its owner gave it."""
    missing = []
    for part in (folder, folder.parent):
        if os.path.lexists(part):
            break
        missing.append(part)
    folder.mkdir(parents=True, exist_ok=True, mode=PRIVATE_FOLDER_MODE)
    for part in missing:
        os.chmod(part, PRIVATE_FOLDER_MODE)


def _lock_refused(folder: Path, why: str) -> PresetError:
    return PresetError(str(folder / LOCK_NAME), "", f"nothing was saved or deleted: {why}; "
                       "your preset is unchanged (try again, or save to your own folder)")


@contextlib.contextmanager
def folder_lock(folder: Path, private: bool = False,
                wait: float | None = None) -> Iterator[None]:
    """Hold the folder's lock so that saves and deletes in it check and replace in turn.

    The lock is a file in the folder (:data:`LOCK_NAME`, mode 0660 in a shared folder, 0600
    in a private one), opened for writing: an account that may only read the folder cannot open
    it, so cannot hold the lock and freeze every save (a lock on the folder itself could be
    taken by anyone who can read it). Waiting is bounded by ``wait`` seconds
    (:data:`LOCK_WAIT`), polling, and ends in a :class:`PresetError` with nothing written.
    Where no lock file can be made (no write permission: the save will fail with its own
    message) or the file system cannot lock, the save still goes ahead atomically, only
    without this serialisation.

    Raises:
        PresetError: another process held the lock for the whole wait, or the lock's name is
            taken by a link, a FIFO or anything but a plain file.
    """
    mode = PRIVATE_FILE_MODE if private else 0o660
    flags = (os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_CLOEXEC", 0))
    try:
        handle = os.open(folder / LOCK_NAME, flags, mode)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENXIO, errno.EISDIR):
            raise _lock_refused(folder, "its lock file is a link, a FIFO or a folder, which "
                                "someone put there; ask the folder's owner to remove it") \
                from None
        yield
        return
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise _lock_refused(folder, "its lock file is not a plain file")
        if info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) != mode:
            with contextlib.suppress(OSError):
                os.fchmod(handle, mode)  # the umask may have narrowed it: the group must open it
        deadline = time.monotonic() + (LOCK_WAIT if wait is None else wait)
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise _lock_refused(folder, "another save or delete has held this folder's "
                                        f"lock for over {LOCK_WAIT if wait is None else wait:g} "
                                        "seconds") from None
                time.sleep(0.05)
            except OSError:
                break  # this file system cannot lock: go ahead unserialised, still atomic
        yield
    finally:
        os.close(handle)  # closing releases the lock


def _write_atomic(data: bytes, path: Path, mode: int) -> None:
    """Write ``data`` to ``path`` through a temporary file, fsync, rename; fsync the folder."""
    handle, temporary = tempfile.mkstemp(prefix=temporary_prefix(path), suffix=".tmp",
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            os.fchmod(stream.fileno(), mode)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):
        directory = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def _write_error(path: Path, error: OSError, what: str = "not saved") -> PresetError:
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return PresetError(str(path), "", f"{what}: the disk is full (the previous version, "
                           "if any, is untouched)")
    if error.errno in (errno.EACCES, errno.EPERM):
        return PresetError(str(path), "", f"{what}: permission denied (in a shared folder "
                           "with the sticky bit, only a file's owner may replace or delete it)")
    return PresetError(str(path), "", f"{what}: {error.strerror or error}")


def read_bytes_any(path: Path) -> bytes:
    """The bytes of a file of any size (for keeping a copy of it)."""
    return read_bytes(path, limit=None)


def write_preset(preset: Preset, path: str | Path) -> Path:
    """Write ``preset`` to ``path`` atomically, unconditionally (no conflict check).

    Returns:
        The path written; ``preset.path`` and ``preset.fingerprint`` are updated.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = dump_preset(preset).encode("utf-8")
    shared = shared_dir()
    in_shared = shared is not None and os.path.realpath(path.parent) == os.path.realpath(shared)
    try:
        _write_atomic(data, path, file_mode(path.parent, shared=in_shared))
    except OSError as error:
        raise _write_error(path, error) from None
    preset.path = path
    preset.fingerprint = fingerprint_bytes(data)
    return path


def _conflict_reason(target: Path, name: str) -> str:
    try:
        other = read_preset(target)
    except PresetError:
        return "a file that is not a valid preset is already there"
    if other.name.strip() != name:
        return (f"it holds a different preset, {quote(other.name)}, whose name maps to the same "
                f"file")
    return "the file changed on disk since it was loaded (another user or session saved it)"


def _check_known(preset: Preset, file: str) -> None:
    """Refuse what ``dump_preset`` would silently leave out: an unknown ruleset or input."""
    if preset.ruleset not in rulesets.ids():
        raise PresetError(file, "ruleset", f"unknown ruleset {quote(preset.ruleset)}; known: "
                          + ", ".join(rulesets.ids()))
    known = rulesets.get(preset.ruleset).inputs
    for key in preset.inputs:
        if key not in known:
            raise PresetError(file, f"inputs.{key}", f"unknown input for {preset.ruleset}")


def save_preset(preset: Preset, where: str = "user", *, name: str | None = None,
                expect: str | None = None, force: bool = False) -> Path:
    """Save ``preset`` to the user's or the shared folder under a safe file name.

    Args:
        preset: what to save; its ``name`` is replaced by ``name`` when one is given.
        where: ``user`` or ``shared``.
        name: the preset's name; defaults to ``preset.name``. It decides the file name.
        expect: the fingerprint of the file as the caller loaded it (``preset.fingerprint``
            after :func:`read_preset`), or ``None`` when the caller expects no file there.
        force: overwrite whatever is there.

    Returns:
        The file written; ``preset.path``, ``preset.fingerprint`` (and ``preset.name``) are
        updated.

    Raises:
        PresetConflict: the target exists and its fingerprint is not ``expect`` — it changed
            since it was loaded, or a different preset's name maps to the same file.
        PresetError: a bad name; a preset that would not read back (an input out of range,
            a description too long); no shared folder configured, or not writable; another
            process held the folder's lock for the whole wait; the write failed (full disk,
            permissions) — the previous file is then untouched.
    """
    name = preset.name if name is None else name
    file_name = file_name_for(name)
    name = name.strip()
    folder = folder_for(where)
    target = folder / file_name
    saved = Preset(preset.ruleset, name, preset.description, dict(preset.inputs),
                   kind=preset.kind)
    _check_known(saved, str(target))
    text = dump_preset(saved)
    parse_preset(text, str(target))  # never write a file that would not read back
    data = text.encode("utf-8")
    mode = file_mode(folder, shared=where == "shared")
    with folder_lock(folder, private=where == "user"):
        sweep_temporaries(folder)
        current = None
        if target.is_symlink() and where == "shared":
            pass  # a link is never a preset there: the rename replaces the link itself
        elif target.is_symlink() or (target.exists() and not target.is_file()):
            if not force:
                raise PresetConflict(target, "something other than a preset file is there")
        else:
            current = fingerprint(target)
        if current is not None and current != expect and not force:
            raise PresetConflict(target, _conflict_reason(target, name))
        try:
            _write_atomic(data, target, mode)
        except OSError as error:
            raise _write_error(target, error) from None
    preset.name = name
    preset.path = target
    preset.fingerprint = fingerprint_bytes(data)
    return target


def delete_preset(path: str | Path, kind: str) -> Path | None:
    """Delete a preset file from the user's or the shared folder, keeping a copy aside.

    The copy goes to ``$XDG_STATE_HOME/worksheet/deleted/`` (mode 0600), so a mistaken delete
    of a shared preset can be undone by the user who made it.

    Args:
        path: the file.
        kind: its location kind; ``bundled`` (or any other file) is refused.

    Returns:
        Where the copy was kept (``None`` when it could not be kept; the file is then kept too).

    Raises:
        PresetError: a bundled preset or a file outside the preset folders; no permission.
    """
    path = Path(path)
    if kind not in WHERE:
        raise PresetError(str(path), "", "only presets in your own or the shared folder can be "
                          "deleted; the bundled examples are read-only")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise PresetError(str(path), "", "you may not delete here (no write permission on the "
                          "folder)")
    with folder_lock(path.parent, private=kind == "user"):
        sweep_temporaries(path.parent)
        try:
            data = read_bytes(path, limit=None, follow_links=kind != "shared")
        except FileNotFoundError:
            raise PresetError(str(path), "", "no such file (already deleted?)") from None
        aside_folder = state_dir() / "deleted"
        try:
            aside_folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            aside = aside_folder / f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}-{kind}.toml"
            _write_atomic(data, aside, 0o600)
        except OSError as error:
            raise PresetError(str(path), "", f"not deleted: could not keep a copy aside "
                              f"({error.strerror})") from None
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            with contextlib.suppress(OSError):
                aside.unlink()
            raise _write_error(path, error, "not deleted") from None
    return aside
