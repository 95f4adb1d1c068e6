"""The app's first paint: no styling of a widget before it is in the DOM.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations


class StyleOnceInTheDom:
    """Widget mixin: a class change before the widget is mounted does not restyle it.

    Buys: Textual's inputs, selects and checkboxes set a class in their constructor (the
    ``compact`` reactive's ``-textual-compact``, an input's validity classes as its first
    value is checked), and each class change applies the whole stylesheet to the widget at
    once; then registering it in the DOM applies it again, the only time that counts (a
    widget with no parent has no place for the selectors to match). Before a first paint at
    80×24, five editors were styled 15 times and three checkboxes 8 times: about 10 ms.
    Relies on: ``DOMNode.update_node_styles`` being how a class or pseudo-class change
    restyles a node, and ``App._register`` applying the stylesheet to every widget it
    mounts (with the classes it has by then).
    """

    def update_node_styles(self, animate: bool = True) -> None:
        if self.parent is None:  # type: ignore[attr-defined]  # styled as it is mounted
            return
        super().update_node_styles(animate=animate)  # type: ignore[misc]
