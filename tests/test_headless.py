"""The headless core never imports Textual: proven in a fresh interpreter."""

import importlib.util
import subprocess
import sys

CORE = ["worksheet.engine", "worksheet.rulesets", "worksheet.presets", "worksheet.cli",
        "worksheet.cli.calc", "worksheet.cli.rules", "worksheet.cli.presets",
        "worksheet.formats.report", "worksheet.formats.oneline",
        "worksheet.formats.derivation_block", "worksheet.formats.rules_doc", "worksheet.recovery",
        "worksheet.cli.serve", "worksheet.importers", "worksheet.importers.gemstone_text",
        "worksheet.importers.chummer4", "worksheet.importers.anathema",
        "worksheet.cli.importing"]
if importlib.util.find_spec("asyncssh"):  # the serve extra (the test extra has it; an older
    CORE.append("worksheet.serve.server")  # venv may not have been reinstalled yet)


def test_core_does_not_import_textual_or_rich():
    code = (
        "import sys\n"
        f"for name in {CORE!r}: __import__(name)\n"
        "from worksheet import rulesets, cli\n"
        "from worksheet.engine import Sheet\n"
        "[Sheet(r) for r in rulesets.all_rulesets()]\n"
        "cli.main(['calc', 'gemstone4', '--format', 'json'])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print('LOADED', bad)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert "LOADED []" in result.stdout, result.stdout + result.stderr
