"""The ruleset registry: its static table of ids and titles matches the ruleset modules."""

import importlib

import pytest

from worksheet import rulesets


def test_ids_keep_the_tab_order():
    assert rulesets.ids() == ["exalted2e", "gemstone4", "rise", "shadowrun4", "vtm-revised"]


@pytest.mark.parametrize("rid", rulesets.ids())
def test_static_title_and_id_equal_what_the_module_declares(rid):
    module = importlib.import_module(f"worksheet.rulesets.{rulesets.TABLE[rid].module}")
    assert module.RULESET.id == rid
    assert rulesets.title(rid) == module.RULESET.title
    assert rulesets.get(rid).title == rulesets.title(rid)


def test_unknown_id_names_the_known_ones():
    for lookup in (rulesets.get, rulesets.title):
        with pytest.raises(KeyError, match="known: exalted2e, gemstone4"):
            lookup("nope")


def test_all_rulesets_returns_every_one_in_tab_order():
    assert [ruleset.id for ruleset in rulesets.all_rulesets()] == rulesets.ids()
