#!/usr/bin/env python3
"""The Game of Cycles on the plane families, normal and misère play.

Every wheel, fan, theta graph Θ(A,B,C) with A <= B <= C <= 8, grid,
ladder and prism that arrows answers within TIMEOUT seconds (default 60),
one board at a time, with the default engine: the canonical engine under
normal play where it values cells, brute force otherwise (misère values
do not add over components, so misère play is always brute force).

    python3 run.py                  writes boards.csv; a line per family on stderr
    TIMEOUT=10 python3 run.py       a quicker pass
    ARROWS=path/to/arrows python3 run.py

Each family is walked in order of edges; once a board runs out of time
under one play, larger boards of that family are not tried under that
play (a dash in the table). Columns: family, board (its parameters),
edges, cells, then for each play the Grundy value, the winner, the engine
and the seconds the whole `arrows` process took.
"""

import csv
import json
import os
import subprocess
import sys
import time

ARROWS = os.environ.get("ARROWS", "arrows")
TIMEOUT = float(os.environ.get("TIMEOUT", "60"))
OUT = os.environ.get("OUT", "boards.csv")


def size(family, p):
    """Edges and cells of a board, from the family's formulas."""
    return {
        "wheel": lambda n: (2 * n, n),
        "fan": lambda n: (2 * n - 1, n - 1),
        "theta": lambda a, b, c: (a + b + c, 2),
        "grid": lambda m, n: (2 * m * n - m - n, (m - 1) * (n - 1)),
        "ladder": lambda n: (3 * n - 2, n - 1),
        "prism": lambda n: (3 * n, n + 1),
    }[family](*p)


def boards():
    """Every family's boards, each list in order of edges."""
    thetas = [
        (a, b, c)
        for a in range(1, 9)
        for b in range(a, 9)
        for c in range(b, 9)
        if (a == 1) + (b == 1) + (c == 1) <= 1
    ]
    grids = [(m, n) for m in range(2, 12) for n in range(m, 12)]
    return [
        ("wheel", [(n,) for n in range(3, 41)]),
        ("fan", [(n,) for n in range(2, 41)]),
        ("theta", sorted(thetas, key=lambda t: (sum(t), t))),
        ("grid", sorted(grids, key=lambda g: (size("grid", g)[0], g))),
        ("ladder", [(n,) for n in range(2, 31)]),
        ("prism", [(n,) for n in range(3, 31)]),
    ]


def solve(family, p, misere):
    """(grundy, winner, engine, seconds), or None past the time limit."""
    args = [ARROWS, family, *map(str, p), "--cycles", "--json"] + (["--misere"] if misere else [])
    start = time.monotonic()
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None
    seconds = time.monotonic() - start
    if done.returncode != 0:
        # A refusal (a board past brute force's 28 edges): past reach, like a timeout.
        return None
    d = json.loads(done.stdout)
    return (d["grundy"], d["winner"], d["engine"], f"{seconds:.2f}")


def main():
    rows = []
    for family, members in boards():
        start = time.monotonic()
        reached = {False: True, True: True}
        count = 0
        for p in members:
            results = {}
            for misere in (False, True):
                r = solve(family, p, misere) if reached[misere] else None
                if r is None:
                    reached[misere] = False
                results[misere] = r or ("-", "-", "-", f">{TIMEOUT:g}" if reached[misere] is False else "-")
            if not any(r[0] != "-" for r in results.values()):
                break
            edges, cells = size(family, p)
            rows.append([family, " ".join(map(str, p)), edges, cells, *results[False], *results[True]])
            count += 1
        print(f"{family}: {count} boards in {time.monotonic() - start:.0f} s", file=sys.stderr)
    with open(OUT, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["family", "board", "edges", "cells"]
                   + [f"{play}_{c}" for play in ("normal", "misere") for c in ("grundy", "winner", "engine", "seconds")])
        w.writerows(rows)


if __name__ == "__main__":
    main()
