"""Keys typed in the same burst as the key that opens the record editor reach the editor, in
the real program on a real terminal; and a record list drawn before focus keeps its columns.

Over SSH ``aWard`` arrives in one read: ``a`` asks for the editor, and the rest used to reach
the record table before the editor was on screen — ``W`` and ``r`` were lost and ``d`` deleted
the record under the cursor. Now the table's add and edit keys wait until the editor has focus
before the next key is delivered (as the focus keys do).
"""

from __future__ import annotations

from pty_app import PtyWorksheet, keys


def open_effects_table(run: PtyWorksheet) -> None:
    """Exalted's Magic and Charms table focused: the palette's Add record opens its editor,
    Escape cancels it and gives the table focus."""
    run.wait_for(r"f1 Help")
    run.settle()
    run.send(b"\x10")  # Ctrl+P
    run.wait_for(r"Search for commands")
    run.send(b"Add record")
    run.wait_for(r"Record list: add a record")  # found (its cursor blinks: never quiet)
    run.send(b"\r")
    run.wait_for(r"Add magic and charms #1")
    run.settle()
    run.send(b"\x1b")  # Escape: cancelled, the table has focus
    run.wait_gone(r"Add magic and charms #1")
    run.settle()


def test_keys_typed_with_the_add_key_reach_the_editor(run_worksheet):
    run = run_worksheet("exalted2e", cols=100, rows=30)
    open_effects_table(run)
    run.send(keys("a", "W", "a", "r", "d"))  # one write, as a burst over SSH
    run.wait_for(r"Add magic and charms #1")
    run.settle()
    assert run.line_with("Name").count("Ward") == 1, run.text()
    assert run.text().count("Add magic and charms") == 1, "a second editor opened:\n" + run.text()


def test_a_wide_name_in_a_drawn_list_keeps_its_columns_in_line(run_worksheet, tmp_path):
    """A record list shown before focus reaches it is drawn as lines: a name in wide
    characters (two cells each) pushed its line's other columns right, by a cell per
    character, as the screen shows it at 80 columns."""
    from rich.cells import cell_len

    preset = tmp_path / "wide.toml"
    preset.write_text('worksheet = 1\nruleset = "rise"\nname = "Wide"\n\n[inputs]\nlevel = 4\n\n'
                      '[[inputs.modifiers]]\nname = "剣の祝福"\nvalue = 2\n\n'
                      '[[inputs.modifiers]]\nname = "Ward"\nvalue = 13\n', encoding="utf-8")
    run = run_worksheet("--preset", str(preset), cols=80, rows=40)
    run.wait_for(r"f1 Help")
    for _ in range(12):  # PageDown, one at a time, until the whole list is on screen
        if "#  Name" in run.text() and "Ward" in run.text():
            break
        run.press("pagedown")
        run.settle()
    run.wait_for(r"Ward")
    run.settle()
    lines = run.screen.display
    header = next(line for line in lines if "#  Name" in line)
    rows = [next(line for line in lines if name in line) for name in ("剣の祝福", "Ward")]
    starts = {cell_len(line[:line.index(column)])
              for line, column in ((header, "Defenses"), (rows[0], "all"), (rows[1], "all"))}
    assert len(starts) == 1, "\n".join([header, *rows])
