"""A ruleset as implemented, in words: ``worksheet rules`` and ``docs/rulesets/<id>.md``.

A contributor who clones the repository needs to know what each ruleset computes without the
rules texts the project was written from. Everything here is read from the declarations the
engine itself evaluates — each input's :class:`~worksheet.engine.InputSpec` and each node's
:class:`~worksheet.engine.Rule` (step, label, rule text, citation) — so the document cannot
say something the code does not do; ``tests/cli/test_rules.py`` keeps the files under
``docs/rulesets/`` equal to what this module prints.

A formula is the one thing a rule does not declare: the engine writes it while it computes
(:mod:`worksheet.engine.explain`), so the formula shown is the one the default inputs produce,
and a rule that branches shows the branch they take.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from worksheet.engine import REQUIRED, ChoiceInput, InputSpec, RecordsInput, Ruleset, Sheet

FORMULA_NOTE = ("A formula is written by the engine as it computes; the one shown is what the "
                "default inputs give (a rule that branches shows the branch they take).")
"""Why a formula can differ from sheet to sheet, said once in each document."""


class InputRow(NamedTuple):
    """One input as documented.

    Attributes:
        step: the step whose first node uses it (``""``: no node does).
        spec: its declaration.
    """

    step: str
    spec: InputSpec


class NodeRow(NamedTuple):
    """One derived node as documented.

    Attributes:
        name: the node's name.
        step: its step label.
        label: its short name.
        uses: the inputs and nodes it reads, in parameter order.
        formula: the formula the default inputs produce (``""``: none written).
        text: the rule in the project's own words.
        cite: where the rule comes from.
        result: a contract node (the ruleset's ``results``), read by tests outside.
    """

    name: str
    step: str
    label: str
    uses: tuple[str, ...]
    formula: str
    text: str
    cite: str
    result: bool


def input_rows(ruleset: Ruleset) -> list[InputRow]:
    """Every input in the order the app's form asks for it: by the step that first uses it
    (:meth:`~worksheet.engine.Ruleset.step_groups`), so inputs read in derivation order too."""
    return [InputRow(group.step, ruleset.inputs[name])
            for group in ruleset.step_groups() for name in group.inputs]


def node_rows(ruleset: Ruleset) -> list[NodeRow]:
    """Every derived node in derivation order, with the formula the default inputs give."""
    sheet = Sheet(ruleset)
    rows = []
    for rule, status in sheet.derivations():
        formula = status.derivation.formula if status.ok and status.derivation else ""
        rows.append(NodeRow(rule.name, rule.step, rule.label, rule.params, formula, rule.text,
                            rule.cite, rule.name in ruleset.results))
    return rows


def allowed_words(spec: InputSpec) -> str:
    """What an input allows, as its error messages say it; a choice with labels names each
    (``12 — brigandine``), since the bare values mean little on paper."""
    if isinstance(spec, ChoiceInput) and spec.labels:
        words = "one of " + ", ".join(spec.label_of(choice) for choice in spec.choices)
    else:
        words = spec.allowed()
    return words + (", or empty" if spec.optional else "")


def default_words(spec: InputSpec) -> str:
    """An input's default as it is typed (``empty`` for none, ``required`` for a record field
    that must be given)."""
    if spec.default is REQUIRED:
        return "required"
    if spec.default is None or spec.default == ():
        return "empty"
    return spec.to_text(spec.default)


def _summary(ruleset: Ruleset, name: Callable[[str], str]) -> list[tuple[str, str]]:
    """What the ruleset computes and where its rules come from, as ``(heading, words)``:
    nodes by label and name (``name`` writes a node's name), e.g. ``Base value (base_value)``."""

    def nodes(names: tuple[str, ...]) -> str:
        return ", ".join(f"{ruleset.rules[n].label} ({name(n)})" for n in names)

    summary = [("Computes", nodes(ruleset.results))]
    if ruleset.odds:
        summary.append(("Odds", nodes(ruleset.odds)))
    return summary + [("Source", ruleset.source)]


def to_text(ruleset: Ruleset) -> str:
    """The ruleset in plain text: a block per input, then a block per node."""
    rows = input_rows(ruleset)
    lines = [f"{ruleset.title} ({ruleset.id})",
             *(f"{heading}: {words}." for heading, words in _summary(ruleset, str)), "",
             f"Inputs ({len(rows)}), in the order the form asks for them"]
    for step, spec in rows:
        lines.append(f"  [{step or '-'}] {spec.name} — {spec.title} ({spec.kind})")
        lines.extend(_input_text(spec, "      "))
        for field in _fields(spec):
            lines.append(f"      field {field.name} ({field.kind})")
            lines.extend(_input_text(field, "          "))
    nodes = node_rows(ruleset)
    lines += ["", f"Derived nodes ({len(nodes)}), in derivation order", f"  {FORMULA_NOTE}"]
    for node in nodes:
        lines.append(f"  [{node.step}] {node.name} — {node.label}"
                     + (" (result)" if node.result else ""))
        lines.append(f"      uses: {', '.join(node.uses) or 'nothing'}")
        lines.append(f"      formula: {node.formula or '—'}")
        lines.append(f"      rule: {node.text}")
        lines.append(f"      source: {node.cite}")
    return "\n".join(lines)


def _fields(spec: InputSpec) -> tuple[InputSpec, ...]:
    """A record list's field declarations (none for any other input)."""
    return spec.fields if isinstance(spec, RecordsInput) else ()


def _input_text(spec: InputSpec, indent: str) -> list[str]:
    """An input's (or a record field's) allowed values, default and help, indented."""
    lines = [f"{indent}allowed: {allowed_words(spec)}; default: {default_words(spec)}"]
    if spec.help:
        lines.append(f"{indent}{spec.help}")
    return lines


def _cell(text: str) -> str:
    """Text that stays inside one Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    """Inline code, or ``—`` for nothing."""
    return f"`{text}`" if text else "—"


def to_markdown(ruleset: Ruleset) -> str:
    """The ruleset in Markdown, as kept under ``docs/rulesets/``: a heading with what it
    computes, a table of inputs (and of each record list's fields), then a section per node."""
    lines = [f"# {ruleset.title} (`{ruleset.id}`)", "",
             f"<!-- Generated by `worksheet rules {ruleset.id} --format markdown`: change the "
             "ruleset's code, then run it again. -->", ""]
    for heading, words in _summary(ruleset, _code):
        lines += [f"**{heading}:** {words}.", ""]
    lines += ["## Inputs", "",
              "In the order the form asks for them: each under the step that first uses it.", "",
              "| step | input | label | type | allowed | default | help |",
              "|---|---|---|---|---|---|---|"]
    rows = input_rows(ruleset)
    lines += [f"| {step or '—'} | `{spec.name}` | {_cell(spec.title)} | {spec.kind} "
              f"| {_cell(allowed_words(spec))} | {_cell(default_words(spec))} "
              f"| {_cell(spec.help)} |" for step, spec in rows]
    for spec in (spec for _, spec in rows if _fields(spec)):
        lines += ["", f"### Fields of `{spec.name}` ({spec.title})", "",
                  "| field | type | allowed | default | help |", "|---|---|---|---|---|"]
        lines += [f"| `{field.name}` | {field.kind} | {_cell(allowed_words(field))} "
                  f"| {_cell(default_words(field))} | {_cell(field.help)} |"
                  for field in spec.fields]
    lines += ["", "## Derived nodes", "", f"In derivation order. {FORMULA_NOTE}"]
    for node in node_rows(ruleset):
        lines += ["", f"### Step {node.step} · {node.label} (`{node.name}`)"
                  + (" — result" if node.result else ""), "",
                  f"- **Uses:** {', '.join(_code(name) for name in node.uses) or 'nothing'}",
                  f"- **Formula:** {_code(node.formula)}",
                  f"- **Rule:** {node.text}",
                  f"- **Source:** {node.cite}"]
    return "\n".join(lines)


FORMATS: dict[str, Callable[[Ruleset], str]] = {"text": to_text, "markdown": to_markdown}
"""The output formats of ``worksheet rules``, by name (the first is the default)."""
