"""The app's tables of key names answer as Textual does (``worksheet.ui.keys``): what
Textual finds by looking names up in Unicode's database, at a cost in memory to every session
(``tests/terminal/test_unicode_names_pty.py``), the app reads from ``NAMED_KEYS`` and
``CHARACTER_KEYS``. Each entry is held to Textual's own answer, and every key a binding of the
app, its screens or their widgets (Textual's included) uses must be in the tables, so a
session never falls back to a lookup."""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata

import pytest
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.drivers import linux_driver
from textual.keys import format_key, key_to_character

import worksheet.ui
from worksheet.ui.keys import (ALT_DIGITS, CHARACTER_KEYS, NAMED_KEYS, key_character,
                               key_display)


def bound_keys() -> set[str]:
    """Every key (modifiers included) in the ``BINDINGS`` of a DOM class once every module of
    the app's UI is imported: the app's, its screens', its widgets' and Textual's."""
    for module in pkgutil.walk_packages(worksheet.ui.__path__, "worksheet.ui."):
        importlib.import_module(module.name)
    classes, found = [DOMNode], set()
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        if not cls.__module__.startswith(("worksheet.", "textual.")):
            continue  # a test's own widget
        for binding in vars(cls).get("BINDINGS", []):
            key = binding.key if isinstance(binding, Binding) else binding[0]
            found.update(part.strip() for part in key.split(","))
    return found


BOUND = sorted(bound_keys())


@pytest.mark.parametrize("name", sorted(NAMED_KEYS))
def test_a_named_key_reads_as_textual_reads_it(name):
    character, shown = NAMED_KEYS[name]
    assert key_to_character(name) == character
    assert format_key(name) == shown
    assert key_character(name) == character


@pytest.mark.parametrize("character", sorted(CHARACTER_KEYS))
def test_a_typed_character_is_named_as_textuals_parser_names_it(character):
    parser = linux_driver.XTermParser()  # Textual's own: no app runs, so no hook is applied
    keys = [*parser.feed(character), *parser.feed("")]
    assert [key.key for key in keys] == [CHARACTER_KEYS[character]]


def test_every_bound_key_is_in_the_tables():
    """A binding with a named key the tables lack would be looked up in every session."""
    assert len(BOUND) > 50
    names = {key.rpartition("+")[2] for key in BOUND}
    missing = {name for name in names if len(name) > 1 and name not in NAMED_KEYS}
    assert missing == set(), f"named keys bound but not in keys.NAMED_KEYS: {missing}"


@pytest.mark.parametrize("key", BOUND)
def test_a_bound_key_is_written_and_read_as_textual_does(key):
    binding = Binding(key, "bell")
    assert key_display(binding) == App().get_key_display(binding)
    assert key_character(key) == key_to_character(key)


def test_a_key_display_the_binding_gives_is_kept():
    assert key_display(Binding("ctrl+s", "save", key_display="⌃S")) == "⌃S"
    assert key_display(Binding("ctrl+shift+f5", "x")) == "shift+^f5"
    assert key_display(Binding("ctrl+shift+f5", "x")) == App().get_key_display(
        Binding("ctrl+shift+f5", "x"))


def test_a_name_the_tables_lack_is_asked_of_textual():
    assert key_character("greater_than_sign") == ">"  # not bound: Textual's lookup answers
    assert key_display(Binding("alt+greater_than_sign", "x")) == "alt+>"


def test_alt_digits_are_the_characters_their_names_name():
    from worksheet.ui.widgets.editors import ALT_DIGIT_CHARACTERS

    expected = "".join(name if len(name) == 1 else unicodedata.lookup(name.replace("_", " "))
                       for name in ALT_DIGITS)
    assert ALT_DIGIT_CHARACTERS == expected == "¡™£¢∞§¶•ª"
    assert all(CHARACTER_KEYS[character] == name
               for character, name in zip(expected, ALT_DIGITS) if len(name) > 1)
