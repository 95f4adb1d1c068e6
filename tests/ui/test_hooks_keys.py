"""What the app's hooks into Textual's private API (``worksheet.ui.textual_internals``) buy
for keys, selects and text fields, and the escape-split parser: the checks, each run by
``test_hooks_checked.py`` (where the list of every hook's checks is), and the tests of their own.
"""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Input

from hooks_cases import Keyed, drawn, process_wide_hooks
from hooks_cases import signal_handlers  # noqa: F401 (autouse: puts back the signal handlers)
from worksheet.ui import textual_internals as hooks
from worksheet.ui.controllers import recovery
from worksheet.ui.screens import confirm
from worksheet.ui.terminal import key_gate
from worksheet.ui.textual_internals import SelectCurrent, SelectOverlay


# -- what each hook buys ----------------------------------------------------------------------

async def each_key_is_seen_before_it_is_inserted(app, pilot):
    keyed = app.screen.query_one(Keyed)
    keyed.focus()
    await pilot.press("1", "2", "x", "3")
    assert keyed.value == "123"
    assert keyed.seen == [("1", ""), ("2", "1"), ("x", "12"), ("3", "12")]


async def typing_that_fits_lays_nothing_out(app, pilot):
    keyed, plain = app.screen.query_one(Keyed), app.screen.query_one("#plain", Input)
    keyed.value = "12345"
    assert not hooks.layout_pending(app.screen)
    plain.value = "12345"
    assert hooks.layout_pending(app.screen), "Textual's own input asks for a layout"
    await pilot.pause()
    assert "12345" in drawn(keyed)


def current(app: App):
    return app.screen.query_one("#choice", hooks.LazySelectList)


async def the_list_is_built_when_it_first_opens(app, pilot):
    choice = current(app)
    assert not choice.query(SelectOverlay), "no list before it opens"
    choice.action_show_overlay()
    await pilot.pause()
    assert choice.query_one(SelectOverlay).option_count == 3


async def the_field_shows_the_choice_or_the_prompt_dimmed(app, pilot):
    blank = hooks.LazySelectList([("a", 1)], prompt="pick one", compact=True)
    await app.screen.mount(blank)
    await pilot.pause()
    field = blank.query_one(hooks.DrawnSelectCurrent)
    assert not field.has_class("-has-value") and str(field.render()).startswith("pick one")
    blank.value = 1
    await pilot.pause()
    assert field.has_class("-has-value") and str(field.render()).startswith("a ")


async def the_arrow_points_up_while_the_list_is_open(app, pilot):
    field = current(app).query_one(hooks.DrawnSelectCurrent)
    arrows = [str(field.render())[-1]]
    current(app).action_show_overlay()
    await pilot.pause()
    arrows.append(str(field.render())[-1])
    assert arrows == ["▼", "▲"]


async def new_options_wait_for_the_list(app, pilot):
    choice = current(app)
    choice.set_options([("x", 1), ("y", 2)])
    choice.value = 2
    await pilot.pause()
    assert not choice.query(SelectOverlay)
    assert str(choice.query_one(SelectCurrent).render()).startswith("y ")
    choice.action_show_overlay()
    await pilot.pause()
    assert choice.query_one(SelectOverlay).option_count == 2


async def a_value_set_while_closed_is_shown_and_said(app, pilot):
    app.chosen.clear()
    current(app).value = 3
    await pilot.pause()
    assert str(current(app).query_one(SelectCurrent).render()).startswith("c ")
    assert app.chosen == [3] and not current(app).query(SelectOverlay)


async def the_list_opens_on_the_value(app, pilot):
    current(app).value = 2
    current(app).action_show_overlay()
    await pilot.pause()
    assert current(app).query_one(SelectOverlay).highlighted == 1


async def enter_chooses_and_escape_keeps(app, pilot):
    current(app).focus()
    await pilot.press("enter", "down", "enter")
    await pilot.pause()
    await pilot.press("enter", "down", "escape")
    await pilot.pause()
    assert current(app).value == 2 and not current(app).expanded
    overlay = current(app).query_one(SelectOverlay)
    assert [bool(overlay.settle_after_key(key)) for key in ("enter", "escape", "down")] \
        == [True, True, False]


async def focus_goes_to_the_list_and_back(app, pilot):
    current(app).focus()
    await pilot.press("enter")
    await pilot.pause()
    on_list = app.focused is current(app).query_one(SelectOverlay)
    await pilot.press("enter")
    await pilot.pause()
    assert on_list and app.focused is current(app)


async def typing_searches_the_list(app, pilot):
    current(app).focus()
    await pilot.press("enter", "c", "enter")
    await pilot.pause()
    assert current(app).value == 3


async def a_key_a_field_takes_is_stopped_there(app, pilot):
    app.screen.query_one(Keyed).focus()
    await pilot.press("a", "f9")
    typed = [hooks.key_stopped(m) for m in app.handled if getattr(m, "key", "") == "a"]
    assert typed and all(typed), "the field stopped the key it took"
    assert app.at_screen == [("f9", False)] and app.bubbled == [("f9", True)], \
        "a key no widget took is not stopped, until its screen passes it up to the app"


async def a_key_goes_to_the_focused_widget_and_back_unless_stopped(app, pilot):
    app.screen.query_one(Keyed).focus()
    await pilot.press("a", "f9")
    assert app.screen.query_one(Keyed).value == "a"
    assert [key for key, _ in app.bubbled] == ["f9"]


async def a_key_is_named_without_unicodes_database(app, pilot):
    """The screen's binding chain and the terminal parser name keys as Textual does, without
    looking a name up in Unicode's database (``unicodedata``): Textual's cache of the answers
    emptied, a lookup would show."""
    import unicodedata

    from textual import keys as textual_keys
    from textual.drivers import linux_driver

    app.bind("question_mark", "bell")
    app.bind("f5", "bell")
    app.screen.query_one(Keyed).focus()
    await pilot.pause()
    textual_keys.key_to_character.cache_clear()
    looked_up, lookup, name = [], unicodedata.lookup, unicodedata.name
    unicodedata.lookup = lambda text: looked_up.append(text) or lookup(text)
    unicodedata.name = lambda *args: looked_up.append(args[0]) or name(*args)
    try:
        active = set(app.screen.active_bindings)
        parser = linux_driver.XTermParser()
        read = [key.key for key in [*parser.feed("-£ a"), *parser.feed("")]]
    finally:
        unicodedata.lookup, unicodedata.name = lookup, name
    assert "f5" in active and "question_mark" not in active, "the field takes ? but not F5"
    assert read == ["minus", "pound_sign", "space", "a"]
    assert looked_up == [], "no name looked up"


def escape_then_a_key_is_marked():
    from textual.drivers import linux_driver

    def read(data: str) -> list:
        parser = linux_driver.XTermParser()
        return [*parser.feed(data), *parser.feed("")]

    def alone(key) -> list:
        return [(k.key, k.character) for k in getattr(key, "after_escape", None) or []]

    with process_wide_hooks():
        digit, (alt_q,), (plain,) = read("\x1b5"), read("\x1bq"), read("5")
    assert len(digit) == 1 and alone(digit[0]) == [("5", "5")]
    assert alt_q.key == "alt+q" and alone(alt_q) == [("q", "q")]
    assert not hasattr(plain, "after_escape")


async def a_key_is_stamped_when_read(app, pilot):
    before = confirm.event_clock()
    await pilot.press("f9")
    stamps = [m.time for m in app.handled if isinstance(m, events.Key)]
    assert stamps and before <= stamps[0] <= confirm.event_clock()


class Ping(Message):
    """A message a test posts and waits to see handled."""


async def a_message_on_its_way_is_pending(app, pilot):
    app.screen.query_one("#top").post_message(Ping())
    pending = recovery.messages_pending(app)
    await pilot.pause()
    assert pending and not recovery.messages_pending(app)


async def a_layout_asked_for_is_pending_until_done(app, pilot):
    app.screen.query_one("#top").refresh(layout=True)
    pending = hooks.layout_pending(app.screen)
    await pilot.pause()
    assert pending and not hooks.layout_pending(app.screen)


async def the_widget_with_a_message_is_busy(app, pilot):
    top = app.screen.query_one("#top")
    top.post_message(Ping())
    busy = key_gate.busy_widget(app.screen)
    await pilot.pause()
    assert busy is top and key_gate.busy_widget(app.screen) is None


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
