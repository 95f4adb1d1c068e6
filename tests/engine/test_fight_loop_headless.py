"""The fight loop's engine, the one-liner and the derivation block stay headless: proven in a
fresh interpreter, as ``tests/test_headless.py`` does for the rest of the core."""

import subprocess
import sys


def test_fight_loop_one_liner_and_block_do_not_import_textual_or_rich():
    code = (
        "import sys\n"
        "from worksheet import rulesets, cli\n"
        "from worksheet.engine import Sheet\n"
        "from worksheet.engine.fight_loop import plan, MY_ACTION\n"
        "from worksheet.formats.oneline import one_line\n"
        "from worksheet.formats.derivation_block import derivation_block\n"
        "for r in rulesets.all_rulesets():\n"
        "    s = Sheet(r)\n"
        "    one_line(s); derivation_block(s, r.results[-1])\n"
        "    if r.fight_loop.action(MY_ACTION): plan(r, MY_ACTION, s.inputs)\n"
        "cli.main(['calc', 'exalted2e', '--format', 'line'])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print('LOADED', bad)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert "Dodge DV 2 · Parry DV 2" in result.stdout
    assert "LOADED []" in result.stdout, result.stdout + result.stderr
