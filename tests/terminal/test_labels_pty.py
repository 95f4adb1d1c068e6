"""The fight keys' words on a real 80×24 terminal (issue 42): "attacked again" says what it
changed with the form's labels (``Onslaught 1 → 2; Stunt faces cleared``), a refused defense
names its input once (never ``position position would be 3``) — no program identifier on the
screen. The copied line, the odds and the steppers are checked through Pilot
(``tests/ui/test_labels_in_messages.py``)."""

from __future__ import annotations

F5 = b"\x1b[15~"
"""What an xterm sends (``pty_app.KEYS`` lists the keys other tests share)."""


def after_f5(run_worksheet, tmp_path, ruleset: str, inputs: str, shown: str):
    """The program on an 80×24 pty with a preset of ``inputs``: F5 once ``shown`` is drawn."""
    path = tmp_path / f"{ruleset}.toml"
    path.write_text(f'worksheet = 1\nruleset = "{ruleset}"\nname = "Fight"\n\n[inputs]\n{inputs}')
    app = run_worksheet("--preset", str(path))
    app.wait_for(shown)
    app.send(F5)
    return app


def test_attacked_again_says_the_labels(run_worksheet, tmp_path):
    app = after_f5(run_worksheet, tmp_path, "exalted2e",
                   "dexterity = 3\ndodge = 2\nonslaught = 1\nstunt_faces = [8]\n", r"Dodge DV")
    app.wait_for(r"Onslaught 1 → 2; Stunt faces cleared")
    screen = app.text()
    assert "stunt_faces" not in screen and "onslaught 1" not in screen, screen


def test_a_refused_defense_names_its_input_once(run_worksheet, tmp_path):
    app = after_f5(run_worksheet, tmp_path, "vtm-revised",
                   'dexterity = 3\ndodge = 3\nmode = "multiple-action"\nactions = 2\n'
                   "position = 2\nopponents = 2\n", r"Defense pool")
    app.wait_for(r"Attacked again: not done")
    app.wait_for(r"Position would be 3, past Actions")
    screen = app.text()
    assert "position position" not in screen.lower(), screen
