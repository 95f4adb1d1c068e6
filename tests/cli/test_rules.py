"""``worksheet rules``: every input and derived node as the engine declares them, in derivation
order; ``docs/rulesets/<id>.md`` equal to what the command prints now; bad arguments refused.

The expectations are read from the engine's own declarations (``Ruleset.inputs``, ``rules``,
``order``), never from a copy of the output, and the order is checked against the dependencies
themselves, so a renderer that skipped, reordered or mislabelled a node fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from worksheet import rulesets
from worksheet.cli import main
from worksheet.engine import IntInput, format_number

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rulesets"
SCRIPT = Path(sys.executable).parent / "worksheet"
"""The installed console script, beside the interpreter running the tests."""

ENTRY = re.compile(r"^  \[(?P<step>[^\]]*)\] (?P<name>\S+) — ")
"""The first line of an input's or a node's block in the text format: ``  [1] base_value — …``."""


def rules(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["rules", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def regenerate(ruleset_id: str) -> str:
    return f"worksheet rules {ruleset_id} --format markdown > docs/rulesets/{ruleset_id}.md"


def entries(section: str) -> dict[str, tuple[str, list[str]]]:
    """name → (step, the block's lines) for every entry of a text-format section, in order."""
    found: dict[str, tuple[str, list[str]]] = {}
    block: list[str] = []
    for line in section.splitlines():
        match = ENTRY.match(line)
        if match:
            assert match["name"] not in found, f"{match['name']} is listed twice"
            block = [line]
            found[match["name"]] = (match["step"], block)
        elif line.startswith("      "):
            block.append(line.strip())
    return found


def text_sections(capsys, ruleset_id: str) -> tuple[str, str]:
    """The text format's input section and node section."""
    status, out, err = rules(capsys, ruleset_id)
    assert status == 0, err
    inputs, marker, nodes = out.partition("\nDerived nodes (")
    assert marker, "no 'Derived nodes' section"
    return inputs, nodes


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_the_docs_file_is_what_the_command_prints_now(capsys, ruleset_id):
    status, out, err = rules(capsys, ruleset_id, "--format", "markdown")
    assert status == 0, err
    path = DOCS / f"{ruleset_id}.md"
    assert path.is_file(), f"{path} is missing; generate it: {regenerate(ruleset_id)}"
    assert path.read_text(encoding="utf-8") == out, \
        f"docs/rulesets/{ruleset_id}.md is out of date; regenerate it: {regenerate(ruleset_id)}"


def test_the_docs_index_links_every_ruleset():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for ruleset_id in rulesets.ids():
        assert f"]({ruleset_id}.md)" in index and rulesets.title(ruleset_id) in index


def test_the_installed_script_prints_the_docs_file():
    """The real entry point, in a child process, writes the very bytes kept in the docs."""
    assert SCRIPT.is_file(), f"the console script is not installed at {SCRIPT}"
    result = subprocess.run([str(SCRIPT), "rules", "gemstone4", "--format", "markdown"],
                            capture_output=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert result.stderr == b""
    assert result.stdout == (DOCS / "gemstone4.md").read_bytes(), regenerate("gemstone4")


def test_the_installed_script_refuses_an_unknown_ruleset():
    result = subprocess.run([str(SCRIPT), "rules", "gemstone"], capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "unknown ruleset 'gemstone'; known: exalted2e, gemstone4, rise" in result.stderr


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_input_and_node_is_listed_in_derivation_order(capsys, ruleset_id):
    ruleset = rulesets.get(ruleset_id)
    input_section, node_section = text_sections(capsys, ruleset_id)
    inputs, nodes = entries(input_section), entries(node_section)

    assert sorted(inputs) == sorted(ruleset.inputs)
    assert list(nodes) == list(ruleset.order)
    assert sorted(nodes) == sorted(ruleset.rules)
    seen: set[str] = set(ruleset.inputs)
    for name in nodes:  # each node after everything it reads: a derivation order indeed
        missing = [param for param in ruleset.rules[name].params if param not in seen]
        assert not missing, f"{name} is listed before {missing}"
        seen.add(name)
    # Each input under the step of the first node that reads it; steps as they first come in
    # the derivation, inputs no node reads last, declaration order within a step.
    first_step = {}
    for name in ruleset.inputs:
        users = [node for node in nodes if name in ruleset.rules[node].params]
        first_step[name] = ruleset.rules[users[0]].step if users else "-"
        assert inputs[name][0] == first_step[name], name
    step_rank: dict[str, int] = {}
    for name in nodes:
        step_rank.setdefault(ruleset.rules[name].step, len(step_rank))
    declared = list(ruleset.inputs)
    assert list(inputs) == sorted(declared, key=lambda name: (
        step_rank.get(first_step[name], len(step_rank)), declared.index(name)))


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_each_node_shows_its_step_label_uses_rule_text_and_citation(capsys, ruleset_id):
    ruleset = rulesets.get(ruleset_id)
    _, node_section = text_sections(capsys, ruleset_id)
    for name, (step, block) in entries(node_section).items():
        rule = ruleset.rules[name]
        assert step == rule.step
        assert block[0].startswith(f"  [{rule.step}] {name} — {rule.label}")
        assert f"uses: {', '.join(rule.params)}" in block
        assert f"rule: {rule.text}" in block
        assert f"source: {rule.cite}" in block
        assert any(line.startswith("formula: ") for line in block)
        assert ("(result)" in block[0]) == (name in ruleset.results)


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_whole_number_inputs_show_their_declared_bounds_and_default(capsys, ruleset_id):
    ruleset = rulesets.get(ruleset_id)
    input_section, _ = text_sections(capsys, ruleset_id)
    inputs = entries(input_section)
    checked = 0
    for name, spec in ruleset.inputs.items():
        if not isinstance(spec, IntInput) or spec.minimum is None or spec.maximum is None:
            continue
        default = "empty" if spec.default is None else format_number(spec.default)
        bounds = f"a whole number from {format_number(spec.minimum)} to " \
                 f"{format_number(spec.maximum)}" + (", or empty" if spec.optional else "")
        assert f"allowed: {bounds}; default: {default}" in inputs[name][1], name
        assert f"({spec.kind})" in inputs[name][1][0] and spec.title in inputs[name][1][0]
        assert not spec.help or spec.help in inputs[name][1]
        checked += 1
    assert checked >= 5, "too few bounded whole-number inputs to say anything"


WRITTEN_IN_THE_MODULES = {
    "gemstone4": [
        "# GemStone IV — Evade DS (`gemstone4`)\n",
        "**Computes:** Base value (`base_value`), Armor hindrance (`hindrance`)",
        "| 5 | `body_weight` | Body weight | int | a whole number from 1 to 2000 | 150 "
        "| body weight in pounds |",
        "| 1 | `dodge_ranks` | Dodge ranks | int | a whole number from 0 to 500 | 0 |",
        "| Odds | `attacker_as` | Attacker AS | int | a whole number from -1000 to 3000, "
        "or empty | empty |",
        "12 — brigandine, 13 — chain mail",
        "### Step 4 · Ranged: ×1.5 (`ranged_before_encumbrance`)",
        "- **Formula:** `ceil(ranged_after_stance × 1.5)`",
        "- **Source:** GemStone IV wiki, “Evade”, Ranged Defense",
    ],
    "exalted2e": [
        "### Fields of `effects` (Magic and Charms)",
        "| `name` | text | non-empty text of at most 80 characters | required |",
        "| `op` | choice | one of add, multiply, divide | add |",
    ],
}
"""Lines of the Markdown checked against the numbers and words in ``rulesets/<id>.py`` itself:
bounds, defaults, choice labels, a record list's fields, a formula and a citation."""


@pytest.mark.parametrize("ruleset_id", WRITTEN_IN_THE_MODULES)
def test_markdown_shows_the_numbers_written_in_the_module(capsys, ruleset_id):
    status, out, _ = rules(capsys, ruleset_id, "--format", "markdown")
    assert status == 0
    missing = [line for line in WRITTEN_IN_THE_MODULES[ruleset_id] if line not in out]
    assert not missing, f"not in the output: {missing}"
    assert out.startswith(f"# {rulesets.title(ruleset_id)} (`{ruleset_id}`)\n")


def test_text_is_the_default_format(capsys):
    status, default, _ = rules(capsys, "rise")
    assert status == 0
    assert (status, default) == rules(capsys, "rise", "--format", "text")[:2]
    assert default.startswith("Rise — Defenses (rise)\n")
    assert "\nInputs (17), in the order the form asks for them\n" in default


@pytest.mark.parametrize("argv,shown,allowed", [
    (["gemstone"], "'gemstone'", "known: exalted2e, gemstone4, rise, shadowrun4, vtm-revised"),
    (["gemstone4", "--format", "html"], "'html'", "choose from 'text', 'markdown'"),
    (["gemstone4", "--format", "json"], "'json'", "choose from 'text', 'markdown'"),
    ([], "ruleset", "required"),
])
def test_bad_arguments_exit_2_naming_the_value_with_nothing_on_stdout(capsys, argv, shown,
                                                                      allowed):
    status, out, err = rules(capsys, *argv)
    assert status == 2
    assert out == ""
    assert shown in err and allowed in err
    assert err.count("\n") == 1, err
