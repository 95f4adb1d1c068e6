"""The preset's ``kind`` fuzzed: hostile values, and kinds holding inputs of every part.

A shared preset is anyone's file. Whatever its ``kind`` says, the commands run in a forked child
with a hard timeout, exit 0 or 2 only, change no file, keep listing the good presets, and a
refusal names the file. A file is accepted exactly when its kind is one of the three (or absent)
and every input it holds belongs to that kind; loading it then replaces only that kind's inputs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.forked import call_in_child, run_main  # noqa: E402
from tests.fuzz.test_fuzz_presets import check_all_commands, folders  # noqa: E402,F401
from tests.strategies import TOML_HOSTILE  # noqa: E402

from worksheet import rulesets  # noqa: E402
from worksheet.presets.kinds import KINDS, names_of, part_of  # noqa: E402

EXAMPLES = int(os.environ.get("WORKSHEET_FUZZ_EXAMPLES", "80"))
RULESET = rulesets.get("exalted2e")
VALID = {"dexterity": "4", "onslaught": "2", "attack_pool": "8", "stunt_faces": "[8, 10]",
         "essence": "2", "action_penalty": "1"}
"""A valid value of a character, round and attacker input each (so only the kind can be
wrong)."""

KIND = st.one_of(
    st.sampled_from([f'"{kind}"' for kind in KINDS]),
    st.sampled_from(TOML_HOSTILE),
    st.sampled_from(['"Character"', '"character "', '"attacker\\u0000"', '"fight\\u001b[2J"',
                     '"' + "character" * 2000 + '"', '["character"]', "{kind = 1}", "1", "true"]),
    st.text(max_size=40).map(lambda text: '"' + "".join(
        ch if ch.isprintable() and ch not in '"\\' else f"\\u{ord(ch):04x}"
        for ch in text if ord(ch) < 0x10000) + '"'),
    st.none(),
)
"""A ``kind`` line's value (``None``: no ``kind`` line)."""


def text_of(kind: str | None, names: list[str]) -> str:
    head = 'worksheet = 1\nruleset = "exalted2e"\n'
    if kind is not None:
        head += f"kind = {kind}\n"
    return head + 'name = "Fuzzed"\n\n[inputs]\n' + "".join(
        f"{name} = {VALID[name]}\n" for name in names)


def accepted(kind: str | None, names: list[str]) -> bool:
    """Whether the file should be accepted: a known kind (or none) holding only its inputs."""
    if kind is None:
        return True
    plain = kind.strip('"')
    if f'"{plain}"' != kind or plain not in KINDS:
        return False
    return set(names) <= set(names_of(RULESET, plain))


@settings(max_examples=max(EXAMPLES // 4, 10), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(kind=KIND, names=st.lists(st.sampled_from(sorted(VALID)), unique=True, max_size=4))
def test_fuzzed_kinds_in_a_shared_preset(folders, kind, names):  # noqa: F811
    root, shared, _ = folders
    bad = shared / "kinded.toml"
    bad.write_text(text_of(kind, names), encoding="utf-8")
    try:
        check_all_commands(root, bad, bad_is_refused=not accepted(kind, names))
        if accepted(kind, names):
            listing = run_main(["presets", "list", "exalted2e"])
            shown = kind.strip('"') if kind is not None else "all"
            assert any(line.split()[:3] == ["shared", "exalted2e", shown]
                       for line in listing.out.splitlines()), listing.out
    finally:
        bad.unlink()


def _load(text: str) -> tuple[str | None, dict] | str:
    """Parse and load over a mid-fight sheet; the kind and what the load replaced, or the
    refusal's key."""
    from worksheet.presets import PresetError, parse_preset, to_load

    try:
        preset = parse_preset(text, "fuzzed.toml")
    except PresetError as error:
        return error.key
    now = {**RULESET.defaults(), "onslaught": 3, "attack_pool": 12, "dexterity": 1}
    return preset.kind, to_load(RULESET, preset.kind, preset.inputs, now)


@settings(max_examples=EXAMPLES, deadline=None, database=None)
@given(kind=KIND, names=st.lists(st.sampled_from(sorted(VALID)), unique=True, max_size=4))
def test_a_kind_replaces_only_its_inputs_or_is_refused_by_key(kind, names):
    outcome = call_in_child(_load, text_of(kind, names))
    if not accepted(kind, names):
        assert isinstance(outcome, str) and (outcome == "kind" or outcome.startswith("inputs.")
                                             or outcome == ""), outcome
        return
    loaded_kind, replaced = outcome
    assert loaded_kind in (*KINDS, None)
    parts = {part_of(RULESET, name) for name in replaced}
    assert parts <= {"character": {"character"}, "attacker": {"attacker"}}.get(
        loaded_kind, {"character", "round", "attacker"})
    for name in names:  # what the file gives, the load sets
        assert name in replaced
