#!/usr/bin/env python3
"""Certificates for the rows of search.csv: each board's winner and its
winning first move, written by `arrows ... --certificate` and checked by
`arrows-verify`, the checker that shares no code with the engines.

For every row of search.csv with at most MAX_EDGES edges (default 30) that
the search decided, one board at a time, in the CSV's order:

1. `arrows FAMILY BOARD --cycles --engine search --first-win --certificate
   FILE.cert.gz` (the search answers, the certificate's own solver decides
   the board again and must agree, and the file is written);
2. `arrows-verify FILE.cert.gz --json`, which must prove the row's winner
   and winning first move.

Each board's row in certificates.csv gives the winner proved, the time of
step 1 (search and certificate together) and of step 2, the certificate's
size compressed and its records (classes and nodes), bytes per record, and
the status. Certificates of at most KEEP bytes (default 2,000,000; for theta
graphs KEEP_THETA, default 32,000) stay in certificates/ and are committed;
larger ones are deleted once checked (this script writes them again). CI checks a sample of the committed ones.

    python3 certify.py                    writes certificates.csv, resuming
    MAX_EDGES=22 python3 certify.py       the smaller boards only
    TIMEOUT=600 FAMILIES=wheel python3 certify.py
    ARROWS=target/release/arrows VERIFY=target/release/arrows-verify python3 certify.py

A board already in certificates.csv is skipped unless its status is
`timeout` under a smaller TIMEOUT than this run's. It runs `nice`.
"""

import csv
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ARROWS = os.environ.get("ARROWS", "arrows")
VERIFY = os.environ.get("VERIFY", "arrows-verify")
TIMEOUT = int(os.environ.get("TIMEOUT", "300"))
MAX_EDGES = int(os.environ.get("MAX_EDGES", "30"))
KEEP = int(os.environ.get("KEEP", "2000000"))
#: The theta graphs are many (1,035 to 24 edges): only their small certificates are kept.
KEEP_THETA = int(os.environ.get("KEEP_THETA", "32000"))
FAMILIES = os.environ.get("FAMILIES", "wheel,ladder,prism,grid,fan,theta").split(",")
SOURCE = os.path.join(HERE, "search.csv")
OUT = os.environ.get("OUT", os.path.join(HERE, "certificates.csv"))
DIR = os.path.join(HERE, "certificates")

COLUMNS = [
    "family", "board", "edges", "winner", "winning_move", "search_seconds", "certificate_bytes",
    "records", "bytes_per_record", "verify_seconds", "load", "time_limit", "status",
]


def timed(args, timeout):
    """Runs `args` under nice: (completed process or None, wall, cpu)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    try:
        run = subprocess.run(["nice", "-n", "10", *args], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        run = None
    wall = time.time() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return run, wall, cpu


def certify(row):
    """One board: its row of certificates.csv."""
    family, board = row["family"], row["board"]
    name = f"{family}-{board.replace(' ', '-')}.cert.gz"
    path = os.path.join(DIR, name)
    out = {
        "family": family, "board": board, "edges": row["edges"], "load": f"{os.getloadavg()[0]:.1f}",
        "time_limit": TIMEOUT,
    }
    args = [ARROWS, family, *board.split(), "--cycles", "--engine", "search", "--first-win", "--json",
            "--certificate", path, "--max-time", f"{TIMEOUT}s"]
    run, wall, cpu = timed(args, TIMEOUT + 60)
    out["search_seconds"] = f"{cpu:.1f}"
    if run is None or run.returncode != 0:
        out["status"] = "timeout" if run is None or "time limit" in run.stderr else "failed"
        if run is not None and out["status"] == "failed":
            print(f"{family} {board}: {run.stderr.strip()}", file=sys.stderr)
        return out
    report = json.loads(run.stdout.splitlines()[0])
    check, vwall, vcpu = timed([VERIFY, path, "--json"], None)
    out["verify_seconds"] = f"{vcpu:.1f}"
    size = os.path.getsize(path)
    out["certificate_bytes"] = size
    if check.returncode != 0:
        out["status"] = "rejected"
        print(f"{family} {board}: {check.stdout.strip()} {check.stderr.strip()}", file=sys.stderr)
        return out
    proved = json.loads(check.stdout)
    records = proved.get("classes", 0) + proved.get("nodes", 0)
    out["records"] = records
    out["bytes_per_record"] = f"{size / max(records, 1):.1f}"
    claims = proved.get("claims", [])
    winners = [c["result"] for c in claims if c["kind"] == "winner"]
    moves = [c["result"]["move"] for c in claims if c["kind"] == "move" and c["result"]["wins"]]
    out["winner"] = winners[0] if winners else ""
    out["winning_move"] = " ".join(moves)
    agree = out["winner"] == report["winner"] == row["winner"] and moves == report["winning_moves"]
    out["status"] = "verified" if agree else "disagrees"
    if size > (KEEP_THETA if family == "theta" else KEEP):
        os.remove(path)
    return out


def main():
    os.makedirs(DIR, exist_ok=True)
    done = {}
    if os.path.exists(OUT):
        with open(OUT) as f:
            for r in csv.DictReader(f):
                done[(r["family"], r["board"])] = r
    with open(SOURCE) as f:
        every = list(csv.DictReader(f))
    rows = [r for r in every if r["status"] == "done" and int(r["edges"]) <= MAX_EDGES and r["family"] in FAMILIES]

    def save():
        # Every board certified so far, in search.csv's order, whatever this run selects.
        tmp = OUT + ".tmp"
        with open(tmp, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS)
            w.writeheader()
            for r in every:
                key = (r["family"], r["board"])
                if key in done:
                    w.writerow({c: done[key].get(c, "") for c in COLUMNS})
        os.replace(tmp, OUT)

    for r in rows:
        key = (r["family"], r["board"])
        old = done.get(key)
        if old and not (old["status"] == "timeout" and int(old["time_limit"]) < TIMEOUT):
            continue
        done[key] = certify(r)
        d = done[key]
        print(f"{r['family']} {r['board']}: {d['status']} {d.get('winner', '')} "
              f"{d.get('certificate_bytes', '')} bytes, {d.get('search_seconds', '')} s + "
              f"{d.get('verify_seconds', '')} s", file=sys.stderr)
        save()
    save()


if __name__ == "__main__":
    main()
