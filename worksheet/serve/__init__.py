"""``worksheet serve``: the worksheet as an SSH endpoint for players without shell accounts.

One module per job: :mod:`.config` (the options and the host key), :mod:`.identity` (a player's
folder and the child's environment, from their key alone), :mod:`.authorized` (the authorized
keys, re-read at every login), :mod:`.child` (one ``worksheet`` process in its own
pseudo-terminal), :mod:`.limits` (session caps and the start-up queue), :mod:`.events` (the
operator's JSON-line log), :mod:`.session` (one SSH channel) and :mod:`.server` (the listener,
authentication and a clean stop).

Headless: the server process never imports Textual — every session is a separate process that
does. ``asyncssh`` is imported here only, and only when ``worksheet serve`` runs. May import the
headless core (rulesets, the quoting helpers); never ``worksheet.ui``.
"""
