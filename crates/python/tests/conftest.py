"""Shared helpers: the ``arrows`` binary built from the same checkout, and
its JSON, so that the module's answers are compared with the command line's.

The binary is ``$ARROWS_BIN``, else ``target/release/arrows``, else
``target/debug/arrows`` (whichever is newer when both exist); the tests that
need it are skipped, saying why, when none is built. ``.ci/python-check``
builds it before running pytest.
"""

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

#: Fields of a report that depend on the run, not on the position: the
#: canonical engine shares a large component's moves among the threads of
#: the pool, so its counts of classes solved, memo hits and evictions vary
#: from run to run (its values do not).
#: The outcome search's counts ("search") vary the same way: it searches the
#: first plies on every thread.
VOLATILE = ("time_ms", "peak_memory_bytes", "solved", "memo_hits", "memo_evicted", "search")


def _binary():
    given = os.environ.get("ARROWS_BIN")
    if given:
        return Path(given)
    built = [p for p in (ROOT / "target" / "release" / "arrows", ROOT / "target" / "debug" / "arrows") if p.exists()]
    return max(built, key=lambda p: p.stat().st_mtime) if built else None


class Cli:
    """Runs the ``arrows`` binary."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, check=True):
        done = subprocess.run([str(self.path), *map(str, args)], capture_output=True, text=True, timeout=600)
        if check and done.returncode != 0:
            raise AssertionError(f"arrows {' '.join(map(str, args))} exited {done.returncode}: {done.stderr}")
        return done

    def json(self, *args):
        """The one JSON object the command prints."""
        lines = self.run(*args, "--json").stdout.splitlines()
        assert len(lines) == 1, lines
        return json.loads(lines[0])

    def json_lines(self, *args):
        return [json.loads(line) for line in self.run(*args, "--json").stdout.splitlines()]


@pytest.fixture(scope="session")
def cli():
    path = _binary()
    if path is None or not path.exists():
        pytest.skip("no arrows binary: build it with `cargo build --bin arrows` (or set ARROWS_BIN)")
    return Cli(path)


def stable(report):
    """A report without the fields that depend on the run."""
    return {k: v for k, v in report.items() if k not in VOLATILE}


@pytest.fixture
def rng(request):
    """A generator seeded by the test's name, so failures replay."""
    return random.Random(request.node.name)
