"""A burst does what the same keys typed slowly do, when a key's job is looked up after the
key has gone down to the focused widget and back.

Textual hands a key to the focused widget and looks up the widget's bindings (↓ in a list,
Enter on a choice or on a worked-out step) only once the key has bubbled back up to the app;
the app had handed the next keys of the burst on meanwhile. So a key after one that moves
focus (Tab) went where focus was before it, and a bound key was then looked up against the
focus of that later moment: "↓" meant for Maneuver's open list opened Attack's. The app's
``KeyGate`` now hands the next key on once the one before is finished with (back at the app,
or stopped by a widget on its way). Found in tmux at 80×24; each case is compared with the
same keys typed slowly there.
"""

from __future__ import annotations

import re

from pty_app import keys, to_character


def test_a_tab_out_of_an_open_list_then_enter_opens_the_next_choice(run_worksheet):
    """Vampire, Maneuver (dodge): "Enter ↓ Tab 4 Enter". Slowly: the list opens, ↓ moves in
    it, Tab leaves it unchosen for Attack, 4 is refused, Enter opens Attack's list. In one
    burst the ↓ was looked up after the Tab: it opened Attack's list, and Enter chose from it."""
    app = run_worksheet("vtm-revised")
    to_character(app, "vtm-revised")  # Maneuver (dodge), past the round rows (issue 42)
    app.settle()
    app.send(keys("enter", "down", "tab", "4", "enter"))  # one write
    app.wait_for(r"Attack +brawl +▲")  # Attack's list is open
    app.wait_for(r"Not entered: “4”")
    app.settle()
    text = app.text()
    assert re.search(r"Maneuver +dodge +▼", text), text  # left unchosen
    assert re.search(r"Attack +brawl +▲", text), text
    assert "Input · Attack" in text, text
    assert app.process.poll() is None, app.after_exit()


def test_enter_on_a_worked_out_step_then_keys_for_the_explanation_then_tab(run_worksheet):
    """Shadowrun: "Tab Tab Enter ↓ Enter Tab y". Slowly: two Tabs reach the step "No
    defense", Enter opens its explanation, ↓ scrolls it, Enter closes it, Tab goes to Attack,
    y is refused. In one burst the Enter that closes the explanation was looked up on Attack
    after the Tab: Attack's list opened."""
    app = run_worksheet("shadowrun4")
    to_character(app, "shadowrun4")  # Aware, past the round rows (issue 42)
    app.settle()
    app.send(keys("tab", "tab", "enter", "down", "enter", "tab", "y"))  # one write
    app.wait_for(r"Not entered: “y”")
    app.settle()
    text = app.text()
    assert "Input · Attack" in text, text
    assert re.search(r"Attack +ranged +▼", text), text  # its list closed
    assert "▲" not in text, text
    assert app.process.poll() is None, app.after_exit()


def test_a_step_typed_right_after_a_number_steps_that_number(run_worksheet):
    """Exalted, Dodge (0): "7 ↑" typed at once. Slowly: 7, then 8. In one burst ↑ stepped
    the 0 the sheet still held (the 7's edit was still on its way up to it) and wrote 1 over
    the 7 the player had typed."""
    app = run_worksheet("exalted2e")
    to_character(app, "exalted2e")  # Dexterity, past the round rows (issue 42)
    app.press("ctrl+down")
    app.wait_for(r"Input · Dodge")
    app.settle()
    app.send(keys("7", "up"))  # one write
    app.wait_for(r"Dodge +8 ")
    app.settle()
    assert re.search(r"Dodge +8 ", app.text()), app.text()
    app.send(keys("backspace", "3", "down", "down"))  # one write: 3, then 2, then 1
    app.wait_for(r"Dodge +1 ")
    app.settle()
    assert re.search(r"Dodge +1 ", app.text()), app.text()
    assert app.process.poll() is None, app.after_exit()



def test_a_step_typed_right_after_a_paste_steps_the_pasted_number(run_worksheet):
    """Exalted, Dodge (0): "⌫, paste 4, ↑" at once. Slowly: 5. The ↑ was handed on before
    the field had the 4 (a paste was not waited for as a key is) and said "fix the text
    first (dodge = '')", leaving 4."""
    app = run_worksheet("exalted2e")
    to_character(app, "exalted2e")  # Dexterity, past the round rows (issue 42)
    app.press("ctrl+down")
    app.wait_for(r"Input · Dodge")
    app.settle()
    app.send(keys("backspace") + b"\x1b[200~4\x1b[201~" + keys("up"))  # one write
    app.wait_for(r"Dodge +5 ")
    app.settle()
    assert re.search(r"Dodge +5 ", app.text()), app.text()
    assert "fix the text first" not in app.text(), app.text()
    assert app.process.poll() is None, app.after_exit()


def test_a_number_typed_right_after_ctrl_g_goes_to_the_attack(run_worksheet):
    """Shadowrun: "Ctrl+G 8" at once. Slowly: Ctrl+G goes to the Odds step's Attack dice and
    8 is typed there. In one burst the 8 reached the field focused before (then Aware, a
    yes/no switch, which refused it; now Previous defenses): Ctrl+G focuses the field once
    its row is built, a refresh later."""
    app = run_worksheet("shadowrun4")
    app.wait_for(r"Input · ")
    app.settle()
    app.send(b"\x078")  # Ctrl+G, 8: one write
    app.wait_for(r"Attack dice +8 ")
    app.settle()
    text = app.text()
    assert "Input · Attack dice" in text, text
    assert "Not entered" not in text, text
    assert app.process.poll() is None, app.after_exit()


def test_a_tab_right_after_an_edit_that_moves_the_rows_follows_them(run_worksheet):
    """Exalted, Odds step: "8 Tab 2 Shift+Tab ⌫" six times in one write, then "8 Tab 2".
    Slowly: each 8 fills in Attack dice (the chances grow the Odds panel by a dozen lines),
    Tab goes to the chance to be hit below it, the 2 is refused there, Shift+Tab comes back
    and ⌫ empties the field (the panel shrinks). In one burst a Tab used the places of before
    that layout (1 run in 5): it went to Action penalty at the top of the form, and the 2
    was typed there."""
    app = run_worksheet("exalted2e")
    app.wait_for(r"Input · Action penalty")
    app.settle()
    app.send(b"\x07")  # Ctrl+G
    app.wait_for(r"Input · Attack dice")
    app.settle()
    burst = keys(*["8", "tab", "2", "shift+tab", "backspace"] * 6, "8", "tab", "2")
    app.send(burst)  # one write
    app.wait_for(r"Step Odds · Chance to be hit")  # the last Tab's place
    app.wait_for(r"Not entered: “2+”")  # refusals in one burst on one row are said together
    app.settle()
    text = app.text()
    assert "Input · Action penalty" not in text and "Input · Onslaught" not in text, text
    app.send(b"\x1bOS")  # F4: the round inputs, to read them
    app.wait_for(r"Input · ")
    app.settle()
    text = app.text()
    assert re.search(r"Action penalty +0 ", text) and re.search(r"Onslaught +0 ", text), text
    assert app.process.poll() is None, app.after_exit()


def test_a_key_typed_right_after_f4_reaches_the_round_record_list(run_worksheet):
    """Rise: "F4 a" at once. Slowly: F4 goes to Modifiers (a round input, a record list
    that stands in its step, below the rows built at start) and a opens its editor. In one
    burst the a was typed into Level, the field focused before: F4 builds the rows down to
    the list and focuses it a refresh later."""
    app = run_worksheet("rise")
    app.wait_for(r"Input · Level")
    app.settle()
    app.send(b"\x1bOSa")  # F4, a: one write
    app.wait_for(r"Add modifiers #1")
    app.settle()
    app.press("escape")
    app.wait_gone(r"Add modifiers #1")
    app.settle()
    assert "✗ Level" not in app.text(), app.text()
    assert "Input · Modifiers" in app.text(), app.text()
    assert app.process.poll() is None, app.after_exit()
