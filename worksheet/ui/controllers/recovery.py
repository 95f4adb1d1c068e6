"""The app's recovery: unsaved edits of every tab are kept (debounced) until a clean quit, and
offered back on the next start.

They are also written at once when the session ends any other way it can notice: a dropped
connection (SIGHUP), a shutdown (SIGTERM), or a bug (an exception no handler caught, which then
ends the program with one line and status 1 instead of a traceback). A restore never crashes
the app: what cannot be restored is kept aside in a file of its own.

A controller the app composes: it owns the recovery file, the debounce timer, the restored
edits of tabs not shown yet (the quit that asks about them: ``controllers.quit``). Restoring
them is :mod:`~worksheet.ui.controllers.restoring`'s, imported only when there are some.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import termios
import time
from pathlib import Path
from typing import Any


from worksheet.recovery import Recovery, state_dir
from worksheet.ui import messages, store
from worksheet.ui.terminal.deadline import Deadline
from worksheet.ui.controllers.host import Host
from worksheet.ui.terminal.end import watch_terminal_end
from worksheet.ui.form.entries import entries_to_json
from worksheet.ui.terminal.key_gate import messages_pending
from worksheet.ui.textual_internals import handle_job_control

RECOVERY_DELAY = 0.5
"""Seconds of quiet after an edit before the unsaved state is written to the recovery file."""

HANGUP_SIGNALS = (signal.SIGHUP, signal.SIGTERM)
"""A dropped SSH connection (SIGHUP) or a shutdown (SIGTERM): keep the edits, then exit."""

SETTLE_LIMIT = 0.5
"""Seconds a hang-up waits, at most, for keys already read to reach the sheet before the last
write of the recovery file (the first write happens at once)."""


class RecoveryController:
    """Keep, offer and restore unsaved edits.

    Args:
        host: the app (see :class:`~worksheet.ui.controllers.host.Host`).
        file: where unsaved edits are kept until a clean quit.
    """

    def __init__(self, host: Host, file: Recovery):
        self.host = host
        self.file = file
        """Where unsaved edits are kept until a clean quit."""
        self.failure: str | None = None
        """One line for the player when the app ended on an unexpected error (the command
        line prints it after the screen is restored, and exits with status 1)."""
        self._write = Deadline(host, RECOVERY_DELAY, self.save)
        """The write once the edits pause."""
        self.pending: dict[str, dict[str, Any]] = {}
        """Restored edits of tabs not built yet (``controllers.restoring``)."""
        self._hanging_up = False
        self._hangup_task: asyncio.Task[None] | None = None

    # -- keeping ------------------------------------------------------------------------
    def edited(self) -> None:
        """A form changed: write the unsaved state now, before the change is painted, and
        again with an fsync once the edits pause (``RECOVERY_DELAY``). With only the write
        at the pause, a ``kill -9`` within half a second of a key lost that edit, though the
        player had seen it; the write now is cheap (no fsync: the kernel keeps it when the
        process dies), the one at the pause survives the machine too."""
        self._keep(durable=False)
        self._write.put_off()

    def unsaved_tabs(self) -> list[str]:
        """The tabs with unsaved edits (restored edits of a tab not shown yet count)."""
        host = self.host
        return [rid for rid in host.ruleset_ids if rid in self.pending
                or (form := host.form(rid)) is not None and form.dirty]

    def quit_now(self) -> None:
        """End the session cleanly: the recovery file is cleared (``controllers.quit`` asks
        first when there are unsaved edits)."""
        self._write.cancel()
        self.file.clear()
        self.host.exit()

    # -- the session ends any other way ---------------------------------------------------
    def watch_hangup(self) -> None:
        """On SIGHUP or SIGTERM write the unsaved state at once, then exit (``_hung_up``).

        Textual redraws the whole screen on SIGCONT (the end of a suspend); the kernel sends
        SIGCONT with the SIGHUP of a hang-up too, and that redraw, into a terminal that is
        gone, killed Textual's output thread and left the program blocked for ever on exit.
        It is kept for a terminal that is still there.
        """
        try:
            loop = asyncio.get_running_loop()
            for signum in HANGUP_SIGNALS:
                loop.add_signal_handler(signum, self._hung_up, signum)
            handle_job_control(self.host, terminal_alive)
        except (NotImplementedError, RuntimeError, ValueError, AttributeError):
            return  # no signals here (not the main thread, or not a POSIX system)
        if not self.host.is_headless:  # a terminal ending without a SIGHUP (``terminal.end``)
            watch_terminal_end(lambda: _call_soon(loop, self._hung_up, signal.SIGHUP))

    def _hung_up(self, signum: int = signal.SIGHUP) -> None:
        """Write now what the sheet holds (the debounce would lose the last half second) and
        exit with 128 + the signal's number, as a process ended by it would.

        While the terminal is still there (a SIGTERM, or a SIGHUP sent by hand) the keys
        already read are first let through to the sheet and the state written again. Once
        the terminal is gone (a dropped connection) nothing may be drawn any more: Textual's
        output thread dies on the first write to it, and after a few more frames the app
        blocks for ever on the full output queue, so the app exits at once (and see
        :meth:`watch_hangup` for SIGCONT).
        """
        if self._hanging_up:
            return
        self._hanging_up = True
        self.save_now()
        if not terminal_alive():
            self.host.exit(return_code=128 + signum)
            return
        self._hangup_task = asyncio.get_running_loop().create_task(
            self._save_when_settled(signum))

    def save_now(self) -> bool:
        """Write the unsaved state now (on a hang-up, with what was typed but not yet
        applied); False when it could not be written."""
        self._write.cancel()
        if self._hanging_up:  # what the player saw typed counts, even if not yet applied
            for rid in self.host.ruleset_ids:
                form = self.host.form(rid)
                if form is not None:
                    form.take_typed()
        return self.save()

    async def _save_when_settled(self, signum: int) -> None:
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + SETTLE_LIMIT
            while loop.time() < deadline:
                await asyncio.sleep(0.02)
                if not messages_pending(self.host):
                    break
            self.save_now()
        finally:
            self.host.exit(return_code=128 + signum)

    def handle_uncaught(self, error: Exception) -> None:
        """An exception no handler caught (a bug): keep the edits, write the details to a log,
        and end with one clear line instead of a traceback over the player's screen.

        Textual's own handling (``textual_internals.UncaughtExceptionHook``) would print the
        traceback with local variables when the app ends (here they go to the log) and leaves
        the exit status to the caller. It still runs after this, so the app exits, and so
        Pilot tests still see the exception.
        """
        if self.failure is None:
            if self._hanging_up:  # written at the signal, and again once settled: the forms
                # may be gone by now (the app ending), and a state read now would be empty
                # and clear the file (an edit lost on a hang-up during a tab switch)
                log = write_crash_log(error)
                self.failure = (f"unexpected error: {type(error).__name__}: {error}; your "
                                "unsaved edits were kept as at the hang-up"
                                + (f" (details: {log})" if log else ""))
                return
            try:
                saved = self.save_now()
                kept = ("no edits were unsaved" if not self.state()["tabs"]
                        else "your unsaved edits were kept for recovery" if saved
                        else "your unsaved edits could not be kept")
            except Exception:  # noqa: BLE001 — the report must be written whatever failed
                kept = "your unsaved edits could not be kept"
            log = write_crash_log(error)
            self.failure = (f"unexpected error: {type(error).__name__}: {error}; {kept}"
                            + (f" (details: {log})" if log else ""))

    # -- what is kept -------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The unsaved state of every tab with edits, as JSON-able data: built tabs' edits, and
        restored edits of tabs not built yet (they are restored when first shown)."""
        host = self.host
        tabs: dict[str, Any] = {}
        for rid in host.ruleset_ids:
            form = host.form(rid)
            if form is None or not form.dirty:
                continue
            preset = host.presets.get(rid)
            tabs[rid] = {
                "entries": entries_to_json(form.ruleset, form.entries),
                "preset": None if preset is None else {
                    "name": preset.name, "description": preset.description,
                    "kind": preset.kind,
                    "path": str(preset.path) if preset.path else None,
                    "fingerprint": store.fingerprint_of(preset)},
            }
        for rid, tab in self.pending.items():
            tabs.setdefault(rid, tab)
        return {"active": host.active, "tabs": tabs}

    def save(self) -> bool:
        """Write the unsaved state now (or clear the file when nothing is unsaved); False
        when it could not be written (the player is told)."""
        self._write.cancel()  # written now: not again when the edits pause
        return self._keep(durable=True)

    def _keep(self, *, durable: bool) -> bool:
        """Write the state, or clear the file when nothing is unsaved; the player is told
        when a durable write fails (a write at each edit leaves that to the one at the
        pause, so a full disk is said once, not at every key)."""
        state = self.state()
        try:
            if state["tabs"]:
                self.file.save(state, durable=durable)
            else:
                self.file.clear()
        except OSError as error:
            if durable:
                messages.cannot_keep_edits(error).show(self.host.notify)
            return False
        return True

    # -- restoring ----------------------------------------------------------------------
    def offer(self) -> None:
        """At start: offer to restore the edits a session that ended uncleanly left (the
        restoring code, ``controllers.restoring``, loads only when there are some)."""
        state = self.file.load()
        if state is not None:
            from worksheet.ui.controllers.restoring import offer

            offer(self, state)

    def form_built(self, rid: str) -> None:
        """A tab's form was just built: its restored edits, if any, go into it.

        Asked of the form itself, not of the app: the form handles the call only after it
        has composed its parts, and then after the next refresh. Asked of the app, the call
        could run before the form had composed (a refresh came first, on a loaded machine):
        the load found no result strip, and the tab's edits were set aside as unrestorable.
        """
        form = self.host.form(rid)
        if rid in self.pending and form is not None:
            from worksheet.ui.controllers.restoring import restore_tab

            form.call_after_refresh(restore_tab, self, rid)

def _call_soon(loop: asyncio.AbstractEventLoop, callback: Any, *args: Any) -> None:
    """Run ``callback`` on ``loop`` from another thread, unless the loop has ended."""
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:  # the loop is closed: the app has ended already
        pass


def terminal_alive() -> bool:
    """Whether the program's terminal is still there (a hung-up one fails every request)."""
    try:
        termios.tcgetattr(sys.__stdin__.fileno())
    except (termios.error, OSError, ValueError, AttributeError):
        return False
    return True


def write_crash_log(error: BaseException) -> Path | None:
    """Write an error's traceback to ``crash-<time>-<pid>.log`` in the state folder (mode 0600);
    its path, or ``None`` when it cannot be written."""
    import traceback  # only after a crash

    path = state_dir() / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write("".join(traceback.format_exception(error)))
    except OSError:
        return None
    return path
