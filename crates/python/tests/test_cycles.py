"""The Game of Cycles: on the plane families (their cells come with them),
on networkx ``PlanarEmbedding``s (cells from the faces), from a drawing
(``positions=``) and from cells given as walks, each equal to the command
line and to the published results."""

import networkx as nx
import pytest

import arrows
from conftest import stable


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_the_game_of_cycles_on_a_wheel_is_the_command_lines(cli, n):
    expected = stable(cli.json("wheel", n, "--cycles", "--moves"))
    a = arrows.analyze(arrows.wheel(n), variant="cycles", moves=True)
    assert stable(a.to_dict()) == expected
    assert expected["cells"] == n


def test_published_results():
    # Alvarado, Averett, Gaines, Jackson, Karker, Marciniak, Su, Walker,
    # "The Game of Cycles", Amer. Math. Monthly 128 (2021), arXiv:2004.00776: on the cycle C_n the first
    # player wins exactly when n is odd; K_4 drawn in the plane is a
    # second-player win; a board with a point reflection that fixes no edge
    # (a wheel with an even number of spokes) is a second-player win by the
    # mirror-reverse strategy.
    for n in range(3, 11):
        assert arrows.analyze(arrows.cycle(n), variant="cycles").winner == ("first" if n % 2 else "second"), n
    assert arrows.analyze(arrows.k4(), variant="cycles").winner == "second"
    for n in (4, 6, 8):
        assert arrows.analyze(arrows.wheel(n), variant="cycles").winner == "second", n


def embedded_wheel(n):
    """networkx's wheel graph (hub 0, rim 1..n) as a PlanarEmbedding."""
    planar, embedding = nx.check_planarity(nx.wheel_graph(n + 1))
    assert planar
    return embedding


@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_planar_embedding_gives_the_cells(n):
    family = arrows.analyze(arrows.wheel(n), variant="cycles", moves=True)
    a = arrows.analyze(embedded_wheel(n), variant="cycles", moves=True)
    assert a.to_dict()["cells"] == n
    assert (a.grundy, a.winner) == (family.grundy, family.winner)
    # The same graph, vertices as networkx numbers them, and the same values move by move.
    assert sorted(a.moves.values(), key=str) == sorted(family.moves.values(), key=str)


def test_the_outer_face_of_an_ambiguous_embedding():
    planar, embedding = nx.check_planarity(nx.relabel_nodes(nx.complete_graph(4), dict(zip(range(4), "abcd"))))
    outer = ("a", "b") if embedding.has_edge("a", "b") else next(iter(embedding.edges()))
    a = arrows.analyze(embedding, variant="cycles", outer=outer)
    assert a.to_dict()["cells"] == 3
    assert a.winner == arrows.analyze(arrows.k4(), variant="cycles").winner


def test_a_drawing_gives_the_cells(cli):
    wheel = arrows.wheel(5)
    drawing = wheel.graph["positions"]
    plain = nx.Graph(wheel.edges())  # no attributes: the cells come from the drawing
    a = arrows.analyze(plain, variant="cycles", positions=drawing, moves=True)
    expected = stable(cli.json("wheel", "5", "--cycles", "--moves"))
    assert a.to_dict()["cells"] == 5
    assert {m: v for m, v in a.moves.items()} == {
        tuple(map(int, m["move"].split(">"))): m["grundy"] for m in expected["moves"]
    }
    positions = ";".join(f"{v}:{x},{y}" for v, (x, y) in drawing.items())
    edges = ",".join(f"{u}-{v}" for u, v in plain.edges())
    by_cli = stable(cli.json("graph", "--edges", edges, "--positions", positions, "--cycles", "--grundy"))
    assert stable(arrows.analyze(plain, variant="cycles", positions=drawing).to_dict()) == by_cli


def test_cells_as_walks_in_the_callers_labels(cli):
    g = nx.Graph([("n", "e"), ("e", "s"), ("s", "w"), ("w", "n"), ("n", "s")])
    cells = [["n", "e", "s"], ["n", "s", "w"]]
    a = arrows.analyze(g, variant="cycles", cells=cells, moves=True)
    index = {label: v for v, label in enumerate(a.labels)}
    edges = ",".join(f"{index[u]}-{index[v]}" for u, v in g.edges())
    walks = ";".join("-".join(str(index[x]) for x in walk) for walk in cells)
    expected = stable(cli.json("graph", "--edges", edges, "--cells", walks, "--cycles", "--moves"))
    assert stable(a.to_dict()) == expected
    # The graph's own attribute serves when no cells are given.
    g.graph["cells"] = cells
    assert stable(arrows.analyze(g, variant="cycles", moves=True).to_dict()) == expected


def test_every_move_that_wins_is_named_when_a_cell_can_be_completed(cli):
    # K4 with 3>0,0>1: 1>3 completes the cell 0-1-3, and 3>1 spoils it,
    # leaving a second-player win (arrows k4 --cycles --state 3>0,0>1,3>1).
    a = arrows.analyze(arrows.k4(), variant="cycles", state="3>0,0>1", moves=True)
    assert a.grundy is None and a.winner == "first"
    assert a.winning_moves == [(3, 1), (1, 3)]
    assert sorted(m.move for m in a.move_values if m.winning) == [(1, 3), (3, 1)]
    assert arrows.analyze(arrows.k4(), variant="cycles", state="3>0,0>1,3>1").winner == "second"
    assert stable(a.to_dict()) == stable(cli.json("k4", "--cycles", "--state", "3>0,0>1", "--moves"))
