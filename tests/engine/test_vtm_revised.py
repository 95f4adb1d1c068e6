"""vtm-revised: every rule and decision of shared/spec/vtm-revised.md, table-driven."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from worksheet.cli import main
from worksheet.engine import Sheet, State, json_number
from worksheet.presets import read_preset
from worksheet.rulesets import get

RULESET = get("vtm-revised")
PRESETS = Path(__file__).resolve().parents[2] / "presets"
RESULTS = ("allowed", "raw_pool", "dice_penalty", "defense_pool", "difficulty",
           "defender_net_successes", "defender_botch", "hit", "remaining_successes",
           "riposte_pool")

V1 = dict(maneuver="dodge", attack="brawl", dexterity=3, dodge=3, mode="multiple-action",
          actions=2, position=2, opponents=2, defender_faces=(8, 1, 7), attacker_successes=3)


def sheet(**inputs) -> Sheet:
    built = Sheet(RULESET, inputs)
    assert not built.internal_errors, built.internal_errors
    return built


def values(**inputs) -> dict:
    built = sheet(**inputs)
    assert built.problems == [], built.problems
    return built.values


# -- the worked example ---------------------------------------------------------------------

def test_v1_through_sheet():
    got = values(**V1)
    assert {name: got[name] for name in RESULTS} == {
        "allowed": True, "raw_pool": 6, "dice_penalty": 3, "defense_pool": 3, "difficulty": 7,
        "defender_net_successes": 1, "defender_botch": False, "hit": True,
        "remaining_successes": 2, "riposte_pool": None}
    assert got["reason"] is None
    assert got["abort_cost"] is None


def test_v1_through_cli_json(capsys):
    status = main(["calc", "vtm-revised", "--preset",
                   str(PRESETS / "vtm-revised-v1-punch-then-dodge.toml"), "--format", "json"])
    assert status == 0
    document = json.loads(capsys.readouterr().out)
    assert document["ruleset"] == "vtm-revised"
    assert document["problems"] == []
    assert document["inputs"]["defender_faces"] == [8, 1, 7]
    got = document["values"]
    assert got["raw_pool"] == 6 and got["dice_penalty"] == 3 and got["defense_pool"] == 3
    assert got["difficulty"] == 7 and got["defender_net_successes"] == 1
    assert got["defender_botch"] is False and got["hit"] is True
    assert got["remaining_successes"] == 2 and got["riposte_pool"] is None
    assert got["allowed"] is True and got["reason"] is None


def test_v1_through_cli_set(capsys):
    argv = ["calc", "vtm-revised", "--format", "json", "--set", "dexterity=3", "--set",
            "dodge=3", "--set", "mode=multiple-action", "--set", "position=2", "--set",
            "opponents=2", "--set", "defender_faces=8,1,7", "--set", "attacker_successes=3"]
    assert main(argv) == 0
    got = json.loads(capsys.readouterr().out)["values"]
    assert (got["defense_pool"], got["difficulty"], got["defender_net_successes"],
            got["remaining_successes"]) == (3, 7, 1, 2)


def test_results_are_nodes():
    assert RULESET.results == RESULTS
    assert {"reason", "abort_cost"} <= set(RULESET.rules)


# -- presets --------------------------------------------------------------------------------

PRESET_EXPECTED = {
    "vtm-revised-v1-punch-then-dodge.toml":
        dict(allowed=True, defense_pool=3, difficulty=7, defender_net_successes=1, hit=True,
             remaining_successes=2, riposte_pool=None),
    "vtm-revised-brujah-fortitude-block.toml":
        dict(allowed=True, raw_pool=7, defense_pool=7, difficulty=6, defender_net_successes=2,
             defender_botch=False, hit=False, remaining_successes=0),
    "vtm-revised-toreador-dodges-gunfire.toml":
        dict(allowed=True, raw_pool=6, defense_pool=5, difficulty=8, defender_net_successes=1,
             hit=True, remaining_successes=2),
    "vtm-revised-sword-parry-riposte.toml":
        dict(allowed=True, defense_pool=6, defender_net_successes=4, hit=False,
             remaining_successes=0, riposte_pool=9),
    "vtm-revised-nosferatu-full-defense-mob.toml":
        dict(allowed=True, raw_pool=7, dice_penalty=2, defense_pool=5, difficulty=10,
             defender_net_successes=0, defender_botch=True, hit=True, remaining_successes=1),
    "vtm-revised-odds-six-dice-against-a-dodge.toml":
        dict(allowed=True, defense_pool=3, difficulty=7, p_hit=F(4317091, 6250000),
             best_maneuver="block"),
    "vtm-revised-ventrue-cannot-block-sword.toml":
        dict(allowed=False, defense_pool=5, defender_net_successes=0, defender_botch=False,
             hit=True, remaining_successes=2),
}


def test_every_bundled_preset_is_listed():
    assert {p.name for p in PRESETS.glob("vtm-revised-*.toml")} == set(PRESET_EXPECTED)


@pytest.mark.parametrize("file,expected", PRESET_EXPECTED.items())
def test_preset_loads_and_evaluates(file, expected, capsys):
    preset = read_preset(PRESETS / file)
    assert preset.ruleset == "vtm-revised" and preset.name and preset.description
    got = values(**preset.inputs)
    assert {name: got[name] for name in expected} == expected
    assert main(["calc", "vtm-revised", "--preset", str(PRESETS / file), "--format",
                 "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert {name: document["values"][name] for name in expected} == {
        name: json_number(v) if isinstance(v, F) else v for name, v in expected.items()}


def test_nosferatu_preset_states_abort_cost():
    preset = read_preset(PRESETS / "vtm-revised-nosferatu-full-defense-mob.toml")
    cost = values(**preset.inputs)["abort_cost"]
    assert "Willpower" in cost and "difficulty 6" in cost and "1 Willpower point" in cost


# -- rule 1: allowed and the reasons --------------------------------------------------------

FIREARMS_BLOCK = "block only deflects hand-to-hand"
DAMAGE_BLOCK = "damage cannot be blocked without Fortitude"
NO_ROOM = "no room to maneuver"
PARRY_FIREARMS = "parry only stops brawl or melee"
UNKNOWN = "does not know the attack is coming"

ALLOWED_CASES = [
    # (inputs, allowed, reason fragments in order)
    (dict(maneuver="block", attack="brawl"), True, []),
    (dict(maneuver="block", attack="melee"), True, []),
    (dict(maneuver="block", attack="firearms"), False, [FIREARMS_BLOCK]),
    (dict(maneuver="block", attack="melee", damage_type="lethal"), False, [DAMAGE_BLOCK]),
    (dict(maneuver="block", attack="brawl", damage_type="aggravated"), False, [DAMAGE_BLOCK]),
    (dict(maneuver="block", damage_type="lethal", fortitude=1), True, []),
    (dict(maneuver="block", damage_type="aggravated", wearing_armor=True), True, []),
    (dict(maneuver="block", damage_type="lethal", fortitude=3, wearing_armor=True), True, []),
    (dict(maneuver="block", attack_known=False), False, [UNKNOWN]),
    (dict(maneuver="block", room_to_maneuver=False), True, []),
    (dict(maneuver="block", attack="firearms", damage_type="lethal", attack_known=False),
     False, [FIREARMS_BLOCK, DAMAGE_BLOCK, UNKNOWN]),
    (dict(maneuver="block", attack="firearms", damage_type="lethal", wearing_armor=True),
     False, [FIREARMS_BLOCK]),
    (dict(maneuver="dodge", attack="brawl"), True, []),
    (dict(maneuver="dodge", attack="melee", damage_type="aggravated"), True, []),
    (dict(maneuver="dodge", attack="brawl", room_to_maneuver=False), False, [NO_ROOM]),
    (dict(maneuver="dodge", attack="melee", room_to_maneuver=False), False, [NO_ROOM]),
    (dict(maneuver="dodge", attack="firearms", room_to_maneuver=False), True, []),
    (dict(maneuver="dodge", attack="firearms"), True, []),
    (dict(maneuver="dodge", attack_known=False), True, []),
    (dict(maneuver="dodge", attack="melee", attack_known=False, room_to_maneuver=False),
     False, [NO_ROOM]),
    (dict(maneuver="parry", attack="brawl"), True, []),
    (dict(maneuver="parry", attack="melee", damage_type="aggravated"), True, []),
    (dict(maneuver="parry", attack="firearms"), False, [PARRY_FIREARMS]),
    (dict(maneuver="parry", attack_known=False), False, [UNKNOWN]),
    (dict(maneuver="parry", attack="firearms", attack_known=False), False,
     [PARRY_FIREARMS, UNKNOWN]),
    (dict(maneuver="parry", room_to_maneuver=False), True, []),
]


@pytest.mark.parametrize("inputs,allowed,fragments", ALLOWED_CASES)
def test_allowed_and_reasons(inputs, allowed, fragments):
    got = values(**inputs)
    assert got["allowed"] is allowed
    if allowed:
        assert got["reason"] is None
        return
    text = got["reason"]
    positions = [text.find(fragment) for fragment in fragments]
    assert -1 not in positions, text
    assert positions == sorted(positions)
    assert text.count("; ") == len(fragments) - 1
    assert all(f in fragments or f not in text
               for f in (FIREARMS_BLOCK, DAMAGE_BLOCK, NO_ROOM, PARRY_FIREARMS, UNKNOWN))


def test_reason_names_the_damage_and_verb():
    assert "aggravated damage" in values(maneuver="block", damage_type="aggravated")["reason"]
    assert "cannot be parried" in values(maneuver="parry", attack_known=False)["reason"]
    assert "cannot be blocked" in values(maneuver="block", attack_known=False)["reason"]


# -- rule 2: pool, penalties, wounds --------------------------------------------------------

@pytest.mark.parametrize("maneuver,expected", [("block", 3 + 1), ("dodge", 3 + 2),
                                               ("parry", 3 + 4)])
def test_raw_pool_uses_the_maneuver_ability(maneuver, expected):
    assert values(maneuver=maneuver, dexterity=3, brawl=1, dodge=2, melee=4)["raw_pool"] == expected


@pytest.mark.parametrize("mode,actions,position,penalty", [
    ("single", 2, 1, 0), ("single", 10, 20, 0),
    ("multiple-action", 2, 1, 2), ("multiple-action", 2, 2, 3),
    ("multiple-action", 3, 1, 3), ("multiple-action", 3, 2, 4), ("multiple-action", 3, 3, 5),
    ("multiple-action", 10, 10, 19),
    ("full-defense", 2, 1, 0), ("full-defense", 2, 2, 1), ("full-defense", 2, 3, 2),
    ("full-defense", 2, 20, 19), ("full-defense", 5, 4, 3),
])
def test_dice_penalty(mode, actions, position, penalty):
    assert values(mode=mode, actions=actions, position=position)["dice_penalty"] == penalty


@pytest.mark.parametrize("dex,dodge,mode,actions,position,wounds,pool", [
    (3, 3, "single", 2, 1, 0, 6),
    (3, 3, "single", 2, 1, 2, 4),
    (3, 3, "multiple-action", 2, 2, 0, 3),
    (3, 3, "multiple-action", 2, 2, 3, 0),
    (3, 3, "multiple-action", 2, 2, 5, 0),   # would be −2: clamped at 0
    (1, 0, "multiple-action", 10, 10, 5, 0),
    (5, 5, "full-defense", 2, 3, 1, 7),
    (2, 0, "single", 2, 1, 5, 0),
    (10, 10, "single", 2, 1, 0, 20),
])
def test_defense_pool(dex, dodge, mode, actions, position, wounds, pool):
    got = values(dexterity=dex, dodge=dodge, mode=mode, actions=actions, position=position,
                 wound_penalty=wounds)
    assert got["defense_pool"] == pool


def test_defense_pool_kept_when_not_allowed():
    got = values(maneuver="parry", attack="firearms", dexterity=3, melee=2)
    assert got["allowed"] is False and got["defense_pool"] == 5


# -- rule 3: difficulty ---------------------------------------------------------------------

@pytest.mark.parametrize("base,opponents,difficulty", [
    (6, 1, 6), (6, 2, 7), (6, 3, 8), (6, 5, 10), (6, 6, 10), (6, 20, 10),
    (4, 5, 8), (4, 6, 8), (4, 20, 8),       # +4 cap
    (2, 1, 2), (2, 20, 6),
    (8, 2, 9), (8, 3, 10), (8, 4, 10),      # never above 10
    (10, 1, 10), (10, 20, 10), (9, 2, 10),
])
def test_difficulty(base, opponents, difficulty):
    assert values(base_difficulty=base, opponents=opponents)["difficulty"] == difficulty


# -- rule 4: faces --------------------------------------------------------------------------

@pytest.mark.parametrize("faces,difficulty,net,botch", [
    ((8, 1, 7), 7, 1, False),
    ((6, 6, 6), 6, 3, False),
    ((5, 5, 5), 6, 0, False),                 # plain failure
    ((1, 5, 5), 6, 0, True),                  # botch
    ((1, 1), 6, 0, True),
    ((1,), 2, 0, True),
    ((6, 1), 6, 0, False),                    # cancelled: failure, not a botch
    ((6, 1, 1), 6, 0, False),                 # more 1s than successes: still not a botch
    ((10, 10, 1), 6, 1, False),
    ((2, 3, 4), 2, 3, False),
    ((9, 9, 1), 10, 0, True),                 # 9s miss difficulty 10
    ((10, 9, 1), 10, 0, False),
    ((10,) * 10, 10, 10, False),
    ((7, 8), 8, 1, False),                    # face equal to difficulty succeeds
])
def test_faces(faces, difficulty, net, botch):
    # a pool of 10 dice so the roll always counts
    got = values(dexterity=5, dodge=5, base_difficulty=difficulty, defender_faces=faces)
    assert got["difficulty"] == difficulty
    assert got["defender_net_successes"] == net
    assert got["defender_botch"] is botch


def test_fewer_faces_than_the_pool_are_counted_with_a_note():
    got = values(dexterity=5, dodge=0, defender_faces=(6, 7, 8))
    assert got["defense_pool"] == 5 and got["defender_net_successes"] == 3
    notes = sheet(dexterity=5, dodge=0, defender_faces=(6, 7, 8)).status(
        "defender_net_successes").derivation.notes
    assert any("3 faces typed for a pool of 5" in note for note in notes)


def test_more_faces_than_the_pool_is_a_problem():
    built = sheet(dexterity=2, dodge=0, defender_faces=(6, 7, 8, 9, 10), attacker_successes=3)
    assert [p.input for p in built.problems] == ["defender_faces"]
    assert "'6,7,8,9,10'" in built.problems[0].message
    assert "pool is 2" in built.problems[0].message
    assert built.value("hit") is None and built.value("defender_net_successes") is None


@pytest.mark.parametrize("typed,net,botch", [(None, None, None), (0, 0, None), (1, 1, False),
                                             (4, 4, False), (30, 30, False)])
def test_typed_successes(typed, net, botch):
    got = values(defender_successes=typed)
    assert got["defender_net_successes"] == net
    assert got["defender_botch"] is botch


def test_empty_faces_mean_not_rolled():
    got = values(defender_faces=())
    assert got["defender_net_successes"] is None and got["defender_botch"] is None


# -- rule 5: outcome ------------------------------------------------------------------------

@pytest.mark.parametrize("attacker,defender,hit,remaining", [
    (3, 1, True, 2), (3, 3, False, 0), (3, 4, False, 0), (1, 0, True, 1), (0, 0, False, 0),
    (30, 0, True, 30), (0, 5, False, 0), (None, 2, None, None), (2, None, None, None),
    (None, None, None, None),
])
def test_outcome(attacker, defender, hit, remaining):
    got = values(dexterity=3, dodge=2, attacker_successes=attacker, defender_successes=defender)
    assert got["hit"] is hit
    assert got["remaining_successes"] == remaining


@pytest.mark.parametrize("extra", [
    dict(defender_successes=5), dict(defender_faces=(9, 9, 9, 9)), dict(defender_faces=(1, 2)),
    dict(),
])
@pytest.mark.parametrize("why", [
    dict(maneuver="block", attack="firearms"),                    # not allowed
    dict(maneuver="dodge", room_to_maneuver=False),               # not allowed
    dict(maneuver="parry", attack_known=False, melee=3),          # not allowed
    dict(maneuver="dodge", dexterity=1, dodge=0, wound_penalty=1),  # pool 0
    dict(mode="multiple-action", actions=3, position=1, dexterity=2, dodge=1),  # pool 0
])
def test_unusable_defense_counts_zero_whatever_was_entered(why, extra):
    built = sheet(attacker_successes=2, **why, **extra)
    if len(extra.get("defender_faces", ())) > built.value("defense_pool"):
        assert [p.input for p in built.problems] == ["defender_faces"]  # cannot have been rolled
        return
    got = values(attacker_successes=2, **why, **extra)
    assert got["defender_net_successes"] == 0
    assert got["defender_botch"] is False
    assert got["hit"] is True and got["remaining_successes"] == 2
    assert got["riposte_pool"] is None


def test_unusable_defense_against_zero_attacker_successes_misses():
    got = values(maneuver="block", attack="firearms", attacker_successes=0)
    assert got["hit"] is False and got["remaining_successes"] == 0


def test_botch_vs_cancelled_failure_same_outcome():
    botch = values(dodge=1, defender_faces=(1, 4, 5), attacker_successes=2)
    cancelled = values(dodge=1, defender_faces=(1, 6, 5), attacker_successes=2)
    assert botch["defender_botch"] is True and cancelled["defender_botch"] is False
    for got in (botch, cancelled):
        assert got["defender_net_successes"] == 0
        assert got["hit"] is True and got["remaining_successes"] == 2


# -- rule 6: riposte ------------------------------------------------------------------------

RIPOSTE = dict(maneuver="parry", attack="brawl", dexterity=3, melee=3, strength=4,
               weapon_damage=2, weapon_lethal=True)


@pytest.mark.parametrize("changes,pool", [
    (dict(attacker_successes=1, defender_successes=4), 4 + 2 + 3),
    (dict(attacker_successes=1, defender_successes=4, riposte_adds_strength=False), 2 + 3),
    (dict(attacker_successes=0, defender_successes=1), 4 + 2 + 1),
    (dict(attacker_successes=0, defender_successes=1, riposte_adds_strength=False), 2 + 1),
    (dict(attacker_successes=0, defender_successes=1, strength=0, weapon_damage=0), 1),
    (dict(attacker_successes=1, defender_faces=(10, 10, 10, 1)), 4 + 2 + 1),
    (dict(attacker_successes=2, defender_faces=(10, 10, 10, 1)), None),  # 3 − 1 = 2: a tie
    (dict(attacker_successes=2, defender_successes=2), None),       # tie: no riposte
    (dict(attacker_successes=3, defender_successes=2), None),
    (dict(attacker_successes=None, defender_successes=2), None),     # unknown
    (dict(attacker_successes=1), None),
    (dict(attacker_successes=0, defender_successes=3, attack="melee"), None),
    (dict(attacker_successes=0, defender_successes=3, weapon_lethal=False), None),
    (dict(attacker_successes=0, defender_successes=3, maneuver="block"), None),
    (dict(attacker_successes=0, defender_successes=3, maneuver="dodge"), None),
    (dict(attacker_successes=0, defender_successes=3, attack_known=False), None),  # not allowed
    (dict(attacker_successes=0, defender_successes=3, wound_penalty=5, melee=0), None),  # pool 0
])
def test_riposte(changes, pool):
    assert values(**{**RIPOSTE, **changes})["riposte_pool"] == pool


# -- rule 7: abort --------------------------------------------------------------------------

def test_abort_cost():
    assert values(aborting=False)["abort_cost"] is None
    cost = values(aborting=True)["abort_cost"]
    assert "Willpower roll at difficulty 6" in cost and "1 Willpower point" in cost


# -- problems -------------------------------------------------------------------------------

@pytest.mark.parametrize("actions,position", [(2, 3), (3, 4), (2, 20), (9, 10)])
def test_position_after_last_action(actions, position):
    built = sheet(mode="multiple-action", actions=actions, position=position)
    assert [p.input for p in built.problems] == ["position"]
    assert built.status("dice_penalty").state is State.ERROR
    assert built.value("defense_pool") is None
    assert built.value("difficulty") == 6          # does not depend on the penalty
    assert built.value("allowed") is True


@pytest.mark.parametrize("mode", ["single", "full-defense"])
def test_position_beyond_actions_is_fine_outside_multiple_action(mode):
    assert sheet(mode=mode, actions=2, position=5).problems == []


def test_both_successes_and_faces():
    built = sheet(defender_successes=2, defender_faces=(8, 9), attacker_successes=1)
    assert [p.input for p in built.problems] == ["defender_faces"]
    assert "not both" in built.problems[0].message
    for node in ("defender_net_successes", "defender_botch", "hit", "remaining_successes",
                 "riposte_pool"):
        assert built.value(node) is None
    assert built.value("defense_pool") == 2


def test_problems_exit_2(capsys):
    argv = ["calc", "vtm-revised", "--format", "json", "--set", "mode=multiple-action",
            "--set", "position=3"]
    assert main(argv) == 2
    document = json.loads(capsys.readouterr().out)
    assert document["problems"][0]["input"] == "position"
    assert document["values"]["defense_pool"] is None


@pytest.mark.parametrize("name,text", [("dexterity", "0"), ("actions", "1"), ("position", "21"),
                                       ("opponents", "0"), ("base_difficulty", "11"),
                                       ("defender_faces", "0,5"), ("attacker_successes", "31"),
                                       ("wound_penalty", "6"), ("maneuver", "grapple")])
def test_out_of_range_inputs_refused(name, text, capsys):
    assert main(["calc", "vtm-revised", "--set", f"{name}={text}"]) == 2
    assert name in capsys.readouterr().err


# -- Willpower: one automatic success on the defense roll -------------------------------------

@pytest.mark.parametrize("faces, net", [((8, 1, 7), 2), ((1, 1, 2), 1), ((7, 8, 9), 4),
                                        ((1, 2, 3), 1)])
def test_willpower_success_is_added_after_the_ones_cancel(faces, net):
    got = values(dexterity=3, dodge=0, base_difficulty=7, defender_faces=faces,
                 willpower_success=True)
    assert got["defender_net_successes"] == net
    assert got["defender_botch"] is False  # a roll with a Willpower success cannot botch


def test_willpower_typed_count_is_final():
    got = values(defender_successes=2, willpower_success=True, attacker_successes=2)
    assert got["defender_net_successes"] == 2 and got["hit"] is False


def test_willpower_needs_a_roll():
    got = values(maneuver="block", attack="firearms", willpower_success=True,
                 attacker_successes=1)
    assert got["defender_net_successes"] == 0 and got["hit"] is True
    got = values(dexterity=1, dodge=0, wound_penalty=1, willpower_success=True,
                 attacker_successes=1)
    assert got["defense_pool"] == 0 and got["defender_net_successes"] == 0


def test_willpower_v1_turns_the_hit_into_one_remaining():
    got = values(**V1, willpower_success=True)
    assert got["defender_net_successes"] == 2
    assert (got["hit"], got["remaining_successes"]) == (True, 1)
