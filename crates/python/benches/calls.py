"""What a call costs from Python, beside the engines' own work.

    python crates/python/benches/calls.py [path/to/arrows]

1. The overhead of a call on a small graph: CPU microseconds per call of
   ``analyze`` on ``path(3)`` (a networkx graph), on the description
   ``"path 3"``, of the native study alone, and of ``to_dict()``; CPU time,
   so that other work on the machine does not count.
2. A large game, ``spider(100, 100, 100)``, from Python and from the
   ``arrows`` binary (``arrows spider 100 100 100 --json``): CPU seconds of
   the whole call (process) and the engine's own time, three runs each.
"""

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import arrows
from arrows import _arrows


def per_call(f, n=20000, repeat=5):
    """The least CPU microseconds per call over ``repeat`` runs of ``n`` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(n):
            f()
        best = min(best, (time.process_time() - start) / n * 1e6)
    return best


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main():
    root = Path(__file__).resolve().parents[3]
    binary = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "target" / "release" / "arrows"
    g = arrows.path(3)
    native = _arrows.describe("path 3")
    a = arrows.analyze(g)
    print("overhead of a call (CPU per call, best of 5 x 20000)")
    for label, f in [
        ("analyze(path(3))", lambda: arrows.analyze(g)),
        ('analyze("path 3")', lambda: arrows.analyze("path 3")),
        ("native study of P_3", lambda: _arrows.study(native)),
        ("Analysis.to_dict()", a.to_dict),
    ]:
        print(f"  {label:24} {per_call(f):6.1f} us")

    print("spider(100, 100, 100): CPU of the call, engine time (wall)")
    big = arrows.spider(100, 100, 100)
    for _ in range(3):
        before = cpu()
        a = arrows.analyze(big)
        print(f"  python  {cpu() - before:5.2f} s CPU, engine {a.time_ms / 1e3:5.2f} s, grundy {a.grundy}")
        before_children = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([str(binary), "spider", "100", "100", "100", "--json"], capture_output=True, text=True)
        after_children = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after_children.ru_utime - before_children.ru_utime) + (after_children.ru_stime - before_children.ru_stime)
        report = json.loads(out.stdout)
        print(f"  binary  {used:5.2f} s CPU, engine {report['time_ms'] / 1e3:5.2f} s, grundy {report['grundy']}")


if __name__ == "__main__":
    main()
