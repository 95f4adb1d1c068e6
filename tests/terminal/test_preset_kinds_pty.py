"""A preset holds the character, not the fight (issue 42), through a real pty at 80×24.

On each of the five tabs, mid-fight: Ctrl+S saves the character by default — the TOML file on
disk holds neither the round inputs nor the attacker's side; the Save dialog's Keep choice saves
the attacker's side alone. Then, on a sheet in another fight (another character, round and
attack), loading the character replaces the character and keeps the round and the attack, and
loading the attacker changes only the attacker's side — as the strip's chance to be hit and the
fight view's rows show on the screen.
"""

from __future__ import annotations

import re

import pytest

from worksheet import rulesets
from worksheet.engine import Sheet
from worksheet.engine.percent import percent
from worksheet.presets import Preset, read_preset, write_preset
from worksheet.presets.kinds import names_of, part_of

CONDITION = {"name": "Prone", "defenses": ["all"], "value": -2, "type": "condition"}

CASES = {
    # ruleset: (character, round, attack) of the first fight; the same of the other fight;
    # the chance the strip shows; the round input and the attacker's input shown by label
    "exalted2e": ({"dexterity": 4, "dodge": 3}, {"onslaught": 1}, {"attack_pool": 8},
                  {"dexterity": 2, "dodge": 1}, {"onslaught": 2}, {"attack_pool": 3},
                  "p_hit_dodge", "Onslaught", "Attack dice"),
    "gemstone4": ({"dodge_ranks": 60, "agility_bonus": 20}, {"stance": "offensive"},
                  {"attacker_as": 150, "avd": 30},
                  {"dodge_ranks": 10}, {"stance": "defensive"}, {"attacker_as": 100},
                  "p_hit_melee", "Stance", "Attacker AS"),
    "rise": ({"level": 7, "dexterity": 3}, {}, {"accuracy": 2},
             {"level": 1}, {"modifiers": [CONDITION]}, {"accuracy": 0},
             "p_hit_armor", None, "Accuracy"),
    "shadowrun4": ({"reaction": 5, "dodge": 4}, {"previous_defenses": 0}, {"attack_pool": 12},
                   {"reaction": 2}, {"previous_defenses": 2}, {"attack_pool": 6},
                   "p_hit", "Previous defenses", "Attack dice"),
    "vtm-revised": ({"dexterity": 4, "dodge": 3}, {"opponents": 1}, {"attack_pool": 8},
                    {"dexterity": 2}, {"opponents": 3}, {"attack_pool": 4},
                    "p_hit", "Opponents", "Attack dice"),
}


def preset(rid: str, name: str, kind: str, *parts: dict) -> Preset:
    ruleset = rulesets.get(rid)
    raw = {key: value for part in parts for key, value in part.items()}
    inputs = {key: ruleset.inputs[key].coerce(value) for key, value in raw.items()}
    return Preset(rid, name, "", inputs, kind=kind)


def chance(rid: str, node: str, *parts: dict) -> str:
    """The chance as the strip shows it, for a sheet of these inputs (the rest defaults)."""
    return percent(Sheet(rulesets.get(rid), preset(rid, "x", "fight", *parts).inputs)
                   .value(node))


def strip(app) -> str:
    """The strip: the lines under the tab bar."""
    return "\n".join(app.screen.display[2:4])


def shown(app, label: str, value: object) -> None:
    """Wait for an input's row to show ``value`` (the fight view shows every one needed)."""
    app.wait_for(rf"(?m)^[▌█ ] {re.escape(label)} +{re.escape(str(value))}\b")


def open_named(app, name: str) -> None:
    """Ctrl+O, type the name to filter the list to it, Enter."""
    app.press("ctrl+o")
    app.wait_for(r"Open preset")
    app.press(*name)
    app.wait_for(rf"user: {re.escape(name.lower())}\.toml")  # highlighted, and what it is
    app.press("enter")
    app.wait_gone(r"Open preset")
    app.wait_for(rf"Loaded {re.escape(name)}")


def save(app, name: str, keep_attacker: bool = False) -> None:
    app.press("ctrl+s")
    app.wait_for(r"Save preset")
    app.wait_for(r"Keep +the character, not the fight")  # the default
    if keep_attacker:
        app.press("tab", "tab", "enter")
        app.wait_for(r"only the attacker's side")
        app.press("down", "down", "enter")
        app.wait_for(r"Keep +only the attacker's side")
        app.wait_for(r"Name +e\.g\. Orc archer")  # the character's name is not offered
        app.press("shift+tab", "shift+tab")
    else:
        app.press("ctrl+a", "ctrl+k")
    app.press(*name, "enter")
    app.wait_gone(r"Save preset")
    app.wait_for(rf"Saved {re.escape(name)}")


@pytest.mark.parametrize("rid", sorted(CASES))
def test_a_character_without_the_fight_and_an_attacker_alone(run_worksheet, folders, rid):
    (character, fight, attack, other_character, other_fight, other_attack, node,
     round_label, attack_label) = CASES[rid]
    ruleset = rulesets.get(rid)
    start = folders.root / "start.toml"
    write_preset(preset(rid, "Start", "fight", character, fight, attack), start)
    user = folders.data / "worksheet" / "presets"
    write_preset(preset(rid, "Other", "fight", other_character, other_fight, other_attack),
                 user / "other.toml")
    app = run_worksheet(rid, "--preset", str(start))
    app.wait_for(r"Input · ")
    app.wait_until(lambda: chance(rid, node, character, fight, attack) in strip(app),
                   "the first fight's chance in the strip")

    # Ctrl+S: a character, by default — neither the round nor the attacker in the file
    save(app, "Hero")
    hero = read_preset(user / "hero.toml")
    assert hero.kind == "character"
    assert 'kind = "character"' in (user / "hero.toml").read_text()
    assert {key: hero.inputs[key] for key in character} == preset(
        rid, "x", "character", character).inputs
    assert all(part_of(ruleset, key) == "character" for key in hero.inputs), hero.inputs
    assert not set(fight) - {"modifiers"} & set(hero.inputs)
    assert not set(attack) & set(hero.inputs)
    if rid == "rise":  # the conditions are the round's
        assert not [r for r in hero.inputs.get("modifiers", ()) if r["type"] == "condition"]

    # Keep: only the attacker's side — a file of the attacker's inputs alone
    save(app, "Orc", keep_attacker=True)
    orc = read_preset(user / "orc.toml")
    assert orc.kind == "attacker"
    defaults = {key: ruleset.inputs[key].default for key in names_of(ruleset, "attacker")}
    wanted = defaults | preset(rid, "x", "attacker", attack).inputs
    assert orc.inputs == {key: value for key, value in wanted.items() if value is not None}

    app.press("f10")  # the fight view: the strip, the round inputs and the attack together
    app.wait_for(r"Odds — ")

    # another fight: another character, round and attack on the sheet
    open_named(app, "Other")
    app.wait_until(lambda: chance(rid, node, other_character, other_fight, other_attack)
                   in strip(app), "the other fight's chance")

    # the character mid-fight: the character is Hero's, the round and the attack stay
    open_named(app, "Hero")
    expected = chance(rid, node, character, other_fight, other_attack)
    assert expected != chance(rid, node, other_character, other_fight, other_attack)
    app.wait_until(lambda: expected in strip(app), f"{expected} in the strip")
    if round_label:
        shown(app, round_label, next(iter(other_fight.values())))
    else:
        app.wait_for(r"Conditions: Prone")
    shown(app, attack_label, next(iter(other_attack.values())))

    # the attacker: only the attack changes
    open_named(app, "Orc")
    expected = chance(rid, node, character, other_fight, attack)
    assert expected != chance(rid, node, character, other_fight, other_attack)
    app.wait_until(lambda: expected in strip(app), f"{expected} in the strip")
    shown(app, attack_label, next(iter(attack.values())))
    if round_label:
        shown(app, round_label, next(iter(other_fight.values())))
    else:
        app.wait_for(r"Conditions: Prone")
