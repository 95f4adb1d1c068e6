"""What a form tells of its graph: read only, so that callers never hold the graph itself."""

from __future__ import annotations

from typing import Any, Callable

from worksheet.engine import NodeStatus, Sheet, SheetProblem


class GraphReadings:
    """Read-only answers from a form's calculation graph (``self.sheet``), for the app, its
    controllers and the tests: the form alone changes the graph, through its edits and loads.
    """

    sheet: Sheet
    """The calculation graph (set by the form)."""

    @property
    def problems(self) -> list[SheetProblem]:
        """Every bad input and rule problem, once each, in input order (what a save refuses)."""
        return self.sheet.problems

    @property
    def inputs(self) -> dict[str, Any]:
        """Every input's value now, as a new dict (``None`` for an input in error)."""
        return self.sheet.inputs

    def value(self, name: str) -> Any:
        """The value of input or node ``name`` now (``None`` when it is not OK)."""
        return self.sheet.value(name)

    def status(self, name: str) -> NodeStatus:
        """The graph's status of input or node ``name`` (messages name inputs, not labels)."""
        return self.sheet.status(name)

    def report(self, make: Callable[..., str], *args: Any) -> str:
        """``make(graph, *args)``: a headless report of the graph now (``oneline.one_line``)."""
        return make(self.sheet, *args)
