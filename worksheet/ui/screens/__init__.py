"""Screens: help, preset dialogs, confirmations and the record editor."""
