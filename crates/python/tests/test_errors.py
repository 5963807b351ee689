"""Every documented error, raised with its type and a message that says
what to change: ``ValueError`` for a bad graph, state or parameter,
``MemoryError`` past the memory budget (or an engine's limit),
``KeyboardInterrupt`` on Ctrl-C, ``TypeError`` for an argument of the wrong
kind. Nothing panics across the boundary."""

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import time

import networkx as nx
import pytest

import arrows


@pytest.mark.parametrize(
    "graph, words",
    [
        ("frog 3", '"frog" is not a family; the families are spider'),
        ("spidr 4 6 8", 'did you mean "spider"'),
        ("DQ", "complete graph6 or sparse6 line"),
        ("spider 4 x", 'the parameter "x" of spider is not a whole number'),
        ("path", "path takes N (edges), but none was given"),
        ("wheel 2", "needs at least 3"),
        ("", "empty"),
        ([(0, 0)], "self-loop at vertex 0"),
        ([("a", "b"), ("b", "b")], "self-loop at 'b'"),
        ([(0, 1), (1, 0)], "repeats the edge"),
        ([("a", "b"), ("b", "a")], "the edge ('b', 'a') twice"),
        ([(0, 1, 2)], "not a pair"),
        (b"\xff\xfe", "ASCII"),
    ],
)
def test_bad_graphs(graph, words):
    with pytest.raises(ValueError) as e:
        arrows.analyze(graph)
    assert words in str(e.value)
    assert "--" not in str(e.value)


def test_a_directed_graph_is_refused_with_the_way_out():
    with pytest.raises(ValueError, match="to_undirected"):
        arrows.analyze(nx.DiGraph([(0, 1)]))
    with pytest.raises(ValueError, match="twice"):
        arrows.analyze(nx.MultiGraph([("a", "b"), ("a", "b")]))
    with pytest.raises(TypeError, match="networkx Graph"):
        arrows.analyze(3.5)


@pytest.mark.parametrize(
    "parameters, words",
    [
        (dict(variant="loopy"), 'variant must be "trimmed"'),
        (dict(variant="misere"), 'is a play: pass play="misere"'),
        (dict(play="last"), 'play must be "normal" or "misere"'),
        (dict(engine="fast"), 'engine must be "canonical"'),
        (dict(max_memory="12X"), "max_memory: unknown size unit"),
        (dict(max_memory=100), "below the smallest budget"),
        (dict(max_memory="3P"), "past the largest budget"),
    ],
)
def test_bad_parameters(parameters, words):
    with pytest.raises(ValueError) as e:
        arrows.analyze(arrows.path(3), **parameters)
    assert words in str(e.value)


def test_a_budget_of_the_wrong_kind():
    with pytest.raises(TypeError, match="max_memory takes a number of bytes"):
        arrows.analyze(arrows.path(3), max_memory=1.5)


def test_bad_states_name_the_callers_vertices():
    g = nx.Graph([("a", "b"), ("b", "c"), ("c", "d")])
    cases = [
        ([("a", "c")], "the arrow ('a', 'c') is not on an edge"),
        ([("a", "b"), ("b", "a")], "lie on the same edge"),
        ([("a", "b"), ("c", "b")], "vertex 'b' is a sink"),
        ([("z", "a")], "'z' is not a vertex"),
        ([("a",)], "not an arrow"),
    ]
    for state, words in cases:
        with pytest.raises(ValueError) as e:
            arrows.analyze(g, state=state)
        assert words in str(e.value), (state, str(e.value))
    with pytest.raises(ValueError, match="cannot read the arrow"):
        arrows.analyze(arrows.path(3), state="0>>1")
    with pytest.raises(ValueError, match="vertex 1 is a source; remove or reverse one of the arrows of state"):
        arrows.analyze(arrows.path(3), state=[(1, 0), (1, 2)])
    with pytest.raises(ValueError, match='or play variant="trimmed"'):
        arrows.analyze(arrows.path(3), variant="untrimmed", state=[(1, 0)])


def test_the_game_of_cycles_needs_cells():
    with pytest.raises(ValueError, match="needs the cells of a plane graph.*cells=.*positions="):
        arrows.analyze("0-1,1-2,2-0", variant="cycles")
    # With its cells, the wheel is played by the canonical engine as well as by brute force.
    canonical = arrows.analyze(arrows.wheel(4), variant="cycles", engine="canonical")
    brute = arrows.analyze(arrows.wheel(4), variant="cycles", engine="brute")
    assert canonical.grundy == brute.grundy
    with pytest.raises(ValueError, match="explain=True has no decomposition for misère play.*explain=False"):
        arrows.analyze(arrows.path(4), play="misere", explain=True)


def test_bad_cells_and_drawings():
    square = nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("a", "c")])
    with pytest.raises(ValueError, match=r"cells: cell 0 is not a closed walk along edges: the graph has no edge \('b', 'd'\)"):
        arrows.analyze(square, variant="cycles", cells=[["a", "b", "d"]])
    with pytest.raises(ValueError, match="cells: 'q' is not a vertex"):
        arrows.analyze(square, variant="cycles", cells=[["a", "b", "q"]])
    crossing = {"a": (0, 0), "b": (1, 1), "c": (1, 0), "d": (0, 1)}
    with pytest.raises(ValueError, match=r"positions: the edges .* cross; .*cells="):
        arrows.analyze(square, variant="cycles", positions=crossing)
    with pytest.raises(ValueError, match="positions: vertex 'd' has no position"):
        arrows.analyze(square, variant="cycles", positions={"a": (0, 0), "b": (1, 0), "c": (1, 1)})
    with pytest.raises(ValueError, match="drawn at the same point"):
        arrows.analyze(square, variant="cycles", positions={"a": (0, 0), "b": (1, 0), "c": (1, 1), "d": (0, 0)})
    with pytest.raises(TypeError, match="mapping"):
        arrows.analyze(square, variant="cycles", positions=[(0, 0)])


def test_an_embedding_whose_outer_face_is_not_clear():
    planar, embedding = nx.check_planarity(nx.complete_graph(4))
    assert planar
    with pytest.raises(ValueError, match=r"4 faces of 3 edges.*outer=\(u, v\)"):
        arrows.analyze(embedding, variant="cycles")
    with pytest.raises(ValueError, match="outer= names the outer face of a networkx PlanarEmbedding"):
        arrows.analyze(nx.complete_graph(4), variant="cycles", outer=(0, 1))
    with pytest.raises(ValueError, match="not a half-edge"):
        arrows.analyze(embedding, variant="cycles", outer=(0, 9))


def test_past_an_engines_limit_or_the_budget():
    with pytest.raises(MemoryError, match='30 unmarked edges, but the brute engine takes at most 28; use engine="canonical"'):
        arrows.analyze(arrows.spider(10, 10, 10), engine="brute")
    with pytest.raises(MemoryError, match="past the memory budget of 1.0 MiB; .*max_memory"):
        arrows.analyze(arrows.spider(6, 6, 6), engine="explicit", max_memory="1M")
    with pytest.raises(MemoryError, match="past the limit"):
        arrows.analyze("path 99999999999")
    with pytest.raises(MemoryError, match="raise max_memory"):
        arrows.analyze("path 900000", max_memory="1M")
    # A plane board in the Game of Arrows, most often a Game of Cycles
    # question asked without its variant, is told which variant to pass.
    with pytest.raises(MemoryError, match='past the memory budget.*pass variant="cycles"$'):
        arrows.analyze("wheel 11", max_memory="64M")


class Counted:
    """A networkx-like graph that says how large it is, and fails the test
    if anything of it is read: a graph past the limit must be refused from
    its counts (two million nodes once took seconds and a gigabyte to
    convert before they were refused)."""

    class Unread:
        def __iter__(self):
            raise AssertionError("the graph was read before its size was checked")

        __len__ = __iter__

    adj = nodes = Unread()

    def __init__(self, nodes, edges):
        self.counts = (nodes, edges)

    def is_directed(self):
        return False

    def number_of_nodes(self):
        return self.counts[0]

    def number_of_edges(self):
        return self.counts[1]

    def edges(self):
        raise AssertionError("the edges were read before the size was checked")


def test_a_huge_graph_is_refused_from_its_counts():
    # nx.path_graph(2_000_002), without building it.
    with pytest.raises(MemoryError, match="2,000,001 edges is past the limit of 1,000,000 edges"):
        arrows.analyze(Counted(2_000_002, 2_000_001))
    with pytest.raises(MemoryError, match="past the limit of 2,000,000 vertices"):
        arrows.analyze(Counted(2_000_001, 10))
    with pytest.raises(MemoryError, match="past the limit of 1,000,000 edges"):
        arrows.analyze(Counted(1_000, 1_000_001))
    with pytest.raises(MemoryError, match="raise max_memory"):
        arrows.analyze(Counted(900_000, 900_000), max_memory="1M")
    # Edge pairs: one past the limit is enough, an endless iterable is not read whole.
    start = time.monotonic()
    with pytest.raises(MemoryError, match="past the limit of 1,000,000 edges"):
        arrows.analyze((i, i + 1) for i in itertools.count())
    assert time.monotonic() - start < 30


def test_more_threads_than_a_sweep_starts_is_a_value_error():
    with pytest.raises(ValueError, match="threads: 100000 worker threads are more than the 1024"):
        arrows.table("spider", legs=range(0, 4), threads=100000)


def test_the_other_front_doors_refuse_as_data():
    with pytest.raises(ValueError, match="unknown table family"):
        arrows.table("frogs", edges=3)
    with pytest.raises(ValueError, match="needs legs="):
        arrows.table("spider")
    with pytest.raises(ValueError, match="start edges= at 1"):
        arrows.table("path", edges=range(0, 4))
    with pytest.raises(ValueError, match="k=4 but legs= gives 3 ranges"):
        arrows.table("spider", legs=[2, 3, 4], k=4)
    with pytest.raises(ValueError, match="paths= gives 2 ranges"):
        arrows.table("theta", paths=[1, 2], variant="cycles")
    with pytest.raises(ValueError, match="needs spokes="):
        arrows.table("wheel", variant="cycles")
    with pytest.raises(ValueError, match="unknown check id"):
        arrows.check("99.9")
    with pytest.raises(ValueError, match="max: the range must be between 4 and 1000"):
        arrows.check("12.1", max=2)
    with pytest.raises(ValueError, match="an undirected graph"):
        arrows.loopy.solve(nx.Graph([(0, 1)]))
    moves = [(i, i + 1) for i in range(40000)]
    with pytest.raises(MemoryError, match="past the memory budget of 1.0 MiB"):
        arrows.loopy.solve(moves, max_memory="1M")


# The child installs Python's own Ctrl-C handler: a process started in the
# background by a non-interactive shell inherits SIGINT ignored, and Python
# then raises no KeyboardInterrupt at all (a notebook always has the handler).
INTERRUPTED = textwrap.dedent(
    """
    import signal, sys, time, arrows
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("started", flush=True)
    try:
        {call}
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    print(arrows.analyze(arrows.path(3)).grundy, flush=True)
    """
)


@pytest.mark.parametrize(
    "call",
    [
        'arrows.analyze("spider 20 30 40 50")',
        'arrows.analyze("spider 6 6 6", engine="explicit")',
        'arrows.table("spider", legs=range(0, 121))',
        # Once deaf to Ctrl-C: a star descends as many levels as it has legs
        # before it solves a class; K9 takes hours.
        'arrows.analyze("star 20000", max_memory="8G")',
        'arrows.analyze("H~~~~~~", moves=True)',
        # W_15: the outcome search needs minutes, so the second the test waits
        # is never enough to finish (W_11 once was, on a fast machine).
        'arrows.analyze(arrows.wheel(15), variant="cycles")',
    ],
)
def test_ctrl_c_stops_the_engines_and_raises_keyboard_interrupt(call):
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    said = child.stdout.readline().strip()
    stopped = time.monotonic() - sent
    # Not communicate(): readline may already hold the next line in the
    # pipe's buffer, which communicate() would never see.
    child.wait(timeout=60)
    out, err = child.stdout.read(), child.stderr.read()
    assert [said, *out.split()] == ["interrupted", "1"], (said, out, err)
    # Every call above runs far longer than this when not stopped; ten seconds tells a
    # stopped engine from one that finished, even on a busy machine.
    assert stopped < 10, f"the engines took {stopped:.1f} s to stop"
