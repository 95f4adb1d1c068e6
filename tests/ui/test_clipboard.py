"""The OSC 52 sequence and its wrapping for tmux and GNU screen, from the environment alone."""

from __future__ import annotations

import base64
import re

import pytest

from worksheet.ui.terminal.clipboard import SCREEN_CHUNK, for_terminal, multiplexer, osc52

LINE = "Dodge DV 5 · Parry DV 4 · hit chance 41.0 % (dodge)"


def test_osc52_carries_the_text_as_utf8_base64():
    sequence = osc52(LINE)
    assert sequence.startswith("\x1b]52;c;") and sequence.endswith("\a")
    assert base64.b64decode(sequence[7:-1]).decode("utf-8") == LINE


@pytest.mark.parametrize("env, kind", [
    ({}, None), ({"TERM": "xterm-256color"}, None),
    ({"TMUX": "/tmp/tmux-1000/default,1,0", "TERM": "screen-256color"}, "tmux"),
    ({"STY": "1.pts-0.host"}, "screen"), ({"TERM": "screen.xterm-256color"}, "screen"),
    ({"TMUX": ""}, None)])
def test_the_multiplexer_is_read_from_the_environment(env, kind):
    assert multiplexer(env) == kind


def test_tmux_gets_the_plain_sequence_and_a_passthrough_with_escapes_doubled():
    out = for_terminal(LINE, {"TMUX": "x,1,0"})
    plain = osc52(LINE)
    assert out == plain + "\x1bPtmux;" + plain.replace("\x1b", "\x1b\x1b") + "\x1b\\"


def test_screen_gets_dcs_strings_within_its_limit_that_join_to_the_sequence():
    text = "x" * 2000  # a long derivation block
    out = for_terminal(text, {"STY": "1.pts-0.host"})
    pieces = re.findall(r"\x1bP(.*?)\x1b\\", out, re.DOTALL)
    assert len(pieces) == -(-len(osc52(text)) // SCREEN_CHUNK) > 1
    assert all(len(p) + 4 <= 768 for p in pieces)
    assert "".join(pieces) == osc52(text)
    assert out == "".join(f"\x1bP{p}\x1b\\" for p in pieces)
