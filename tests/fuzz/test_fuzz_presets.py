"""Malformed preset files — fuzzed text and bytes, special files, links, huge and deep values —
for ``calc --preset``, ``presets list`` and ``presets check``.

Every command runs in a forked child with a hard timeout. Asserted each time: exit status 0 or 2
only, a refusal names the file, no file in the folder changed, and the good presets beside the
bad one are still listed.
"""

from __future__ import annotations

import hashlib
import os
import socket
import stat
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import run_main  # noqa: E402
from tests.strategies import TOML_HOSTILE, preset_bytes  # noqa: E402

GOOD = """worksheet = 1
ruleset = "gemstone4"
name = "Good shared"

[inputs]
dodge_ranks = 60
"""


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry of a folder tree: name, type, mode, owner, and content or link target."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        if stat.S_ISREG(info.st_mode):
            content = hashlib.sha256(path.read_bytes()).hexdigest()
        elif stat.S_ISLNK(info.st_mode):
            content = os.readlink(path)
        else:
            content = None
        found[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode),
                                                stat.S_IMODE(info.st_mode), info.st_uid,
                                                info.st_mtime_ns, content)
    return found


def _folders(root: Path) -> tuple[Path, Path]:
    shared, user = root / "shared", root / "data" / "worksheet" / "presets"
    shared.mkdir(parents=True)
    user.mkdir(parents=True)
    (shared / "good.toml").write_text(GOOD)
    (user / "mine.toml").write_text(GOOD.replace("Good shared", "Mine"))
    return shared, user


def check_all_commands(root: Path, bad: Path, bad_is_refused: bool | None = None) -> None:
    """Run calc, list and check on ``bad`` and assert what every case must hold."""
    before = snapshot(root)
    calc = run_main(["calc", "gemstone4", "--preset", str(bad)])
    listing = run_main(["presets", "list"])
    check = run_main(["presets", "check", str(bad)])
    everything = run_main(["presets", "check"])
    for outcome in (calc, listing, check, everything):
        assert outcome.status in (0, 2), outcome.err[-2000:]
        assert "unexpected" not in outcome.err and "Traceback" not in outcome.err, \
            outcome.err[-2000:]
    assert listing.status == 0
    assert "Good shared" in listing.out and "Mine" in listing.out  # the good ones stay
    shown = str(bad)
    if check.status == 2:
        assert shown in check.out or shown in check.err
        assert calc.status == 2 and shown in calc.err
        if bad.parent.name == "shared":
            assert f"refused {shown}" in listing.err
    if bad_is_refused is not None:
        assert (check.status == 2) is bad_is_refused, check.out + check.err
    assert snapshot(root) == before  # nothing was changed, created or removed


@pytest.fixture
def folders(tmp_path, monkeypatch):
    shared, user = _folders(tmp_path)
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(shared))
    return tmp_path, shared, user


@settings(max_examples=int(os.environ.get("WORKSHEET_FUZZ_EXAMPLES", "80")) // 3, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=preset_bytes())
def test_fuzzed_preset_files(folders, data):
    root, shared, _ = folders
    bad = shared / "fuzzed.toml"
    bad.write_bytes(data)
    try:
        check_all_commands(root, bad)
    finally:
        bad.unlink()


@pytest.mark.parametrize("value", TOML_HOSTILE, ids=lambda v: v[:16])
def test_every_known_hostile_value_in_a_shared_preset(folders, value):
    root, shared, _ = folders
    bad = shared / "hostile.toml"
    bad.write_text(f'worksheet = 1\nruleset = "gemstone4"\n\n[inputs]\ndodge_ranks = {value}\n')
    check_all_commands(root, bad, bad_is_refused=value != "0b101")  # TOML's binary 5 is fine


def _make_special(kind: str, shared: Path, user: Path) -> Path:
    path = shared / f"{kind}.toml"
    if kind == "link-to-mine":
        path.symlink_to(user / "mine.toml")
    elif kind == "link-to-passwd":
        path.symlink_to("/etc/passwd")
    elif kind == "dangling-link":
        path.symlink_to(shared / "nowhere.toml")
    elif kind == "link-loop":
        path.symlink_to(path)
    elif kind == "link-to-fifo":
        os.mkfifo(shared / "pipe")
        path.symlink_to(shared / "pipe")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()
    elif kind == "big":
        path.write_text(GOOD + "# " + "x" * (300 * 1024) + "\n")
    elif kind == "many-bad-keys":  # just under the size limit, one problem a line
        path.write_text(GOOD + "".join(f"k{i} = {i}\n" for i in range(25_000)))
    elif kind == "binary":
        path.write_bytes(os.urandom(4096))
    elif kind == "utf16":
        path.write_bytes(GOOD.encode("utf-16"))
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "other-owner":
        path.write_text(GOOD.replace("Good shared", "Theirs"))
        os.chown(path, 65534, 65534)
        path.chmod(0o600)
    return path


SPECIAL = ["link-to-mine", "link-to-passwd", "dangling-link", "link-loop", "link-to-fifo",
           "fifo", "folder", "socket", "big", "many-bad-keys", "binary", "utf16", "empty",
           "other-owner"]


@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_in_the_shared_folder(folders, kind):
    root, shared, user = folders
    if kind == "other-owner" and os.geteuid() != 0:
        pytest.skip("needs root to give a file to another account")
    bad = _make_special(kind, shared, user)
    check_all_commands(root, bad, bad_is_refused=kind != "other-owner")
    if kind.startswith("link") or kind == "dangling-link":
        listing = run_main(["presets", "list"])
        assert "symbolic link" in listing.err


def test_a_file_of_another_account_is_listed_by_its_owner(folders):
    root, shared, user = folders
    if os.geteuid() != 0:
        pytest.skip("needs root to give a file to another account")
    _make_special("other-owner", shared, user)
    listing = run_main(["presets", "list"])
    assert "Theirs" in listing.out and "by nobody" in listing.out.replace("by 65534", "by nobody")
