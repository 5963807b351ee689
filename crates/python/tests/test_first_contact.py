"""What a new user meets: tables with the command line's families and
rules, messages that say what to pass instead, the families' sizes next
to networkx's, and a ``repr`` that names the rules."""

import json

import networkx as nx
import pytest

import arrows


def cli_rows(cli, *args):
    table = json.loads(cli.run("table", *args, "--format", "json").stdout)
    return [{k: v for k, v in row.items() if k != "index"} for row in table["rows"]]


@pytest.mark.parametrize(
    "family, parameters, args",
    [
        ("wheel", dict(spokes=range(3, 7), variant="cycles"), ["wheel", "--spokes", "3..6", "--cycles"]),
        ("fan", dict(vertices="2..6", variant="cycles", play="misere"), ["fan", "--vertices", "2..6", "--cycles", "--misere"]),
        ("theta", dict(paths=range(1, 4), variant="cycles"), ["theta", "--paths", "1..3", "--cycles"]),
        ("theta", dict(paths=[1, range(1, 3), "2..3"], variant="untrimmed"), ["theta", "--paths", "1,1..2,2..3", "--untrimmed"]),
        ("grid", dict(m=2, n=range(2, 4), variant="cycles"), ["grid", "--m", "2", "--n", "2..3", "--cycles"]),
        ("ladder", dict(rungs=range(2, 5), variant="cycles"), ["ladder", "--rungs", "2..4", "--cycles"]),
        ("prism", dict(sides=3, variant="cycles"), ["prism", "--sides", "3", "--cycles"]),
        ("path", dict(edges=range(1, 9), play="misere"), ["path", "--edges", "1..8", "--misere"]),
        ("spider", dict(legs=range(0, 4), play="misere", engine="explicit"), ["spider", "--legs", "0..3", "--misere", "--engine", "explicit"]),
    ],
)
def test_tables_of_every_family_and_rule_are_the_command_lines(cli, family, parameters, args):
    assert arrows.table(family, frame=False, **parameters) == cli_rows(cli, *args)


def test_a_misspelt_family_gets_a_suggestion():
    with pytest.raises(ValueError, match='did you mean "spider"'):
        arrows.analyze("spidr 4 6 8")
    with pytest.raises(ValueError, match='did you mean "wheel"'):
        arrows.table("wheeel", spokes=3)


def test_misere_is_a_play_not_a_variant():
    for call in (lambda: arrows.analyze("path 4", variant="misere"), lambda: arrows.table("path", edges=3, variant="misere")):
        with pytest.raises(ValueError, match=r'pass play="misere"'):
            call()


def test_arrow_text_on_a_labelled_graph_says_to_pass_pairs():
    g = nx.Graph([("a", "b"), ("b", "c")])
    with pytest.raises(ValueError, match=r"state=\[\('a', 'b'\)\]"):
        arrows.analyze(g, state="a>b")
    with pytest.raises(ValueError, match="give the arrows as \\(tail, head\\) pairs"):
        arrows.analyze(g, state="0>1")
    assert arrows.analyze(g, state=[("a", "b")]).grundy == arrows.analyze("0-1,1-2", state="0>1").grundy


def test_sizes_follow_the_paper_and_networkx_where_it_agrees():
    # Path and wheel count edges and spokes, as the command line does: one more vertex than networkx's.
    for n in range(3, 8):
        assert nx.is_isomorphic(arrows.path(n), nx.path_graph(n + 1))
        assert nx.is_isomorphic(arrows.wheel(n), nx.wheel_graph(n + 1))
        assert arrows.wheel(n).number_of_nodes() == n + 1
        assert nx.is_isomorphic(arrows.cycle(n), nx.cycle_graph(n))
        assert nx.is_isomorphic(arrows.star(n), nx.star_graph(n))
        assert nx.is_isomorphic(arrows.ladder(n), nx.ladder_graph(n))
        assert nx.is_isomorphic(arrows.prism(n), nx.circular_ladder_graph(n))
        assert nx.is_isomorphic(arrows.grid(2, n), nx.grid_2d_graph(2, n))
    assert nx.is_isomorphic(arrows.k4(), nx.complete_graph(4))
    assert "nx.wheel_graph(n + 1)" in arrows.wheel.__doc__


def test_repr_names_the_rules_and_the_play():
    text = repr(arrows.analyze("spider 2 3 4"))
    assert text == "<Analysis of S(2,3,4), the Trimmed Game of Arrows, normal play: grundy 1, first player wins>"
    assert ", the Game of Cycles, misère play:" in repr(arrows.analyze("wheel 4", variant="cycles", play="misere"))
    completable = arrows.analyze("cycle 4", variant="cycles", state="0>1,1>2,2>3")
    assert "the player to move completes a cell and wins" in repr(completable)
