"""What the app's hooks into Textual's private API (``worksheet.ui.textual_internals``) buy
for painting: what a widget draws, the frames written to the terminal, the compositor, framed
lines, blended components. The checks are run by ``test_hooks_checked.py`` (where the list of
every hook's checks is); the tests here are their own.
"""

from __future__ import annotations

from textual import messages
from textual.app import App, ComposeResult
from textual.color import Color
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

import hooks_probe
from hooks_cases import Far, Probe, ProbeScreen, Quiet, TwoLinesApp, drawn, frames_of, probe
from hooks_cases import signal_handlers  # noqa: F401 (autouse: puts back the signal handlers)
from worksheet.ui import textual_internals as hooks
from worksheet.ui.terminal import key_gate


# -- what each hook buys ----------------------------------------------------------------------

def sent_to(app: Probe, kind: type, widget: Widget) -> list[Message]:
    return [m for m in app.handled if isinstance(m, kind) and getattr(m, "widget", 0) is widget]


class Blended(Widget):
    """A widget with its own component (Textual's own blending applies to it)."""

    COMPONENT_CLASSES = {"blended--part"}
    DEFAULT_CSS = """
    Screen { background: #203040; }
    Blended { background: #102030 50%; color: #e0e0e0; opacity: 0.8; }
    Blended > .blended--part { background: #f0a000 40%; text-style: bold; }
    """


class Sharing(hooks.SharedComponentClasses, Blended):
    def makes_own_components(self) -> bool:
        return False


def a_node_lists_its_component_classes():
    assert hooks.component_classes(Blended()) == {"blended--part"}
    assert hooks.component_classes(Static()) == frozenset()


async def a_sharing_widget_holds_no_component_styles(app, pilot):
    own, sharing = Blended(), Sharing()
    await app.screen.mount(own, sharing)
    await pilot.pause()
    assert hooks_probe.own_component_styles(own) == {"blended--part"}
    assert hooks_probe.own_component_styles(sharing) == frozenset()


async def a_component_blends_over_its_ancestors(app, pilot):
    inner = Blended()
    await app.screen.mount(Vertical(inner))
    inner.parent.styles.background = Color(200, 0, 0, 0.5)
    await pilot.pause()
    assert hooks.blend_over(inner, inner.get_component_styles("blended--part")) == \
        inner.get_component_rich_style("blended--part")


async def the_components_a_widget_holds(app, pilot):
    await app.screen.mount(own := Blended())
    assert hooks_probe.own_component_styles(own) == {"blended--part"}
    assert hooks_probe.own_component_styles(app.screen.query_one("#top")) == frozenset()


async def an_unseen_repaint_sends_nothing_and_shows_when_seen(app, pilot):
    far = app.screen.query_one(Far)
    app.handled.clear()
    far.show("far, changed")
    await pilot.pause()
    assert not sent_to(app, messages.Update, far)
    far.scroll_visible(animate=False)
    await pilot.pause()
    assert drawn(far).startswith("far, changed")


async def an_unseen_layout_is_still_done(app, pilot):
    far = app.screen.query_one(Far)
    far.styles.height = 2
    await pilot.pause()
    assert far.size.height == 2 and sent_to(app, messages.Layout, far)


async def a_repaint_is_drawn_without_messages(app, pilot):
    quiet = app.screen.query_one(Quiet)
    app.handled.clear()
    quiet.show("quieter")
    await pilot.pause()
    assert drawn(quiet).startswith("quieter")
    assert not sent_to(app, messages.Update, quiet), "the screen was sent an Update"


class NoLinks(Static):
    """Text that is never a link, as the app's rows are (``widgets.NoLinks``): with links
    styled, the hook below leaves the lines to Textual."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.set_reactive(Widget.auto_links, False)


class Framed(hooks.LeftFramedLines, NoLinks):
    """A widget whose lines are put together from a frame worked out once."""


async def same_lines(ours: Widget, theirs: Widget, css: str) -> None:
    """``ours`` and ``theirs`` (Textual's own way) draw the very same segments."""
    async with probe() as (app, pilot):
        for widget in (ours, theirs):
            widget.set_styles(css)
        await app.screen.mount(ours, theirs)
        await pilot.pause()
        assert [list(line) for line in ours.render_lines(ours.size.region)] == \
            [list(line) for line in theirs.render_lines(theirs.size.region)]


async def a_left_frame_is_textuals_own():
    await same_lines(Framed("Armor 13\nBrawn 6"), Static("Armor 13\nBrawn 6"),
                     "height: 3; border-left: tall #f0a000; padding: 0 2; "
                     "background: #102030 60%; color: #e0e0e0;")


def marked(data: str) -> str:
    return f"<{data}>"


class Compacted(Probe):
    def on_mount(self) -> None:
        hooks.compact_output(self, marked)
        hooks.compact_output(self, marked)  # once per app


async def type_a_key(pilot) -> None:
    await pilot.press("tab", "7")


async def every_frame_goes_through_compact():
    frames = await frames_of(Compacted(), type_a_key)
    assert frames and all(frame.startswith("<") for frame in frames)
    assert any("7" in frame for frame in frames[-3:]), "the keystroke's frame"


async def output_is_compacted_once_per_app():
    frames = await frames_of(Compacted(), type_a_key)
    assert not any(frame.startswith("<<") for frame in frames)


class Counted(Static):
    """Counts the lines it renders."""

    rendered = 0

    def render_lines(self, crop: Region) -> list[Strip]:
        type(self).rendered += crop.height
        return super().render_lines(crop)


class Rows(Screen):
    """Three rows, one above the other; the middle one counts the lines it renders."""

    def compose(self) -> ComposeResult:
        yield Static("Alpha", id="top")
        yield Counted("Bravo")
        yield Static("Charlie", id="bottom")


class OurRows(hooks.RenderSentLinesOnly, Rows):
    pass


class Beside(OurRows):
    DEFAULT_CSS = "Beside { layout: horizontal; } Beside > Static { width: 1fr; }"


class Showing(Probe):
    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.first = screen

    def first_screen(self) -> Screen:
        return self.first


async def change_top_and_bottom(pilot) -> None:
    Counted.rendered = 0
    pilot.app.screen.query_one("#top").update("ALPHA")
    if pilot.app.screen.query("#bottom"):
        pilot.app.screen.query_one("#bottom").update("CHARLIE")


async def the_rows_between_two_changes_are_not_rendered():
    await frames_of(Showing(OurRows()), change_top_and_bottom)
    ours = Counted.rendered
    await frames_of(Showing(Rows()), change_top_and_bottom)
    assert ours == 0 and Counted.rendered > 0, "Textual's own renders the row between"


async def the_frames_sent_are_textuals_own():
    ours = await frames_of(Showing(OurRows()), change_top_and_bottom)
    textuals = await frames_of(Showing(Rows()), change_top_and_bottom)
    assert ours == textuals and "ALPHA" in ours[-1] and "CHARLIE" in ours[-1]


async def a_widget_beside_the_change_is_not_rendered():
    frames = await frames_of(Showing(Beside()), change_top_and_bottom)
    assert Counted.rendered == 0 and "ALPHA" in frames[-1]


class Long(Screen):
    """Two rows, then a list longer than its view."""

    DEFAULT_CSS = "#long { height: 4; }"

    def compose(self) -> ComposeResult:
        yield Static("Alpha", id="top")
        yield Static("Bravo", id="middle")
        yield VerticalScroll(*(Static(f"row {n}") for n in range(20)), id="long")


class OurLong(hooks.RenderSentLinesOnly, Long):
    pass


def on_terminal(frames: list[str]) -> str:
    """The screen a terminal shows after ``frames``."""
    import pyte

    screen = pyte.Screen(40, 12)
    stream = pyte.Stream(screen)
    for frame in frames:
        stream.feed(frame)
    return "\n".join(screen.display)


async def a_widget_that_goes_is_wiped():
    async def hide_bravo(pilot) -> None:
        screen = pilot.app.screen
        far = screen.query("#long Static").last()
        far.refresh()  # out of view: Textual rebuilds its map when next asked for it
        await pilot.pause()
        screen.query_one("#middle").display = False
        screen.find_widget(far)  # asked for before the layout

    ours = on_terminal(await frames_of(Showing(OurLong()), hide_bravo))
    textuals = on_terminal(await frames_of(Showing(Long()), hide_bravo))
    assert [line.strip() for line in ours.splitlines()[:3]] == ["Alpha", "row 0", "row 1"]
    assert "Bravo" in textuals, "Textual's own leaves it on the terminal: is the hook needed?"


class Covered(ProbeScreen):
    """A screen wholly behind one widget; counts the lines it renders itself."""

    rendered = 0

    def compose(self) -> ComposeResult:
        yield Static("cover", id="cover")

    def render_lines(self, crop: Region) -> list[Strip]:
        Covered.rendered += crop.height
        return super().render_lines(crop)


async def a_screen_behind_its_widgets_is_not_rendered():
    class Covering(Probe):
        CSS = "#cover { width: 100%; height: 100%; }"

        def first_screen(self) -> Screen:
            Covered.rendered = 0
            return Covered()

    async def nothing(pilot) -> None:
        pass

    frames = await frames_of(Covering(), nothing)
    assert Covered.rendered == 0 and any("cover" in frame for frame in frames)


class BlendApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Blended()


async def test_blend_over_is_textuals_own_blending():
    """``blend_over`` copies ``DOMNode.rich_style``: over a widget that holds its own component
    styles both must give the same style, semi-transparent colours and opacity included."""
    app = BlendApp()
    async with app.run_test():
        widget = app.query_one(Blended)
        textuals = widget.get_component_rich_style("blended--part")
        ours = hooks.blend_over(widget, widget.get_component_styles("blended--part"))
        assert textuals.bgcolor is not None and textuals.bold
        assert ours == textuals, (
            "textual_internals.blend_over no longer matches DOMNode.rich_style: "
            f"{ours} != {textuals}")


async def test_a_rebuilt_full_map_marks_what_went_for_repaint():
    """The stale-toast bug, at the compositor: Textual's map is marked for a rebuild (as a
    dirty row out of view does), a widget leaves, and something asks for the map before the
    layout. The layout then compares against a map that already lacks the widget, so only
    the rebuild can mark its cells for repaint; without the hook nothing does."""
    app = TwoLinesApp()
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        going = app.screen.query_one("#going")
        geometry = compositor.full_map[going]
        shown = geometry.clip.intersection(geometry.region)
        assert shown, "the widget is on screen before it goes"
        compositor._dirty_regions.clear()
        compositor._full_map_invalidated = True
        going.display = False
        assert going not in compositor.full_map
        assert shown in compositor._dirty_regions, "the rebuild forgot the cells that went"
        await pilot.pause()
        assert "going" not in app.export_screenshot()


class Repainted(hooks.RepaintWithoutMessages, Widget):
    """A widget whose repaints are noted on the screen directly."""

    text = "before"

    def render(self) -> str:
        return self.text


class RepaintApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Repainted()


async def test_a_repaint_without_messages_is_drawn_and_sends_none():
    """The repaint reaches the screen's set of widgets to draw at once (no Prompt to the
    widget, no Update to the screen), and the next frame shows the new text."""
    app, sent = RepaintApp(), []
    async with app.run_test(size=(20, 3), message_hook=sent.append) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(Repainted)
        sent.clear()
        widget.text = "after"
        widget.refresh()
        assert key_gate.busy_widget(widget) is None, "the widget was sent a message (a Prompt)"
        await pilot.pause()
        assert not [m for m in sent if isinstance(m, messages.Update)], "the screen was sent one"
        assert "after" in drawn(widget)
        assert "after" in app.export_screenshot()
