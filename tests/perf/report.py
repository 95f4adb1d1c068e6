"""The benchmark's output: one markdown table (metric, worksheet, reference, ratio, target,
result) and the machine it ran on."""

from __future__ import annotations

import os
import platform
import time

HEADER = ("metric", "worksheet", "reference", "ratio", "target", "result")


class Table:
    """Rows in the order they were measured; a row with a target says pass or FAIL."""

    def __init__(self):
        self.rows: list[tuple[str, ...]] = []

    def ratio(self, metric: str, mine: float, theirs: float, digits: int,
              limit: float | None = None) -> None:
        """A row judged by mine/theirs ≤ ``limit`` (no limit: shown, not judged)."""
        ratio = mine / theirs if theirs else (float("inf") if mine else 1.0)
        verdict = "" if limit is None else ("pass" if ratio <= limit else "FAIL")
        self.rows.append((metric, f"{mine:.{digits}f}", f"{theirs:.{digits}f}", f"{ratio:.2f}×",
                          f"≤ {limit:g}×" if limit is not None else "", verdict))

    def absolute(self, metric: str, mine: str, ok: bool | None, target: str = "",
                 theirs: str = "—", ratio: str = "—") -> None:
        """A row judged against a fixed bound (``ok`` None: shown, not judged)."""
        verdict = "" if ok is None else ("pass" if ok else "FAIL")
        self.rows.append((metric, mine, theirs, ratio, target, verdict))

    def failed(self) -> bool:
        return any(row[5] == "FAIL" for row in self.rows)

    def render(self, seconds: float) -> str:
        """The machine line, then the table."""
        machine = (f"Machine: {platform.node()} — {platform.processor() or platform.machine()}, "
                   f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, Python "
                   f"{platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}, "
                   f"run took {seconds / 60:.1f} min")
        widths = [max(len(row[i]) for row in self.rows + [HEADER]) for i in range(len(HEADER))]
        lines = [machine, ""]
        for row in [HEADER, tuple("-" * w for w in widths)] + self.rows:
            lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
        passed = sum(row[5] == "pass" for row in self.rows)
        failed = sum(row[5] == "FAIL" for row in self.rows)
        lines += ["", f"{passed} pass, {failed} FAIL"]
        return "\n".join(lines)
