"""Graphs from what a caller has, numbered for the library.

A graph may be given as

* a networkx ``Graph`` with any hashable node labels (a ``PlanarEmbedding``
  too, whose faces give the cells of the Game of Cycles), or a SageMath
  graph (through its ``networkx_graph()``);
* a string: a family with its parameters (``"spider 4 6 8"``,
  ``"wheel 5"``), graph6, sparse6 (``":An"``) or an edge list
  (``"0-1,1-2"``), read as the command line reads them; ``bytes`` for
  graph6 or sparse6;
* an iterable of edge pairs ``(u, v)``.

The library numbers vertices ``0..n``. Integer labels that are already
``0..n-1`` (a networkx graph) or any non-negative integers (edge pairs, as
``arrows graph --edges`` reads them) are kept as they are; any other labels
are numbered in node order (for edge pairs, in order of first appearance),
and the numbering is kept to translate moves back.
"""

from __future__ import annotations

import itertools
import numbers
from typing import Any, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple

from . import _arrows

#: The most edges a graph may have (the library's limit).
_MAX_EDGES = _arrows.limits()[1]


class Prepared:
    """A graph ready for the library, and the caller's labels of its vertices."""

    __slots__ = ("graph", "labels", "index")

    def __init__(self, graph: _arrows.Graph, labels: Optional[List[Hashable]]) -> None:
        self.graph = graph
        #: ``labels[v]`` is the caller's label of vertex ``v``; ``None`` when
        #: vertices are their own numbers.
        self.labels = labels
        self.index: Optional[Dict[Hashable, int]] = (
            None if labels is None else {label: v for v, label in enumerate(labels)}
        )

    def label(self, v: int) -> Hashable:
        """The caller's label of vertex ``v``."""
        return v if self.labels is None else self.labels[v]

    def vertex(self, label: Any, what: str) -> int:
        """The vertex number of a label; ``what`` names the argument in errors."""
        if self.index is None:
            if isinstance(label, numbers.Integral) and not isinstance(label, bool) and label >= 0:
                return int(label)
        else:
            try:
                return self.index[label]
            except (KeyError, TypeError):
                pass
        raise ValueError(f"{what}: {label!r} is not a vertex of the graph")


def _is_networkx(obj: Any) -> bool:
    return hasattr(obj, "adj") and hasattr(obj, "nodes") and hasattr(obj, "is_directed")


def _is_embedding(obj: Any) -> bool:
    return hasattr(obj, "traverse_face") and hasattr(obj, "neighbors_cw_order")


def _is_index(x: Any) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool) and x >= 0


def prepare(
    graph: Any,
    *,
    cycles: bool = False,
    cells: Optional[Iterable[Sequence[Hashable]]] = None,
    positions: Optional[Any] = None,
    outer: Any = None,
    max_memory: Any = None,
) -> Prepared:
    """The graph ``graph`` numbered for the library, with its cells.

    Cells come from ``cells`` (vertex walks in the caller's labels), else
    ``positions`` (a straight-line drawing, ``{vertex: (x, y)}``); else, for
    the Game of Cycles (``cycles``), from the graph itself: a plane family's
    cells, a networkx graph's ``cells`` or ``positions`` attribute, or the
    faces of a ``PlanarEmbedding`` (see :func:`embedding_cells`).
    """
    if outer is not None and not _is_embedding(graph):
        raise ValueError("outer= names the outer face of a networkx PlanarEmbedding; this graph is not one")
    if isinstance(graph, Prepared):
        p = graph
    elif isinstance(graph, _arrows.Graph):
        p = Prepared(graph, None)
    elif isinstance(graph, str):
        p = Prepared(_arrows.describe(graph, max_memory), None)
    elif isinstance(graph, (bytes, bytearray, memoryview)):
        try:
            text = bytes(graph).decode("ascii")
        except UnicodeDecodeError:
            raise ValueError("graph: bytes are read as graph6 or sparse6, which are ASCII text") from None
        p = Prepared(_arrows.describe(text, max_memory), None)
    elif _is_networkx(graph):
        p = _from_networkx(graph, max_memory)
    elif callable(getattr(graph, "networkx_graph", None)):
        # A SageMath graph: its networkx graph has the same vertices and edges.
        return prepare(
            graph.networkx_graph(), cycles=cycles, cells=cells, positions=positions, outer=outer, max_memory=max_memory
        )
    else:
        p = _from_pairs(graph, max_memory)
    if cells is not None:
        return Prepared(p.graph.with_cells(_walks(p, cells)), p.labels)
    if positions is not None:
        return Prepared(p.graph.with_positions(_points(p, positions)), p.labels)
    if not cycles or p.graph.cells is not None:
        return p
    if _is_embedding(graph):
        return Prepared(p.graph.with_cells(embedding_cells(graph, p, outer)), p.labels)
    attributes = getattr(graph, "graph", None) if _is_networkx(graph) else None
    if isinstance(attributes, dict):
        if attributes.get("cells") is not None:
            return Prepared(p.graph.with_cells(_walks(p, attributes["cells"])), p.labels)
        if attributes.get("positions") is not None:
            return Prepared(p.graph.with_positions(_points(p, attributes["positions"])), p.labels)
    return p


def _numbering(nodes: List[Hashable]) -> Optional[List[Hashable]]:
    """``None`` when the nodes are ``0..n-1`` already, else the nodes in order."""
    n = len(nodes)
    if all(_is_index(x) and x < n for x in nodes) and len(set(nodes)) == n:
        return None
    return nodes


def _from_networkx(g: Any, max_memory: Any) -> Prepared:
    embedding = _is_embedding(g)
    if g.is_directed() and not embedding:
        raise ValueError(
            "graph: a directed graph; the Game of Arrows is played on an undirected graph: pass "
            "G.to_undirected() (or use arrows.loopy.solve for a game digraph)"
        )
    # Counted first: a graph past the limit or the budget is refused before
    # any of it is converted (two million nodes took seconds and a
    # gigabyte to convert before they were refused).
    edge_count = g.number_of_edges()
    _arrows.check_size(g.number_of_nodes(), edge_count // 2 if embedding else edge_count, max_memory)
    attributes = g.graph if isinstance(getattr(g, "graph", None), dict) else {}
    described = _described(g, attributes, max_memory)
    if described is not None:
        return described
    nodes = list(g.nodes)
    labels = _numbering(nodes)
    index = None if labels is None else {label: v for v, label in enumerate(labels)}
    if embedding:
        seen = set()
        pairs = []
        for u, v in g.edges():
            key = frozenset((u, v))
            if key not in seen:
                seen.add(key)
                pairs.append((u, v))
    else:
        pairs = list(g.edges())
    if index is None:
        edges = [(int(u), int(v)) for u, v in pairs]
    else:
        edges = [(index[u], index[v]) for u, v in pairs]
    name = attributes.get("name") or None
    native = _arrows.from_edges(len(nodes), edges, name, labels, max_memory)
    legs = attributes.get("legs")
    if legs is not None and labels is None:
        native = native.with_legs([int(x) for x in legs])
    return Prepared(native, labels)


def _described(g: Any, attributes: Dict[str, Any], max_memory: Any) -> Optional[Prepared]:
    """The family member a graph of :mod:`arrows.families` still is (same
    vertices ``0..n-1``, same edges), built as the command line builds it:
    its name, edge order, cells, drawing and legs. ``None`` otherwise."""
    text = attributes.get("description")
    if not isinstance(text, str):
        return None
    try:
        native = _arrows.describe(text, max_memory)
    except ValueError:
        return None
    n = native.vertex_count
    if g.number_of_nodes() != n or any(not (_is_index(x) and x < n) for x in g.nodes):
        return None
    ours = {frozenset((int(u), int(v))) for u, v in g.edges()}
    theirs = {frozenset(e) for e in native.edges}
    if ours != theirs or g.number_of_edges() != len(theirs):
        return None
    return Prepared(native, None)


def _from_pairs(graph: Any, max_memory: Any) -> Prepared:
    try:
        # One pair past the limit is enough to refuse: an endless or huge
        # iterable is never read whole.
        items = list(itertools.islice(graph, _MAX_EDGES + 1))
    except TypeError:
        raise TypeError(
            "graph: give a networkx Graph, a string (a family such as \"spider 4 6 8\", graph6, sparse6 or an "
            f"edge list \"0-1,1-2\"), graph6 bytes, or an iterable of (u, v) edge pairs; got {type(graph).__name__}"
        ) from None
    if len(items) > _MAX_EDGES:
        _arrows.check_size(0, len(items), max_memory)
    pairs = []
    for i, item in enumerate(items):
        try:
            u, v = item
        except (TypeError, ValueError):
            raise ValueError(f"graph: edge {i} is {item!r}, not a pair (u, v)") from None
        pairs.append((u, v))
    if all(_is_index(u) and _is_index(v) for u, v in pairs):
        edges = [(int(u), int(v)) for u, v in pairs]
        vertices = 1 + max((max(e) for e in edges), default=-1)
        return Prepared(_arrows.from_edges(vertices, edges, None, None, max_memory), None)
    labels: List[Hashable] = []
    index: Dict[Hashable, int] = {}
    edges = []
    for u, v in pairs:
        for x in (u, v):
            if x not in index:
                index[x] = len(labels)
                labels.append(x)
        edges.append((index[u], index[v]))
    return Prepared(_arrows.from_edges(len(labels), edges, None, labels, max_memory), labels)


def _walks(p: Prepared, cells: Iterable[Sequence[Hashable]]) -> List[List[int]]:
    if isinstance(cells, str):
        raise TypeError("cells: give a list of vertex walks, e.g. [[0, 1, 2], [0, 2, 3]]")
    return [[p.vertex(x, "cells") for x in walk] for walk in cells]


def _points(p: Prepared, positions: Any) -> List[Tuple[float, float]]:
    if not hasattr(positions, "items"):
        raise TypeError("positions: give a mapping {vertex: (x, y)}, e.g. networkx's layouts")
    n = p.graph.vertex_count
    points: List[Optional[Tuple[float, float]]] = [None] * n
    for label, xy in positions.items():
        v = p.vertex(label, "positions")
        if v >= n:
            raise ValueError(f"positions: {label!r} is not a vertex of the graph")
        try:
            x, y = xy
            points[v] = (float(x), float(y))
        except (TypeError, ValueError):
            raise ValueError(f"positions: the position of {label!r} is {xy!r}, not a pair (x, y)") from None
    for v, point in enumerate(points):
        if point is None:
            raise ValueError(
                f"positions: vertex {p.label(v)!r} has no position; give every vertex of the graph a position"
            )
    return points  # type: ignore[return-value]


def embedding_cells(embedding: Any, p: Prepared, outer: Any = None) -> List[List[int]]:
    """The cells of a networkx ``PlanarEmbedding``: its bounded faces.

    An embedding does not say which face is outside. In each connected
    component the outer face is the one ``outer`` names (a half-edge
    ``(u, v)`` as a tuple, or a list of them, one per component: the face
    ``embedding.traverse_face(u, v)`` walks), else the face with the most
    edges; when two faces tie for the most, ``outer`` (or ``cells=`` or
    ``positions=``) must say (networkx's ``planar_layout`` likewise draws a
    longest face outside). Each other face is a cell: its boundary
    walk without the edges walked twice (trees inside the face), which must
    leave one cycle.
    """
    halves = set()
    faces: List[List[Tuple[Hashable, Hashable]]] = []
    face_of: Dict[Tuple[Hashable, Hashable], int] = {}
    for v in embedding.nodes:
        for w in embedding.neighbors_cw_order(v):
            if (v, w) in halves:
                continue
            walk = embedding.traverse_face(v, w, mark_half_edges=halves)
            face = [(walk[i], walk[(i + 1) % len(walk)]) for i in range(len(walk))]
            for h in face:
                face_of[h] = len(faces)
            faces.append(face)
    component = _components(embedding)
    by_component: Dict[int, List[int]] = {}
    for f, face in enumerate(faces):
        by_component.setdefault(component[face[0][0]], []).append(f)
    chosen = set()
    if outer is not None:
        given = list(outer) if isinstance(outer, list) else [outer]
        for half in given:
            try:
                chosen.add(face_of[tuple(half)])
            except (KeyError, TypeError):
                raise ValueError(f"outer: {half!r} is not a half-edge (u, v) of the embedding") from None
    cells = []
    for members in by_component.values():
        if len(members) < 2:
            continue
        outside = [f for f in members if f in chosen]
        if not outside:
            most = max(len(faces[f]) for f in members)
            largest = [f for f in members if len(faces[f]) == most]
            if len(largest) > 1:
                raise ValueError(
                    f"the embedding has {len(largest)} faces of {most} edges, the most, and any of them could be "
                    "the outer face; name it with outer=(u, v), a half-edge of the outer face, or give "
                    "cells=[[...], ...] or positions={vertex: (x, y)}"
                )
            outside = largest
        elif len(outside) > 1:
            raise ValueError("outer: two half-edges name different faces of one component; name one face")
        for f in members:
            if f != outside[0]:
                cells.append(_cell(faces[f], p))
    return cells


def _components(embedding: Any) -> Dict[Hashable, int]:
    component: Dict[Hashable, int] = {}
    for start in embedding.nodes:
        if start in component:
            continue
        component[start] = start_id = len(component)
        stack = [start]
        while stack:
            v = stack.pop()
            for w in embedding.neighbors_cw_order(v):
                if w not in component:
                    component[w] = start_id
                    stack.append(w)
    return component


def _cell(face: List[Tuple[Hashable, Hashable]], p: Prepared) -> List[int]:
    present = set(face)
    cycle = [h for h in face if (h[1], h[0]) not in present]
    walk = [u for u, _ in cycle]
    if len(walk) < 3 or len(set(walk)) != len(walk):
        shown = "-".join(repr(u) for u, _ in face)
        raise ValueError(
            f"the face {shown} of the embedding is not bounded by one cycle; give the cells with "
            "cells=[[...], ...] or a drawing with positions={vertex: (x, y)}"
        )
    return [p.vertex(u, "embedding") for u in walk]


def _pairs_advice(p: Prepared, state: str, problem: str) -> str:
    edges = p.graph.edges
    example = f"[({p.label(edges[0][0])!r}, {p.label(edges[0][1])!r})]" if edges else "[(u, v)]"
    problem = problem.removeprefix("state: ")
    return (
        f"state: {problem}; {state!r} is arrow notation, which names vertices by number, and this graph's "
        f"vertices are labels such as {p.label(0)!r}: give the arrows as (tail, head) pairs of labels, "
        f"e.g. state={example}"
    )


def state_pairs(p: Prepared, state: Any) -> Any:
    """The starting state for the library: ``None``, arrow text, or ``(tail, head)`` vertex numbers."""
    if state is None:
        return None
    if isinstance(state, str):
        if p.index is None:
            return state
        # Arrow notation names vertices by number; a graph with labels needs pairs of its labels.
        try:
            pairs = _arrows.parse_arrows(state)
            return [(p.vertex(t, "state"), p.vertex(h, "state")) for t, h in pairs]
        except ValueError as e:
            raise ValueError(_pairs_advice(p, state, str(e))) from None
    else:
        try:
            pairs = [tuple(a) for a in state]
        except TypeError:
            raise TypeError("state: give arrows as (tail, head) pairs, or as text \"0>1,5>4\"") from None
        for a in pairs:
            if len(a) != 2:
                raise ValueError(f"state: {a!r} is not an arrow (tail, head)")
    return [(p.vertex(t, "state"), p.vertex(h, "state")) for t, h in pairs]
