"""The app's hooks into Textual's private API (``worksheet.ui.textual_internals``) still find
what they rely on: the installed Textual is the pinned one, and every hook's target (module,
class, method, attribute) exists. A failure names the hook, so an upgrade of Textual says
exactly which hook to re-check against the new sources.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import re
import tomllib
import weakref
from importlib import metadata
from pathlib import Path

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.drivers.linux_driver import LinuxDriver
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input
from rich.cells import cached_cell_len
from rich.segment import Segment
from textual._compositor import Compositor
from textual._styles_cache import StylesCache
from textual.cache import FIFOCache
from textual.color import Color
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.reactive import var
from textual.binding import Binding
from textual.widgets import OptionList, Select, Static

from worksheet.ui import textual_internals as hooks
from worksheet.ui.textual_internals import SelectCurrent, SelectOverlay
from worksheet.ui.textual_internals.retained import geometry_caches

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def pinned_textual() -> str:
    """The ``textual==X`` pin of pyproject.toml's dependencies."""
    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    pins = [m.group(1) for d in dependencies if (m := re.fullmatch(r"textual==(\S+)", d))]
    assert len(pins) == 1, f"pyproject.toml pins textual once with ==, found {dependencies}"
    return pins[0]


def test_the_installed_textual_is_the_pinned_one():
    pinned, installed = pinned_textual(), metadata.version("textual")
    assert installed == pinned, (
        f"Textual {installed} is installed, pyproject.toml pins {pinned}: every hook of "
        f"worksheet/ui/textual_internals.py relies on {pinned}'s internals; re-check each "
        "against the new sources before moving the pin")
    assert hooks.PINNED_TEXTUAL == pinned, (
        f"textual_internals.PINNED_TEXTUAL is {hooks.PINNED_TEXTUAL}, pyproject.toml pins "
        f"{pinned}")


def method(cls: type, name: str) -> bool:
    """Whether ``cls`` itself defines the method ``name`` (not only inherits it)."""
    found = cls.__dict__.get(name)
    return callable(found.__func__ if isinstance(found, classmethod) else found)


def attribute(obj: object, name: str) -> bool:
    return hasattr(obj, name)


def module_has(module: str, *names: str) -> bool:
    try:
        loaded = importlib.import_module(module)
    except ImportError:
        return False
    return all(hasattr(loaded, name) for name in names)


def strip_makes_those_caches() -> bool:
    """Textual's own ``Strip.__init__`` (before ``lazy_strip_caches`` replaced it) sets the
    caches ``STRIP_CACHES`` names, with those sizes, and the other slots as the hook does."""
    made = getattr(Strip, "_worksheet_made_caches", Strip.__init__)
    strip = object.__new__(Strip)
    made(strip, [Segment("ab")])
    caches = {name: getattr(strip, name) for name in Strip.__slots__
              if isinstance(getattr(strip, name, None), FIFOCache)}
    return ({name: cache._maxsize for name, cache in caches.items()} == hooks.STRIP_CACHES
            and set(Strip.__slots__) - set(caches) == {
                "_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count"}
            and strip._render_cache is None and strip._link_ids is None
            and strip._cell_count is None)


def test_lazy_strip_caches_keep_what_strips_do():
    """A strip whose caches are made on first use crops, divides and styles as before, and
    caches as before."""
    hooks.lazy_strip_caches()
    strip = Strip([Segment("abcdef")])
    assert strip.crop(1, 3).text == "bc" and strip.crop(1, 3) is strip.crop(1, 3)
    assert [piece.text for piece in strip.divide([2, 4, 6])] == ["ab", "cd", "ef"]
    assert strip.cell_length == 6 and Strip([Segment("字")]).cell_length == 2


def test_background_pairs_by_colour_are_textuals_own_pairs():
    """Keyed by the colours, the pairs are those Textual's own cache gives, and the cache that
    asked is not kept."""
    hooks.background_pairs_by_colour()
    keyed_by_widget = StylesCache._worksheet_keyed_by_widget
    for base, background in [(Color(10, 20, 30), Color(200, 100, 0, 0.5)),
                             (Color(0, 0, 0), Color(255, 255, 255))]:
        asking = StylesCache()
        assert asking.get_inner_outer(base, background) == keyed_by_widget.__wrapped__(
            asking, base, background)
        alive = weakref.ref(asking)
        del asking
        gc.collect()
        assert alive() is None


def test_forget_geometry_empties_the_caches_and_regions_still_answer():
    """After it, the caches are empty and region arithmetic gives the same answers."""
    first, second = Region(0, 3, 40, 10), Region(5, 8, 100, 2)
    before = (first.intersection(second), first.shrink((1, 2, 1, 2)), cached_cell_len("字ab"))
    hooks.forget_geometry()
    assert [cached.cache_info().currsize for cached in geometry_caches()] == [0] * len(
        geometry_caches())
    assert (first.intersection(second), first.shrink((1, 2, 1, 2)),
            cached_cell_len("字ab")) == before == (Region(5, 8, 35, 2), Region(2, 4, 36, 8), 4)


def select() -> Select:
    return Select([("a", 1)], allow_blank=False)


def _escape_marked() -> bool:
    from textual.drivers import linux_driver

    hooks.mark_keys_typed_after_escape()

    def read(data: str) -> list:
        parser = linux_driver.XTermParser()
        return [*parser.feed(data), *parser.feed("")]

    def alone(key) -> list:
        return [(k.key, k.character) for k in getattr(key, "after_escape", None) or []]

    digit, (alt_q,), (plain,) = read("\x1b5"), read("\x1bq"), read("5")
    return ("XTermParser(" in inspect.getsource(linux_driver.LinuxDriver.run_input_thread)
            and len(digit) == 1 and alone(digit[0]) == [("5", "5")]
            and alt_q.key == "alt+q" and alone(alt_q) == [("q", "q")]
            and not hasattr(plain, "after_escape"))


TARGETS = [
    ("breakpoint_classes", "Screen._get_breakpoint_classes",
     lambda: method(Screen, "_get_breakpoint_classes")),
    ("OneToastPerMessage", "App._on_notify", lambda: method(App, "_on_notify")),
    ("OneToastPerMessage", "App._unnotify", lambda: method(App, "_unnotify")),
    ("OneToastPerMessage", "App._notifications",
     lambda: attribute(App(), "_notifications")),
    ("KeepStylesOnFirstResume", "Screen._on_screen_resume",
     lambda: method(Screen, "_on_screen_resume")),
    ("KeepStylesOnFirstResume", "events.ScreenResume.refresh_styles",
     lambda: attribute(events.ScreenResume(), "refresh_styles")),
    ("KeyBeforeInput", "Input._on_key (a coroutine)",
     lambda: inspect.iscoroutinefunction(Input.__dict__.get("_on_key"))),
    ("RepaintWhileTextFits", "Input._watch_value", lambda: method(Input, "_watch_value")),
    ("LazySelectList", "textual.widgets._select.SelectCurrent, SelectOverlay",
     lambda: module_has("textual.widgets._select", "SelectCurrent", "SelectOverlay")),
    ("DrawnSelectCurrent", "SelectCurrent.update, has_value, placeholder",
     lambda: method(SelectCurrent, "update") and isinstance(SelectCurrent.__dict__.get(
         "has_value"), var) and "self.placeholder" in inspect.getsource(SelectCurrent)),
    ("DrawnSelectCurrent", "Select sets -expanded while its list is open",
     lambda: '"-expanded"' in inspect.getsource(Select._watch_expanded)),
    ("LazySelectList", "Select._setup_options_renderables",
     lambda: method(Select, "_setup_options_renderables")),
    ("LazySelectList", "Select._watch_value", lambda: method(Select, "_watch_value")),
    ("LazySelectList", "Select._watch_expanded", lambda: method(Select, "_watch_expanded")),
    ("LazySelectList", "the list closes on enter (OptionList) and escape (SelectOverlay)",
     lambda: {"enter", "escape"} == hooks.text_fields.CLOSING_KEYS and any(
         b.key == "enter" and b.action == "select"
         for b in Binding.make_bindings(OptionList.BINDINGS)) and any(
         b.key == "escape" and b.action == "dismiss"
         for b in Binding.make_bindings(SelectOverlay.BINDINGS))),
    ("LazySelectList", "Select focuses its list, and itself again, with focus()",
     lambda: "overlay.focus(" in inspect.getsource(Select._watch_expanded)
     and "self.focus()" in inspect.getsource(Select._update_selection)),
    ("LazySelectList", "Select()._options, _type_to_search, _value",
     lambda: all(attribute(select(), n) for n in ("_options", "_type_to_search", "_value"))),
    ("component_classes", "DOMNode._get_component_classes",
     lambda: method(DOMNode, "_get_component_classes")),
    ("SharedComponentClasses", "DOMNode._get_component_classes",
     lambda: method(DOMNode, "_get_component_classes")),
    ("blend_over", "DOMNode.rich_style", lambda: isinstance(
        DOMNode.__dict__.get("rich_style"), property)),
    ("SkipRepaintOutOfView", "Widget._check_refresh", lambda: method(Widget, "_check_refresh")),
    ("SkipRepaintOutOfView", "Widget()._repaint_required, _layout_required",
     lambda: all(attribute(Widget(), n) for n in ("_repaint_required", "_layout_required"))),
    ("SkipRepaintOutOfView", "Screen()._compositor.visible_widgets",
     lambda: attribute(Screen()._compositor, "visible_widgets")),
    ("RepaintWithoutMessages", "Widget.refresh's repaint: _layout_cache, _set_dirty, "
     "clear_cached_dimensions, _rich_style_cache; Screen._on_update: _dirty_widgets, "
     "check_idle", lambda: all(name in inspect.getsource(Widget.refresh) for name in (
         "self._layout_cache.clear()", "self._set_dirty(*regions)",
         "self.clear_cached_dimensions()", "self._rich_style_cache.clear()"))
     and all(name in inspect.getsource(Screen._on_update) for name in (
         "self._dirty_widgets.add(widget)", "self.check_idle()"))),
    ("ContentAsDrawn", "Widget._render_content: _render, visual_style, Visual.to_strips, "
     "_RenderCache(size, strips), _dirty_regions; to_strips: text_selection, auto_links, "
     "content_align, render_strips with RenderOptions(_get_style, styles, …)",
     lambda: all(name in inspect.getsource(Widget._render_content) for name in (
         "self._render()", "self.visual_style", "_RenderCache(self.size, strips)",
         "self._dirty_regions.clear()"))
     and all(name in inspect.getsource(Visual.to_strips) for name in (
         "widget.text_selection", "widget.auto_links", "content_align", "pad",
         "visual.render_strips", "widget._get_style"))),
    ("LeftFramedLines", "StylesCache.render_line's content branch (adjust_cell_length, "
     "line_pad, get_box(...)[1][0], Strip(line, width)) and render (filters, crop); "
     "Widget.render_line, _size, styles._cache_key, _border_title",
     lambda: all(name in inspect.getsource(StylesCache.render_line) for name in (
         "render_content_line(y - gutter.top)", "line.adjust_cell_length(content_width, "
         "inner.rich_style)", "line_pad(line, pad_left, pad_right, inner.rich_style)",
         "get_box(border_left, inner, outer, left_style)[1][0]", "Strip(post(line), width)"))
     and all(name in inspect.getsource(StylesCache.render) for name in (
         "strip.apply_filter(filter, background)", "strip.crop(x1, x2)"))
     and "widget.background_colors" in inspect.getsource(StylesCache.render_widget)
     and all(attribute(Widget(), n) for n in ("_size", "_border_title", "_border_subtitle"))
     and isinstance(type(Widget().styles).__dict__.get("_cache_key"), property)),
    ("key_stopped", "Message()._stop_propagation, set by stop(); MessagePump._on_message "
     "bubbles only an unstopped message, posting it to the parent (_bubble_to), a screen "
     "stopping one whose sender is its parent", lambda: Message()._stop_propagation is False
     and "not message._stop_propagation" in inspect.getsource(MessagePump._on_message)
     and "message._sender == self._parent" in inspect.getsource(MessagePump._on_message)
     and "widget.post_message(self)" in inspect.getsource(Message._bubble_to)),
    ("key_stopped", "App.on_event hands a key no priority binding took to the focused widget "
     "with _forward_event, which marks it forwarded",
     lambda: "forward_target._forward_event(event)" in inspect.getsource(App.on_event)
     and "_set_forwarded()" in inspect.getsource(Widget._forward_event)),
    ("mark_keys_typed_after_escape", "linux_driver makes XTermParser by its module global in "
     "run_input_thread; XTermParser._sequence_to_key_events(sequence, alt) sees \"\\x1b5\" "
     "whole and \"q\" with alt=True", _escape_marked),
    ("messages_pending", "Widget()._message_queue.empty",
     lambda: callable(getattr(getattr(Widget(), "_message_queue", None), "empty", None))),
    ("layout_pending", "Widget()._layout_required set by refresh(layout=True), handed to the "
     "screen as messages.Layout; Screen._layout_required; Widget()._message_queue.empty",
     lambda: attribute(Widget(), "_layout_required") and attribute(Screen(), "_layout_required")
     and "messages.Layout(self)" in inspect.getsource(Widget._check_refresh)
     and "self._layout_required = True" in inspect.getsource(Widget.refresh)),
    ("busy_widget", "Widget()._message_queue.empty",
     lambda: callable(getattr(getattr(Widget(), "_message_queue", None), "empty", None))),
    ("UncaughtExceptionHook", "App._handle_exception",
     lambda: method(App, "_handle_exception")),
    ("UncaughtExceptionHook", "App()._exit_renderables (a list)",
     lambda: isinstance(getattr(App(), "_exit_renderables", None), list)),
    ("copy_through_driver", "App()._clipboard and App()._driver",
     lambda: all(attribute(App(), n) for n in ("_clipboard", "_driver"))),
    ("copy_through_driver", "App.copy_to_clipboard writes through self._driver.write",
     lambda: "self._driver.write(" in inspect.getsource(App.copy_to_clipboard)),
    ("notifications", "App()._notifications (iterable)",
     lambda: iter(getattr(App(), "_notifications", None)) is not None),
    ("exit_output", "App()._exit_renderables (a list)",
     lambda: isinstance(getattr(App(), "_exit_renderables", None), list)),
    ("own_component_styles", "DOMNode()._component_styles (a dict)",
     lambda: isinstance(getattr(DOMNode(), "_component_styles", None), dict)),
    ("forget_arrangement", "Widget._clear_arrangement_cache",
     lambda: method(Widget, "_clear_arrangement_cache")),
    ("handle_job_control", "LinuxDriver installs SIGTSTP and SIGCONT handlers with "
     "signal.signal", lambda: all(f"signal.signal(signal.{name}" in inspect.getsource(LinuxDriver)
                                  for name in ("SIGTSTP", "SIGCONT"))),
    ("handle_job_control", "LinuxDriver: _auto_restart, _must_signal_resume (set by its "
     "SIGTSTP handler), suspend_application_mode",
     lambda: all(n in inspect.getsource(LinuxDriver._sigtstp_application)
                 for n in ("self._auto_restart", "self._must_signal_resume = True"))
     and callable(getattr(LinuxDriver, "suspend_application_mode", None))),
    ("compact_output", "App._display writes each frame with one self._driver.write",
     lambda: "self._driver.write(" in inspect.getsource(App._display)
     or "write(terminal_sequence)" in inspect.getsource(App._display)),
    ("compact_output", "App()._driver",
     lambda: attribute(App(), "_driver")),
    ("LineCompositor", "Compositor.render_partial_update, _regions_to_spans, _render_chops, "
     "_get_renders, cuts", lambda: all(hasattr(Compositor, n) for n in (
         "render_partial_update", "_regions_to_spans", "_render_chops", "_get_renders",
         "cuts"))),
    ("LineCompositor", "Compositor()._dirty_regions and visible_widgets",
     lambda: all(attribute(Compositor(), n) for n in ("_dirty_regions", "visible_widgets"))),
    ("LineCompositor", "Compositor._render_chops takes its widgets from self._get_renders(crop)",
     lambda: "self._get_renders(crop)" in inspect.getsource(Compositor._render_chops)),
    ("RepaintWhatARebuiltMapMoves", "Compositor.full_map, a property reading "
     "_full_map_invalidated and root; reflow marking clip ∩ region of changes dirty",
     lambda: isinstance(Compositor.__dict__.get("full_map"), property)
     and "_full_map_invalidated" in inspect.getsource(Compositor.full_map.fget)
     and "clip.intersection(map_geometry.region)" in inspect.getsource(Compositor.reflow)),
    ("event_clock", "Message.__post_init__ stamps time with textual._time.get_time(), and "
     "Key keeps it", lambda: "_time.get_time()" in inspect.getsource(Message.__post_init__)
     and "time" not in inspect.getsource(events.Key.__init__)),
    ("RenderSentLinesOnly", "Screen()._compositor (a Compositor)",
     lambda: isinstance(Screen()._compositor, Compositor)),
    ("lazy_strip_caches", "Strip.__init__ makes the caches of STRIP_CACHES, nothing else",
     strip_makes_those_caches),
    ("background_pairs_by_colour", "StylesCache.get_inner_outer, an lru_cache wrapper",
     lambda: hasattr(getattr(StylesCache, "_worksheet_keyed_by_widget",
                             StylesCache.get_inner_outer), "__wrapped__")),
    ("forget_geometry", "Region.intersection, shrink and overlaps and rich's cached_cell_len "
     "are lru_cache wrappers", lambda: {Region.intersection, Region.shrink, Region.overlaps,
                                        cached_cell_len} <= set(geometry_caches())),
    ("StyleOnceInTheDom", "DOMNode.update_node_styles, and App._register applying the "
     "stylesheet to each widget it mounts", lambda: method(DOMNode, "update_node_styles")
     and "apply_stylesheet(widget" in inspect.getsource(App._register)),
    ("forget_cell_styles", "DataTable._get_styles_to_render_cell is an lru_cache wrapper",
     lambda: hasattr(DataTable._get_styles_to_render_cell, "cache_clear")),
    ("forget_drawn", "Widget()._styles_cache (a StylesCache), _render_cache (a _RenderCache) "
     "and _dirty_regions, and render_line rendering again while _dirty_regions is not empty",
     lambda: isinstance(getattr(Widget(), "_styles_cache", None), StylesCache)
     and type(getattr(Widget(), "_render_cache", None)).__name__ == "_RenderCache"
     and isinstance(getattr(Widget(), "_dirty_regions", None), set)
     and "if self._dirty_regions:" in inspect.getsource(Widget.render_line)),
    ("kept_lines", "Widget()._styles_cache._cache (a dict), _render_cache.lines (a list)",
     lambda: isinstance(getattr(Widget()._styles_cache, "_cache", None), dict)
     and isinstance(Widget()._render_cache.lines, list)),
    ("rendered_lines", "Widget()._styles_cache (a StylesCache)",
     lambda: isinstance(getattr(Widget(), "_styles_cache", None), StylesCache)),
    ("lay_out_without_painting", "Screen()._compositor (a Compositor) and "
     "Compositor.reflow(parent, size), which returns the hidden, shown and resized widgets",
     lambda: isinstance(getattr(Screen(), "_compositor", None), Compositor)
     and list(inspect.signature(Compositor.reflow).parameters) == ["self", "parent", "size"]
     and "ReflowResult" in str(inspect.signature(Compositor.reflow).return_annotation)),
    ("add_css_file", "textual._context.active_app, Stylesheet.has_source/read/parse and "
     "the parse cache (Stylesheet._parse_cache) that parse reuses",
     lambda: hasattr(importlib.import_module("textual._context"), "active_app")
     and all(method(Stylesheet, name) for name in ("has_source", "read", "parse"))
     and "_parse_cache" in inspect.getsource(Stylesheet._parse_rules)),
    ("lazy_strip_caches", "Strip has __slots__ and no __getattr__ of its own",
     lambda: hasattr(Strip, "__slots__") and (
         "__getattr__" not in Strip.__dict__ or getattr(Strip, "_worksheet_lazy", False))),
]


@pytest.mark.parametrize("hook, target, exists", TARGETS,
                         ids=[f"{hook}:{target}" for hook, target, _ in TARGETS])
def test_each_hooks_target_exists(hook, target, exists):
    assert hasattr(hooks, hook), f"textual_internals.{hook} is gone, but this test checks it"
    assert exists(), (f"textual_internals.{hook} relies on {target}, which Textual "
                      f"{metadata.version('textual')} no longer has")


def test_every_hook_is_checked():
    """A hook added to textual_internals without a target here fails (its name is said)."""
    checked = {hook for hook, _, _ in TARGETS}
    public = set(hooks.__all__) - {"PINNED_TEXTUAL", "SelectCurrent", "SelectOverlay"}
    assert public - checked == set(), f"hooks with no target checked: {public - checked}"


class Blended(Widget):
    """A widget with its own component (Textual's own blending applies to it)."""

    COMPONENT_CLASSES = {"blended--part"}
    DEFAULT_CSS = """
    Screen { background: #203040; }
    Blended { background: #102030 50%; color: #e0e0e0; opacity: 0.8; }
    Blended > .blended--part { background: #f0a000 40%; text-style: bold; }
    """


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


class TwoLines(hooks.RenderSentLinesOnly, Screen):
    def compose(self) -> ComposeResult:
        yield Static("kept")
        yield Static("going", id="going")


class TwoLinesApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(TwoLines())


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


async def test_laying_out_without_painting_lets_go_of_a_removed_widget():
    """A removed widget stays alive in Textual's map until the next layout (on a tab switch,
    the rows of the tab left, while the next tab's are made); the hook lays out at once,
    drawing nothing: the widget is freed, and the next frame paints over its place."""
    app = TwoLinesApp()
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        going = next(w for w in app.screen.children if w.id == "going")  # query_one keeps it
        gone = weakref.ref(going)
        with app.batch_update():  # no frame (as during a tab switch)
            await going.remove()
            del going
            hooks.forget_arrangement(app.screen)  # as a released form body does, with
            _ = app.screen.displayed_children  # the list of displayed children made anew
            gc.collect()
            kept = gone() is not None  # not in the assert: pytest's rewriting would keep it
            assert kept, "Textual no longer keeps a removed widget: is the hook needed?"
            hooks.lay_out_without_painting(app.screen)
            gc.collect()
            freed = gone() is None
            assert freed, "the removed widget is still alive after the layout"
        await pilot.pause()
        assert "going" not in app.export_screenshot()
        assert "kept" in app.export_screenshot()


async def test_a_drawn_select_current_is_one_widget_with_its_label_and_arrow():
    """The closed field of a choice has no children; it shows the label cut to its width with
    an ellipsis, then the arrow (▼ closed, ▲ open), the prompt and arrow dimmed as Textual's
    own parts are."""

    class Choices(App):
        def compose(self) -> ComposeResult:
            yield hooks.LazySelectList([("a rather long label", 1), ("b", 2)], value=1,
                                       allow_blank=False, compact=True, id="chosen")
            yield hooks.LazySelectList([("a", 1)], prompt="pick one", compact=True,
                                       id="empty")

    app = Choices()
    async with app.run_test(size=(14, 6)) as pilot:
        await pilot.pause()
        chosen = app.query_one("#chosen").query_one(hooks.DrawnSelectCurrent)
        assert not chosen.children
        assert chosen.size.height == 1
        assert chosen.content_size.width == 13  # 14 less the compact field's right padding
        assert chosen.render().plain == "a rather l… ▼"
        empty = app.query_one("#empty").query_one(hooks.DrawnSelectCurrent)
        dim = empty.get_visual_style("drawn-select--dim", partial=True)
        assert dim.foreground is not None and dim.foreground.a < 1
        drawn = empty.render()
        assert drawn.plain.startswith("pick one")
        assert {span.style for span in drawn.spans} == {dim}  # prompt and arrow both dim
        app.query_one("#chosen").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert chosen.render().plain.endswith(" ▲")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.query_one("#chosen").value == 2
        assert chosen.render().plain.startswith("b ") and chosen.render().plain.endswith(" ▼")


async def test_the_dialogs_css_is_read_with_the_first_dialog_and_styles_it():
    """dialogs.tcss is not parsed before the first paint; the first dialog reads it before it
    is styled itself (its screen is centred, its box 64 wide), and no sheet widget is restyled."""
    from worksheet.ui import WorksheetApp
    from worksheet.ui.screens.confirm import Choose
    from worksheet.ui.screens.dialog import CSS_FILE

    app = WorksheetApp(ruleset="gemstone4")
    async with app.run_test(size=(80, 24)) as pilot:
        source = str(CSS_FILE.resolve())
        assert not app.stylesheet.has_source(source)
        cache = app.stylesheet._parse_cache
        parsed, misses = set(cache.keys()), cache.misses
        app.push_screen(Choose("Question?", "Why.", [("yes", "Yes"), ("no", "No")]))
        await pilot.pause()
        assert app.stylesheet.has_source(source)
        new = set(cache.keys()) - parsed  # the file, and the dialog's widgets' own CSS
        assert any(key[1] == (source, "") for key in new)
        assert parsed <= set(cache.keys()) and cache.misses - misses == len(new), \
            "nothing parsed before was parsed again"
        box = app.screen.query_one(".dialog")
        assert box.styles.width.value == 64 and app.screen.styles.align_horizontal == "center"


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
    app = RepaintApp()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(Repainted)
        widget.text = "after"
        widget.refresh()
        assert widget in app.screen._dirty_widgets
        assert widget._message_queue.empty(), "the widget was sent a message"
        assert not widget._repaint_required
        await pilot.pause()
        assert "after" in app.export_screenshot()


class Drawn(hooks.ContentAsDrawn, Static):
    """A widget whose content lines are its visual's strips as drawn."""


class PlainStatic(Static):
    """The same widget drawn Textual's own way."""


class DrawnApp(App[None]):
    CSS = """
    Drawn, PlainStatic { height: 3; background: #203040; color: #e0e0e0; padding: 0 1; }
    .centred { content-align: center middle; }
    """

    def compose(self) -> ComposeResult:
        text = "Armor 13 · Brawn 6\nwrapped to a second line of the widget"
        yield Drawn(text, id="drawn")
        yield PlainStatic(text, id="plain")
        yield Drawn("Armor 13", id="drawn-centred", classes="centred")
        yield PlainStatic("Armor 13", id="plain-centred", classes="centred")


async def test_content_as_drawn_gives_textuals_own_lines_and_takes_its_way_when_aligned():
    app = DrawnApp()
    async with app.run_test(size=(30, 14)) as pilot:
        await pilot.pause()
        for drawn, plain in (("drawn", "plain"), ("drawn-centred", "plain-centred")):
            ours, theirs = app.query_one(f"#{drawn}"), app.query_one(f"#{plain}")
            region = ours.size.region
            assert [list(line) for line in ours.render_lines(region)] == \
                [list(line) for line in theirs.render_lines(region)]
        lines = app.query_one("#drawn").render_lines(app.query_one("#drawn").size.region)
        assert "Armor 13" in lines[0].text
        centred = app.query_one("#drawn-centred").render_lines(
            app.query_one("#drawn-centred").size.region)
        assert centred[1].text.strip() == "Armor 13"
        assert not centred[1].text.startswith(" Armor"), "centred, as Textual aligns it"
