"""A preset another player dropped in the shared folder, with markup in its names, is shown as
written on a real terminal and does not end the program (it did: ``MarkupError`` as soon as the
record list scrolled into view)."""

from __future__ import annotations

import re

import tomli_w

PAGE_DOWN = "\x1b[6~"


def test_a_planted_preset_with_markup_in_its_names_is_shown_as_written(run_worksheet, folders):
    planted = folders.shared / "rise-planted.toml"
    planted.write_text(tomli_w.dumps({
        "worksheet": 1, "ruleset": "rise", "name": "[/] planted",
        "inputs": {"level": 7, "modifiers": [
            {"name": "[/]", "defenses": ["armor"], "value": 1, "type": "untyped"},
            {"name": "[b]Ward[/b]", "defenses": ["armor"], "value": 2, "type": "untyped"}]},
    }), encoding="utf-8")
    app = run_worksheet("rise", "--preset", str(planted))
    app.wait_for(r"preset: \[/\] planted")
    app.wait_for(r"Armor 6  ·  Brawn 3 ")  # 3 with no modifiers, +1 and +2 untyped
    # Page down to each record's row in turn (the first comes first): where a page ends
    # depends on the field focused at start, and the two rows may be on different pages.
    for row in (r"\b1 +\[/\] +armor", r"\[b\]Ward\[/b\] +armor"):
        for _ in range(20):
            if re.search(row, app.text()):
                break
            app.press(PAGE_DOWN)
            app.settle()
        app.wait_for(row)
    app.settle()
    assert app.process.poll() is None, app.after_exit()
