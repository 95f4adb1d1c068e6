"""shadowrun4: every rule, modifier and decision of shared/spec/shadowrun4.md, table-driven."""

from __future__ import annotations

import pytest

from worksheet.engine import Sheet, State
from worksheet.rulesets import get

RULESET = get("shadowrun4")
RESULTS = ("base_pool", "modifier_total", "defense_pool", "no_defense", "hit", "net_hits",
           "defender_glitch")

S1 = dict(attack="ranged", reaction=5, physical_damage=4, previous_defenses=2, running=True,
          burst="long-wide")


def sheet(**inputs) -> Sheet:
    return Sheet(RULESET, inputs)


def value(node: str, **inputs):
    s = sheet(**inputs)
    assert not s.internal_errors, s.internal_errors
    return s.value(node)


def notes(node: str, **inputs) -> str:
    return " | ".join(sheet(**inputs).status(node).derivation.notes)


# -- contract ---------------------------------------------------------------------------------

def test_results_are_the_contract_names():
    assert RULESET.results == RESULTS
    assert RULESET.title == "Shadowrun 4A — Defense Test"


def test_defaults_evaluate_without_problems():
    s = sheet()
    assert s.problems == []
    assert {n: s.value(n) for n in RESULTS} == {
        "base_pool": 3, "modifier_total": 0, "defense_pool": 3, "no_defense": False,
        "hit": None, "net_hits": None, "defender_glitch": None}


@pytest.mark.parametrize("name, default, low, high", [
    ("reaction", 3, 1, 12), ("dodge", 0, 0, 12), ("melee_skill", 0, 0, 12),
    ("gymnastics", 0, 0, 12), ("physical_damage", 0, 0, 18), ("stun_damage", 0, 0, 12),
    ("previous_defenses", 0, 0, 20), ("attacker_distance", 10, 0, 2000),
    ("other_modifier", 0, -20, 20), ("attacker_hits", None, 0, 60),
    ("defender_hits", None, 0, 60),
])
def test_int_inputs_have_the_spec_bounds(name, default, low, high):
    spec = RULESET.inputs[name]
    assert (spec.default, spec.minimum, spec.maximum) == (default, low, high)
    s = sheet(**{name: high + 1})
    assert [p.input for p in s.problems] == [name]
    s = sheet(**{name: low - 1})
    assert [p.input for p in s.problems] == [name]


@pytest.mark.parametrize("name, default, choices", [
    ("attack", "ranged", ("ranged", "melee")),
    ("melee_defense", "dodge", ("dodge", "parry")),
    ("full_defense", "none", ("none", "full-dodge", "full-parry", "gymnastics-dodge")),
    ("burst", "none", ("none", "wide", "long-wide", "full-auto-wide")),
    ("shotgun_spread", "none", ("none", "medium", "wide")),
])
def test_choice_inputs(name, default, choices):
    spec = RULESET.inputs[name]
    assert (spec.default, spec.choices) == (default, choices)


def test_faces_input_is_up_to_sixty_d6():
    spec = RULESET.inputs["defender_faces"]
    assert (spec.default, spec.sides, spec.max_count) == ((), 6, 60)
    assert [p.input for p in sheet(defender_faces=[7]).problems] == ["defender_faces"]
    assert [p.input for p in sheet(defender_faces=[0]).problems] == ["defender_faces"]
    assert sheet(edge_dice=1, defender_faces=[6] * 60).problems == []  # Edge: 6s add dice
    assert [p.input for p in sheet(edge_dice=1, defender_faces=[6] * 61).problems] == [
        "defender_faces"]


# -- worked example S1 ----------------------------------------------------------------------

def test_s1_pool_driven_to_zero():
    s = sheet(**S1)
    assert s.problems == []
    assert s.value("base_pool") == 5
    assert s.value("wound_modifier") == -1
    assert s.value("previous_defenses_modifier") == -2
    assert s.value("running_modifier") == 2
    assert s.value("burst_modifier") == -5
    assert s.value("modifier_total") == -6
    assert s.value("defense_pool") == 0
    assert s.status("defense_pool").derivation.substituted == "max(0, 5 + (-6))"


def test_s1_full_dodge_three_dice():
    s = sheet(**S1, dodge=4, full_defense="full-dodge")
    assert (s.value("base_pool"), s.value("modifier_total"), s.value("defense_pool")) == (9, -6, 3)


# -- base pool and full defense ---------------------------------------------------------------

@pytest.mark.parametrize("attack, melee_defense, full_defense, expected", [
    ("ranged", "dodge", "none", 5),                 # Reaction
    ("ranged", "parry", "none", 5),                 # melee_defense ignored at range
    ("ranged", "dodge", "full-dodge", 9),           # Reaction + Dodge
    ("ranged", "parry", "gymnastics-dodge", 7),     # Reaction + Gymnastics
    ("melee", "dodge", "none", 9),                  # Reaction + Dodge
    ("melee", "parry", "none", 8),                  # Reaction + melee skill
    ("melee", "dodge", "full-dodge", 13),           # Reaction + Dodge + Dodge
    ("melee", "parry", "full-dodge", 12),           # Reaction + melee skill + Dodge
    ("melee", "dodge", "gymnastics-dodge", 11),     # Reaction + Dodge + Gymnastics
    ("melee", "parry", "gymnastics-dodge", 10),     # Reaction + melee skill + Gymnastics
    ("melee", "parry", "full-parry", 11),           # Reaction + 2 × melee skill
    ("melee", "dodge", "full-parry", 11),           # full parry whatever the ordinary choice
])
def test_base_pool(attack, melee_defense, full_defense, expected):
    assert value("base_pool", attack=attack, melee_defense=melee_defense,
                 full_defense=full_defense, reaction=5, dodge=4, melee_skill=3,
                 gymnastics=2) == expected


@pytest.mark.parametrize("aware", [True, False])
def test_full_parry_against_ranged_is_a_problem_on_full_defense(aware):
    s = sheet(attack="ranged", full_defense="full-parry", melee_skill=4, aware=aware,
              attacker_hits=2)
    assert [p.input for p in s.problems] == ["full_defense"]
    assert "melee only" in s.problems[0].message
    assert s.problems[0].message.startswith("full_defense = 'full-parry'")
    assert s.status("base_pool").state is State.ERROR
    for node in ("defense_pool", "hit", "net_hits"):
        assert s.status(node).state is State.BLOCKED
        assert s.status(node).waiting_for == ("full_defense",)
    assert s.value("modifier_total") == 0       # the modifiers do not depend on it
    assert s.value("no_defense") is (not aware)


# -- modifiers, one line each ---------------------------------------------------------------

@pytest.mark.parametrize("physical, stun, physical_mod, stun_mod, total", [
    (0, 0, 0, 0, 0), (2, 2, 0, 0, 0), (3, 0, -1, 0, -1), (0, 3, 0, -1, -1),
    (3, 3, -1, -1, -2), (4, 0, -1, 0, -1), (5, 5, -1, -1, -2), (6, 0, -2, 0, -2),
    (8, 2, -2, 0, -2), (9, 11, -3, -3, -6), (17, 11, -5, -3, -8), (18, 12, -6, -4, -10),
])
def test_wound_modifiers_from_both_monitors(physical, stun, physical_mod, stun_mod, total):
    s = sheet(physical_damage=physical, stun_damage=stun, reaction=12, dodge=12,
              full_defense="full-dodge")
    assert s.value("physical_wound_modifier") == physical_mod
    assert s.value("stun_wound_modifier") == stun_mod
    assert s.value("wound_modifier") == total
    assert s.value("modifier_total") == total
    assert s.value("defense_pool") == 24 + total


@pytest.mark.parametrize("previous, expected", [(0, 0), (1, -1), (2, -2), (5, -5), (20, -20)])
def test_previous_defenses(previous, expected):
    assert value("previous_defenses_modifier", previous_defenses=previous) == expected


@pytest.mark.parametrize("attack, prone, distance, expected", [
    ("melee", True, 100, -2), ("melee", True, 0, -2), ("melee", False, 1, 0),
    ("ranged", True, 0, -2), ("ranged", True, 5, -2), ("ranged", True, 6, 0),
    ("ranged", True, 2000, 0), ("ranged", False, 3, 0),
])
def test_prone(attack, prone, distance, expected):
    assert value("prone_modifier", attack=attack, prone=prone,
                 attacker_distance=distance) == expected


def test_prone_beyond_five_metres_says_why_it_is_not_applied():
    text = notes("prone_modifier", attack="ranged", prone=True, attacker_distance=6)
    assert "not applicable" in text and "5 m" in text


@pytest.mark.parametrize("attack", ["ranged", "melee"])
@pytest.mark.parametrize("running, expected", [(False, 0), (True, 2)])
def test_running_counts_against_both_kinds_of_attack(attack, running, expected):
    assert value("running_modifier", attack=attack, running=running) == expected


RANGED_ONLY = [
    ("in_melee_modifier", {"in_melee": True}, -3),
    ("burst_modifier", {"burst": "wide"}, -2),
    ("burst_modifier", {"burst": "long-wide"}, -5),
    ("burst_modifier", {"burst": "full-auto-wide"}, -9),
    ("shotgun_modifier", {"shotgun_spread": "medium"}, -2),
    ("shotgun_modifier", {"shotgun_spread": "wide"}, -4),
    ("area_attack_modifier", {"area_attack": True}, -2),
    ("vehicle_modifier", {"in_moving_vehicle": True}, 3),
]


@pytest.mark.parametrize("node, inputs, expected", RANGED_ONLY)
def test_ranged_only_modifiers_apply_against_ranged(node, inputs, expected):
    s = sheet(attack="ranged", reaction=12, **inputs)
    assert s.value(node) == expected
    assert s.value("modifier_total") == expected
    assert s.value("defense_pool") == 12 + expected


@pytest.mark.parametrize("node, inputs, expected", RANGED_ONLY)
def test_ranged_only_modifiers_are_not_applicable_against_melee(node, inputs, expected):
    s = sheet(attack="melee", reaction=12, **inputs)
    assert s.value(node) == 0
    assert s.value("modifier_total") == 0
    assert s.value("defense_pool") == 12
    assert "not applicable" in " ".join(s.status(node).derivation.notes)


@pytest.mark.parametrize("node, inputs", [
    ("burst_modifier", {"burst": "none"}), ("shotgun_modifier", {"shotgun_spread": "none"}),
    ("in_melee_modifier", {"in_melee": False}), ("area_attack_modifier", {"area_attack": False}),
    ("vehicle_modifier", {"in_moving_vehicle": False}),
])
def test_modifiers_that_are_off_are_zero(node, inputs):
    assert value(node, attack="ranged", **inputs) == 0
    assert value(node, attack="melee", **inputs) == 0


@pytest.mark.parametrize("other", [-20, -1, 0, 7, 20])
def test_other_modifier_joins_the_total(other):
    assert value("modifier_total", other_modifier=other) == other
    assert value("defense_pool", reaction=12, other_modifier=other) == max(0, 12 + other)


@pytest.mark.parametrize("attack, expected", [("ranged", -65), ("melee", -50)])
def test_every_modifier_at_once(attack, expected):
    # wounds -10, previous -20, prone within 5 m -2, running +2, other -20; ranged only:
    # in melee -3, full-auto -9, shotgun wide -4, area -2, vehicle +3.
    s = sheet(attack=attack, physical_damage=18, stun_damage=12, previous_defenses=20,
              prone=True, attacker_distance=5, running=True, in_melee=True,
              burst="full-auto-wide", shotgun_spread="wide", area_attack=True,
              in_moving_vehicle=True, other_modifier=-20)
    assert s.value("modifier_total") == expected
    assert s.value("defense_pool") == 0


def test_no_modifiers_total_zero():
    s = sheet()
    assert s.value("modifier_total") == 0
    assert s.status("modifier_total").derivation.formula == "no modifiers"


# -- the pool, its floor and the unaware defender -----------------------------------------------

@pytest.mark.parametrize("reaction, other, expected", [
    (3, 0, 3), (3, -2, 1), (3, -3, 0), (3, -4, 0), (1, -20, 0), (12, 20, 32), (5, -5, 0),
])
def test_pool_is_floored_at_zero(reaction, other, expected):
    assert value("defense_pool", reaction=reaction, other_modifier=other) == expected


@pytest.mark.parametrize("aware, engaged, no_defense", [
    (True, False, False), (True, True, False), (False, True, False), (False, False, True),
])
def test_no_defense_only_when_unaware_and_not_engaged(aware, engaged, no_defense):
    s = sheet(aware=aware, engaged=engaged, reaction=4)
    assert s.value("no_defense") is no_defense
    assert s.value("defense_pool") == (0 if no_defense else 4)


def test_no_defense_still_shows_base_pool_and_modifiers():
    # Decision: base_pool and modifier_total are what the defender would have rolled;
    # only defense_pool is forced to 0.
    s = sheet(aware=False, attack="melee", reaction=6, dodge=3, running=True, stun_damage=3)
    assert (s.value("base_pool"), s.value("modifier_total")) == (9, 1)
    assert s.value("defense_pool") == 0
    assert s.value("no_defense") is True


# -- outcome ---------------------------------------------------------------------------------

@pytest.mark.parametrize("attacker, defender, hit, net", [
    (3, 2, True, 1), (2, 2, False, 0), (1, 2, False, 0), (0, 0, False, 0), (5, 0, True, 5),
    (60, 12, True, 48), (0, 3, False, 0),
])
def test_opposed_outcome_ties_to_the_defender(attacker, defender, hit, net):
    s = sheet(reaction=12, attacker_hits=attacker, defender_hits=defender)
    assert (s.value("hit"), s.value("net_hits")) == (hit, net)


@pytest.mark.parametrize("attacker, defender", [(None, 2), (3, None), (None, None), (0, None)])
def test_outcome_unknown_until_both_sides_are_known(attacker, defender):
    s = sheet(reaction=4, attacker_hits=attacker, defender_hits=defender)
    assert s.problems == []
    assert (s.value("hit"), s.value("net_hits")) == (None, None)
    assert s.status("hit").ok and s.status("net_hits").ok


@pytest.mark.parametrize("attacker, typed, hit, net", [
    (0, None, False, 0), (1, None, True, 1), (4, None, True, 4), (1, 5, True, 1),
    (3, 3, True, 3), (0, 6, False, 0),
])
def test_pool_zero_scores_no_defender_hits(attacker, typed, hit, net):
    s = sheet(**S1, attacker_hits=attacker, defender_hits=typed)
    assert s.value("defense_pool") == 0
    assert s.value("defender_hit_count") == 0
    assert (s.value("hit"), s.value("net_hits")) == (hit, net)


def test_pool_zero_ignores_typed_faces_for_hits():
    # with Edge (pool still 0: -1 + 1) the faces might have been rolled, but do not count
    s = sheet(**S1, edge_dice=1, attacker_hits=2, defender_faces=[5, 6, 6])
    assert s.value("defense_pool") == 0
    assert s.problems == []
    assert (s.value("hit"), s.value("net_hits")) == (True, 2)


@pytest.mark.parametrize("attacker, typed, hit, net", [
    (0, None, False, 0), (1, None, True, 1), (3, None, True, 3), (3, 5, True, 3),
    (60, None, True, 60),
])
def test_no_defense_is_a_success_test(attacker, typed, hit, net):
    s = sheet(aware=False, engaged=False, reaction=12, dodge=12, full_defense="full-dodge",
              attacker_hits=attacker, defender_hits=typed)
    assert s.value("no_defense") is True
    assert (s.value("hit"), s.value("net_hits")) == (hit, net)


def test_no_defense_without_attacker_hits_is_unknown():
    s = sheet(aware=False)
    assert (s.value("hit"), s.value("net_hits")) == (None, None)


def test_unaware_but_engaged_defends_normally():
    s = sheet(aware=False, engaged=True, reaction=6, attacker_hits=2, defender_hits=2)
    assert s.value("no_defense") is False
    assert (s.value("defense_pool"), s.value("hit"), s.value("net_hits")) == (6, False, 0)


# -- hits and glitches from typed faces -----------------------------------------------------------

@pytest.mark.parametrize("faces, hits, glitch", [
    ([6], 1, "none"), ([1], 0, "critical"), ([5, 6, 1], 2, "none"), ([1, 2], 0, "critical"),
    ([1, 5], 1, "glitch"), ([1, 2, 3], 0, "none"), ([1, 1, 5, 2], 1, "glitch"),
    ([1, 1, 2, 3], 0, "critical"), ([1, 1, 1, 5, 6, 6], 3, "glitch"),
    ([1, 1, 4, 4, 3], 0, "none"), ([4, 4, 4], 0, "none"), ([5, 5, 5, 5, 6], 5, "none"),
    ([1] * 30 + [6] * 30, 30, "glitch"),
])
def test_hits_and_glitch_from_faces(faces, hits, glitch):
    s = sheet(reaction=12, dodge=12, full_defense="full-dodge", attacker_hits=3,
              defender_faces=faces, edge_dice=1 if len(faces) > 24 else 0)
    assert s.value("defender_hit_count") == hits
    assert s.value("defender_glitch") == glitch
    assert s.value("hit") is (3 > hits)
    assert s.value("net_hits") == max(0, 3 - hits)


def test_no_faces_no_glitch_result():
    assert value("defender_glitch", defender_hits=2) is None
    assert value("defender_glitch") is None


def test_glitch_is_read_from_typed_faces_even_at_pool_zero():
    s = sheet(**S1, edge_dice=1, defender_faces=[1, 1])
    assert s.value("defender_glitch") == "critical"
    assert s.value("defender_hit_count") == 0


def test_both_hits_and_faces_is_a_problem():
    s = sheet(reaction=5, attacker_hits=2, defender_hits=1, defender_faces=[5, 1, 3])
    assert [p.input for p in s.problems] == ["defender_hits"]
    assert "defender_hits = '1'" in s.problems[0].message
    assert "not both" in s.problems[0].message
    assert s.value("hit") is None and s.value("net_hits") is None
    assert s.status("hit").state is State.BLOCKED
    assert s.value("defense_pool") == 5
    assert s.value("defender_glitch") == "none"


def test_both_given_is_a_problem_even_when_no_defense():
    s = sheet(aware=False, attacker_hits=2, defender_hits=0, defender_faces=[2])
    assert [p.input for p in s.problems] == ["defender_hits"]


def test_empty_faces_with_typed_hits_is_fine():
    s = sheet(reaction=5, attacker_hits=2, defender_hits=1, defender_faces=[])
    assert s.problems == []
    assert (s.value("hit"), s.value("net_hits")) == (True, 1)


# -- derivations read well -------------------------------------------------------------------

def test_every_node_has_a_rule_text_and_citation():
    for name, rule in RULESET.rules.items():
        assert rule.text and rule.cite, name
        assert "Shadowrun" in rule.cite, name


def test_base_pool_shows_its_formula():
    s = sheet(attack="melee", melee_defense="parry", full_defense="full-dodge", reaction=5,
              melee_skill=3, dodge=4)
    d = s.status("base_pool").derivation
    assert (d.formula, d.substituted, d.result) == ("reaction + melee_skill + dodge",
                                                    "5 + 3 + 4", "12")
    d = sheet(attack="melee", full_defense="full-parry", reaction=5,
              melee_skill=3).status("base_pool").derivation
    assert (d.formula, d.substituted) == ("reaction + 2 × melee_skill", "5 + 2 × 3")


def test_set_recomputes():
    s = sheet(**S1)
    s.set("full_defense", "full-dodge")
    s.set("dodge", 4)
    assert s.value("defense_pool") == 3
    s.set("attack", "melee")
    assert s.value("burst_modifier") == 0
    assert s.value("modifier_total") == -1
    assert s.value("base_pool") == 13


# -- Edge on the defense roll, and faces the pool cannot have rolled ---------------------------

@pytest.mark.parametrize("edge, pool", [(0, 3), (1, 4), (8, 11)])
def test_edge_dice_add_to_the_pool(edge, pool):
    assert value("defense_pool", reaction=3, edge_dice=edge) == pool


def test_edge_cannot_help_without_a_defense():
    s = sheet(aware=False, edge_dice=4)
    assert s.value("defense_pool") == 0
    assert "Edge cannot help" in notes("defense_pool", aware=False, edge_dice=4)


def test_edge_lifts_a_pool_from_zero():
    assert value("defense_pool", **S1, edge_dice=3) == 2  # -1 + 3


@pytest.mark.parametrize("given", [-1, 9])
def test_edge_dice_bounds(given):
    problems = sheet(edge_dice=given).problems
    assert [p.input for p in problems] == ["edge_dice"]
    assert f"'{given}'" in problems[0].message and "0 to 8" in problems[0].message


@pytest.mark.parametrize("faces, edge, problem", [
    ([5, 6, 1], 0, False), ([5, 6, 1, 2], 0, True), ([6, 6, 6, 6, 5], 1, False),
    ([6] * 30, 1, False),
])
def test_more_faces_than_the_pool_is_a_problem_without_edge(faces, edge, problem):
    s = sheet(reaction=3, edge_dice=edge, attacker_hits=2, defender_faces=faces)
    assert [p.input for p in s.problems] == (["defender_faces"] if problem else [])
    if problem:
        assert "4 dice" in s.problems[0].message and "pool is 3" in s.problems[0].message
        assert s.value("hit") is None
    else:
        assert s.value("hit") is not None


def test_faces_typed_for_a_pool_of_zero_are_a_problem_without_edge():
    s = sheet(**S1, defender_faces=[1, 1])
    assert [p.input for p in s.problems] == ["defender_faces"]
