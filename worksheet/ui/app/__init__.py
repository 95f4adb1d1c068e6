"""The app itself: :class:`WorksheetApp`, its stylesheets, its keys and command palette, and
the few app-wide services (one message at a time on the message line, shown as written; the
session store, screenshots).

May import everything of the UI below it (controllers, form, terminal, widgets, screens); only
``worksheet.ui`` and the command line's ``run_app`` import it.
"""
