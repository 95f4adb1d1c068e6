"""``worksheet party RULESET [--folder shared|user|PATH] [--set NAME=VALUE]... [--format F]``:
every character of a preset folder against one attack (``shared/spec/compare.md``).

A gamemaster asks *who is most at risk from this attack?*; this answers it in one command
instead of one ``calc`` per player. A folder given as a PATH is read as the group folder is
(links not followed): it may be anyone's. Exit status 0 whatever the rows say (a row that is
invalid carries its problems); 2 for a bad argument.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from worksheet import rulesets
from worksheet.cli.common import EXIT_OK, Parser, UsageError, ruleset_named
from worksheet.engine.quote import quote
from worksheet.presets.locations import Location, location_of, shared_dir, user_dir

PROG = "worksheet party"


def _parser() -> Parser:
    from worksheet.formats.party import FORMATS

    parser = Parser(prog=PROG, description="Every character of a preset folder against one "
                    "attack: each option's chance to be hit, the most endangered first.")
    parser.add_argument("ruleset", help="ruleset id: " + ", ".join(rulesets.ids()))
    parser.add_argument("--folder", default="shared", metavar="shared|user|PATH",
                        help="the group folder (default), your own, or a folder's path")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                        help="set one input on every character, e.g. the attack (repeatable)")
    parser.add_argument("--format", choices=tuple(FORMATS), default="text")
    return parser


def folder_location(argument: str) -> Location:
    """The folder ``--folder`` names: ``shared``, ``user`` or a path (read as the group folder
    is, unless it is the user's own).

    Raises:
        UsageError: the group folder is not set, or the path is not a folder.
    """
    if argument == "shared":
        folder = shared_dir()
        if folder is None:
            raise UsageError("--folder shared: no group folder is set (the environment "
                             "variable WORKSHEET_SHARED_PRESETS names it); give --folder user "
                             "or a folder's path", PROG)
        location = Location("shared", folder)
    elif argument == "user":
        location = Location("user", user_dir())
    else:
        path = Path(argument).expanduser()
        found = location_of(path / "any.toml")
        location = found if found.kind in ("user", "shared") else Location("shared", path)
    if location.path.exists() and not location.path.is_dir():
        raise UsageError(f"--folder {quote(argument)}: not a folder", PROG)
    if argument not in ("shared", "user") and not location.path.exists():
        raise UsageError(f"--folder {quote(argument)}: no such folder", PROG)
    return location


def run_party(argv: Sequence[str]) -> int:
    """``worksheet party``: list and print; see :mod:`worksheet.cli` for exit statuses."""
    from worksheet.cli.calc import set_texts    # ``--set`` reads as calc reads it
    from worksheet.formats.party import FORMATS
    from worksheet.presets.party import PartyFolder, party_of

    args = _parser().parse_args(argv)
    ruleset = ruleset_named(args.ruleset)
    texts = set_texts(args.sets, ruleset)
    location = folder_location(args.folder)
    listing, _ = PartyFolder(location).read()
    if listing.problem is not None:
        raise listing.problem
    party = party_of(listing, ruleset, texts, str(location.path))
    print(FORMATS[args.format](party))
    return EXIT_OK
