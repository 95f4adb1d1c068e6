"""Component styles held once by the screen for every row.

See the package's docstring: each hook says what it buys and what of Textual it relies on.
"""

from __future__ import annotations

from rich.style import Style as RichStyle
from textual.color import Color
from textual.css.styles import RenderStyles
from textual.dom import DOMNode


def component_classes(node: DOMNode) -> frozenset[str]:
    """The component classes a node declares (its ``COMPONENT_CLASSES`` down its MRO).

    Buys: ``shared_styles`` checks that a screen declares a row's parts before sharing them.
    Relies on: ``DOMNode._get_component_classes()`` (a cached classmethod in 8.2.8).
    """
    return node._get_component_classes()


class SharedComponentClasses:
    """Widget mixin: the stylesheet makes no hidden component nodes for this widget when
    ``makes_own_components()`` says False (its screen holds them once for every row).

    Buys: a third of the start-up's styling work and ~70 KiB per row (``shared_styles``).
    Relies on: the stylesheet asking each node for ``_get_component_classes()`` to create its
    hidden component nodes.
    """

    def makes_own_components(self) -> bool:
        """Whether the widget holds its own component styles."""
        return True

    def _get_component_classes(self) -> frozenset[str]:
        if not self.makes_own_components():
            return frozenset()
        return super()._get_component_classes()  # type: ignore[misc]


def blend_over(node: DOMNode, component: RenderStyles) -> RichStyle:
    """A component's Rich style laid over ``node``'s colours as if ``node`` owned it.

    Buys: a row reads its parts' styles from its screen, yet semi-transparent colours (a
    selection at 40%) blend over the row's own background.
    Relies on: ``DOMNode.rich_style``'s blending (Textual 8.2.8), copied here for a node
    whose ancestors are ``node``'s (the internals test compares the two).
    """
    background = Color(0, 0, 0, 0)
    color = Color(255, 255, 255, 0)
    style = RichStyle()
    opacity = 1.0
    chain = [ancestor.styles for ancestor in reversed(node.ancestors_with_self)]
    for styles in [*chain, component]:
        opacity *= styles.opacity
        if styles.has_rule("background"):
            text_background = background + styles.background.tint(styles.background_tint)
            background += styles.background.tint(styles.background_tint).multiply_alpha(
                opacity)
        else:
            text_background = background
        if styles.has_rule("color"):
            color = styles.color
        style += styles.text_style
        if styles.has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
    return style + RichStyle.from_color(
        (background + color).rich_color if (background.a or color.a) else None,
        background.rich_color if background.a else None)
