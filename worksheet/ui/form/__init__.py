"""One ruleset's form: :class:`~.sheet_form.SheetForm` (its public surface), the body that
builds rows as they come into view, focus within the form, the entries typed, the status
line and what changed after an edit (the player's words for the engine's problems are
``worksheet.ui.speaker``'s).

May import widgets, screens and the terminal package; never the app or the controllers.
"""
