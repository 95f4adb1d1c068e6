"""``RowVisual.render_strips`` builds each line from segments in one pass; it must give the very
segments (so the very cells and colours) that joining, extending and cropping Textual strips
gave, for any texts and widths: wide characters, several lines, empty parts, narrow rows."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.style import Style as RichStyle
from textual.color import Color
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

from worksheet.ui.widgets.row_visual import GUTTER, RULE_INDENT, RowVisual

STYLE = Style(background=Color(10, 20, 30), foreground=Color(200, 200, 200))
PART_STYLES = [Style(foreground=Color(255, 0, 0)), Style(bold=True),
               Style(foreground=Color(0, 255, 0), italic=True), Style(dim=True)]
OPTIONS = RenderOptions(lambda style, default=None: style if isinstance(style, Style)
                        else Style(), {}, None, None)


def joined_render(visual: RowVisual, width: int) -> list[Strip]:
    """The lines as the row drew them with Textual's strip operations (the oracle)."""
    head, formula, result, rule = visual.parts
    head_w, result_w, formula_w = visual._widths(width)
    rich = RichStyle(bgcolor=STYLE.rich_style.bgcolor)

    def lines(part: Content, part_width: int) -> list[Strip]:
        return part.render_strips(part_width, None, STYLE, OPTIONS)

    columns = [(lines(head, head_w), head_w), (lines(formula, formula_w), formula_w),
               ([Strip.join([Strip.blank(result_w - result.cell_length, rich), strip])
                 for strip in lines(result, result.cell_length)]
                if 0 < result.cell_length <= result_w else lines(result, result_w), result_w)]
    top = max(len(strips) for strips, _ in columns)
    gap = Strip.blank(GUTTER, rich)
    out = []
    for y in range(top):
        cells = []
        for index, (strips, cell_width) in enumerate(columns):
            if index:
                cells.append(gap)
            cells.append(strips[y].extend_cell_length(cell_width, rich).crop(0, cell_width)
                         if y < len(strips) else Strip.blank(cell_width, rich))
        out.append(Strip.join(cells))
    indent = Strip.blank(RULE_INDENT, rich)
    rule_w = max(1, width - RULE_INDENT)
    for strip in lines(rule, rule_w):
        out.append(Strip.join([indent, strip.extend_cell_length(rule_w, rich)]))
    return out


TEXT = st.text(alphabet=st.sampled_from(list("ab 7+×=—…✗字\n")), max_size=40)


@settings(max_examples=300, deadline=None)
@example(texts=("字字", "字", "字", "字"), width=3, head_width=22, drawn=False)  # cut: too wide
@given(texts=st.tuples(TEXT, TEXT, TEXT, TEXT), width=st.integers(1, 120),
       head_width=st.sampled_from([22, 28]), drawn=st.booleans())
def test_lines_are_the_segments_joined_strips_gave(texts, width, head_width, drawn):
    visual = RowVisual(*(Content.styled(text, style) for text, style in zip(texts, PART_STYLES)))
    visual.head_width = head_width
    visual.drawn = {} if drawn else None
    expected = joined_render(visual, width)
    for _ in range(2):  # drawn again from the kept parts, too
        got = visual.render_strips(width, None, STYLE, OPTIONS)
        assert [list(line) for line in got] == [list(line) for line in expected]
        assert [line.cell_length for line in got] == [line.cell_length for line in expected]


def test_a_row_of_the_sheet_at_200_columns_is_unchanged():
    visual = RowVisual(Content.styled(" 7 Armor after multipliers", PART_STYLES[0]),
                       Content.styled("max(13, 10) + 0", PART_STYLES[1]),
                       Content.styled("13", PART_STYLES[2]),
                       Content.styled("Armor adds the better of two numbers\n• a note", PART_STYLES[3]))
    got = visual.render_strips(160, None, STYLE, OPTIONS)
    assert [list(line) for line in got] == [list(line) for line in joined_render(visual, 160)]
    assert [line.text for line in got][0].endswith(" 13")
    assert len(got) == 3
