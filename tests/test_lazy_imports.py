"""Start-up imports only what the first screen needs: proven in a fresh interpreter.

Every session on a shared server pays in memory for each module imported, so loading a
preset and building its sheet must not import the other rulesets, OpenSSL's ``_hashlib``
(fingerprints use CPython's own SHA-256), ``tomli_w`` or the saving code; those load on the
first tab switch or save.
"""

import ast
import subprocess
import sys

AVOIDED = ("hashlib", "_hashlib", "tomli_w", "graphlib", "worksheet.presets.saving", "icepool",
           "worksheet.engine.odds", "asyncssh", "worksheet.serve")


def loaded_after(code: str) -> list[str]:
    """The avoided modules and ruleset modules imported after running ``code``."""
    script = (
        "import sys\n" + code + "\n"
        f"avoided = {AVOIDED!r}\n"
        "print('LOADED', sorted(m for m in sys.modules if m.startswith('worksheet.rulesets.')"
        " or m in avoided or m.split('.')[0] in avoided))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    line = next(line for line in result.stdout.splitlines() if line.startswith("LOADED "))
    return ast.literal_eval(line.removeprefix("LOADED "))


def test_a_gemstone4_preset_and_its_sheet_load_nothing_else():
    code = (
        "from worksheet.presets import find_preset\n"
        "from worksheet import rulesets, cli\n"
        "from worksheet.engine import Sheet\n"
        "from worksheet.recovery import Recovery\n"
        "preset = find_preset('example-1', 'gemstone4')\n"
        "assert preset.fingerprint\n"
        "Sheet(rulesets.get(preset.ruleset), preset.inputs)\n"
        "Recovery().load()\n"
        "[rulesets.title(rid) for rid in rulesets.ids()]\n"
    )
    # the ruleset and its Odds step's declarations; not the odds' dice code nor icepool
    assert loaded_after(code) == ["worksheet.rulesets.gemstone4",
                                  "worksheet.rulesets.odds_gemstone4"]


def test_the_apps_store_does_not_load_the_saving_code():
    assert loaded_after("import worksheet.ui.store, worksheet.cli") == []


def test_listing_the_rulesets_imports_none_of_them():
    assert loaded_after("from worksheet import cli; cli.main(['rulesets'])") == []


def test_saving_still_works_through_the_package():
    code = (
        "from worksheet.presets import Preset, read_preset, save_preset\n"
        "path = save_preset(Preset('gemstone4', 'Lazy', inputs={'dodge_ranks': 5}))\n"
        "assert read_preset(path).inputs['dodge_ranks'] == 5\n"
    )
    assert "worksheet.presets.saving" in loaded_after(code)


def test_odds_load_icepool_only_once_there_is_an_attack():
    empty = ("from worksheet import rulesets\nfrom worksheet.engine import Sheet\n"
             "s = Sheet(rulesets.get('exalted2e'))\ns.set('dodge', 3)\n"
             "assert s.value('p_hit_dodge') is None\n")
    assert "icepool" not in loaded_after(empty)
    attacked = empty + "s.set('attack_pool', 8)\nassert s.value('p_hit_dodge') is not None\n"
    loaded = loaded_after(attacked)
    assert "icepool" in loaded and "worksheet.engine.odds" in loaded


def test_gemstone_odds_need_no_dice_library():
    code = ("from worksheet import rulesets\nfrom worksheet.engine import Sheet\n"
            "s = Sheet(rulesets.get('gemstone4'), {'attacker_as': 150})\n"
            "assert s.value('p_hit_melee') is not None\n")
    assert "icepool" not in loaded_after(code)


def modules_after(code: str, names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` are imported after running ``code`` in a fresh interpreter."""
    script = f"import sys\n{code}\nprint('LOADED', sorted(set(sys.modules) & set({names!r})))\n"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    line = next(line for line in result.stdout.splitlines() if line.startswith("LOADED "))
    return ast.literal_eval(line.removeprefix("LOADED "))


READ_ONLY_WITH_A_PRESET = ("tomllib", "json", "worksheet.presets.format",
                           "worksheet.presets.validate", "worksheet.presets.locations",
                           "worksheet.formats.report", "worksheet.ui.screens.confirm",
                           "worksheet.ui.screens.dialog")
"""What opening the app without a preset (and with no recovery file) does not need: reading
a preset, the recovery file's JSON, the command line's reports, the dialogs."""


def test_opening_the_app_without_a_preset_reads_no_preset_code(tmp_path):
    code = (
        "import os\n"
        f"os.environ['XDG_STATE_HOME'] = {str(tmp_path)!r}\n"
        "from worksheet import cli, ui\n"
        "from worksheet.ui.app.worksheet_app import WorksheetApp\n"
        "app = WorksheetApp(ruleset='vtm-revised')\n"
        "app.recovery.file.load()\n"
    )
    assert modules_after(code, READ_ONLY_WITH_A_PRESET) == []


def test_the_lazy_preset_names_are_the_modules_names():
    code = (
        "import worksheet.presets as presets, worksheet.presets.locations as locations\n"
        "from worksheet.presets import format, names, errors, saving\n"
        "for name in presets.__all__:\n"
        "    assert getattr(presets, name) is getattr(\n"
        "        sys.modules['worksheet.presets.' + presets._MODULE_OF[name]], name), name\n"
        "assert callable(locations.locations)\n"
    )
    assert "worksheet.presets.saving" in modules_after(code, ("worksheet.presets.saving",))


def test_only_the_serve_command_imports_asyncssh():
    """Read from the source: ``asyncssh`` is imported by the server's package and, when the
    command runs, by ``worksheet.cli.serve``; nothing else (every session would pay for it)."""
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "worksheet"
    importers = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.split(".")[0] == "asyncssh" for name in names):
                importers.add(path.relative_to(package).as_posix())
    assert importers and all(name.startswith("serve/") or name == "cli/serve.py"
                             for name in importers), importers
    assert "cli/serve.py" in importers and "serve/server.py" in importers


def test_the_serve_commands_help_imports_no_ssh_and_the_app_none():
    code = "from worksheet import cli\ncli.main(['serve', '--help'])\n"
    assert modules_after(code, ("asyncssh", "textual", "worksheet.ui")) == []


def test_opening_the_app_does_not_import_argparse():
    """The app's plain command line is read by hand (``cli.app.plain_app_args``): ``argparse``
    and ``gettext`` would stay in every session's memory. A subcommand still imports it."""
    code = ("import sys\n"
            "from worksheet import cli\n"
            "from worksheet.cli import app\n"
            "assert app.plain_app_args(['rise', '--preset', 'example-1']) == ('rise', 'example-1')\n"
            "import worksheet.ui\n"
            "print('ARGPARSE', 'argparse' in sys.modules, 'gettext' in sys.modules)\n"
            "cli.main(['rulesets'])\n"
            "print('ARGPARSE', 'argparse' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert [line for line in result.stdout.splitlines() if line.startswith("ARGPARSE")] == [
        "ARGPARSE False False", "ARGPARSE True"]
