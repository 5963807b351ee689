#!/usr/bin/env python3
"""Who wins the Game of Cycles on the plane families up to 40 edges, by the
outcome search (`arrows ... --cycles --engine search`).

Every wheel W_3 .. W_20, fan F_2 .. F_20, ladder L_2 .. L_12, prism over a
3- to 12-cycle, grid m x n (m <= n) and theta graph with at most 40 edges,
one board at a time, each family in order of edges, each board with a time
limit (`--max-time`, TIMEOUT seconds, default 600). With MOVES=first
(the default) the search stops at the first winning move it finds; with
MOVES=all it finds every winning first move (every move from the start
decided: much more work on a first-player win). Each board's row gives
the winner and the winning first moves found, which of the two it is, the
nodes searched, the table's
entries, the peak memory, the CPU and wall seconds, the load average when it
started, and the status: `done`, or `timeout` after TIMEOUT seconds (then the
larger boards of the family are not tried, but for theta graphs, which are
tried edge count by edge count until one of them runs out of time, and for
grids, which are few and each tried).

    python3 search.py                       writes search.csv; a line per board on stderr
    TIMEOUT=3600 FAMILIES=wheel python3 search.py   one family, an hour a board
    EVERY=1 TIMEOUT=60 python3 search.py            every board tried, a timeout ending nothing
    ARROWS=path/to/arrows python3 search.py

The script resumes: a board already in the CSV is skipped, unless it timed
out under a smaller TIMEOUT than this run's, or MOVES=all asks for every
winning move of a board that has only its first (then it is tried again and
its row replaced, a row with every winning move never by one with the
first alone). It runs `nice`, one board at a time, with every core.
"""

import csv
import json
import os
import resource
import subprocess
import sys
import time

ARROWS = os.environ.get("ARROWS", "arrows")
TIMEOUT = int(os.environ.get("TIMEOUT", "600"))
OUT = os.environ.get("OUT", "search.csv")
FAMILIES = os.environ.get("FAMILIES", "wheel,ladder,prism,grid,fan,theta").split(",")
MOVES = os.environ.get("MOVES", "first")
MAX_EDGES = int(os.environ.get("MAX_EDGES", "40"))
#: EVERY=1 tries every board within TIMEOUT: a timeout does not end its family.
EVERY = os.environ.get("EVERY") == "1"

COLUMNS = [
    "family", "board", "edges", "cells", "winner", "moves_found", "winning_moves", "winning_first_moves",
    "nodes", "table_entries", "peak_memory_bytes", "cpu_seconds", "wall_seconds", "load",
    "time_limit", "status",
]


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


#: Every family, in the order of the CSV.
ALL_FAMILIES = ["wheel", "ladder", "prism", "grid", "fan", "theta"]


def boards(families=None, max_edges=None):
    """The boards of `families` (default FAMILIES) up to `max_edges` (default
    MAX_EDGES) edges, each list in order of edges."""
    max_edges = max_edges or MAX_EDGES
    thetas = [
        (a, b, c)
        for a in range(1, max_edges + 1)
        for b in range(1, max_edges + 1)
        for c in range(a, max_edges + 1)
        if a + b + c <= max_edges and (a == 1) + (b == 1) + (c == 1) <= 1
    ]
    grids = [(m, n) for m in range(2, 21) for n in range(m, 21) if size("grid", (m, n))[0] <= max_edges]
    every = {
        "wheel": [(n,) for n in range(3, 21)],
        "fan": [(n,) for n in range(2, 21)],
        "ladder": [(n,) for n in range(2, 13)],
        "prism": [(n,) for n in range(3, 13)],
        "grid": sorted(grids, key=lambda g: (size("grid", g)[0], g)),
        "theta": sorted(thetas, key=lambda t: (sum(t), t)),
    }
    return [(f, [p for p in every[f] if size(f, p)[0] <= max_edges]) for f in (families or FAMILIES)]


def solve(family, p):
    """One board: its row."""
    edges, cells = size(family, p)
    args = [ARROWS, family, *map(str, p), "--cycles", "--engine", "search", "--json", "--stats",
            "--max-time", f"{TIMEOUT}s"]
    if MOVES == "first":
        args.append("--first-win")
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    run = subprocess.run(["nice", "-n", "10", *args], capture_output=True, text=True)
    wall = time.time() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    row = {
        "family": family, "board": " ".join(map(str, p)), "edges": edges, "cells": cells,
        "cpu_seconds": f"{cpu:.1f}", "wall_seconds": f"{wall:.1f}", "load": f"{load:.1f}",
        "time_limit": TIMEOUT, "moves_found": MOVES,
    }
    if run.returncode == 0:
        d = json.loads(run.stdout.splitlines()[0])
        s = d["search"]
        row.update({
            "winner": d["winner"],
            "winning_moves": len(d["winning_moves"]),
            "winning_first_moves": " ".join(d["winning_moves"]),
            "nodes": s["nodes"],
            "table_entries": s["table_entries"],
            "peak_memory_bytes": d.get("peak_memory_bytes") or "",
            "status": "done",
        })
    elif "time limit" in run.stderr:
        row.update({"winner": "-", "status": "timeout"})
    else:
        row.update({"winner": "-", "status": "error: " + run.stderr.strip()[:200]})
    return row


def main():
    rows = {}
    if os.path.exists(OUT):
        with open(OUT, newline="") as f:
            for r in csv.DictReader(f):
                rows[(r["family"], r["board"])] = r

    def save():
        with open(OUT + ".tmp", "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS)
            w.writeheader()
            # Every row, not only this run's families and sizes: FAMILIES=wheel
            # or MAX_EDGES=25 keeps the others.
            for fam, ps in boards(ALL_FAMILIES, max(MAX_EDGES, 64)):
                for p in ps:
                    r = rows.get((fam, " ".join(map(str, p))))
                    if r:
                        w.writerow({k: r.get(k, "") for k in COLUMNS})
        os.replace(OUT + ".tmp", OUT)

    for family, ps in boards():
        stopped_at = None
        for p in ps:
            key = (family, " ".join(map(str, p)))
            edges = size(family, p)[0]
            old = rows.get(key)
            finished = old and old["status"] == "done" and (MOVES == "first" or old["moves_found"] == "all"
                                                             or old["winner"] == "second")
            if old and old["status"] == "done" and old["moves_found"] == "all" and MOVES == "first":
                finished = True
            if old and (finished or (old["status"] != "done" and old.get("moves_found") == MOVES
                                     and int(old["time_limit"]) >= TIMEOUT)):
                if old["status"] == "timeout":
                    stopped_at = stopped_at or edges
                if family not in ("theta", "grid") and old["status"] == "timeout" and not EVERY:
                    break
                continue
            if stopped_at is not None and not EVERY and family != "grid" and (family != "theta" or edges > stopped_at):
                break
            row = solve(family, p)
            if row["status"] != "done" and old and old["status"] == "done":
                # Every winning move ran out of time: keep the first one found.
                print(f"{family} {row['board']}: every winning move past {TIMEOUT} s; the first kept",
                      file=sys.stderr, flush=True)
                continue
            rows[key] = row
            save()
            print(f"{family} {row['board']}: {row['winner']} ({row['status']}, {row['wall_seconds']} s, "
                  f"{row.get('nodes', '-')} nodes)", file=sys.stderr, flush=True)
            if row["status"] != "done":
                stopped_at = edges
                if family not in ("theta", "grid") and not EVERY:
                    break


if __name__ == "__main__":
    main()
