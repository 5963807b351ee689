"""The module answers what the command line answers: ``to_dict()`` is the
``--json`` object of the same question (less the run's time and memory),
on families, networkx graphs with string labels, graph6 and sparse6 input,
and random states."""

import networkx as nx
import pytest

import arrows
from conftest import stable

FAMILIES = {
    "spider": arrows.spider,
    "path": arrows.path,
    "star": arrows.star,
    "broom": arrows.broom,
    "caterpillar": arrows.caterpillar,
    "cycle": arrows.cycle,
    "wheel": arrows.wheel,
    "fan": arrows.fan,
    "theta": arrows.theta,
    "grid": arrows.grid,
    "ladder": arrows.ladder,
    "prism": arrows.prism,
    "k4": arrows.k4,
}

TREES = ["spider 2 3 4", "spider 3 3 3 3", "spider 1 5", "path 7", "star 5", "broom 4 3", "caterpillar 2,0,3"]
PLANE = ["cycle 5", "cycle 6", "wheel 4", "wheel 5", "k4", "fan 4", "theta 2 2 3", "grid 2 3", "ladder 3", "prism 3"]


def family_graph(description):
    word, *numbers = description.replace(",", " ").split()
    return FAMILIES[word](*map(int, numbers))


def cli_words(description):
    return description.split()


@pytest.mark.parametrize("description", TREES)
@pytest.mark.parametrize("variant", ["trimmed", "untrimmed"])
def test_trees_with_moves_and_explanation(cli, description, variant):
    flags = ["--moves", "--explain"] + (["--untrimmed"] if variant == "untrimmed" else [])
    expected = stable(cli.json(*cli_words(description), *flags))
    for graph in (family_graph(description), description):
        a = arrows.analyze(graph, variant=variant, moves=True, explain=True)
        assert stable(a.to_dict()) == expected
        assert a.grundy == expected["grundy"] and a.winner == expected["winner"]


@pytest.mark.parametrize("description", ["spider 4 6 8", "spider 6 7 8 9", "spider 30 40 50", "caterpillar 3,0,2,5"])
@pytest.mark.parametrize("variant", ["trimmed", "untrimmed"])
def test_larger_trees(cli, description, variant):
    flags = ["--untrimmed"] if variant == "untrimmed" else []
    expected = stable(cli.json(*cli_words(description), *flags))
    assert stable(arrows.analyze(family_graph(description), variant=variant).to_dict()) == expected


@pytest.mark.parametrize("description", TREES[:3])
def test_misere_play(cli, description):
    expected = stable(cli.json(*cli_words(description), "--misere", "--moves"))
    a = arrows.analyze(family_graph(description), play="misere", moves=True)
    assert stable(a.to_dict()) == expected
    assert a.engine == "brute"


@pytest.mark.parametrize("description", PLANE)
@pytest.mark.parametrize("play", ["normal", "misere"])
def test_the_game_of_cycles_on_plane_families(cli, description, play):
    flags = ["--cycles", "--moves"] + (["--misere"] if play == "misere" else [])
    expected = stable(cli.json(*cli_words(description), *flags))
    a = arrows.analyze(family_graph(description), variant="cycles", play=play, moves=True)
    assert stable(a.to_dict()) == expected
    assert a.to_dict()["cells"] == expected["cells"] > 0


@pytest.mark.parametrize("engine", ["canonical", "brute", "explicit"])
def test_every_engine_as_the_command_line_runs_it(cli, engine):
    full = cli.json("spider", "2", "2", "3", "--engine", engine)
    expected = stable(full)
    a = arrows.analyze(arrows.spider(2, 2, 3), engine=engine)
    assert stable(a.to_dict()) == expected
    assert a.engine == engine
    # Seven edges: solved on one thread, so the count of work is the same in both runs.
    assert a.states_explored == full["solved"]


def random_graph(rng, n, m, labels):
    """A graph on the labels with about ``m`` edges, nodes and edges in random order."""
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    rng.shuffle(pairs)
    g = nx.Graph()
    order = list(range(n))
    rng.shuffle(order)
    g.add_nodes_from(labels[i] for i in order)
    g.add_edges_from((labels[u], labels[v]) if rng.random() < 0.5 else (labels[v], labels[u]) for u, v in pairs[:m])
    # An edge list names no isolated vertex: leave none, to compare with `arrows graph --edges`.
    g.remove_nodes_from(list(nx.isolates(g)))
    return g


def numbered(analysis, g):
    """The graph's edge list in the library's numbering (``Analysis.labels``)."""
    index = {label: v for v, label in enumerate(analysis.labels)}
    return ",".join(f"{index[u]}-{index[v]}" for u, v in g.edges())


def test_networkx_graphs_with_string_labels(cli, rng):
    for trial in range(12):
        n = rng.randint(3, 8)
        labels = [f"v{i}" for i in range(n)]
        g = random_graph(rng, n, rng.randint(2, min(10, n * (n - 1) // 2)), labels)
        variant = ["trimmed", "untrimmed"][trial % 2]
        a = arrows.analyze(g, variant=variant, moves=True)
        assert a.labels == list(g.nodes)
        flags = ["--moves"] + (["--untrimmed"] if variant == "untrimmed" else [])
        expected = stable(cli.json("graph", "--edges", numbered(a, g), *flags))
        assert stable(a.to_dict()) == expected
        index = {label: v for v, label in enumerate(a.labels)}
        assert sorted(f"{index[t]}>{index[h]}" for t, h in a.winning_moves) == sorted(expected["winning_moves"])
        assert all(t in g and h in g and g.has_edge(t, h) for t, h in a.winning_moves)
        by_move = {m["move"]: m["grundy"] for m in expected["moves"]}
        assert {f"{index[t]}>{index[h]}": v for (t, h), v in a.moves.items()} == by_move


def test_edge_pairs_with_labels_and_numbers(cli):
    expected = stable(cli.json("graph", "--edges", "0-1,1-2,2-3,1-4"))
    assert stable(arrows.analyze([(0, 1), (1, 2), (2, 3), (1, 4)]).to_dict()) == expected
    assert stable(arrows.analyze("0-1,1-2,2-3,1-4").to_dict()) == expected
    a = arrows.analyze([("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")])
    assert a.labels == ["a", "b", "c", "d", "e"]
    assert stable(a.to_dict()) == expected
    gaps = stable(cli.json("graph", "--edges", "0-1,1-5"))
    assert stable(arrows.analyze([(0, 1), (1, 5)]).to_dict()) == gaps
    assert gaps["isolated_vertices"] == 3


def test_graph6_and_sparse6(cli, rng):
    for _ in range(6):
        g = nx.convert_node_labels_to_integers(random_graph(rng, 7, 9, list(range(7))), ordering="sorted")
        line = nx.to_graph6_bytes(g, header=False).strip()
        expected = stable(cli.json("graph", "--graph6", line.decode()))
        assert stable(arrows.analyze(line).to_dict()) == expected
        assert stable(arrows.analyze(line.decode()).to_dict()) == expected
        sparse = nx.to_sparse6_bytes(g, header=False).strip().decode()
        expected6 = stable(cli.json("graph", "--graph6", sparse))
        assert stable(arrows.analyze(sparse).to_dict()) == expected6
        assert expected6["grundy"] == expected["grundy"]


def random_arrows(rng, edges):
    chosen = [e for e in edges if rng.random() < 0.4]
    return [(u, v) if rng.random() < 0.5 else (v, u) for u, v in chosen]


def test_random_states(cli, rng):
    refused = accepted = 0
    for trial in range(30):
        description = ["spider 3 4 5", "path 9", "caterpillar 2,1,2", "spider 2 2 2 2"][trial % 4]
        g = family_graph(description)
        variant = ["trimmed", "untrimmed"][trial // 4 % 2]
        state = random_arrows(rng, list(g.edges()))
        text = ",".join(f"{t}>{h}" for t, h in state)
        flags = (["--state", text] if text else []) + (["--untrimmed"] if variant == "untrimmed" else [])
        done = cli.run(*cli_words(description), *flags, "--json", check=False)
        if done.returncode == 2:
            with pytest.raises(ValueError, match="not a state"):
                arrows.analyze(g, variant=variant, state=state)
            refused += 1
            continue
        assert done.returncode == 0, done.stderr
        expected = stable(__import__("json").loads(done.stdout))
        assert stable(arrows.analyze(g, variant=variant, state=state).to_dict()) == expected
        assert stable(arrows.analyze(g, variant=variant, state=text).to_dict()) == expected
        accepted += 1
    assert refused > 0 and accepted > 0, (refused, accepted)


def test_states_in_the_callers_labels(cli):
    expected = stable(cli.json("spider", "2", "3", "--state", "0>1", "--moves"))
    values = {m["move"]: m["grundy"] for m in expected["moves"]}
    for relabel, back in [(lambda v: f"x{v}", lambda x: int(x[1:])), (lambda v: v + 100, lambda x: x - 100)]:
        g = nx.relabel_nodes(arrows.spider(2, 3), relabel)
        a = arrows.analyze(g, state=[(relabel(0), relabel(1))], moves=True)
        assert (a.grundy, a.winner) == (expected["grundy"], expected["winner"])
        assert {f"{back(t)}>{back(h)}": v for (t, h), v in a.moves.items()} == values
    g = nx.relabel_nodes(arrows.spider(2, 3), lambda v: v + 100)
    assert arrows.analyze(g, state="100>101").grundy == expected["grundy"]
    with pytest.raises(ValueError, match="0 is not a vertex"):
        arrows.analyze(g, state="0>1")
