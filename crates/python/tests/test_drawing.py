"""Pictures from Python: ``Analysis.svg()``, ``.tikz()``, ``.text()``,
``_repr_svg_`` (what a notebook shows) and ``arrows.draw``, each the
command line's ``--draw`` for the same position."""

import networkx as nx
import pytest

import arrows


@pytest.mark.parametrize(
    "graph, args, kwargs",
    [
        (arrows.spider(2, 3, 4), ["spider", "2", "3", "4", "--state", "0>1"], dict(state="0>1")),
        (arrows.wheel(4), ["wheel", "4", "--cycles", "--grundy", "--state", "0>1"], dict(variant="cycles", state=[(0, 1)])),
        (arrows.path(5), ["path", "5", "--misere", "--untrimmed"], dict(play="misere", variant="untrimmed")),
    ],
)
def test_the_pictures_are_the_command_lines(cli, graph, args, kwargs):
    a = arrows.analyze(graph, **kwargs)
    assert a.svg() == cli.run(*args, "--draw", "svg").stdout
    assert a.tikz() == cli.run(*args, "--draw", "tikz").stdout
    assert a.text() == cli.run(*args, "--draw", "text").stdout
    assert a.svg(title=False) == cli.run(*args, "--draw", "svg", "--no-title").stdout
    assert a._repr_svg_() == a.svg()
    assert arrows.draw(graph, **kwargs) == a.svg()
    assert arrows.draw(graph, format="tikz", title=False, **kwargs) == a.tikz(title=False)


def test_a_notebook_shows_the_position():
    a = arrows.analyze("spider 4 6 8", state="0>1")
    svg = a._repr_svg_()
    assert svg.startswith("<svg") and svg.count("data-edge=") == 18
    # A graph past what a picture takes falls back to the text repr.
    big = arrows.analyze(arrows.path(10_001))
    assert big._repr_svg_() is None
    with pytest.raises(MemoryError, match="cannot draw this graph"):
        big.svg()


def test_vertices_carry_your_labels():
    g = nx.Graph([("hub", "a"), ("a", "b"), ("hub", "c"), ("c", "d"), ("d", "e")])
    svg = arrows.analyze(g, state=[("hub", "a")]).svg()
    for label in ["hub", "a", "e"]:
        assert f">{label}</text>" in svg
    assert 'data-vertex="0"' in svg


def test_draw_refuses_an_unknown_format():
    with pytest.raises(ValueError, match="the formats are svg, tikz and text"):
        arrows.draw("path 3", format="png")
