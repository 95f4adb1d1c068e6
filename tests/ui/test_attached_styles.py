"""The app styles widgets in its tree only (``app.attached_styles``): a class set on a widget
still being made costs no styling, and the widget still shows that class's style once mounted;
a class changed on a mounted widget restyles it at once, as in Textual."""

from __future__ import annotations

from textual.app import App
from textual.color import Color
from textual.widgets import Static

from worksheet.ui import WorksheetApp
from worksheet.ui.app.attached_styles import StyleAttachedWidgetsOnly


class Probe(StyleAttachedWidgetsOnly, App[None]):
    CSS = """
    Static { color: rgb(1, 2, 3); }
    Static.hot { color: rgb(200, 0, 0); }
    """
    styled: list[str] = []

    def update_styles(self, node, animate: bool = True) -> None:
        if node.is_attached or node is self:
            self.styled.append(getattr(node, "id", None) or type(node).__name__)
        super().update_styles(node, animate)


HOT = Color(200, 0, 0)
COLD = Color(1, 2, 3)


async def test_a_class_set_before_mounting_is_styled_once_mounted():
    app = Probe()
    async with app.run_test() as pilot:
        made = Static("x", id="made")
        made.add_class("hot")  # not in the tree: nothing styled yet
        assert made.styles.color != HOT
        await app.screen.mount(made)
        await pilot.pause()
        assert made.styles.color == HOT
        made.remove_class("hot")  # in the tree: restyled at once
        assert made.styles.color == COLD
        assert "made" in app.styled


class Plain(App[None]):
    CSS = Probe.CSS


async def test_textual_alone_styles_a_widget_still_being_made():
    """What the mixin saves: Textual restyles a detached widget at each class change."""
    async with Plain().run_test():
        made = Static("x")
        made.add_class("hot")
        assert made.styles.color == HOT


def test_the_worksheet_app_styles_only_attached_widgets():
    assert issubclass(WorksheetApp, StyleAttachedWidgetsOnly)
