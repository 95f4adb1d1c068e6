"""What another account can do to a preset folder, tried with real processes, links and files:
hold its lock, plant a link, leave a killed save's temporaries; and what stays private."""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from worksheet import cli
from worksheet.presets import PresetError, find_preset, list_presets, read_preset, save_preset
from worksheet.presets import saving
from worksheet.presets.saving import LOCK_NAME, folder_lock
from worksheet.presets.temporaries import HOST, STALE_TEMPORARY_AGE

ROOT = str(Path(__file__).resolve().parents[2])
NOBODY = 65534

HOLDER = """
import fcntl, os, sys, time
from pathlib import Path
from worksheet.presets.saving import folder_lock
folder, how = Path(sys.argv[1]), sys.argv[2]
if how == "lock":
    with folder_lock(folder):
        print("held", flush=True)
        time.sleep(float(sys.argv[3]))
else:  # flock the folder itself, as `flock FOLDER sleep 1d` does
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(handle, fcntl.LOCK_EX)
    print("held", flush=True)
    time.sleep(float(sys.argv[3]))
"""


def _holder(folder: Path, how: str, seconds: float = 60) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), how, str(seconds)],
                               stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert process.stdout.readline().strip() == "held"
    return process


def _stop(process: subprocess.Popen) -> None:
    process.kill()
    process.wait(timeout=30)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


# -- the lock ------------------------------------------------------------------------------------

def test_a_held_lock_ends_the_save_with_a_message_and_nothing_lost(shared, make_preset,
                                                                   monkeypatch):
    preset = make_preset("Hero", dodge=1)
    path = save_preset(preset, "shared")
    before = path.read_bytes()
    holder = _holder(shared, "lock")
    monkeypatch.setattr(saving, "LOCK_WAIT", 0.5)
    try:
        changed = make_preset("Hero", dodge=2)
        with pytest.raises(PresetError) as caught:
            save_preset(changed, "shared", expect=preset.fingerprint)
        assert "held this folder's lock" in str(caught.value)
        assert "nothing was saved" in str(caught.value)
        assert path.read_bytes() == before
        assert changed.path is None  # the caller's preset is as it was: still unsaved
    finally:
        _stop(holder)
    save_preset(changed, "shared", expect=preset.fingerprint)  # once released, it goes through
    assert read_preset(path).inputs["dodge_ranks"] == 2


def test_the_command_line_gives_up_within_the_wait_with_status_2(shared, make_preset):
    save_preset(make_preset("Hero"), "user")
    holder = _holder(shared, "lock")
    try:
        result = subprocess.run([sys.executable, "-m", "worksheet", "presets", "copy", "hero",
                                 "--to", "shared"], capture_output=True, text=True, cwd=ROOT,
                                timeout=60)
    finally:
        _stop(holder)
    assert result.returncode == 2
    assert "lock" in result.stderr and "nothing was saved" in result.stderr
    assert not (shared / "hero.toml").exists()


def test_a_save_waits_for_a_short_lock(shared, make_preset):
    holder = _holder(shared, "lock", seconds=0.3)
    try:
        with folder_lock(shared, wait=30):
            pass  # taken once the holder let go
    finally:
        holder.wait(timeout=30)
    assert save_preset(make_preset(), "shared").exists()


def test_a_flock_on_the_folder_itself_no_longer_blocks_saves(shared, make_preset, monkeypatch):
    monkeypatch.setattr(saving, "LOCK_WAIT", 0.5)
    holder = _holder(shared, "folder")
    try:
        assert save_preset(make_preset(), "shared").exists()
    finally:
        _stop(holder)


def test_the_lock_file_is_for_writers_only(shared, user_folder, make_preset):
    save_preset(make_preset(), "shared")
    save_preset(make_preset(), "user")
    assert _mode(shared / LOCK_NAME) == 0o660
    assert _mode(user_folder / LOCK_NAME) == 0o600


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become another account")
def test_an_account_that_may_only_read_cannot_open_the_lock(shared, make_preset):
    save_preset(make_preset(), "shared")
    lock = shared / LOCK_NAME

    def open_lock() -> int:  # as an account outside the group
        for flags in (os.O_RDONLY, os.O_WRONLY):
            try:
                os.close(os.open(lock, flags))
                return 3
            except PermissionError:
                pass
        return 0

    assert _as_nobody(open_lock) == 0


@pytest.mark.parametrize("planted", ["link", "fifo"])
def test_a_planted_lock_file_is_refused_at_once(shared, tmp_path, make_preset, planted):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    if planted == "link":
        (shared / LOCK_NAME).symlink_to(victim)
    else:
        os.mkfifo(shared / LOCK_NAME)
    with pytest.raises(PresetError, match="lock file"):
        save_preset(make_preset(), "shared")
    assert victim.read_text() == "precious"
    assert not (shared / "hero.toml").exists()


# -- links in the shared folder ------------------------------------------------------------------

@pytest.fixture
def planted(shared, make_preset) -> tuple[Path, Path]:
    """The player's own preset ``mine``, and another player's link to it in the shared folder."""
    own = save_preset(make_preset("Mine", dodge=7), "user")
    link = shared / "mine.toml"
    link.symlink_to(own)
    save_preset(make_preset("Good", dodge=3), "shared")
    return own, link


def test_a_link_is_listed_as_refused_beside_the_good_presets(planted):
    own, link = planted
    found, problems = list_presets()
    shared = [(item.preset.name, item.owner) for item in found if item.location.kind == "shared"]
    assert shared == [("Good", pwd.getpwuid(os.geteuid()).pw_name)]
    assert [problem.file for problem in problems] == [str(link)]
    assert "symbolic link" in str(problems[0])


def test_the_listing_command_shows_the_link_refused_and_exits_0(planted, capsys):
    assert cli.main(["presets", "list"]) == 0
    out, err = capsys.readouterr()
    assert "Good" in out and "[mine]" in out  # the user's own, not the link
    assert f"refused {planted[1]}" in err and "symbolic link" in err


def test_a_link_is_never_found_by_name_in_the_shared_folder(planted, make_preset):
    own, link = planted
    own.unlink()  # only the link is left
    link.unlink()
    link.symlink_to(save_preset(make_preset("Elsewhere", dodge=9), "user"))
    with pytest.raises(PresetError, match="symbolic link"):
        find_preset("mine")


def test_check_reports_the_link(planted, capsys):
    assert cli.main(["presets", "check", str(planted[1])]) == 2
    assert "symbolic link" in capsys.readouterr().out


def test_publishing_replaces_a_planted_link_with_a_real_file(planted, capsys):
    own, link = planted
    before = own.read_bytes()
    assert cli.main(["presets", "copy", "mine", "--to", "shared"]) == 0
    assert "copied" in capsys.readouterr().out
    assert not link.is_symlink() and link.is_file()
    assert read_preset(link).inputs["dodge_ranks"] == 7
    assert own.read_bytes() == before  # never written through the link
    assert not own.is_symlink()
    found, problems = list_presets()
    assert not problems
    assert {item.preset.name for item in found if item.location.kind == "shared"} == \
        {"Mine", "Good"}


# -- private by default --------------------------------------------------------------------------

@pytest.mark.parametrize("umask", [0o000, 0o022])
def test_the_users_folder_and_files_are_private_whatever_the_umask(user_folder, make_preset,
                                                                    umask):
    old = os.umask(umask)
    try:
        path = save_preset(make_preset())
    finally:
        os.umask(old)
    assert _mode(user_folder) == 0o700
    assert _mode(user_folder.parent) == 0o700
    assert _mode(path) == 0o600


def test_an_existing_folder_keeps_the_modes_its_owner_gave_it(user_folder, make_preset):
    user_folder.mkdir(parents=True)
    user_folder.chmod(0o750)
    path = save_preset(make_preset())
    assert _mode(user_folder) == 0o750 and _mode(path) == 0o600


# -- a killed save's temporaries ------------------------------------------------------------------

SAVER = """
import sys
from worksheet.presets import Preset, save_preset
where = sys.argv[1]
print("saving", flush=True)
while True:
    save_preset(Preset("gemstone4", "Hero", "x" * 3000, {"dodge_ranks": 5}), where,
                force=True)
"""


MID_WRITE = 3
"""Kills that must land mid-write."""

KILLS = 20
"""Kills at most to see :data:`MID_WRITE` of them land mid-write."""


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("where", ["user", "shared"])
def test_temporaries_of_a_save_killed_with_sigkill_are_gone_after_the_next_listing(
        shared, user_folder, make_preset, where):
    """Each kill is sent once a save is done and the next one's temporary is in the folder; it
    landed mid-write when that temporary is still there once the saver is dead. Savers are
    killed until three kills have landed mid-write (at most :data:`KILLS`: on a loaded machine
    the saver may finish its rename before the kill arrives, and five kills saw only two land
    mid-write once), and at every kill the preset is whole: a save replaces it in one rename,
    never in place."""
    folder = user_folder if where == "user" else shared
    mid_write = kills = 0
    while mid_write < MID_WRITE and kills < KILLS:
        kills += 1
        saver = subprocess.Popen([sys.executable, "-c", SAVER, where], stdout=subprocess.PIPE,
                                 text=True, cwd=ROOT, env=os.environ)
        assert saver.stdout.readline().strip() == "saving"
        writing = f".hero.toml.{HOST}.{saver.pid}."
        deadline = time.monotonic() + 30
        while not ((folder / "hero.toml").exists()
                   and any(name.startswith(writing) for name in os.listdir(folder))):
            assert saver.poll() is None and time.monotonic() < deadline, "the saver failed"
        saver.send_signal(signal.SIGKILL)
        saver.wait(timeout=30)
        mid_write += any(name.startswith(writing) for name in _temporaries(folder))
        whole = read_preset(folder / "hero.toml")
        assert (whole.name, whole.description, whole.inputs) == \
            ("Hero", "x" * 3000, {"dodge_ranks": 5})
    assert mid_write >= MID_WRITE, f"only {mid_write} of {kills} kills landed mid-write"
    found, problems = list_presets()
    assert _temporaries(folder) == []
    assert not problems
    assert [item.preset.name for item in found if item.location.kind == where] == ["Hero"]


def _dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_only_our_own_stale_temporaries_are_removed(user_folder, make_preset):
    save_preset(make_preset())
    dead, live = _dead_pid(), os.getpid()
    names = {
        "dead": f".hero.toml.{HOST}.{dead}.abc123.tmp", "not_a_temporary": ".notes.tmp",
        "live": f".hero.toml.{HOST}.{live}.abc123.tmp",
        "old_style_fresh": ".hero.toml.k3j4h5g6.tmp", "old_style_old": ".hero.toml.a1b2c3d4.tmp",
        "other_host_fresh": f".hero.toml.elsewhere.{dead}.abc123.tmp",
        "other_host_old": f".hero.toml.elsewhere.{dead}.def456.tmp",
    }
    for name in names.values():
        (user_folder / name).write_text("partial")
    long_ago = time.time() - STALE_TEMPORARY_AGE - 60
    for key in ("old_style_old", "other_host_old"):
        os.utime(user_folder / names[key], (long_ago, long_ago))
    kept = {"live", "old_style_fresh", "other_host_fresh", "not_a_temporary"}
    if os.geteuid() == 0:  # another account's leftover is never touched
        names["foreign"] = f".hero.toml.{HOST}.{_dead_pid()}.xyz789.tmp"
        (user_folder / names["foreign"]).write_text("theirs")
        os.chown(user_folder / names["foreign"], NOBODY, NOBODY)
        kept.add("foreign")
    save_preset(make_preset("Other"))
    assert _temporaries(user_folder) == sorted(names[key] for key in kept)
    found, _ = list_presets()
    assert all(not item.preset.path.name.startswith(".") for item in found)


def test_the_sweep_never_follows_a_link_named_like_a_temporary(tmp_path):
    from worksheet.presets.temporaries import sweep_temporaries

    folder = tmp_path / "f"
    folder.mkdir()
    target = tmp_path / "target"
    target.write_text("keep")
    link = folder / f".x.toml.{HOST}.{_dead_pid()}.aaa.tmp"
    link.symlink_to(target)
    assert sweep_temporaries(folder) == 0
    assert target.read_text() == "keep" and link.is_symlink()


@pytest.fixture
def reachable(monkeypatch):
    """A shared folder that another account can reach (pytest's own folders are 0700)."""
    top = Path(tempfile.mkdtemp(prefix="worksheet-shared-"))
    top.chmod(0o755)
    folder = top / "shared"
    folder.mkdir()
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(folder))
    yield folder
    shutil.rmtree(top)


def _as_nobody(action) -> int:
    """Run ``action()`` in a child process that is another account; its exit code."""
    pid = os.fork()
    if pid == 0:
        code = 70
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            code = action()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become another account")
def test_a_link_another_player_planted_in_a_sticky_folder_is_refused_not_followed(
        reachable, tmp_path, make_preset):
    """In a sticky folder only the link's owner may replace it: the save is refused with a
    message, and neither the link nor what it points at changes."""
    reachable.chmod(0o3777)
    victim = tmp_path / "victim.toml"
    victim.write_text("precious")
    link = reachable / "hero.toml"
    link.symlink_to(victim)  # planted by root, who stands for the other player

    def save() -> int:
        try:
            save_preset(make_preset(), "shared")
        except PresetError as error:
            return 0 if "permission denied" in str(error) else 4
        return 3

    assert _as_nobody(save) == 0
    assert link.is_symlink() and victim.read_text() == "precious"
    assert [p.name for p in reachable.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become another account")
def test_a_shared_folder_out_of_reach_is_a_clear_refusal(make_preset, monkeypatch):
    """Status 0 or 2 with a message, never "unexpected error" (1), behind a closed folder."""
    top = Path(tempfile.mkdtemp(prefix="worksheet-closed-"))  # 0700: nobody cannot enter
    (top / "shared").mkdir()
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(top / "shared"))

    def attempt() -> int:
        from worksheet.cli import main

        codes = [main(["presets", "list"]), main(["presets", "show", "x", "--from", "shared"]),
                 main(["calc", "gemstone4", "--preset", "x"])]
        try:
            save_preset(make_preset(), "shared")
        except PresetError as error:
            codes.append(0 if "cannot reach" in str(error) else 5)
        return 0 if codes == [0, 2, 2, 0] else 6

    try:
        assert _as_nobody(attempt) == 0
    finally:
        shutil.rmtree(top)
