"""The terminal app: one tab per ruleset, a form generated from each ruleset's declarations.

Only :class:`WorksheetApp` is public; the rest is built from the engine's declarations. The
engine never imports this package.
"""

from worksheet.ui.app.worksheet_app import WorksheetApp

__all__ = ["WorksheetApp"]
