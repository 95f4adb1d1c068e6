"""The headless calculation engine. It never imports Textual or Rich.

Rulesets import what they need from here::

    from worksheet.engine import Ruleset, IntInput, ChoiceInput, Problem, trunc, named
"""

from worksheet.engine.explain import (Derivation, Explained, Term, call, ceil, explained, floor, format_value,
                      half_up, named, tmax, tmin, total, trunc)
from worksheet.engine.faults import NO_VALUE, Fault, engine_words
from worksheet.engine.graph import NodeStatus, Sheet, SheetProblem, State
from worksheet.engine.inputs import (REQUIRED, BoolInput, ChoiceInput, InputError, InputSpec, IntInput,
                     NumberInput, TextInput)
from worksheet.engine.list_inputs import FacesInput, NamesInput
from worksheet.engine.records import Record, RecordsInput
from worksheet.engine.numbers import Number, exact, format_number, json_number, normalize
from worksheet.engine.ruleset import Headline, Problem, Rule, Ruleset, RulesetError, StepGroup

__all__ = [
    "Derivation", "Explained", "Term", "call", "ceil", "explained", "floor", "format_value",
    "half_up", "named", "tmax", "tmin", "total", "trunc",
    "NO_VALUE", "Fault", "engine_words",
    "NodeStatus", "Sheet", "SheetProblem", "State",
    "REQUIRED", "BoolInput", "ChoiceInput", "FacesInput", "InputError", "InputSpec", "IntInput",
    "NamesInput", "NumberInput", "Record", "RecordsInput", "TextInput",
    "Number", "exact", "format_number", "json_number", "normalize",
    "Headline", "Problem", "Rule", "Ruleset", "RulesetError", "StepGroup",
]
