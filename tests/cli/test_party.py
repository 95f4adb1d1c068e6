"""``worksheet party``: every row agrees with ``worksheet calc PRESET --set …`` (the expectation
is derived from calc, never stored), other rulesets are skipped, refused files are listed, and
the text puts the most endangered character first."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from worksheet import cli, rulesets
from worksheet.engine.variant_reading import chance_options, option_label
from worksheet.presets import bundled_dir

ROOT = Path(__file__).resolve().parents[2]

ATTACKS = {"exalted2e": ["attack_pool=8"], "gemstone4": ["attacker_as=150", "avd=30"],
           "rise": ["accuracy=5"], "shadowrun4": ["attack_pool=12"],
           "vtm-revised": ["attack_pool=6"]}
"""One attack per ruleset, as a gamemaster would give it."""


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _calc(capsys, ruleset: str, path: Path, sets: list[str]) -> dict:
    argv = ["calc", ruleset, "--preset", str(path), "--format", "json"]
    for argument in sets:
        argv += ["--set", argument]
    status, out, _ = _run(capsys, *argv)
    assert status in (0, 2)
    return json.loads(out)


@pytest.fixture
def party(tmp_path) -> Path:
    """A folder holding every bundled preset of every ruleset."""
    folder = tmp_path / "party"
    folder.mkdir()
    for path in bundled_dir().glob("*.toml"):
        shutil.copy(path, folder / path.name)
    return folder


def _sets(ruleset: str) -> list[str]:
    return [part for argument in ATTACKS[ruleset] for part in ("--set", argument)]


@pytest.mark.parametrize("ruleset", rulesets.ids())
def test_each_row_is_what_calc_says_of_that_preset(capsys, party, ruleset):
    status, out, err = _run(capsys, "party", ruleset, "--folder", str(party), "--format", "json",
                            *_sets(ruleset))
    assert status == 0, err
    document = json.loads(out)
    mine = sorted(party.glob(f"{ruleset}-*.toml"))
    assert document["ruleset"] == ruleset and document["refused"] == []
    assert sorted(row["file"] for row in document["rows"]) == [p.name for p in mine]
    for row in document["rows"]:
        expected = _calc(capsys, ruleset, party / row["file"], ATTACKS[ruleset])
        assert row["values"] == expected["values"], row["file"]
        assert row["problems"] == expected["problems"], row["file"]
    names = [row["preset"] for row in document["rows"]]
    assert names == sorted(names, key=lambda name: (name.casefold(), name))


def best_option(ruleset: str, values: dict) -> tuple[str, Fraction] | None:
    """The best option and its chance, from ``calc``'s JSON values: the lowest chance to be
    hit among the options the sheet allows, ties to the first listed (odds.md)."""
    nodes = [n for n in chance_options(rulesets.get(ruleset)) if values[n] is not None]
    if not nodes:
        return None
    node = min(nodes, key=lambda n: Fraction(values[n]))  # min keeps the first of equals
    return option_label(node), Fraction(values[node])


def _best(ruleset: str, values: dict) -> Fraction | None:
    found = best_option(ruleset, values)
    return found[1] if found else None


@pytest.mark.parametrize("ruleset", rulesets.ids())
def test_the_text_puts_the_most_endangered_first(capsys, party, ruleset):
    status, out, _ = _run(capsys, "party", ruleset, "--folder", str(party), *_sets(ruleset))
    assert status == 0
    assert all(len(line) <= 80 for line in out.splitlines()), out
    danger = {}
    for path in sorted(party.glob(f"{ruleset}-*.toml")):
        document = _calc(capsys, ruleset, path, ATTACKS[ruleset])
        from worksheet.presets import read_preset

        danger[read_preset(path).name] = _best(ruleset, document["values"])
    heads = [line for line in out.splitlines() if line and not line.startswith((" ", "-"))]
    order = [name for head in heads[2:] for name in danger if head.startswith(name[:40])]
    assert len(order) == len(danger), out
    ranked = sorted(danger, key=lambda n: (danger[n] is None, -(danger[n] or 0)))
    assert [danger[n] for n in order] == [danger[n] for n in ranked]
    labels = [option_label(n) for n in chance_options(rulesets.get(ruleset))]
    assert any(line.strip().startswith(labels[0]) and "%" in line for line in out.splitlines())


def test_other_rulesets_are_skipped_and_refused_files_listed(capsys, party):
    (party / "broken.toml").write_text("worksheet = [")
    (party / "huge.toml").write_bytes(b"#" * (300 * 1024))
    (party / "link.toml").symlink_to(party / "gemstone4-example-1.toml")
    (party / "notes.txt").write_text("not a preset")
    status, out, err = _run(capsys, "party", "gemstone4", "--folder", str(party), "--format",
                            "json")
    assert status == 0, err
    document = json.loads(out)
    assert {row["file"] for row in document["rows"]} == {
        p.name for p in party.glob("gemstone4-*.toml")}
    refused = {item["file"]: item["message"] for item in document["refused"]}
    assert set(refused) == {"broken.toml", "huge.toml", "link.toml"}
    assert "not valid TOML" in refused["broken.toml"]
    assert "bytes" in refused["huge.toml"] and "symbolic link" in refused["link.toml"]


def test_an_invalid_attack_is_carried_by_every_row_not_the_status(capsys, party):
    status, out, _ = _run(capsys, "party", "rise", "--folder", str(party), "--set",
                          "accuracy=999", "--format", "json")
    assert status == 0
    rows = json.loads(out)["rows"]
    assert rows and all(row["problems"][0]["input"] == "accuracy" for row in rows)
    assert all(row["values"]["p_hit_armor"] is None for row in rows)


@pytest.mark.parametrize("argv, words", [
    (["party", "gemstone4"], "WORKSHEET_SHARED_PRESETS"),
    (["party", "nope"], "unknown ruleset"),
    (["party", "rise", "--folder", "/no/such/folder"], "no such folder"),
    (["party", "rise", "--folder", "/etc/passwd"], "not a folder"),
    (["party", "rise", "--folder", "/tmp", "--set", "dodge"], "expected NAME=VALUE"),
    (["party", "rise", "--folder", "/tmp", "--set", "nope=1"], "has no input"),
])
def test_bad_arguments_are_status_2(capsys, argv, words):
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == ""
    assert words in err


def test_the_group_folder_is_the_default(capsys, tmp_path, monkeypatch):
    shared = tmp_path / "group"
    shared.mkdir()
    shutil.copy(bundled_dir() / "rise-r1-fighter.toml", shared / "fighter.toml")
    monkeypatch.setenv("WORKSHEET_SHARED_PRESETS", str(shared))
    status, out, _ = _run(capsys, "party", "rise", "--format", "json")
    assert status == 0
    document = json.loads(out)
    assert document["folder"] == str(shared)
    assert [row["file"] for row in document["rows"]] == ["fighter.toml"]


def test_markdown_has_one_table_row_per_character(capsys, party):
    status, out, _ = _run(capsys, "party", "exalted2e", "--folder", str(party), "--format",
                          "markdown", "--set", "attack_pool=8")
    assert status == 0
    rows = [line for line in out.splitlines() if line.startswith("| ") and "%" in line]
    assert len(rows) == len(list(party.glob("exalted2e-*.toml")))


def test_ten_thousand_files_are_capped_and_counted(tmp_path):
    """A real process: a folder of 10,000 presets reads the first files and counts the rest."""
    from worksheet.presets.party import MAX_FILES

    folder = tmp_path / "crowd"
    folder.mkdir()
    text = (bundled_dir() / "gemstone4-example-1.toml").read_text()
    for number in range(10_000):
        (folder / f"p{number:05}.toml").write_text(text.replace("Example 1", f"P{number:05}"))
    result = subprocess.run([sys.executable, "-m", "worksheet", "party", "gemstone4",
                             "--folder", str(folder), "--format", "json"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120, env={**os.environ})
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert len(document["rows"]) == MAX_FILES
    assert document["skipped"] == 10_000 - MAX_FILES
    assert document["rows"][0]["file"] == "p00000.toml"
    text_run = subprocess.run([sys.executable, "-m", "worksheet", "party", "gemstone4",
                               "--folder", str(folder)], capture_output=True, text=True,
                              cwd=ROOT, timeout=120)
    assert f"{10_000 - MAX_FILES} more preset files not read" in text_run.stdout


def test_attacker_presets_are_left_out_of_the_party(capsys, tmp_path):
    folder = tmp_path / "group"
    folder.mkdir()
    shutil.copy(bundled_dir() / "gemstone4-example-1.toml", folder / "hero.toml")
    (folder / "ogre.toml").write_text('worksheet = 1\nruleset = "gemstone4"\nkind = "attacker"\n'
                                      'name = "Ogre"\n\n[inputs]\nattacker_as = 200\n')
    status, out, err = _run(capsys, "party", "gemstone4", "--folder", str(folder), "--format",
                            "json")
    assert status == 0, err
    document = json.loads(out)
    assert [row["file"] for row in document["rows"]] == ["hero.toml"]
    assert document["refused"] == []
