"""The loopy solver on networkx digraphs: the published labels of
Fraenkel's Cyclic Butler University game, and the command line's answers
on the same digraph."""

import networkx as nx
import pytest

import arrows
from conftest import ROOT

BUTLER = ROOT / "crates" / "loopy" / "tests" / "data"


def read_digraph(path):
    """An edge-list digraph file of ``arrows loopy digraph``: each line a
    position and its followers, ``#`` comments."""
    g = nx.DiGraph()
    for line in path.read_text().splitlines():
        words = line.split("#")[0].split()
        if words:
            g.add_node(words[0])
            g.add_edges_from((words[0], w) for w in words[1:])
    return g


def test_the_butler_university_game_as_fraenkel_labels_it():
    # A. S. Fraenkel, "The Cyclic Butler University Game" (2006), Fig. 4:
    # the labels the text states, on the digraph rebuilt from the text
    # (crates/loopy/tests/data/butler-thaw.txt says how).
    solved = arrows.loopy.solve(read_digraph(BUTLER / "butler-thaw.txt"))
    finite = {"M": 0, "R1": 0, "N1": 0, "R2": 0, "A1": 1, "G": 1, "D": 1, "R3": 1, "T": 2, "A2": 2, "I": 3}
    for name, value in finite.items():
        assert solved[name].gamma == value, name
    for name in ["E", "N2", "9", "1"]:
        assert solved[name].gamma[0] == "inf", name
    # "a single coin at E or N2 is a draw", labelled ∞(1).
    assert solved["E"] == arrows.loopy.Value("D", None, ("inf", (1,)))
    assert solved["N2"].outcome == "D"
    assert solved["M"] == arrows.loopy.Value("P", 0, 0)


@pytest.mark.parametrize("name", ["butler-thaw.txt", "butler-loop.txt", "petersen.txt"])
def test_the_command_lines_answers(cli, name):
    g = read_digraph(BUTLER / name)
    solved = arrows.loopy.solve(g)
    for row in cli.json_lines("loopy", "digraph", BUTLER / name):
        gamma = row["gamma"]
        expected = gamma if isinstance(gamma, int) else ("inf", tuple(gamma["infinity"]))
        assert solved[row["position"]] == (row["outcome"], row["remoteness"], expected), row


def test_moves_as_pairs_and_self_loops():
    # 0 is terminal, 1 -> 0, and 2 <-> 3 with 2 -> 1: a draw at 2 and 3
    # (the crate's documentation example); a passing move (a self-loop) at 4
    # makes it a draw with nothing else to do.
    solved = arrows.loopy.solve([(1, 0), (2, 3), (3, 2), (2, 1), (4, 4)])
    assert solved[1] == ("N", 1, 1)
    assert solved[2].outcome == "D" and solved[2].gamma == ("inf", (1,))
    assert solved[4] == ("D", None, ("inf", ()))
    assert solved[0] == ("P", 0, 0)
