"""Exalted 2e properties: any valid input gives two non-negative integer DVs, and the sheet
agrees with a second, plain-Fraction reading of the spec written here without the engine."""

from __future__ import annotations

import math
from fractions import Fraction as F

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.strategies import valid_value, valid_values
from worksheet.engine import Sheet, State
from worksheet.rulesets import get

RULESET = get("exalted2e")
EFFECTS = RULESET.inputs["effects"]


fractions = st.fractions(min_value=-20, max_value=20, max_denominator=8)


@st.composite
def effect(draw):
    record = {"name": draw(st.text("abcdef -", min_size=1, max_size=8).filter(str.strip))}
    for key in ("step", "source", "op", "applies_to"):
        record[key] = draw(valid_value(EFFECTS.field_named(key)))
    record["ignores_cap"] = draw(st.booleans())
    value = draw(fractions)
    if record["op"] == "multiply":
        value = abs(value)
    elif record["op"] == "divide":
        assume(value != 0)
        value = abs(value)
    record["value"] = value
    return record


valid_inputs = valid_values(RULESET, records={"effects": st.lists(effect(), max_size=6)}
                            ).filter(lambda d: not (d["willpower"] and d["virtue_faces"]))


# -- an independent reading of the spec -------------------------------------------------------
def _hits(faces):
    return sum(2 if f == 10 else 1 if f >= 7 else 0 for f in faces)


def reference(i):
    out = {}
    ignored = set(i["ignored_penalties"])

    def pen(name):
        return 0 if name in ignored else i[name]

    ess = i["essence"] if i["essence"] >= 2 else 0
    bases = {
        "dodge": F(i["dexterity"] + i["dodge"] + ess + i["dodge_specialties"]
                   + i["dodge_adjustment"], 2),
        "parry": F(i["dexterity"] + i["combat_ability"] + i["weapon_defense"]
                   + i["parry_specialties"] + i["parry_adjustment"], 2),
    }
    ground = {"level": 0, "high": 1, "low": -1}[i["ground"]]
    if i["ground"] == "low" and "low_ground" in ignored:
        ground = 0
    common = (max(i["shield_bonus"], i["cover_bonus"]) + ground + _hits(i["stunt_faces"])
              + _hits(i["virtue_faces"]) + (1 if i["willpower"] else 0)
              - pen("action_penalty") - pen("wound_penalty") - pen("onslaught")
              - pen("terrain_penalty"))
    kind = i["character_type"]
    for d, ability, spec in (("dodge", "dodge", "dodge_specialties"),
                             ("parry", "combat_ability", "parry_specialties")):
        out[f"{d}_base"] = bases[d]
        v = bases[d]
        if i[f"{d}_inapplicable"] and v > 0:
            v = F(0)
        v += common
        if d == "dodge":
            v -= pen("mobility_penalty") + pen("shield_mobility_penalty")
        mine = [e for e in i["effects"] if e["applies_to"] in (d, "both")]
        in_d = [e for e in mine if e["step"] == "magic" or e["ignores_cap"]]
        in_e = [e for e in mine if not (e["step"] == "magic" or e["ignores_cap"])]
        v += sum((e["value"] for e in in_d if e["op"] == "add"), F(0))
        for e in in_d:
            if e["op"] == "multiply":
                v *= e["value"]
            elif e["op"] == "divide":
                v /= e["value"]
        x = v
        for source in ("self", "ally", "hostile"):
            v += sum((e["value"] for e in in_e if e["op"] == "add" and e["source"] == source),
                     F(0))
        for e in in_e:
            if e["op"] == "multiply":
                v *= e["value"]
        for e in in_e:
            if e["op"] == "divide":
                v /= e["value"]
        if i["charm_limit"] is not None:
            limit = F(i["charm_limit"])
        elif kind in ("solar", "abyssal", "infernal"):
            limit = F(i["dexterity"] + i[ability], 2)
        elif kind in ("lunar", "alchemical"):
            limit = F(i["dexterity"], 2)
        elif kind == "dragon-blooded":
            limit = F(i[ability] + i[spec], 2)
        elif kind == "sidereal":
            limit = F(i["essence"], 2)
        else:
            limit = F(0)
        if v - x > limit:
            v = x + limit
        v = max(v, F(0))
        mode = i["rounding"]
        if mode == "by-type":
            mode = "down" if kind == "mortal" else "up"
        out[f"{d}_x"] = x
        out[f"{d}_limit"] = limit
        out[f"{d}_dv"] = {"up": math.ceil(v), "down": math.floor(v),
                          "half-up": math.floor(v + F(1, 2))}[mode]
    out["stunt_successes"] = _hits(i["stunt_faces"])
    out["virtue_successes"] = _hits(i["virtue_faces"])
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_inputs)
def test_any_valid_input_gives_two_non_negative_integer_dvs(inputs):
    sheet = Sheet(RULESET, inputs)
    assert sheet.problems == []
    for name in ("dodge_dv", "parry_dv"):
        value = sheet.value(name)
        assert type(value) is int and value >= 0


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_inputs)
def test_sheet_agrees_with_a_plain_reading_of_the_spec(inputs):
    sheet = Sheet(RULESET, inputs)
    expected = reference(inputs)
    for name in RULESET.results:
        assert sheet.value(name) == expected[name], name


@settings(max_examples=100, deadline=None)
@given(valid_inputs, st.lists(st.integers(1, 10), min_size=1, max_size=5))
def test_virtue_with_willpower_blocks_only_what_depends_on_it(inputs, faces):
    sheet = Sheet(RULESET, dict(inputs, willpower=True, virtue_faces=faces))
    assert [p.input for p in sheet.problems] == ["willpower"]
    assert sheet.status("dodge_dv").state is State.BLOCKED
    assert sheet.status("parry_dv").state is State.BLOCKED
    for name in ("dodge_base", "parry_base", "stunt_successes", "virtue_successes",
                 "dodge_limit", "parry_limit"):
        assert sheet.status(name).ok


def test_divide_by_zero_is_refused_on_the_input():
    sheet = Sheet(RULESET, {"effects": [{"name": "ok", "value": 1},
                                        {"name": "zero", "op": "divide", "value": 0}]})
    assert [p.input for p in sheet.problems] == ["effects"]
    assert "effects[1].value" in sheet.problems[0].message
    assert sheet.status("dodge_x").state is State.BLOCKED
    assert sheet.status("dodge_base").ok and sheet.status("dodge_limit").ok
