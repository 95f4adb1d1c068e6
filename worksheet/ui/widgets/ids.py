"""Widget ids for inputs and nodes: how the UI names the widget that shows a name.

The ids are the UI's concern (Textual ids may not contain ``_``), so they live here rather than
in the headless engine, which knows inputs and nodes only by their names.
"""

from __future__ import annotations


def kebab(name: str) -> str:
    """The id of the widget that edits an input: ``dodge_ranks`` → ``dodge-ranks``."""
    return name.replace("_", "-")


def value_id(name: str) -> str:
    """The id of the row that shows a derived node's value: ``value-dodge-ranks``."""
    return "value-" + kebab(name)
