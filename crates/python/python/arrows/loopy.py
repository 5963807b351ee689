"""Impartial games on digraphs, loopy ones included (``arrows loopy``).

A game is a digraph: its nodes are positions, its edges moves. Two players
move a token alternately; the player who cannot move loses; play that goes
on forever is a draw. :func:`solve` labels every position with

* its outcome: ``"P"`` (the previous player, the one who just moved, wins),
  ``"N"`` (the next player, the one to move, wins) or ``"D"`` (a draw);
* its remoteness: the number of moves to the end with best play (the
  winner hurrying, the loser delaying); ``None`` for a draw;
* its generalized Sprague-Grundy value ``gamma`` (Smith; Fraenkel): a whole
  number, or ``("inf", K)`` for the infinite value ``∞(K)``, ``K`` the finite
  values of its followers, in increasing order. A sum of games is a
  first-player win, a second-player win or a draw as the values of its
  components say (see Fraenkel, "The Cyclic Butler University Game").
"""

from __future__ import annotations

from typing import Any, Dict, Hashable, List, NamedTuple, Optional, Tuple, Union

from . import _arrows

#: A gamma value: a number, or ``("inf", K)``.
Gamma = Union[int, Tuple[str, Tuple[int, ...]]]


class Value(NamedTuple):
    """What :func:`solve` finds of one position."""

    #: ``"P"``, ``"N"`` or ``"D"``.
    outcome: str
    #: Moves to the end with best play; ``None`` for a draw.
    remoteness: Optional[int]
    #: The generalized Sprague-Grundy value: a number, or ``("inf", K)``.
    gamma: Gamma


def solve(digraph: Any, max_memory: Any = None) -> Dict[Hashable, Value]:
    """Solves a game digraph: every position's outcome, remoteness and
    generalized Sprague-Grundy value.

    Parameters
    ----------
    digraph
        A networkx ``DiGraph`` (any hashable node labels; self-loops are
        passing moves), or an iterable of moves ``(from, to)``.
    max_memory
        The memory budget: bytes, or a size such as ``"4G"``.

    Returns
    -------
    dict
        ``{position: Value(outcome, remoteness, gamma)}`` for every position.

    >>> import networkx as nx
    >>> g = nx.DiGraph([(1, 0), (2, 3), (3, 2), (2, 1)])
    >>> arrows.loopy.solve(g)[2]
    Value(outcome='D', remoteness=None, gamma=('inf', (1,)))
    """
    if hasattr(digraph, "nodes") and hasattr(digraph, "is_directed"):
        if not digraph.is_directed():
            raise ValueError(
                "digraph: an undirected graph; a game's moves go one way: give a networkx DiGraph "
                "(G.to_directed() for moves both ways)"
            )
        nodes: List[Hashable] = list(digraph.nodes)
        index = {v: i for i, v in enumerate(nodes)}
        moves = [(index[u], index[v]) for u, v in digraph.edges()]
    else:
        nodes = []
        index = {}
        moves = []
        for i, item in enumerate(digraph):
            try:
                u, v = item
            except (TypeError, ValueError):
                raise ValueError(f"digraph: move {i} is {item!r}, not a pair (from, to)") from None
            for x in (u, v):
                if x not in index:
                    index[x] = len(nodes)
                    nodes.append(x)
            moves.append((index[u], index[v]))
    solved = _arrows.solve(len(nodes), moves, max_memory)
    result: Dict[Hashable, Value] = {}
    for node, (outcome, remoteness, gamma) in zip(nodes, solved):
        value: Gamma = gamma if isinstance(gamma, int) else ("inf", tuple(gamma))
        result[node] = Value(outcome, remoteness, value)
    return result
