"""How close a running Worksheet is to doubling Python's interned-string table, step by step
through ``bench.py``'s tour (issue 40, memory).

CPython 3.11 keeps every interned string in one dict, libpython's static ``interned``; it
doubles (64 K slots, +0.54 MiB of USS after the tour at 80×24) once 21,845 insertions were
made since its last resize, a string that died since counting still. The table cannot be read
from inside without changing what it counts, so this reads it from outside: the symbol's
offset from ``nm``, the process's mapping of libpython from ``/proc/PID/maps``, the dict's
fields through ``/proc/PID/mem`` (needs the same user, and ptrace allowed). Each step prints
the USS (MiB), the table's slots and the insertions left before it doubles:

    .venv/bin/python tests/perf/interned.py .        # this tree
    .venv/bin/python tests/perf/interned.py /tmp/before

Written for CPython 3.11's layouts (``PyDictObject``, ``PyDictKeysObject``); not part of the
test suite.
"""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measures as m  # noqa: E402
from scenarios import NEXT_TAB, PREVIOUS_TAB, TABS, worksheet  # noqa: E402
from ab import of_tree  # noqa: E402


def _libpython(pid: int) -> tuple[str, int]:
    """The path and load address of the libpython a process maps."""
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 6 and "libpython3" in fields[5] and int(fields[2], 16) == 0:
            return fields[5], int(fields[0].split("-")[0], 16)
    raise RuntimeError("no libpython mapped (a static build has no symbol to read)")


def _offset(library: str) -> int:
    for line in subprocess.run(["nm", library], capture_output=True, text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == "interned":
            return int(parts[0], 16)
    raise RuntimeError(f"no 'interned' symbol in {library}")


def interned_table(pid: int) -> dict[str, int]:
    """The table's live strings, slots and insertions left before it doubles."""
    library, base = _libpython(pid)
    with open(f"/proc/{pid}/mem", "rb") as mem:
        def read(address: int, size: int) -> bytes:
            mem.seek(address)
            return mem.read(size)

        table, = struct.unpack("Q", read(base + _offset(library), 8))
        used, = struct.unpack("q", read(table + 16, 8))  # PyDictObject.ma_used
        keys, = struct.unpack("Q", read(table + 32, 8))  # .ma_keys
        log2_size = read(keys + 8, 1)[0]  # PyDictKeysObject.dk_log2_size
        usable, = struct.unpack("q", read(keys + 16, 8))  # .dk_usable
    return {"live": used, "slots": 1 << log2_size, "left": usable}


def main(argv: list[str]) -> int:
    tree = Path(argv[0] if argv else ".").resolve()
    app = of_tree(worksheet(TABS[0]), tree)
    with m.running(app, 80, 24) as (pty_app, _):
        def step(name: str) -> None:
            table = interned_table(pty_app.process.pid)
            print(f"{name:28} USS {pty_app.memory()[1] / 2**20:6.2f} MiB  slots "
                  f"{table['slots']:6d}  left {table['left']:6d}", flush=True)

        pty_app.settle(0.5)
        step("first paint")
        for index, tab in enumerate(TABS):
            m.scroll_to_end(pty_app)
            step(f"{tab} scrolled")
            if index + 1 < len(TABS):
                m.switch(pty_app, NEXT_TAB, TABS[index + 1])
                step(f"→ {TABS[index + 1]}")
        m.switch(pty_app, PREVIOUS_TAB, TABS[-2])
        pty_app.settle(1.0)
        step(f"back to {TABS[-2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
