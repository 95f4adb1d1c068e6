"""The controllers: each owns the state and the actions of one group of keys (focus, the
fight round, presets, recovery of unsaved edits, quitting), typed against the few members of the app it
needs (:mod:`.host`), so none imports the app.

May import the form, the terminal package, widgets and screens; never the app.
"""
