"""The trimming of a graph (Definition 3.3 of the spider paper)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Dict, Hashable, NamedTuple, Tuple

from . import _arrows
from ._input import prepare
from .families import _networkx

Arrow = Tuple[Hashable, Hashable]


class Trimming(NamedTuple):
    """The trimmed graph and the bijection of arrows (Theorem 3.4)."""

    #: The trimmed graph ``trim(G)``: its vertices are your labels, a vertex
    #: split into copies named ``(v, u)`` for its copy on the edge toward
    #: ``u``; node attribute ``origin`` is the vertex of ``G`` it comes from.
    graph: Any
    #: Every arrow of the trimmed graph (both directions of each edge) and
    #: the arrow of ``G`` it stands for.
    arrows: Dict[Arrow, Arrow]


def trim(graph: Any, max_memory: Any = None) -> Trimming:
    """The trimming of ``graph`` (Definition 3.3): its leaves deleted, and
    each internal vertex next to a leaf split into one copy per remaining
    edge. By Theorem 3.4 the Game of Arrows on ``G`` is the Trimmed Game of
    Arrows on ``trim(G)``, arrow for arrow through ``Trimming.arrows``::

        t = arrows.trim(G)
        arrows.analyze(t.graph).grundy == arrows.analyze(G, variant="untrimmed").grundy

    Parameters
    ----------
    graph
        Anything :func:`arrows.analyze` takes.
    max_memory
        The memory budget: bytes, or a size such as ``"4G"``.

    Returns
    -------
    Trimming
        ``graph``: the trimmed graph as a networkx graph (empty when no edge
        joins two internal vertices); ``arrows``: every arrow of it and the
        arrow of ``graph`` it stands for.
    """
    p = prepare(graph, max_memory=max_memory)
    origin, edges, edge_origin = _arrows.trim(p.graph)
    copies = Counter(origin)
    other: Dict[int, int] = {}
    for s, t in edges:
        other.setdefault(s, t)
        other.setdefault(t, s)
    names = []
    for v, o in enumerate(origin):
        if copies[o] == 1:
            names.append(p.label(o))
        else:
            names.append((p.label(o), p.label(origin[other[v]])))
    if len(set(names)) != len(names):
        raise ValueError("trim: the names of the trimmed graph's vertices collide with labels of the graph")
    nx = _networkx()
    h = nx.Graph(name=f"trim({p.graph.name})")
    for name, o in zip(names, origin):
        h.add_node(name, origin=p.label(o))
    original = p.graph.edges
    bijection: Dict[Arrow, Arrow] = {}
    for j, (s, t) in enumerate(edges):
        h.add_edge(names[s], names[t])
        a, b = original[edge_origin[j]]
        bijection[(names[s], names[t])] = (p.label(a), p.label(b))
        bijection[(names[t], names[s])] = (p.label(b), p.label(a))
    return Trimming(h, bijection)
