"""The graphs the paper and the Game of Cycles study, as networkx graphs.

Each function builds its graph with the library (the same vertex numbers
and edges as ``arrows spider 4 6 8`` on the command line) and returns a
networkx ``Graph`` on the vertices ``0..n-1`` whose ``graph`` attributes
say what it is:

* ``name``: ``"S(4,6,8)"``, ``"wheel 5"`` (also ``G.name``);
* ``description``: the one-line description (``"spider 4 6 8"``), from which
  :func:`arrows.analyze` rebuilds the graph exactly as the command line
  does, as long as the graph still has these vertices and edges;
* ``legs``: the legs of a spider (hub 0, legs numbered outward), so that
  moves are named by leg in ``to_dict()``;
* ``cells`` and ``positions``, for the plane families: the cycle cells as
  vertex walks and a straight-line drawing (``nx.draw(G, G.graph["positions"])``),
  so that ``analyze(wheel(5), variant="cycles")`` plays the Game of Cycles.

networkx is a dependency of this package, so every function returns a
networkx graph.

**Sizes follow the paper and the command line, not networkx.** Two families
differ from networkx's functions of the same name: ``arrows.path(n)`` has
``n`` edges (the paper's ``P_n``; ``n + 1`` vertices), while
``nx.path_graph(n)`` has ``n`` vertices; ``arrows.wheel(n)`` has ``n``
spokes (``n + 1`` vertices, ``n`` cells), while ``nx.wheel_graph(n)`` has
``n`` vertices (``n - 1`` spokes). So ``arrows.path(n)`` is
``nx.path_graph(n + 1)`` and ``arrows.wheel(n)`` is ``nx.wheel_graph(n + 1)``.
The reason: one family member has one name everywhere, and the spider paper
counts a path by its edges and the Game of Cycles literature a wheel by its
spokes, as ``arrows path 6``, ``arrows wheel 6``, ``arrows table wheel
--spokes``, the explorer and the committed tables do. The others agree with
networkx: ``cycle(n)`` is ``nx.cycle_graph(n)``, ``star(k)`` is
``nx.star_graph(k)``, ``grid(m, n)`` is ``nx.grid_2d_graph(m, n)``,
``ladder(n)`` is ``nx.ladder_graph(n)``, ``prism(n)`` is
``nx.circular_ladder_graph(n)`` and ``k4()`` is ``nx.complete_graph(4)``, up
to the numbering of the vertices.
"""

from __future__ import annotations

import operator
from typing import Any

from . import _arrows


def _whole(x: Any, what: str) -> str:
    try:
        n = operator.index(x)
    except TypeError:
        raise TypeError(f"{what} takes whole numbers, got {x!r}") from None
    return str(n)


def _family(word: str, *parameters: Any) -> Any:
    text = " ".join([word] + [_whole(x, word) for x in parameters])
    return to_networkx(_arrows.describe(text), description=text)


def _networkx() -> Any:
    """networkx, imported when first needed (it takes a while to import)."""
    import networkx

    return networkx


def to_networkx(native: _arrows.Graph, description: str = "") -> Any:
    """A networkx graph of a graph built by the library (vertices ``0..n-1``, edges in order).

    Parameters
    ----------
    native
        The library's graph (an ``arrows._arrows.Graph``).
    description
        The command line's words for it (``"spider 4 6 8"``), kept as the
        ``description`` graph attribute.

    Returns
    -------
    networkx.Graph
        The graph with its ``name``, ``description``, and for plane graphs
        ``cells`` and ``positions``.
    """
    nx = _networkx()
    g = nx.Graph(name=native.name)
    g.add_nodes_from(range(native.vertex_count))
    g.add_edges_from(native.edges)
    if description:
        g.graph["description"] = description
    if native.legs is not None:
        g.graph["legs"] = native.legs
    if native.cells is not None:
        g.graph["cells"] = native.cells
    if native.positions is not None:
        g.graph["positions"] = {v: xy for v, xy in enumerate(native.positions)}
    return g


def spider(*legs: int) -> Any:
    """The spider ``S(l1, ..., lk)``: hub 0 and one path (leg) of each length;
    leg ``j`` has the vertices ``o+1, ..., o+lj`` outward, ``o`` the sum of
    the legs before it. ``spider(4, 6, 8)`` is ``arrows spider 4 6 8``.

    Parameters
    ----------
    *legs
        The legs' lengths in edges (at least one, each at least 0, not all 0).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``legs``).
    """
    return _family("spider", *legs)


def path(n: int) -> Any:
    """The path ``P_n`` with ``n`` edges: vertices ``0..n``, edge ``i`` joining ``i`` and ``i+1``.

    ``n`` counts edges, as the paper does: this is ``nx.path_graph(n + 1)``,
    not ``nx.path_graph(n)`` (see the module's documentation).

    Parameters
    ----------
    n
        The number of edges (at least 1).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``).
    """
    return _family("path", n)


def cycle(n: int) -> Any:
    """The cycle ``C_n`` with ``n`` edges, a plane graph with one cell.

    Parameters
    ----------
    n
        The number of edges (at least 3).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("cycle", n)


def star(k: int) -> Any:
    """The star ``K_1,k``: hub 0 and ``k`` leaves.

    Parameters
    ----------
    k
        The number of leaves (at least 1).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``).
    """
    return _family("star", k)


def broom(handle: int, bristles: int) -> Any:
    """A broom: a path of ``handle`` edges with ``bristles`` leaves at its end.

    Parameters
    ----------
    handle
        The handle's edges.
    bristles
        The leaves at the handle's end.

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``).
    """
    return _family("broom", handle, bristles)


def caterpillar(*leaves: int) -> Any:
    """The caterpillar whose spine vertices carry these numbers of leaves
    (``caterpillar(2, 0, 3)`` is ``arrows caterpillar 2,0,3``).

    Parameters
    ----------
    *leaves
        The number of leaves at each spine vertex, in order along the spine.

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``).
    """
    return _family("caterpillar", *leaves)


def wheel(n: int) -> Any:
    """The wheel with ``n`` spokes (hub 0, rim ``1..n``), plane: ``n`` triangular cells.

    ``n`` counts spokes, as ``arrows wheel n`` does: this is
    ``nx.wheel_graph(n + 1)`` (``n + 1`` vertices), not ``nx.wheel_graph(n)``
    (see the module's documentation).

    Parameters
    ----------
    n
        The number of spokes (at least 3).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("wheel", n)


def fan(n: int) -> Any:
    """The fan: a vertex joined to every vertex of a path of ``n`` vertices, plane.

    Parameters
    ----------
    n
        The path's vertices (at least 2).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("fan", n)


def theta(a: int, b: int, c: int) -> Any:
    """The theta graph: two vertices joined by three paths of ``a``, ``b`` and ``c`` edges, plane.

    Parameters
    ----------
    a, b, c
        The three paths' edges (at most one of them 1: the graph is simple).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("theta", a, b, c)


def grid(m: int, n: int) -> Any:
    """The grid of ``m`` rows and ``n`` columns of vertices, plane: its squares are the cells.

    Parameters
    ----------
    m
        The rows of vertices (at least 2).
    n
        The columns of vertices (at least 2).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("grid", m, n)


def ladder(n: int) -> Any:
    """The ladder with ``n`` rungs, plane (the grid ``2 x n``).

    Parameters
    ----------
    n
        The number of rungs (at least 2).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("ladder", n)


def prism(n: int) -> Any:
    """The prism over the cycle ``C_n`` (two ``n``-cycles joined by a matching), plane.

    Parameters
    ----------
    n
        The sides of each cycle (at least 3).

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("prism", n)


def k4() -> Any:
    """``K_4`` drawn in the plane: a triangle with a vertex inside joined to its corners (three cells).

    Takes no argument.

    Returns
    -------
    networkx.Graph
        The graph, numbered as the command line numbers it, with its ``graph`` attributes (``name``, ``description``, ``cells``, ``positions``).
    """
    return _family("k4")
