"""The families are the command line's graphs, as networkx graphs; the
trimming is ``arrows trim``'s, and Theorem 3.4 holds through its bijection."""

import networkx as nx
import pytest

import arrows


@pytest.mark.parametrize(
    "function, parameters, words",
    [
        (arrows.spider, (4, 6, 8), "spider 4 6 8"),
        (arrows.path, (5,), "path 5"),
        (arrows.cycle, (6,), "cycle 6"),
        (arrows.star, (4,), "star 4"),
        (arrows.broom, (3, 2), "broom 3 2"),
        (arrows.caterpillar, (2, 0, 3), "caterpillar 2,0,3"),
        (arrows.wheel, (5,), "wheel 5"),
        (arrows.fan, (4,), "fan 4"),
        (arrows.theta, (1, 2, 3), "theta 1 2 3"),
        (arrows.grid, (2, 3), "grid 2 3"),
        (arrows.ladder, (3,), "ladder 3"),
        (arrows.prism, (4,), "prism 4"),
        (arrows.k4, (), "k4"),
    ],
)
def test_each_family_is_the_command_lines_graph(cli, function, parameters, words):
    g = function(*parameters)
    assert isinstance(g, nx.Graph) and not g.is_directed()
    expected = cli.json(*words.split())
    assert g.graph["name"] == g.name == expected["graph"]
    assert list(g.nodes) == list(range(expected["vertices"]))
    assert g.number_of_edges() == expected["edges"]
    assert nx.to_graph6_bytes(g, header=False).strip().decode() == expected["graph6"]
    plane = words.split()[0] in {"cycle", "wheel", "fan", "theta", "grid", "ladder", "prism", "k4"}
    assert ("cells" in g.graph) == plane and ("positions" in g.graph) == plane
    if plane:
        cells = cli.json(*words.split(), "--cycles")["cells"]
        assert len(g.graph["cells"]) == cells
        assert all(g.has_edge(w[i], w[(i + 1) % len(w)]) for w in g.graph["cells"] for i in range(len(w)))


def test_spiders_name_moves_by_leg():
    g = arrows.spider(2, 3)
    assert g.graph["legs"] == [2, 3]
    moves = arrows.analyze(g, moves=True).to_dict()["moves"]
    assert {"leg", "edge", "direction"} <= set(moves[0])
    # Once the graph changes, it is a graph like any other.
    g.add_edge(5, 6)
    assert "leg" not in arrows.analyze(g, moves=True).to_dict()["moves"][0]


def test_parameters_are_whole_numbers():
    with pytest.raises(TypeError, match="whole numbers"):
        arrows.spider(1.5, 2)
    with pytest.raises(ValueError, match="has no edge"):
        arrows.spider(0, 0)
    with pytest.raises(ValueError, match="give 3 or more"):
        arrows.wheel(2)


def original_name(name):
    """A trimmed vertex's name as ``arrows trim`` writes it: ``5``, or ``5_3``."""
    return f"{name[0]}_{name[1]}" if isinstance(name, tuple) else str(name)


@pytest.mark.parametrize("words", ["spider 1 1 5", "spider 2 3 4", "caterpillar 2,0,3", "broom 4 3", "graph --edges 0-1,1-2,2-0,2-3"])
def test_the_trimming_is_the_command_lines(cli, words):
    expected = cli.json("trim", *words.split())
    graph = arrows.spider(*map(int, words.split()[1:])) if words.startswith("spider") else None
    if graph is None:
        graph = words.split()[-1] if words.startswith("graph") else words
    t = arrows.trim(graph)
    names = [original_name(v) for v in t.graph.nodes]
    assert names == expected["vertex_names"]
    cli_edges = [tuple(e.split("-")) for e in expected["edge_list"].split(",") if e]
    ours = [(original_name(u), original_name(v)) for u, v in t.graph.edges()]
    assert sorted(map(sorted, ours)) == sorted(
        sorted((expected["vertex_names"][int(a)], expected["vertex_names"][int(b)])) for a, b in cli_edges
    )
    for v in t.graph.nodes:
        assert t.graph.nodes[v]["origin"] == (v[0] if isinstance(v, tuple) else v)


def random_tree(rng, n):
    g = nx.Graph()
    g.add_node("r0")
    for i in range(1, n):
        g.add_edge(f"r{rng.randrange(i)}", f"r{i}")
    return g


def test_theorem_3_4_through_the_bijection(rng):
    # Theorem 3.4 of the spider paper: the Game of Arrows on G is the
    # Trimmed Game of Arrows on trim(G), arrow for arrow.
    for trial in range(25):
        g = random_tree(rng, rng.randint(2, 12))
        if trial % 3 == 0:
            nodes = list(g.nodes)
            g.add_edge(nodes[0], nodes[-1])  # a cycle, sometimes
        t = arrows.trim(g)
        assert len(t.arrows) == 2 * t.graph.number_of_edges()
        whole = arrows.analyze(g, variant="untrimmed", moves=True)
        trimmed = arrows.analyze(t.graph, moves=True)
        assert whole.grundy == trimmed.grundy
        assert sorted(map(str, whole.winning_moves)) == sorted(str(t.arrows[m]) for m in trimmed.winning_moves)
        assert {t.arrows[m]: v for m, v in trimmed.moves.items()} == whole.moves
