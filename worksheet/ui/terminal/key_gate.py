"""Whether a key read now is used now, later, or not at all.

Over SSH keys arrive in bursts, and some of them arrive while what they are meant for is not
on screen yet:

- **Not at all**: a key typed before a question the app asks on its own was drawn. At start
  the app asks whether to restore the edits the last session left; a player restarting after
  a dropped connection types at once, for the sheet. Tab and Enter typed 0.6 s after the start
  reached the question before it was drawn and pressed Discard: the edits were gone. The
  app's own Tab binding even acted before the dialog saw the key, so the app hands every key
  to the screen's ``typed_before_shown`` first, and a key the screen takes goes no further.
- **Later**: a key typed just after a tab switch. Until the tab shown has focus back on the
  field left there (rows are made again as a tab is shown), nothing has focus: "Ctrl+PageDown
  Ctrl+PageUp 5 6" lost the 5, or typed it into the rows being dropped and then replaced it
  with the 6. Keys read meanwhile are held (:meth:`KeyGate.hold_keys`) and handed on in order
  once focus is back (:meth:`KeyGate.release_keys`), or after :data:`HOLD_SECONDS` at most.
  A release meant for one hold never lets go of a later one (:attr:`KeyGate.holds`).
- **Later**, too: a key typed after one that closes a select's list. Focus goes back to the
  select only once the list's message about the choice is handled, so the rest of a burst
  went to the list. The focused widget says which keys will move focus that way
  (``settle_after_key``); the keys read after one are held until focus has settled.
- **Later**, always: a key after one still on its way. Textual looks up the bindings of a
  key it handed to the focused widget (↓ in a list, Enter on a choice or on a worked-out
  step) only once the key has bubbled back up to the app, against the focus of that moment;
  the next keys of the burst had been handed on meanwhile. On Vampire "Enter ↓ Tab 4 Enter"
  had the ↓ meant for Maneuver's list looked up after the Tab, on Attack: it opened Attack's
  list. So the next key waits until the one before is finished with: back at the app (its
  binding has run), or stopped by a widget on its way (a character typed into a field).
- **Later**, too: a key after one that answers a dialog. Enter in a field answers through a
  message that climbs to the dialog, and the app uses the answer in a later turn: "Ctrl+S
  name Enter 7" saved a preset named "name7", and "… Enter Ctrl+R" saved the reset sheet.
  A key on a dialog is finished with once what it set going there is handled
  (:meth:`KeyGate._climb`), and the keys after an answer wait until it is used
  (:meth:`KeyGate.hold_for_answer`).
- **Split**: Escape and a key typed at once arrive in one read, which the terminal parser
  takes as one key. Unless that is one of the app's own Alt keys on the sheet, they are
  handed on as Escape and then the key (:meth:`KeyGate._escape_first`).

In the order read, always: held keys go back to the app one at a time, and keys read
meanwhile wait behind them (see :class:`KeyGate`).
"""

from __future__ import annotations

import inspect
import time
from typing import TYPE_CHECKING, Any

from textual import events
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from worksheet.ui.terminal.deadline import Deadline, poll_until
from worksheet.ui.terminal.pending import busy_widget, messages_pending
from worksheet.ui.textual_internals import SelectOverlay, key_stopped

if TYPE_CHECKING:
    from textual.command import CommandPalette

HOLD_SECONDS = 1.0
"""How long keys are held for a tab being shown (normally a frame or two) with the app idle."""
HOLD_LONGEST = 10.0
"""The longest keys are held while the app is busy (:meth:`KeyGate._hold_reached`)."""

ALT_ACTIONS = frozenset({"show_tab"})
"""The actions the app binds to Alt keys: an Escape read together with their key is that Alt
key on the sheet (the terminal sends Alt+key as Escape and the key)."""

CLIMB_ROUNDS = 8
"""How many times a key on a dialog waits for another of its widgets' queued messages."""


class KeyGate:
    """App mixin: the gate every key read from the terminal passes first (see the module).

    Keys held are handed back to the app one at a time, each once the one before has passed
    the gate, and every key read meanwhile waits behind them. Handing them all back at once
    put them behind the keys of the same burst already waiting in the app's queue: a hold
    ends in a widget's callback, not between two of the app's keys. On Vampire's Maneuver
    "Enter ↓ Enter Enter ↑ ↑ Enter" was handed on as "Enter ↑ Enter ↓ Enter Enter ↑" when
    the last two keys were read just as the list opened (1 run in 3 with two busy CPUs; the
    flaky pty test behind a red ``.ci/run``).
    """

    _waiting: list[events.Key | events.Paste] | None = None
    """Keys read and not handed on yet, in the order read."""

    _held = False
    """A hold is on: keys read wait (:meth:`hold_keys`)."""

    _in_flight: events.Key | events.Paste | None = None
    """The waiting key handed back to the app's queue, until the app takes it."""

    _unfinished: events.Key | events.Paste | None = None
    """The last key (or paste) handed to a widget, until it is known to be finished with:
    back at the app, where Textual looks up its bindings (against the focus of that moment),
    or stopped by a widget on its way (:meth:`_follow`). A paste counts: "⌫, paste 42, ↑"
    had the ↑ handed on before the field had the 42."""

    _unfinished_at: Any = None
    """The widget that key was handed to."""

    _bounded: events.Key | events.Paste | None = None
    """The key being followed (set while a key waits for it), finished
    :data:`HOLD_SECONDS` after following began at the latest (:meth:`_bound`)."""

    _bound_deadline: Deadline | None = None
    """When following :attr:`_bounded` ends (left pending when a key is finished early: it
    then finds nothing to end)."""

    _climbed: events.Key | events.Paste | None = None
    """The key whose messages were last followed up to the dialog (:meth:`_climb`)."""

    _hold_began = 0.0  # when the current hold began (``time.monotonic``)
    _hold_deadline: Deadline | None = None  # when the hold's bound is looked at

    holds = 0
    """How many holds have begun: the number of the current (or last) one."""

    def hold_keys(self) -> None:
        """Hold the keys read from now on until :meth:`release_keys` (bounded)."""
        if not self._held:
            self.holds += 1
            self._held = True
            self._hold_began = time.monotonic()
            if self._hold_deadline is None:
                self._hold_deadline = Deadline(self, HOLD_SECONDS, self._hold_reached)
            self._hold_deadline.put_off()

    def _hold_reached(self, hold: int | None = None) -> None:
        """A hold's bound: keys go on once the app is idle now and after the next refresh (a
        row's focus comes with one), or after :data:`HOLD_LONGEST`. At load 18 Rise's rows took
        over a second to come back after "F8 F7 4": the 4 went on too soon, and was lost."""
        if not self.is_holding(self.holds if hold is None else hold):
            return
        if time.monotonic() - self._hold_began > HOLD_LONGEST:
            self.release_keys()
        elif messages_pending(self):
            self._hold_deadline.put_off()  # still at work: wait on
        elif hold is None:
            self.call_after_refresh(self._hold_reached, self.holds)  # type: ignore[attr-defined]
        else:
            self.release_keys(hold)

    def is_holding(self, hold: int) -> bool:
        """True while hold number ``hold`` (a value of :attr:`holds`) still holds keys."""
        return self._held and hold == self.holds

    def release_keys(self, hold: int | None = None) -> None:
        """Hand the held keys on, in the order read (each keeps when it was typed).

        Args:
            hold: release only if this hold (a value of :attr:`holds`) is still the current
                one. A tab resumed twice (as shown, and once its rows are built) released the
                keys a second time, after the next key of the burst (F8) had begun a new hold
                for the next tab: the keys after it went to a tab still being built.
        """
        if hold is not None and hold != self.holds:
            return
        self._held = False
        if self._hold_deadline is not None:
            self._hold_deadline.cancel()
        # In the app's own turn, whoever lets go: a key is made with the message pump then
        # running as its sender, and a key whose sender lies on its way up is stopped there,
        # never reaching the app, where its binding runs.
        self.call_later(self._hand_on_next)  # type: ignore[attr-defined]

    def _hand_on_next(self) -> None:
        """Hand the first waiting key back to the app, unless a hold is on, one is on its way
        already, or the key handed on before it is not finished with (then follow that)."""
        if self._held or self._in_flight is not None or not self._waiting:
            return
        if self._unfinished is not None:
            self._follow_unfinished()
            return
        event = self._waiting.pop(0)
        again = (events.Key(event.key, event.character) if isinstance(event, events.Key)
                 else events.Paste(event.text))
        again.time = event.time
        again.after_escape = getattr(event, "after_escape", None)  # type: ignore[union-attr]
        self._in_flight = again
        if not self.post_message(again):  # type: ignore[attr-defined]
            self._in_flight = None  # the app is closing: nothing will take it

    async def on_event(self, event: events.Event) -> None:
        read = isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded
        if not read:  # not read from the terminal now (handing it on marks it forwarded)
            await super().on_event(event)  # type: ignore[misc]
            if event is self._unfinished:  # back: its bindings have run
                self._finish(event)
            return
        if event is self._in_flight:
            self._in_flight = None
        elif (self._held or self._in_flight is not None or self._waiting
              or self._unfinished is not None):
            if self._waiting is None:
                self._waiting = []
            self._waiting.append(event)
            self._hand_on_next()
            return
        if not self.screen_stack:  # type: ignore[attr-defined]
            return  # the app is ending: its screens are gone, nothing takes the key
        try:
            event = self._escape_first(event)
            typed_before_shown = getattr(self.screen,  # type: ignore[attr-defined]
                                         "typed_before_shown", None)
            if (isinstance(event, events.Key) and typed_before_shown is not None
                    and typed_before_shown(event)):
                return
            self.before_key()
            await super().on_event(event)  # type: ignore[misc]
            if event.is_forwarded:  # handed to a widget: a paste, or a key no priority
                self._unfinished = event  # binding took
                self._unfinished_at = self.focused or self.screen  # type: ignore
            if isinstance(event, events.Key):
                self._hold_if_focus_will_move(event)
        finally:
            self._hand_on_next()

    def _escape_first(self, event: events.Key | events.Paste) -> events.Key | events.Paste:
        """Escape and a key typed at once arrive in one read, as one key (Alt+key, or the key
        alone: ``key_path.mark_keys_typed_after_escape``, while the app's hooks are applied,
        ``HooksWhileRunning``). It is Escape now and then that key,
        as typed slowly, unless it is one of the app's own Alt keys on the sheet (Alt+1 …
        Alt+5 go to a tab: :meth:`_alt_meant`). "Esc 5" on the help left it open, and the 5
        was Option+5 (``∞``); "Esc 6" on a number field typed ``§`` into it."""
        alone = getattr(event, "after_escape", None)
        if not alone or self._alt_meant(event):
            return event
        keys = [events.Key(key.key, key.character) for key in alone]
        escape = events.Key("escape", "\x1b")
        for key in (escape, *keys):
            key.time = event.time
        self._waiting = [*keys, *(self._waiting or [])]
        return escape

    def _alt_meant(self, key: events.Key) -> bool:
        """Whether ``key`` (read with an Escape) runs one of :data:`ALT_ACTIONS` here: on the
        sheet, where Escape closes nothing; never on a dialog or an open list."""
        if isinstance(self.screen, ModalScreen) or isinstance(  # type: ignore[attr-defined]
                self.focused, SelectOverlay):  # type: ignore[attr-defined]
            return False
        bound = self.screen.active_bindings.get(key.key)  # type: ignore[attr-defined]
        return bound is not None and bound.binding.action.split("(")[0] in ALT_ACTIONS

    def keys_waiting(self) -> bool:
        """Whether keys read are still on their way: waiting, or not yet handled."""
        unfinished = self._unfinished
        return (bool(self._waiting) or self._in_flight is not None
                or (unfinished is not None and not key_stopped(unfinished)))

    def before_key(self) -> None:
        """Before each key is handed on (its bindings looked up, or handed to the focused
        widget): an edit of the focused field still on its way up to the sheet is taken now
        (``take_pending_edit`` of the field's row), so the key acts on what is on screen."""
        row = getattr(self.focused, "parent", None)  # type: ignore[attr-defined]
        take = getattr(row, "take_pending_edit", None)
        if take is not None:
            take()

    # -- a key handed to a widget, until it is finished with -------------------------------
    def _follow_unfinished(self) -> None:
        """Follow the unfinished key up its way to the app (once; bounded)."""
        if self._bounded is not None:
            return
        event = self._unfinished
        self._bound(event)
        node = self._unfinished_at
        if not node.call_later(self._follow, event, node):  # behind the key in its queue
            self._finish(event)

    def _follow(self, event: events.Key | events.Paste, node: Any) -> None:
        """Called in ``node``'s turn, after it has handled ``event`` (its queue held the key
        before this call): look again one step up, where the key went, until it is back at
        the app or a widget stopped it. A stopped key is looked for once more at the app (a
        screen stops every key it passes to the app), behind any key on its way there."""
        if self._unfinished is not event:
            return  # finished already
        if node is self:
            self._finish(event)  # it did not come back: stopped on its way
            return
        up = (self if key_stopped(event) or isinstance(node, Screen) or node.parent is None
              else node.parent)
        if not up.call_later(self._follow, event, up):
            self._finish(event)

    def _finish(self, event: events.Key | events.Paste, *, settled: bool = False) -> None:
        """``event`` is finished with: the keys waiting go on, once the focus its binding
        asked for has moved (``Widget.focus`` moves it in the app's next turn). On a dialog,
        once the messages it caused have climbed to the dialog, too (:meth:`_climb`; then
        ``settled``, as when its bound is reached)."""
        if self._unfinished is not event or (not settled and self._climbing(event)):
            return
        self._unfinished = self._unfinished_at = self._bounded = None
        self.call_later(self._hand_on_next)  # type: ignore[attr-defined]

    def _bound(self, event: events.Key | events.Paste) -> None:
        """Follow ``event`` for :data:`HOLD_SECONDS` at most, then let the keys after it go.

        A typed key is followed each time the next key comes while it is unfinished (every
        key of a run of typing): one :class:`Deadline` serves them all."""
        self._bounded = event
        if self._bound_deadline is None:
            self._bound_deadline = Deadline(self, HOLD_SECONDS, self._bound_reached)
        self._bound_deadline.put_off()

    def _bound_reached(self) -> None:
        """Following the key has taken its bound: finish it (if one is still followed)."""
        event, self._bounded = self._bounded, None
        if event is not None:
            self._finish(event, settled=True)

    def _climbing(self, event: events.Key | events.Paste) -> bool:
        """Whether the messages ``event`` caused are being followed up to the dialog it was
        typed on (started now if not yet; bounded as following is)."""
        if self._climbed is event:
            return True
        start = self._unfinished_at
        if not (isinstance(self.screen, ModalScreen)  # type: ignore[attr-defined]
                and isinstance(start, Widget) and start.screen is self.screen):  # type: ignore
            return False
        self._climbed = event
        if self._bounded is None:
            self._bound(event)
        return start.call_later(self._climb, event, start)

    def _climb(self, event: events.Key | events.Paste, node: Widget, rounds: int = 0) -> None:
        """Called in ``node``'s turn: the messages ``event`` made it post before (Enter in a
        field: ``Input.Submitted``) are handled, and bubbled on to its parent; look one step
        up, until the dialog itself has had its turn. A dialog answers through such messages:
        "Enter 7" had the 7 typed into the name field before the dialog read it. At the
        dialog, a widget of it with messages still queued (the command palette's list, told
        to choose) is followed in turn, at most :data:`CLIMB_ROUNDS` times; never the same
        queue again and again, which would keep its task from letting any other run."""
        if self._unfinished is not event:
            return
        if isinstance(node, Screen) and rounds < CLIMB_ROUNDS:
            busy = busy_widget(node)
            if busy is not None and busy.call_later(self._climb, event, busy, rounds + 1):
                return
        parent = node.parent
        if isinstance(node, Screen) or not isinstance(parent, Widget) or \
                not parent.call_later(self._climb, event, parent, rounds):
            self._finish(event, settled=True)

    # -- a dialog's answer, until it is used -----------------------------------------------
    def hold_for_answer(self, screen: Screen[Any]) -> None:
        """``screen`` (a dialog) is answering: the keys read from now on wait until the app
        has used the answer (the callback given to :meth:`push_screen`, and the refresh
        after it). Its callback runs in a later turn: "Ctrl+S name Enter Ctrl+R" had the
        reset run first, and the reset sheet saved."""
        self.hold_keys()
        screen.answer_hold = self.holds  # type: ignore[attr-defined]

    def on_command_palette_closed(self, event: CommandPalette.Closed) -> None:
        """The command palette's answer is its command, run in the app's next turn (after
        this message): keys read meanwhile wait until it has run, as for a dialog."""
        if event.option_selected:
            self.hold_keys()
            self.call_later(self._release_after_refresh, self.holds)  # type: ignore

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False,
                    *, mode: str | None = None) -> Any:
        """Open ``screen`` (Textual's ``App.push_screen``, its every argument passed on:
        ``push_screen_wait`` gives ``mode``); once ``callback`` has used its answer, the keys
        held for it go on (:meth:`hold_for_answer`)."""
        async def answered(result: Any) -> None:
            try:
                if callback is not None:
                    done = callback(result)
                    if inspect.isawaitable(done):
                        await done
            finally:
                hold = getattr(screen, "answer_hold", None)
                if hold is not None:  # after what the callback left for the next refresh
                    self._release_after_refresh(hold)

        return super().push_screen(  # type: ignore[misc]
            screen, answered, wait_for_dismiss=wait_for_dismiss, mode=mode)

    def _release_after_refresh(self, hold: int) -> None:
        """Release hold ``hold`` after the next refresh (an answer's use has run by then)."""
        self.call_after_refresh(self.release_keys, hold)  # type: ignore[attr-defined]

    def _hold_if_focus_will_move(self, event: events.Key) -> None:
        """After handing ``event`` to the focused widget, hold the keys read next if it says
        the key will move focus later (a select's list closing, through messages): they
        would reach it, not where focus goes. They go once it says focus has settled, looked
        at after each refresh for :data:`HOLD_SECONDS` at most, when the hold ends anyway (no
        count of refreshes: on a loaded machine five passed before a choice reached the
        select, and the keys let go then went to the wrong widget)."""
        settle = getattr(self.focused, "settle_after_key", None)  # type: ignore[attr-defined]
        settled = settle(event.key) if settle is not None else None
        if settled is None:
            return
        self.hold_keys()
        hold = self.holds
        poll_until(self, lambda: not self.is_holding(hold) or settled(),
                   lambda: self.is_holding(hold) and self.release_keys(hold),
                   seconds=HOLD_SECONDS)
