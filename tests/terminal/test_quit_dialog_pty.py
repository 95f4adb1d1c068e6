"""The quit question offers to save, on a real terminal at 80×24 (issue 42): Ctrl+Q with an edit
shows Save and quit, Quit without saving and Cancel on one row; Enter (Save and quit is
focused) opens the save dialog, and once the preset is written the program ends with status 0.
"""

from __future__ import annotations

import tomllib

from pty_app import keys, to_character


def test_save_and_quit_from_the_quit_question_saves_then_ends(run_worksheet, folders):
    app = run_worksheet("gemstone4")
    to_character(app, "gemstone4")  # Dodge ranks, past Stance and Encumbrance
    app.wait_for(r"· saved · defaults")
    app.send(keys("4", "2"))
    app.wait_for(r"Dodge ranks +42 ")
    app.send(keys("ctrl+q"))
    app.wait_for(r"Quit with unsaved edits\?")
    # The title can be painted a frame before the buttons' edges: wait for the whole row.
    buttons = app.wait_until(lambda: (line := app.line_with("Quit without saving")).count("█") >= 2
                             and "Cancel" in line and line, "the quit question's buttons")
    assert buttons.split("█")[-2].split() == ["Save", "and", "quit", "Quit", "without", "saving",
                                              "Cancel"], buttons  # inside the dialog's edges
    app.send(keys("enter"))  # the focused answer
    app.wait_for(r"Save preset \(gemstone4\)")
    app.send(keys("ctrl+a", "ctrl+k", *"hero", "enter"))  # one write: the name, then save
    assert app.wait_exit() == 0, app.after_exit()
    [path] = (folders.data / "worksheet" / "presets").glob("*.toml")
    assert tomllib.loads(path.read_text())["inputs"]["dodge_ranks"] == 42
