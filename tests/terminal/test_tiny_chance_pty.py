"""A chance of 1 in 10000, in the real program on an 80×24 pty: the strip, the Odds step and
its bars never read ``0.0 %`` (``<0.1 %`` instead, on a bar's sliver), as a player sees them
through SSH."""

from __future__ import annotations

import re

PRESET = ('worksheet = 1\nruleset = "rise"\nname = "Long odds"\n\n[inputs]\n'
          'armor_class_bonus = 10\naccuracy = -30\n')
"""Rise: accuracy −30 against Armor 10 → hit 1/10000 (a 10, three more 10s, then ≥ 1)."""


def test_one_in_ten_thousand_never_reads_zero_on_a_real_terminal(run_worksheet, tmp_path):
    path = tmp_path / "long-odds.toml"
    path.write_text(PRESET)
    app = run_worksheet("--preset", str(path))
    app.wait_for(r"Armor 10 \(hit <0\.1 %\)")  # the strip, on the first screen
    assert "0.0 %" not in app.text()
    app.press("ctrl+g")  # to the attacker's accuracy: the Odds step comes into view
    match = app.wait_for(r"Armor +<0\.1 % ▏░+ +crit +<0\.1 %")
    app.settle()
    screen = app.text()
    assert "0.0 %" not in screen and "100.0 %" not in screen, screen
    assert re.search(r"Armor 10 \(hit <0\.1 %\)", screen), screen
    assert match and app.process.poll() is None, app.after_exit()
