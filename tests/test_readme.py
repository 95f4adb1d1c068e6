"""The README is a player's first page (issue 40): what Worksheet is and a five-line quick
start first, then the fight, the odds, copying, presets, the group folder and the commands, in
at most 400 lines; details live in docs/. It links nothing outside the repository (a link that
leaves goes stale, and the README is read on machines without a browser), and every link it and
docs/ hold leads to a file that is there — moving a section to docs/ must not leave a dead link."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")
"""A markdown link's or image's target."""


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces → -."""
    return {re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
            for line in page.read_text(encoding="utf-8").splitlines()
            if line.startswith("#") and not line.startswith("#!")}


def test_the_readme_is_at_most_400_lines_with_its_quick_start_first():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 400, f"README.md has {len(lines)} lines: move detail to docs/"
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[0] == "## Quick start", headings
    start = lines.index("## Quick start")
    steps = [line for line in lines[start:start + 8] if re.match(r"\d\. ", line)]
    assert [step[0] for step in steps] == list("12345"), steps
    order = ["## In a fight", "## The odds", "## Copying to the game", "## Presets",
             "## The group folder", "## Commands"]
    found = [next(i for i, h in enumerate(headings) if h.startswith(want)) for want in order]
    assert found == sorted(found), headings
    assert any("set -g set-clipboard on" in line for line in lines), "the tmux line is gone"


@pytest.mark.parametrize("page", [README, *sorted((ROOT / "docs").rglob("*.md"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_links_stay_inside_the_repository_and_lead_somewhere(page):
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if page == README:
            assert "://" not in target and not target.startswith(("/", "mailto:")), target
        elif "://" in target or target.startswith("mailto:"):
            continue  # docs may cite a source; the README may not
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.relative_to(ROOT)} links {target}: no such file"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked), f"{page.relative_to(ROOT)} links {target}"
