"""The heading of a form's section (the sections are the ruleset's: ``Ruleset.step_groups``).

Which inputs and values each step shows is decided by the ruleset, headless and tested in
``tests/engine``; what a section is called on screen is the form's business.
"""

from __future__ import annotations

from worksheet.engine.odds_text import ODDS_STEP


def heading(step: str) -> str:
    """A section's heading: ``Step A``; the odds step says what it answers."""
    if step == ODDS_STEP:
        return "Odds — if they attack me now"
    return f"Step {step}" if step else "Not used by any step"
