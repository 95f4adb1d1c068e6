"""``worksheet presets``: list, show, check, copy and delete preset files.

Exit statuses as for every command: 0 done; 2 a bad argument, a bad preset, a refused write
(conflict, permission, bundled preset); 1 anything unexpected (raised to ``cli.main``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Sequence

from worksheet import rulesets
from worksheet.cli.common import EXIT_BAD_INPUT, EXIT_OK
from worksheet.engine.quote import clip, quote
from worksheet.presets import (Preset, PresetConflict, PresetError, check_file, delete_preset,
                      dump_preset, list_presets, locate_preset, location_of, preset_files,
                      printable, read_bytes, read_preset, save_preset)
from worksheet.presets.kinds import KINDS as KINDS_OF_PRESET, kind_words, to_save
from worksheet.presets.locations import locations

KINDS = ("user", "shared", "bundled")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="worksheet presets",
        description="Manage presets: your own (user), the group's (shared) and the bundled "
                    "examples. A NAME is looked up user → shared → bundled; an argument with "
                    "a / or ending in .toml is a path.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    listing = commands.add_parser("list", help="list presets with their location and time")
    listing.add_argument("ruleset", nargs="?", metavar="RULESET",
                         help="only this ruleset: " + ", ".join(rulesets.ids()))
    show = commands.add_parser("show", help="print a preset's TOML")
    show.add_argument("name", metavar="NAME_OR_PATH")
    show.add_argument("--from", dest="source", choices=KINDS, help="look only here")
    check = commands.add_parser("check", help="validate files; list every problem")
    check.add_argument("paths", nargs="*", metavar="PATH",
                       help="files or folders (default: every preset location)")
    copy = commands.add_parser("copy", help="publish a preset to the group or take a copy")
    copy.add_argument("name", metavar="NAME_OR_PATH")
    copy.add_argument("--to", required=True, choices=("user", "shared"),
                      help="user: your own folder; shared: the group folder")
    copy.add_argument("--from", dest="source", choices=KINDS,
                      help="where to take it from (default: the first found elsewhere)")
    copy.add_argument("--as", dest="new_name", metavar="NEW_NAME", help="save it under this name")
    copy.add_argument("--force", action="store_true", help="overwrite a different preset there")
    copy.add_argument("--kind", choices=KINDS_OF_PRESET,
                      help="keep only this part: character (leaves out the round inputs and the "
                           "attacker's side), attacker (only the attacker's side) or fight")
    delete = commands.add_parser("delete", help="delete one of your or the group's presets")
    delete.add_argument("name", metavar="NAME_OR_PATH")
    delete.add_argument("--from", dest="source", choices=("user", "shared"),
                        help="where to delete it from (default: user, then shared)")
    return parser


def _say(text: str, stream=None) -> None:
    print(printable(text) if "\n" not in text else "\n".join(
        printable(line) for line in text.split("\n")), file=stream or sys.stdout)


def _warn(text: str) -> None:
    _say(f"worksheet: {text}", sys.stderr)


def _path(path: Path | None) -> str:
    """A path a warning names: escaped, and a long one cut in the middle (it was typed)."""
    return clip(str(path), keep_end=True)


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _short(text: str, width: int = 100) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[:width - 1] + "…"


def run_list(args: argparse.Namespace) -> int:
    """``presets list [RULESET]``: name, ruleset, kind, location, time and description of each.

    The kind is ``character``, ``attacker`` or ``fight``; ``all`` for a preset without one."""
    if args.ruleset is not None and args.ruleset not in rulesets.ids():
        _warn(f"unknown ruleset {quote(args.ruleset)}; known: " + ", ".join(rulesets.ids()))
        return EXIT_BAD_INPUT
    found, problems = list_presets(args.ruleset)
    if not found:
        _say("No presets" + (f" for {args.ruleset}." if args.ruleset else "."))
    for listed in found:
        preset = listed.preset
        assert preset.path is not None
        hidden = f"  (hidden by the {listed.shadowed_by} one)" if listed.shadowed_by else ""
        owner = f"  by {listed.owner}" if listed.location.kind == "shared" else ""
        _say(f"{listed.location.kind:<8} {preset.ruleset:<12} {kind_words(preset.kind):<10}"
             f"{_when(listed.modified)}  "
             f"{preset.name or preset.path.stem}  [{preset.path.stem}]{owner}{hidden}")
        if preset.description:
            _say(f"{'':<8} {_short(preset.description)}")
    for problem in problems:
        _warn(f"refused {problem}")
    for location in locations():
        if location.kind == "shared" and not os.path.lexists(location.path) and \
                os.path.isdir(location.path.parent):  # missing, not merely out of reach
            _warn(f"the shared preset folder {location.path} does not exist")
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    """``presets show NAME``: the preset file's TOML, as it is on disk."""
    preset, location = locate_preset(args.name, kinds=(args.source,) if args.source else None)
    assert preset.path is not None
    data = read_bytes(preset.path, follow_links=location.follows_links)
    sys.stdout.write(data.decode("utf-8", "replace"))
    return EXIT_OK


def _check_targets(paths: list[str]) -> tuple[list[Path], list[PresetError]]:
    if not paths:
        targets, problems = [], []
        for location in locations():
            files, trouble = preset_files(location.path)
            targets += files
            problems += trouble
        return targets, problems
    targets, problems = [], []
    for argument in paths:
        path = Path(argument).expanduser()
        if os.path.isdir(path):
            files, trouble = preset_files(path)
            targets += files
            problems += trouble
            if not files and not trouble:
                problems.append(PresetError(str(path), "", "no .toml files in this folder"))
        else:
            targets.append(path)
    return targets, problems


def run_check(args: argparse.Namespace) -> int:
    """``presets check PATH…``: every problem in every file; exit 2 if there is any.

    A link in the shared folder is a problem, as a listing says (it is never read there).
    """
    targets, problems = _check_targets(args.paths)
    bad_files = len(problems)
    for path in targets:
        found = check_file(path, follow_links=location_of(path).follows_links)
        if found:
            bad_files += 1
            problems += found
        else:
            _say(f"{path}: ok")
    for problem in problems:
        _say(str(problem))
    if problems:
        _warn(f"{len(problems)} problem(s) in {bad_files} file(s); "
              f"{len(targets) - bad_files} file(s) ok")
        return EXIT_BAD_INPUT
    return EXIT_OK


def run_copy(args: argparse.Namespace) -> int:
    """``presets copy NAME --to user|shared [--kind K]``: publish to the group or take a copy;
    with ``--kind``, only that part of it (an old preset's character, without its fight)."""
    kinds = (args.source,) if args.source else tuple(k for k in KINDS if k != args.to)
    source, location = locate_preset(args.name, kinds=kinds)
    if location.kind == args.to and not args.new_name:
        _warn(f"{_path(source.path)} is already in the {args.to} folder; give --as NEW_NAME to "
              "copy it under another name")
        return EXIT_BAD_INPUT
    copy = Preset(source.ruleset, source.name, source.description, dict(source.inputs),
                  kind=source.kind)
    if args.kind is not None:
        copy.kind = args.kind
        copy.inputs = to_save(rulesets.get(source.ruleset), args.kind, source.inputs)
    name = args.new_name if args.new_name is not None else (source.name or
                                                              Path(source.path).stem)
    try:
        path = save_preset(copy, args.to, name=name, force=args.force)
    except PresetConflict as conflict:
        if _same_preset(conflict.path, copy, name):
            _say(f"{conflict.path} already holds this preset; nothing to do")
            return EXIT_OK
        _warn(f"{_path(conflict.path)}: not copied: {conflict.reason}. Give --as NEW_NAME to copy "
              "under another name, or --force to overwrite it")
        return EXIT_BAD_INPUT
    _say(f"copied {source.path} to {path}")
    return EXIT_OK


def _same_preset(path: Path, preset: Preset, name: str) -> bool:
    try:
        there = read_preset(path, follow_links=False)  # a link is never "this preset"
    except PresetError:
        return False
    wanted = Preset(preset.ruleset, name.strip(), preset.description, preset.inputs,
                    kind=preset.kind)
    return dump_preset(there) == dump_preset(wanted)


def run_delete(args: argparse.Namespace) -> int:
    """``presets delete NAME``: delete from the user's or the shared folder (a copy is kept)."""
    kinds = (args.source,) if args.source else ("user", "shared")
    try:
        preset, location = locate_preset(args.name, kinds=kinds)
    except PresetError:
        try:
            preset, location = locate_preset(args.name, kinds=("bundled",))
        except PresetError:
            raise PresetError(args.name, "", "no preset of that name in the "
                              + " or ".join(kinds) + " folder") from None
    assert preset.path is not None
    if location.kind not in ("user", "shared"):
        _warn(f"{_path(preset.path)}: the bundled examples (and files outside the preset folders) "
              "cannot be deleted")
        return EXIT_BAD_INPUT
    aside = delete_preset(preset.path, location.kind)
    _say(f"deleted {preset.path} (a copy is kept at {aside})")
    return EXIT_OK


RUNNERS = {"list": run_list, "show": run_show, "check": run_check, "copy": run_copy,
           "delete": run_delete}


def run_presets(argv: Sequence[str]) -> int:
    """``worksheet presets COMMAND …``; returns the exit status.

    Raises:
        PresetError: reported by ``cli.main`` with exit status 2.
    """
    args = _parser().parse_args(list(argv))
    return RUNNERS[args.command](args)
