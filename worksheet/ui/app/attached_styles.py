"""Styles worked out for widgets in the app's tree only, not for widgets still being made."""

from __future__ import annotations

from textual.dom import DOMNode


class StyleAttachedWidgetsOnly:
    """App mixin: a class set on a widget that is not in the app's tree yet restyles nothing
    then; Textual styles the widget, with its children, as it mounts them.

    Why: a row's editor sets its classes (and Textual's ``Input`` its own) as it is made, and
    Textual restyles a widget and all its descendants at each class change, wherever the
    widget is: a headless launch spent 5–8 % of its CPU styling editors that were then styled
    again as they mounted. A widget in the tree is restyled as before.
    """

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Textual's :meth:`~textual.app.App.update_styles`, for the app, a screen or a
        widget in the tree (``is_attached``); a detached widget's classes are read when it
        mounts."""
        if node is self or node.is_attached:
            super().update_styles(node, animate)  # type: ignore[misc]
