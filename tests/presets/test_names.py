"""Preset names map to safe file names; dangerous names are refused with a clear message."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worksheet.presets import PresetError, check_name, file_name_for, stem_for
from worksheet.presets.names import MAX_NAME_LENGTH


@pytest.mark.parametrize("name, file_name", [
    ("Example 1 — brigandine, medium shield", "example-1-brigandine-medium-shield.toml"),
    ("  Dark Elf  ", "dark-elf.toml"),
    ("Ælfrida's Bow", "lfrida-s-bow.toml"),
    ("Crème brûlée", "creme-brulee.toml"),
    ("x" * MAX_NAME_LENGTH, "x" * 80 + ".toml"),
    ("Hm...", None),
])
def test_file_names(name, file_name):
    if file_name is None:
        with pytest.raises(PresetError):
            file_name_for(name)
    else:
        assert file_name_for(name) == file_name


def test_names_without_ascii_letters_get_a_stable_hashed_stem():
    first = file_name_for("魔女")
    assert first.startswith("preset-") and first.endswith(".toml")
    assert first == file_name_for("魔女")
    assert first != file_name_for("ведьма")
    assert stem_for("!!!") .startswith("preset-")


@pytest.mark.parametrize("name, words", [
    ("", "empty"), ("   ", "empty"), ("\t", "empty"),
    ("../../etc/passwd", "path separator"), ("/etc/passwd", "path separator"),
    ("a/b", "path separator"), ("..\\..\\boot.ini", "path separator"),
    ("..", "'..'"), ("a..b", "'..'"),
    ("nul\x00byte", "control"), ("esc\x1b[2J", "control"), ("new\nline", "control"),
    ("bell\x07", "control"), ("rtl\u202eoverride", "control"), ("del\x7f", "control"),
    ("x" * (MAX_NAME_LENGTH + 1), f"at most {MAX_NAME_LENGTH}"),
])
def test_refused(name, words):
    with pytest.raises(PresetError) as caught:
        check_name(name)
    message = str(caught.value)
    assert words in message
    assert "\x1b" not in message and "\x00" not in message  # the message itself is safe


def test_every_accepted_name_stays_in_its_folder():
    for name in ["a", "Example", ". hidden", "-rf", "CON", "名前 1", "a.b", "~user"]:
        file_name = file_name_for(name)
        assert "/" not in file_name and not file_name.startswith(".")
        assert file_name.endswith(".toml") and len(file_name.encode()) < 255


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_name_is_refused_or_stays_in_its_folder(name):
    try:
        file_name = file_name_for(name)
    except PresetError as error:
        assert "\x1b" not in str(error) and "\n" not in str(error)
        return
    assert file_name.endswith(".toml") and "/" not in file_name and "\\" not in file_name
    assert not file_name.startswith(".") and ".." not in file_name
    assert 5 < len(file_name.encode()) <= 85
    assert file_name == file_name_for(name)  # stable


# -- control characters without Unicode's tables for ASCII (issue 40, memory) --------------

CONTROL_CATEGORIES = ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")


@pytest.mark.parametrize("code", range(128))
def test_an_ascii_control_character_is_found_as_by_its_category(code):
    """ASCII is answered without ``unicodedata`` (its pages cost memory): the same answer."""
    import unicodedata

    from worksheet.engine.quote import printable
    from worksheet.presets.names import control_character

    character = chr(code)
    control = unicodedata.category(character) in CONTROL_CATEGORIES
    assert control_character(character) == control
    assert (printable(character) == character) == (not control)


@given(st.characters())
def test_any_character_is_a_control_character_by_its_category(character):
    import unicodedata

    from worksheet.presets.names import control_character

    assert control_character(character) == (unicodedata.category(character)
                                            in CONTROL_CATEGORIES)


@given(st.text(max_size=8))
def test_a_presets_text_holds_a_control_character_as_its_categories_say(text):
    """What a preset's text is refused for, answered mostly without ``unicodedata``."""
    import unicodedata

    from worksheet.presets.validate import _control_character

    bidi = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    first = next((c for c in text if unicodedata.category(c) in CONTROL_CATEGORIES[:3]
                  + CONTROL_CATEGORIES[4:] or c in bidi), None)
    assert _control_character(text) == (None if first is None else f"U+{ord(first):04X}")
