"""``worksheet presets``: list, show, check, copy, delete — output and exit statuses 0/2/1."""

from __future__ import annotations

import os
import stat

import pytest

from worksheet.cli import main
from worksheet.presets import Preset, bundled_dir, read_preset, save_preset

GOOD = """worksheet = 1
ruleset = "gemstone4"
name = "Checked"

[inputs]
dodge_ranks = 60
"""


@pytest.fixture(autouse=True)
def folders(tmp_path, monkeypatch):
    """Own user, state and shared folders; never the real home."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o2775)
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(shared))
    return {"user": tmp_path / "data" / "worksheet" / "presets", "shared": shared,
            "state": tmp_path / "state" / "worksheet"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["presets", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def hero(dodge: int = 5, name: str = "Hero") -> Preset:
    return Preset("gemstone4", name, "Our hero.", {"dodge_ranks": dodge})


def test_list_shows_name_ruleset_location_time_description(capsys):
    save_preset(hero(), "user")
    save_preset(hero(name="Group Hero"), "shared")
    status, out, err = run(capsys, "list")
    assert status == 0 and err == ""
    lines = out.splitlines()
    mine = next(line for line in lines if "  Hero  [hero]" in line)
    assert mine.startswith("user ") and "gemstone4" in mine
    import pwd

    me = pwd.getpwuid(os.geteuid()).pw_name
    assert any(line.startswith("shared ") and "Group Hero" in line and f"by {me}" in line
               for line in lines)
    assert any(line.startswith("bundled ") and "Example 1" in line for line in lines)
    assert "Our hero." in out


def test_list_by_ruleset_and_unknown_ruleset(capsys):
    assert run(capsys, "list", "gemstone4")[0] == 0
    status, out, err = run(capsys, "list", "chess")
    assert status == 2 and "unknown ruleset 'chess'" in err


def test_list_reports_bad_files_and_keeps_the_good(capsys, folders):
    save_preset(hero(), "user")
    (folders["user"] / "broken.toml").write_text("worksheet = [")
    (folders["shared"] / "evil\x1b[2J.toml").write_text("junk")
    status, out, err = run(capsys, "list")
    assert status == 0
    assert "Hero" in out
    assert "broken.toml" in err and "\x1b" not in err and "\\x1b" in err


def test_show_prints_the_toml_as_on_disk(capsys):
    path = bundled_dir() / "gemstone4-example-1.toml"
    status, out, err = run(capsys, "show", "gemstone4-example-1")
    assert status == 0 and out == path.read_text(encoding="utf-8")
    assert run(capsys, "show", str(path))[1] == out


def test_show_unknown(capsys):
    status, out, err = run(capsys, "show", "nobody")
    assert status == 2 and "no preset of that name" in err and out == ""


def test_check_ok_and_every_problem(capsys, tmp_path):
    good = tmp_path / "good.toml"
    good.write_text(GOOD)
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace("dodge_ranks = 60", "dodge_ranks = -1\nstance = 3\nnope = 1")
                   + "colour = 1\n")
    before = bad.read_bytes()
    status, out, err = run(capsys, "check", str(good))
    assert status == 0 and f"{good}: ok" in out
    status, out, err = run(capsys, "check", str(good), str(bad), str(tmp_path / "missing.toml"))
    assert status == 2
    assert f"{bad}:6: inputs.dodge_ranks" in out
    assert f"{bad}:7: inputs.stance" in out
    assert f"{bad}:8: inputs.nope" in out
    assert f"{bad}:9: inputs.colour" in out
    assert "missing.toml: no such file" in out
    assert "5 problem(s) in 2 file(s)" in err
    assert bad.read_bytes() == before


def test_check_a_folder_and_every_location(capsys, tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "a.toml").write_text(GOOD)
    assert run(capsys, "check", str(tmp_path / "folder"))[0] == 0
    status, out, _ = run(capsys, "check")
    assert status == 0 and "gemstone4-example-1.toml: ok" in out


def test_check_needs_no_paths_but_rejects_unknown_options(capsys):
    assert run(capsys, "check", "--bogus")[0] == 2


def test_copy_to_shared_and_back(capsys, folders):
    save_preset(hero(), "user")
    status, out, err = run(capsys, "copy", "hero", "--to", "shared")
    assert status == 0, err
    published = folders["shared"] / "hero.toml"
    assert read_preset(published).inputs == {"dodge_ranks": 5}
    assert stat.S_IMODE(published.stat().st_mode) == 0o664
    # copying again is a no-op when identical
    assert run(capsys, "copy", "hero", "--to", "shared")[0] == 0


def test_copy_conflict_needs_force_or_a_new_name(capsys, folders):
    save_preset(hero(dodge=1), "shared")
    save_preset(hero(dodge=2), "user")
    status, out, err = run(capsys, "copy", "hero", "--to", "shared")
    assert status == 2 and "--force" in err and "--as" in err
    assert read_preset(folders["shared"] / "hero.toml").inputs["dodge_ranks"] == 1
    assert run(capsys, "copy", "hero", "--to", "shared", "--as", "Hero 2")[0] == 0
    assert read_preset(folders["shared"] / "hero-2.toml").name == "Hero 2"
    assert run(capsys, "copy", "hero", "--to", "shared", "--force")[0] == 0
    assert read_preset(folders["shared"] / "hero.toml").inputs["dodge_ranks"] == 2


def test_take_a_copy_of_a_bundled_preset(capsys, folders):
    status, out, err = run(capsys, "copy", "gemstone4-example-2", "--to", "user")
    assert status == 0, err
    assert (folders["user"] / "example-2-brigandine-tower-shield.toml").is_file()


def test_copy_refuses_bad_names_and_missing_shared(capsys, monkeypatch):
    status, _, err = run(capsys, "copy", "gemstone4-example-1", "--to", "user", "--as",
                         "../../etc/passwd")
    assert status == 2 and "path separator" in err
    monkeypatch.delenv("WORKSHEET_SHARED_PRESETS")
    status, _, err = run(capsys, "copy", "gemstone4-example-1", "--to", "shared")
    assert status == 2 and "WORKSHEET_SHARED_PRESETS" in err
    assert run(capsys, "copy", "gemstone4-example-1", "--to", "bundled")[0] == 2


def test_delete_user_then_shared_keeps_a_copy(capsys, folders):
    save_preset(hero(dodge=1), "shared")
    save_preset(hero(dodge=2), "user")
    status, out, err = run(capsys, "delete", "hero")
    assert status == 0, err
    assert not (folders["user"] / "hero.toml").exists()
    assert (folders["shared"] / "hero.toml").exists()
    kept = list((folders["state"] / "deleted").iterdir())
    assert len(kept) == 1 and read_preset(kept[0]).inputs["dodge_ranks"] == 2
    assert stat.S_IMODE(kept[0].stat().st_mode) == 0o600
    assert run(capsys, "delete", "hero")[0] == 0
    assert not (folders["shared"] / "hero.toml").exists()
    status, _, err = run(capsys, "delete", "hero")
    assert status == 2 and "no preset of that name" in err


def test_delete_bundled_is_refused(capsys):
    path = bundled_dir() / "gemstone4-example-1.toml"
    before = path.read_bytes()
    status, _, err = run(capsys, "delete", "gemstone4-example-1")
    assert status == 2 and "cannot be deleted" in err
    assert run(capsys, "delete", str(path))[0] == 2
    assert path.read_bytes() == before


def test_delete_a_file_outside_the_preset_folders_is_refused(capsys, tmp_path):
    outside = tmp_path / "elsewhere.toml"
    outside.write_text(GOOD)
    assert run(capsys, "delete", str(outside))[0] == 2
    assert outside.exists()


def test_usage_errors_exit_2(capsys):
    assert run(capsys)[0] == 2
    assert run(capsys, "frobnicate")[0] == 2
    assert run(capsys, "copy", "hero")[0] == 2  # --to is required
    assert run(capsys, "--help")[0] == 0


def test_unexpected_errors_exit_1(capsys, monkeypatch):
    import worksheet.cli.presets as cli_presets

    def boom(args):
        raise RuntimeError("disk on fire")

    monkeypatch.setitem(cli_presets.RUNNERS, "list", boom)
    status, _, err = run(capsys, "list")
    assert status == 1 and "disk on fire" in err


def test_list_warns_about_a_missing_shared_folder(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(tmp_path / "gone"))
    status, out, err = run(capsys, "list")
    assert status == 0 and "does not exist" in err and "Example 1" in out


def test_show_from_a_location(capsys):
    save_preset(hero(dodge=1), "shared")
    save_preset(hero(dodge=2), "user")
    assert "dodge_ranks = 2" in run(capsys, "show", "hero")[1]
    assert "dodge_ranks = 1" in run(capsys, "show", "hero", "--from", "shared")[1]
