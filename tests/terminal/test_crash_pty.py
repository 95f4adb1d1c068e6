"""An unexpected exception inside the app ends the real program with exit status 1 and one
clear line, the player's edits kept for recovery — never a traceback over the screen with
status 0.

How the failure is made: the test starts the real command line (``worksheet.cli.main_entry``,
as the console script does) in a Python process where the test, not the product, has wrapped
one handler of the sheet so that it raises after a particular edit. Nothing in the product
looks for a test or an environment variable; the planted bug lives only in the test's own
command line. Everything else — the terminal, the keys, the exit, the recovery file, the next
start — is the real program.
"""

from __future__ import annotations

import sys

from pty_app import PtyWorksheet, to_character

PLANTED = """
import sys
from worksheet.ui.form.sheet_form import SheetForm

original = SheetForm.on_input_row_edited

def on_input_row_edited(self, event):
    original(self, event)  # the edit reaches the sheet first, then the planted bug strikes
    if self.entries.get("dodge_ranks") == "77":
        raise RuntimeError("a bug planted by the test")

SheetForm.on_input_row_edited = on_input_row_edited
sys.argv = ["worksheet", "gemstone4"]
from worksheet.cli import main_entry
main_entry()
"""


def test_an_exception_in_the_app_ends_with_status_1_one_line_and_the_edits_kept(
        run_worksheet, folders):
    app = run_worksheet(argv=[sys.executable, "-c", PLANTED])
    to_character(app, "gemstone4")  # Dodge ranks, past the round rows (issue 42)
    app.press("7", "7")
    assert app.wait_exit() == 1
    printed = [line for line in app.after_exit().splitlines() if line.strip()]
    assert len(printed) == 1, printed
    line = printed[0]
    assert line.startswith("worksheet: unexpected error: RuntimeError: a bug planted by the "
                           "test; your unsaved edits were kept for recovery (details: ")
    assert "Traceback" not in app.after_exit()
    log = line.split("(details: ", 1)[1].rstrip(")")
    assert "RuntimeError: a bug planted by the test" in open(log, encoding="utf-8").read()
    assert log.startswith(str(folders.state)), "the log is in the player's own state folder"
    assert folders.recovered_entry("gemstone4", "dodge_ranks") == "77"

    again = run_worksheet("gemstone4")  # the real program, nothing planted
    again.wait_for(r"Restore unsaved edits\?")
    again.press("enter")
    again.wait_for(r"Dodge ranks +77 ")
    again.wait_for(r"Base value +77 ")
    again.wait_for("● unsaved edits")
    assert again.process.poll() is None
