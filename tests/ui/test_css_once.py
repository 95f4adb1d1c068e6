"""The suite's shared CSS parse (``tests/css_once.py``) gives each app the rules its own parse
would: the same text with other variables (another theme) parses again."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from worksheet.ui import WorksheetApp

CSS = "Label { color: $primary; }"


def colour(variables: dict[str, str]):
    sheet = Stylesheet(variables=variables)
    sheet.add_source(CSS, read_from=("test", "Label"))
    sheet.parse()
    return sheet.rules[0].styles.color


def test_the_parse_is_shared_by_text_and_variables():
    assert getattr(Stylesheet._parse_rules, "shared", False)
    assert colour({"primary": "red"}) == colour({"primary": "red"})
    assert colour({"primary": "red"}) != colour({"primary": "blue"})


async def test_two_apps_share_their_rules():
    rules = []
    for _ in range(2):
        app = WorksheetApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            rules.append(list(app.stylesheet.rules))
    assert len(rules[0]) == len(rules[1]) > 20
    assert all(first is second for first, second in zip(*rules))
