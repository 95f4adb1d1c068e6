"""Make a copy of the tree with one private hook switched off, for ``ab.py``'s A/B of a hook.

    .venv/bin/python tests/perf/hook_off.py LeftFramedLines /work/ab-LeftFramedLines
    .venv/bin/python tests/perf/ab.py --instructions --size 80x24 /work/ab-base /work/ab-LeftFramedLines
    git worktree remove --force /work/ab-LeftFramedLines

The copy is a ``git worktree`` of ``HEAD`` (``--at``: another commit, the baseline's) with one edit in ``worksheet/ui``: the hook's
override removed (Textual's own method runs) or its function made to do nothing. Each edit
names the text it replaces and fails loudly when that text is gone (the hook moved or
changed: update the edit here). ``--list`` lists the hooks it can switch off, with the
figure each is measured on (the hook's docstring's claim; ``docs/performance.md``'s ledger).
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOOKS = "worksheet/ui/textual_internals/"

OFF: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    # -- CPU per keystroke (ab.py --instructions) ---------------------------------------------
    "RepaintWhileTextFits": ("keystroke", [(
        HOOKS + "text_fields.py",
        "    def _watch_value(self, value: str) -> None:\n        width = self.content_size",
        "    def _watch_value_off(self, value: str) -> None:\n        width = self.content_size")]),
    "RepaintWithoutMessages": ("keystroke", [(
        HOOKS + "painting.py",
        "        if layout or recompose or not repaint or not self._is_mounted or not self.display:",
        "        if True:")]),
    "LeftFramedLines": ("keystroke", [(
        HOOKS + "framed_lines.py", "    def render_lines(self, crop: Region) -> list:",
        "    def render_lines_off(self, crop: Region) -> list:")]),
    "LineCompositor": ("keystroke", [(  # the stale-toast fix under it stays
        HOOKS + "compositor.py", "        self._compositor = LineCompositor()",
        "        self._compositor = RepaintWhatARebuiltMapMoves()")]),
    # -- bytes per keystroke (ab.py, the bytes column) ----------------------------------------
    "compact_output": ("bytes", [(
        HOOKS + "painting.py", "    driver = app._driver\n    if driver is None",
        "    driver = app._driver\n    if True or driver is None")]),
    # -- launch (ab.py --instructions --launch TAB) -------------------------------------------
    "KeepStylesOnFirstResume": ("launch", [(  # public since issue 41; the figure, for the ledger
        "worksheet/ui/screens/sheet_screen.py",
        "    def on_screen_resume(self, event: events.ScreenResume) -> None:",
        "    def on_screen_resume_off(self, event: events.ScreenResume) -> None:")]),
    "SharedComponentClasses": ("launch, tour", [(
        HOOKS + "style_sharing.py", "    def _get_component_classes(self) -> frozenset[str]:",
        "    def _get_component_classes_off(self) -> frozenset[str]:")]),
    "DrawnSelectCurrent": ("launch, tour", [(
        HOOKS + "text_fields.py", "        current = DrawnSelectCurrent(self.prompt)",
        "        current = SelectCurrent(self.prompt)")]),
    "LazySelectList": ("launch, tour", [(
        HOOKS + "text_fields.py",
        "            current.add_class(\"-has-value\", update=False)\n        yield current\n",
        "            current.add_class(\"-has-value\", update=False)\n        yield current\n"
        "        overlay = HeldSelectOverlay(type_to_search=self._type_to_search)\n"
        "        overlay.compact = self.compact\n        yield overlay\n")]),
    # -- USS after the tour (ab.py --tour) ----------------------------------------------------
    "lazy_strip_caches": ("tour", [(
        HOOKS + "process_wide.py", "    for change in [*lazy_strip_caches(), ",
        "    for change in [")]),
    "background_pairs_by_colour": ("tour", [(
        HOOKS + "process_wide.py", "*background_pairs_by_colour(),\n", "\n")]),
    "forget_geometry": ("tour", [(
        HOOKS + "retained.py", "    for cached in geometry_caches():\n        cached.cache_clear()",
        "    return")]),
    "forget_cell_styles": ("tour", [(
        HOOKS + "retained.py", "    table_module = sys.modules.get(\"textual.widgets._data_table\")",
        "    table_module = None")]),
    "lay_out_without_painting": ("tour", [(
        HOOKS + "retained.py",
        " = screen._compositor.reflow(screen, screen.outer_size)", " = [], (), ()")]),
    "forget_arrangement": ("tour", [(
        HOOKS + "painting.py", "    widget._clear_arrangement_cache()", "    return")]),
}
"""Each hook: the figure it is measured on, and the edits (file, text, replacement)."""


def switch_off(hook: str, tree: Path) -> None:
    """Apply ``hook``'s edits to ``tree``."""
    for name, old, new in OFF[hook][1]:
        path = tree / name
        text = path.read_text()
        if text.count(old) != 1:
            raise SystemExit(f"{hook}: {name} no longer has (once) the text the edit replaces:\n"
                             f"{old}")
        path.write_text(text.replace(old, new))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hook", nargs="?", choices=sorted(OFF))
    parser.add_argument("tree", nargs="?", type=Path, help="the worktree to make")
    parser.add_argument("--list", action="store_true", help="list the hooks and their figures")
    parser.add_argument("--at", default="HEAD", help="the commit to copy (HEAD); the baseline's")
    parser.add_argument("--in-place", action="store_true",
                        help="edit TREE as it is (an existing copy) instead of adding a worktree")
    args = parser.parse_args(argv)
    if args.list or not (args.hook and args.tree):
        for hook, (figure, _) in OFF.items():
            print(f"  {hook:28} {figure}")
        return 0
    if not args.in_place:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                        str(args.tree), args.at], check=True)
    switch_off(args.hook, args.tree)
    print(f"{args.tree}: {args.hook} off ({OFF[args.hook][0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
